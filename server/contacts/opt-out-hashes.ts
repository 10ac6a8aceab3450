import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Opt-outs outlive erasure. Before opted-out contacts are erased, their email and phone number
 * are kept only as SHA-256 hashes (per business: `opt_out_hash()` of migration 0008), and the
 * contacts_0_keep_opt_out trigger (migration opt_out_integrity) makes anyone who gets either address
 * again, by any path that writes contacts, UNSUBSCRIBED: a deleted and re-imported contact who said
 * STOP or unsubscribed is still not messaged. Suppressions become hashes too (server/suppressions/addresses.ts),
 * and so does each erased delivery's address (server/sending/erase.ts), so an opt-out that arrives
 * after the erasure is still recorded.
 */
export async function keepOptOutsAsHashes(tx: Db, contactIds: string): Promise<void> {
  await tx.execute(sql`
    select keep_address_hash(c.business_id, h.hash, 'unsubscribed')
    from contacts c
    cross join lateral (values
      (opt_out_hash(c.business_id, 'email', nullif(lower(trim(c.email)), ''))),
      (opt_out_hash(c.business_id, 'phone', nullif(ltrim(trim(c.phone_number), '+'), '')))
    ) as h(hash)
    -- A contact without an email or phone number has no hash for it (opt_out_hash of null is null).
    where c.id = any(${contactIds}::int[]) and c.status = 'UNSUBSCRIBED' and h.hash is not null`);
}
