import { sql } from 'drizzle-orm';
import type { ContactHistory, Suppression } from '#domain';
import { queryRows, type Db } from '../db/client';

const suppressionColumns = sql`s.id, s.channel, s.address, s.reason, s.evidence,
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

/** Everything sent to a contact of the business and everything that happened to their addresses, newest first. */
export async function contactHistory(db: Db, businessId: number, contactId: number): Promise<ContactHistory | null> {
  const [contact] = await queryRows<{ email: string; phone: string }>(
    db,
    sql`select lower(trim(email)) as email, ltrim(phone_number, '+') as phone from contacts where id = ${contactId} and business_id = ${businessId}`,
  );
  if (!contact) return null;
  const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
  const items = await queryRows<ContactHistory['items'][number]>(
    db,
    sql`select * from (
          select 'message' as type, ${iso('coalesce(d.sent_at, d.claimed_at, d.created_at)')} as at, c.id as "campaignId",
                 c.name as "campaignName", c.type as channel, d.state, d.error, d.bounce, null as kind, null as source,
                 null as "siteName", null::int as rating, null as message, null::int as times
          from deliveries d join campaigns c on c.id = d.campaign_id
          where d.contact_id = ${contactId} and c.business_id = ${businessId}
          union all
          -- Repeats collapse: one line per link for the same visit, site click or star (with how often, at the
          -- last time); every feedback message stays a line of its own.
          select 'review', ${iso('max(r.created_at)')}, c.id, c.name, c.type, null, null, null, r.kind, null, r.site_name, r.rating,
                 max(r.message), count(*)::int
          from review_events r join deliveries d on d.id = r.delivery_id join campaigns c on c.id = d.campaign_id
          where d.contact_id = ${contactId} and r.business_id = ${businessId} and not r.automated
          group by c.id, r.delivery_id, r.kind, r.site_name, r.rating, case when r.kind = 'feedback' then r.id end
          union all
          select 'event', ${iso('e.created_at')}, null, null, e.channel, null, null, null, e.kind, e.source, null, null, null, null
          from contact_events e
          where e.business_id = ${businessId}
            and (e.contact_id = ${contactId}
                 or (e.channel = 'EMAIL' and e.address = ${contact.email}) or (e.channel = 'SMS' and e.address = ${contact.phone}))
        ) history order by at desc limit 500`,
  );
  const suppressed = await queryRows<Suppression>(
    db,
    sql`select ${suppressionColumns} from suppressions s
        where s.business_id = ${businessId}
          and ((s.channel = 'EMAIL' and s.address = ${contact.email}) or (s.channel = 'SMS' and s.address = ${contact.phone}))`,
  );
  // Each item carries only its own kind's fields.
  const cleaned = items.map((item) => {
    const row = item as Record<string, unknown>;
    if (row.type === 'message') {
      return { type: 'message', at: row.at, campaignId: row.campaignId, campaignName: row.campaignName, channel: row.channel, state: row.state, error: row.error, bounce: row.bounce };
    }
    if (row.type === 'review') {
      return { type: 'review', at: row.at, campaignId: row.campaignId, campaignName: row.campaignName, kind: row.kind, siteName: row.siteName, rating: row.rating, message: row.message, times: row.times };
    }
    return { type: 'event', at: row.at, channel: row.channel, kind: row.kind, source: row.source };
  });
  return { items: cleaned as ContactHistory['items'], suppressions: suppressed };
}
