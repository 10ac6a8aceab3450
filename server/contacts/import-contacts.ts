import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { ImportColumnKey, ImportContactsResult } from '#domain';
import { postgresPool, type Database } from '../db/client';
import { HttpError } from '../lib/errors';
import type { ImportChoice } from './import-columns';
import { refusal, type ImportPool, type ImportStream } from './import-pool';
import { batchTexts, type ImportSummary, type ParsedImport } from './import-task';
import { takeImportSlot } from './import-slots';
import { ANALYZE_AFTER_CREATED, refreshContactStatistics } from './queries';
import { copyUpsertContacts, PartlyWrittenError, UPSERT_BATCH, upsertContacts, type Counts } from './upsert';

/**
 * Rows per write on the embedded database, where a write holds up every other request: small
 * enough that nobody waits long, big enough that 200,000 rows do not take much longer.
 */
const EMBEDDED_BATCH = 1000;

export const importFailureMessages = {
  partlyWritten: (written: number) =>
    `The import stopped after ${written.toLocaleString('en-US')} contacts because of an error on our side; those are saved. Import the file again to add the rest: contacts already imported are updated, not duplicated.`,
} as const;

/** A file's gender and tags columns replace a contact's (a blank cell too); without them, the contact keeps its own. */
const replacedFields = (columns: readonly ImportColumnKey[]) => columns.filter((column): column is 'gender' | 'tags' => column === 'gender' || column === 'tags');

export type ImportContext = { database: Database; pool: ImportPool; ratePerHour: number; log: FastifyBaseLogger };

/**
 * The embedded database's write: batch by batch, each committed, so other requests are served in
 * between (its one connection is held by a transaction until it ends). A failure part way says
 * how many contacts were saved.
 */
async function writeParsed(database: Database, businessId: number, parsed: ParsedImport, log: FastifyBaseLogger): Promise<Counts & ImportSummary> {
  if ('refused' in parsed) throw refusal(parsed);
  const written = await upsertContacts(database.db, businessId, batchTexts(parsed), { replaced: replacedFields(parsed.columns), commitEachBatch: true }).catch(
    (error: unknown) => {
      if (!(error instanceof PartlyWrittenError)) throw error;
      const written = error.written.created + error.written.updated;
      log.error({ err: error.cause, businessId, written }, 'contacts import failed part way');
      throw new HttpError(500, importFailureMessages.partlyWritten(written));
    },
  );
  const { bytes: _bytes, ends: _ends, ...summary } = parsed;
  return { ...written, ...summary };
}

/**
 * PostgreSQL's write: all or nothing, each batch written while the worker checks the next (the
 * two take about as long). The file's columns come first: a file refused there opens no transaction.
 */
async function writeWhileChecking(pool: pg.Pool, businessId: number, stream: ImportStream): Promise<Counts & ImportSummary> {
  const columns = await stream.columns;
  const written = await copyUpsertContacts(pool, businessId, stream.batches, { replaced: replacedFields(columns) });
  return { ...written, ...(await stream.summary) };
}

/**
 * One contacts import: takes the business's import slot (rate limit, one at a time), reads and
 * checks the file in a worker thread, and writes the valid rows: on PostgreSQL with COPY, all or
 * nothing, as they are checked; on the embedded database in committed batches once the whole file
 * is checked. A refused file writes nothing.
 */
export async function importContacts(
  { database, pool: importPool, ratePerHour, log }: ImportContext,
  userId: number,
  business: { id: number; region: string | null },
  base64: string,
  choice: ImportChoice = {},
): Promise<ImportContactsResult> {
  const slot = await takeImportSlot(database.db, userId, business.id, ratePerHour);
  try {
    const postgres = postgresPool(database);
    const { created, updated, rejected, rejectedCount, warned, warnedCount } = postgres
      ? await writeWhileChecking(postgres, business.id, importPool.stream(base64, { batchSize: UPSERT_BATCH, format: 'copy' }, business.region, choice))
      : await writeParsed(database, business.id, await importPool.parse(base64, { batchSize: EMBEDDED_BATCH, format: 'json' }, business.region, choice), log);
    if (created >= ANALYZE_AFTER_CREATED) await refreshContactStatistics(database.db);
    return { created, updated, rejected, rejectedCount, warned, warnedCount };
  } finally {
    await slot.release();
  }
}
