import { sql } from 'drizzle-orm';
import type { ContactEventKind, SuppressionReason } from '#domain';
import { queryRows, type Db } from '../db/client';

/** A delivery's address that must not be tried again by its business, and why. */
export type DeliverySuppression = {
  deliveryId: number;
  reason: SuppressionReason;
  /** What proves it: "Twilio error 21610", a report's Message-ID. */
  evidence: string;
  /** How the contact's history shows it. */
  kind: ContactEventKind;
  source: string;
};

/** A delivery address as the suppression list writes it: lower-case email, or the number's digits. */
const listedAddress = sql`case when c.type = 'EMAIL' then lower(trim(d.address)) else ltrim(d.address, '+') end`;

/**
 * Puts the deliveries' addresses on their businesses' suppression lists (a reason already there is
 * kept) and writes the event into each contact's history, in one statement each.
 */
export async function suppressDeliveries(db: Db, items: readonly DeliverySuppression[]) {
  if (items.length === 0) return;
  const rows = JSON.stringify(items);
  const found = sql`json_to_recordset(${rows}::json) as r("deliveryId" int, reason text, evidence text, kind text, source text)
                    join deliveries d on d.id = r."deliveryId" join campaigns c on c.id = d.campaign_id`;
  await db.execute(
    sql`insert into suppressions (business_id, channel, address, reason, evidence)
        select distinct on (c.business_id, c.type, ${listedAddress}) c.business_id, c.type, ${listedAddress}, r.reason, r.evidence
        from ${found}
        on conflict do nothing`,
  );
  await db.execute(
    sql`insert into contact_events (business_id, contact_id, channel, address, kind, source, delivery_id)
        select c.business_id, d.contact_id, c.type, ${listedAddress}, r.kind, r.source, d.id from ${found}`,
  );
}

/**
 * A STOP (or START) reply from a number: every contact with it, in every business (they all send
 * from the one number), becomes UNSUBSCRIBED (ACTIVE); the number goes on (comes off) each of
 * those businesses' suppression lists, and each contact's history records it. Answers the names
 * of the businesses concerned, the one last texting the number first.
 */
export async function applyPhoneReply(db: Db, digits: string, stop: boolean, source: string): Promise<string[]> {
  if (!/^\d{6,15}$/.test(digits)) return [];
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const contacts = await queryRows<{ id: number; businessId: number }>(
      tx,
      sql`update contacts set status = ${stop ? 'UNSUBSCRIBED' : 'ACTIVE'}
          where ltrim(phone_number, '+') = ${digits}
          returning id, business_id as "businessId"`,
    );
    const businessIds = [...new Set(contacts.map((contact) => contact.businessId))];
    if (businessIds.length === 0) return [];
    const ids = `{${businessIds.join(',')}}`;
    if (stop) {
      await tx.execute(
        sql`insert into suppressions (business_id, channel, address, reason, evidence)
            select id, 'SMS', ${digits}, 'stop', ${source} from unnest(${ids}::int[]) as id
            on conflict (business_id, channel, address) do update set reason = 'stop', evidence = excluded.evidence, created_at = now()`,
      );
    } else {
      // Only the contact can undo their STOP; other reasons stay.
      await tx.execute(sql`delete from suppressions where business_id = any(${ids}::int[]) and channel = 'SMS' and address = ${digits} and reason = 'stop'`);
    }
    await tx.execute(
      sql`insert into contact_events (business_id, contact_id, channel, address, kind, source)
          select r.business_id, r.id, 'SMS', ${digits}, ${stop ? 'opt_out' : 'opt_in'}, ${source}
          from json_to_recordset(${JSON.stringify(contacts.map((c) => ({ id: c.id, business_id: c.businessId })))}::json) as r(id int, business_id int)`,
    );
    const names = await queryRows<{ name: string }>(
      tx,
      sql`select b.name from businesses b
          where b.id = any(${ids}::int[])
          order by (select max(d.id) from deliveries d join campaigns c on c.id = d.campaign_id
                    where c.business_id = b.id and d.address = ${`+${digits}`}) desc nulls last, b.id`,
    );
    return names.map((row) => row.name);
  });
}

/** The business that last texted this number (for a HELP reply), or null. */
export async function lastSenderTo(db: Db, digits: string): Promise<string | null> {
  const [row] = await queryRows<{ name: string }>(
    db,
    sql`select b.name from deliveries d join campaigns c on c.id = d.campaign_id join businesses b on b.id = c.business_id
        where d.address = ${`+${digits}`} order by d.id desc limit 1`,
  );
  return row?.name ?? null;
}

/** A suppression of this contact's own address (c: the contact, s: the suppression). */
const listsContact = sql`s.business_id = c.business_id
  and ((s.channel = 'EMAIL' and s.address = lower(trim(c.email))) or (s.channel = 'SMS' and s.address = ltrim(c.phone_number, '+')))`;

/**
 * Erasure's part here: the suppressions of erased contacts' addresses become opt-out hashes (so a
 * contact added again with the address starts Unsubscribed and is not messaged), unless another
 * contact of the business still has the address; their history of opt-outs, bounces and lifts goes.
 */
export async function eraseContactSuppressions(tx: Db, contactIds: string): Promise<void> {
  const erasedAddresses = sql`suppressions s join contacts c on ${listsContact}
    where c.id = any(${contactIds}::int[])
      and not exists (select 1 from contacts other
                      where other.business_id = s.business_id and other.id <> all(${contactIds}::int[])
                        and ((s.channel = 'EMAIL' and s.address = lower(trim(other.email)))
                          or (s.channel = 'SMS' and s.address = ltrim(other.phone_number, '+'))))`;
  await tx.execute(sql`
    insert into opt_out_hashes (business_id, address_hash)
    select s.business_id, opt_out_hash(s.business_id, case s.channel when 'EMAIL' then 'email' else 'phone' end, s.address)
    from ${erasedAddresses}
    on conflict do nothing`);
  await tx.execute(sql`delete from suppressions where id in (select s.id from ${erasedAddresses})`);
  await tx.execute(sql`delete from contact_events where contact_id = any(${contactIds}::int[])`);
}
