import { sql } from 'drizzle-orm';
import type { Suppression } from '#domain';
import { queryRows, type Db } from '../db/client';

/** A suppression's columns as its answer names them (the contact history lists them too). */
export const suppressionColumns = sql`s.id, s.channel, s.address, s.reason, s.evidence,
  to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"`;

/** A business's suppression list, newest first. */
export function listSuppressions(db: Db, businessId: number) {
  return queryRows<Suppression>(db, sql`select ${suppressionColumns} from suppressions s where s.business_id = ${businessId} order by s.id desc`);
}

/**
 * Lifts a suppression of the business when its reason allows it (a hard bounce or an invalid
 * number the owner knows better about), recording it in the contacts' history. 'not found' for
 * another business's or a missing one, 'not liftable' for a STOP or complaint.
 */
export async function liftSuppression(db: Db, businessId: number, id: number, liftable: readonly string[]) {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await queryRows<Suppression>(
      tx,
      sql`select ${suppressionColumns} from suppressions s where s.id = ${id} and s.business_id = ${businessId} for update`,
    );
    if (!row) return 'not found' as const;
    if (!liftable.includes(row.reason)) return 'not liftable' as const;
    await tx.execute(sql`delete from suppressions where id = ${id}`);
    await tx.execute(
      sql`insert into contact_events (business_id, contact_id, channel, address, kind, source)
          select ${businessId}, c.id, ${row.channel}, ${row.address}, 'lifted', 'Lifted by the owner'
          from contacts c
          where c.business_id = ${businessId}
            and ${row.channel === 'EMAIL' ? sql`lower(trim(c.email))` : sql`ltrim(c.phone_number, '+')`} = ${row.address}`,
    );
    return 'lifted' as const;
  });
}
