import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { eraseContactDeliveries } from '../sending/erase';
import { eraseContactSuppressions } from '../suppressions/addresses';
import { eraseContactFeedback } from '../reviews/erase';
import { eraseContactWebhookEvents } from '../webhooks/erase';
import { keepOptOutsAsHashes } from './opt-out-hashes';

/**
 * One module's part of erasing contacts: it removes or blanks what it keeps about them. It runs in
 * the delete's transaction, before the contact rows go (so it can still read them), and gets the
 * ids as an `int[]` literal. A module that stores anything about a contact adds its eraser here.
 */
export type ContactEraser = (tx: Db, contactIds: string) => Promise<void>;

const ERASERS: readonly ContactEraser[] = [
  // First: the opt-outs are read from the rows the others are about to erase. Suppressions before
  // the contacts' status, so an address keeps its precise reason (a STOP, which START can undo).
  eraseContactSuppressions,
  keepOptOutsAsHashes,
  eraseContactFeedback,
  eraseContactDeliveries,
  eraseContactWebhookEvents,
  // Consents from the check-in page (contact_consents) need no eraser: they go with the contact row (ON DELETE CASCADE).
];

/**
 * Erases the owner's contacts among `contactIds` (an `int[]` literal) everywhere and deletes them;
 * answers how many were deleted. Ids not of the owner are left alone (the caller decides what that means).
 */
export async function eraseOwnedContacts(tx: Db, ownerId: number, contactIds: string): Promise<number> {
  const owned = await queryRows<{ id: number }>(
    tx,
    sql`select c.id from contacts c join businesses b on b.id = c.business_id
        where c.id = any(${contactIds}::int[]) and b.owner_id = ${ownerId}
        for update of c`,
  );
  if (owned.length === 0) return 0;
  const ids = `{${owned.map((row) => row.id).join(',')}}`;
  for (const erase of ERASERS) await erase(tx, ids);
  const [row] = await queryRows<{ count: number }>(
    tx,
    sql`with deleted as (delete from contacts where id = any(${ids}::int[]) returning 1) select count(*)::int as count from deleted`,
  );
  return row!.count;
}
