import { sql } from 'drizzle-orm';
import type { ContactEventKind, SuppressionReason } from '#domain';
import { queryRows, type Db } from '../db/client';
import { queueOptOuts } from '../webhooks/outbox';

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

/** A delivery `d` of campaign `c`'s address as the suppression list writes it: lower-case email, or the number's digits. */
export const deliveryListedAddress = sql`case when c.type = 'EMAIL' then lower(trim(d.address)) else ltrim(d.address, '+') end`;

/**
 * Puts the deliveries' addresses on their businesses' suppression lists (a reason already there is
 * kept) and writes the event into each contact's history, in one statement each. A delivery whose
 * contact was erased knows only its address's hash (server/sending/erase.ts): the reason is kept
 * with the hash, so it holds for whoever gets the address, now or later (record_erased_address of
 * migration opt_out_integrity); nothing goes into a history, the contact's is erased. The contact's
 * own opt-outs (kind opt_out or complaint) are queued as contact.unsubscribed for the webhooks.
 */
export async function suppressDeliveries(db: Db, items: readonly DeliverySuppression[]) {
  if (items.length === 0) return;
  const rows = JSON.stringify(items);
  const found = sql`json_to_recordset(${rows}::json) as r("deliveryId" int, reason text, evidence text, kind text, source text)
                    join deliveries d on d.id = r."deliveryId" join campaigns c on c.id = d.campaign_id`;
  await db.execute(
    sql`insert into suppressions (business_id, channel, address, reason, evidence)
        select distinct on (c.business_id, c.type, ${deliveryListedAddress}) c.business_id, c.type, ${deliveryListedAddress}, r.reason, r.evidence
        from ${found}
        where d.address_hash is null
        on conflict do nothing`,
  );
  await db.execute(
    sql`insert into contact_events (business_id, contact_id, channel, address, kind, source, delivery_id)
        select c.business_id, d.contact_id, c.type, ${deliveryListedAddress}, r.kind, r.source, d.id from ${found}
        where d.address_hash is null`,
  );
  if (items.some((item) => item.kind === 'opt_out' || item.kind === 'complaint')) {
    await queueOptOuts(db, sql`select c.business_id, d.contact_id, c.type as channel, r.reason from ${found} where d.address_hash is null and r.kind in ('opt_out', 'complaint')`);
  }
  await db.execute(sql`select record_erased_address(c.business_id, d.address_hash, r.reason) from ${found} where d.address_hash is not null`);
}

/**
 * A STOP (or START) reply from a number: every contact with it, in every business (they all send
 * from the one number), becomes UNSUBSCRIBED (ACTIVE); the number goes on (comes off) each of
 * those businesses' suppression lists, and each contact's history records it. So does it for a
 * business that texted the number to a contact who has another number now. A business that
 * texted the number to a contact since erased keeps (drops) the STOP as the number's hash, so it
 * holds for whoever gets the number there later. A STOP is queued as contact.unsubscribed for each
 * contact's business's webhooks. Answers the names of the businesses concerned, the one last texting
 * the number first.
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
    // A number its contact no longer has (edited away since) was still texted: those businesses keep the STOP too.
    const textedBy = await queryRows<{ id: number }>(
      tx,
      sql`select distinct c.business_id as id from deliveries d join campaigns c on c.id = d.campaign_id where lower(d.address) = ${`+${digits}`}`,
    );
    // The hash is per business: each business's is looked up in the erased deliveries' index.
    const numberHash = sql`opt_out_hash(b.id, 'phone', ${digits})`;
    const erasedTo = await queryRows<{ id: number }>(
      tx,
      sql`select b.id from businesses b where exists (select 1 from deliveries d where d.address_hash = ${numberHash})`,
    );
    const intArray = (ids: Iterable<number>) => `{${[...new Set(ids)].join(',')}}`;
    const keptIds = [...contacts.map((contact) => contact.businessId), ...textedBy.map((business) => business.id)];
    const erasedIds = erasedTo.map((business) => business.id);
    const kept = intArray(keptIds);
    const erased = intArray(erasedIds);
    const concerned = intArray([...keptIds, ...erasedIds]);
    if (concerned === '{}') return [];
    if (stop) {
      await tx.execute(
        sql`insert into suppressions (business_id, channel, address, reason, evidence)
            select id, 'SMS', ${digits}, 'stop', ${source} from unnest(${kept}::int[]) as id
            on conflict (business_id, channel, address) do update set reason = 'stop', evidence = excluded.evidence, created_at = now()`,
      );
      await tx.execute(sql`select keep_address_hash(b.id, ${numberHash}, 'stop') from businesses b where b.id = any(${erased}::int[])`);
    } else {
      // Only the contact can undo their STOP; other reasons stay.
      await tx.execute(sql`delete from suppressions where business_id = any(${kept}::int[]) and channel = 'SMS' and address = ${digits} and reason = 'stop'`);
      await tx.execute(
        sql`delete from opt_out_hashes o using businesses b
            where b.id = any(${erased}::int[]) and o.business_id = b.id and o.address_hash = ${numberHash} and o.reason = 'stop'`,
      );
    }
    const contactRows = sql`json_to_recordset(${JSON.stringify(contacts.map((c) => ({ id: c.id, business_id: c.businessId })))}::json) as r(id int, business_id int)`;
    await tx.execute(
      sql`insert into contact_events (business_id, contact_id, channel, address, kind, source)
          select r.business_id, r.id, 'SMS', ${digits}, ${stop ? 'opt_out' : 'opt_in'}, ${source} from ${contactRows}`,
    );
    if (stop) await queueOptOuts(tx, sql`select r.business_id, r.id as contact_id, 'SMS' as channel, 'stop' as reason from ${contactRows}`);
    const names = await queryRows<{ name: string }>(
      tx,
      sql`select b.name from businesses b
          where b.id = any(${concerned}::int[])
          order by (select max(d.id) from deliveries d join campaigns c on c.id = d.campaign_id
                    where c.business_id = b.id and (d.address = ${`+${digits}`} or d.address_hash = ${numberHash})) desc nulls last, b.id`,
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
 * Erasure's part here: the suppressions of erased contacts' addresses become hashes with their
 * reason (a contact added again with the address starts Unsubscribed after an opt-out, or with the
 * address suppressed again after a bounce), unless another contact of the business still has the
 * address; their history of opt-outs, bounces and lifts goes.
 */
export async function eraseContactSuppressions(tx: Db, contactIds: string): Promise<void> {
  const erasedAddresses = sql`suppressions s join contacts c on ${listsContact}
    where c.id = any(${contactIds}::int[])
      and not exists (select 1 from contacts other
                      where other.business_id = s.business_id and other.id <> all(${contactIds}::int[])
                        and ((s.channel = 'EMAIL' and s.address = lower(trim(other.email)))
                          or (s.channel = 'SMS' and s.address = ltrim(other.phone_number, '+'))))`;
  await tx.execute(sql`
    select keep_address_hash(s.business_id, opt_out_hash(s.business_id, case s.channel when 'EMAIL' then 'email' else 'phone' end, s.address), s.reason)
    from ${erasedAddresses}`);
  await tx.execute(sql`delete from suppressions where id in (select s.id from ${erasedAddresses})`);
  await tx.execute(sql`delete from contact_events where contact_id = any(${contactIds}::int[])`);
}
