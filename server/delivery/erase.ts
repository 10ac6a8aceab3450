import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** What an erased recipient's delivery shows instead of the address (unique per campaign, as addresses are). */
const erasedAddress = sql`'Erased contact ' || id`;

/**
 * Erases the personal data of contacts' deliveries: the address, the rendered subject and message
 * (they carry the name) and the provider's error (it may quote the address). The rows stay, in
 * their state, so every campaign's counts stay right; one still queued is skipped when claimed,
 * as for any deleted contact.
 */
export async function eraseContactDeliveries(tx: Db, contactIds: string): Promise<void> {
  await tx.execute(sql`
    update deliveries set address = ${erasedAddress}, subject = null, body = '', error = null
    where contact_id = any(${contactIds}::int[])`);
}
