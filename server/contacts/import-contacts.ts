import type { FastifyBaseLogger } from 'fastify';
import type { ImportContactsResult } from '#domain';
import type { Database } from '../db/client';
import { HttpError } from '../lib/errors';
import type { ImportChoice } from './import-columns';
import type { ImportPool } from './import-pool';
import { batchTexts } from './import-task';
import { takeImportSlot } from './import-slots';
import { PartlyWrittenError, UPSERT_BATCH, upsertContacts } from './queries';

/**
 * Rows per write on the embedded database, where a write holds up every other request: small
 * enough that nobody waits long, big enough that 200,000 rows do not take much longer.
 */
const EMBEDDED_BATCH = 1000;

export const importFailureMessages = {
  partlyWritten: (written: number) =>
    `The import stopped after ${written.toLocaleString('en-US')} contacts because of an error on our side; those are saved. Import the file again to add the rest: contacts already imported are updated, not duplicated.`,
} as const;

export type ImportContext = { database: Database; pool: ImportPool; ratePerHour: number; log: FastifyBaseLogger };

/**
 * One contacts import: takes the business's import slot (rate limit, one at a time), reads and
 * checks the file in a worker thread, then writes the valid rows. A refused file writes nothing.
 */
export async function importContacts(
  { database, pool, ratePerHour, log }: ImportContext,
  userId: number,
  business: { id: number; region: string | null },
  base64: string,
  choice: ImportChoice = {},
): Promise<ImportContactsResult> {
  const slot = await takeImportSlot(database.db, userId, business.id, ratePerHour);
  try {
    const embedded = database.kind === 'pglite';
    const parsed = await pool.parse(base64, embedded ? EMBEDDED_BATCH : UPSERT_BATCH, business.region, choice);
    if ('refused' in parsed) throw new HttpError(400, parsed.refused, undefined, parsed.details);
    const { created, updated } = await upsertContacts(database.db, business.id, batchTexts(parsed), {
      updateFields: parsed.columns,
      commitEachBatch: embedded,
    }).catch((error: unknown) => {
      if (!(error instanceof PartlyWrittenError)) throw error;
      const written = error.written.created + error.written.updated;
      log.error({ err: error.cause, businessId: business.id, written }, 'contacts import failed part way');
      throw new HttpError(500, importFailureMessages.partlyWritten(written));
    });
    return { created, updated, rejected: parsed.rejected, rejectedCount: parsed.rejectedCount };
  } finally {
    await slot.release();
  }
}
