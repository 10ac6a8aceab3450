import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** What an erased recipient's delivery shows instead of the address (unique per campaign, as addresses are). */
const erasedAddress = sql`'Erased contact ' || d.id`;

/**
 * Erases the personal data of contacts' deliveries: the address, the rendered subject and message
 * (they carry the name) and the provider's error (it may quote the address). The rows stay, in
 * their state, so every campaign's counts stay right; one still queued is skipped when claimed,
 * as for any deleted contact. The address is kept only as its per-business opt_out_hash(), so an
 * unsubscribe link, STOP, complaint or bounce of the delivery that arrives after the erasure is
 * recorded for whoever gets the address later (suppressDeliveries, applyPhoneReply).
 */
export async function eraseContactDeliveries(tx: Db, contactIds: string): Promise<void> {
  await tx.execute(sql`
    update deliveries d set
      address_hash = case when c.type = 'EMAIL'
                          then opt_out_hash(c.business_id, 'email', lower(trim(d.address)))
                          else opt_out_hash(c.business_id, 'phone', ltrim(trim(d.address), '+')) end,
      address = ${erasedAddress}, subject = null, body = '', error = null
    from campaigns c
    where c.id = d.campaign_id and d.contact_id = any(${contactIds}::int[])`);
}
