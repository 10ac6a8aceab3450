import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Opt-outs outlive erasure. Before opted-out contacts are erased, their email and phone number
 * are kept only as SHA-256 hashes (per business: `opt_out_hash()` of migration 0008), and a
 * trigger on contacts makes anyone added again with either address UNSUBSCRIBED, so a deleted and
 * re-imported contact who said STOP or unsubscribed is still not messaged.
 */
export async function keepOptOutsAsHashes(tx: Db, contactIds: string): Promise<void> {
  await tx.execute(sql`
    insert into opt_out_hashes (business_id, address_hash)
    select c.business_id, h.hash
    from contacts c
    cross join lateral (values
      (opt_out_hash(c.business_id, 'email', lower(trim(c.email)))),
      (opt_out_hash(c.business_id, 'phone', ltrim(c.phone_number, '+')))
    ) as h(hash)
    where c.id = any(${contactIds}::int[]) and c.status = 'UNSUBSCRIBED'
    on conflict do nothing`);
}
