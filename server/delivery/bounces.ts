import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import type { InboundReport } from './inbound-email';
import { suppressDeliveries } from './suppressions';

/** Soft bounces in a row that make an address as dead as a hard bounce. */
const SOFT_BOUNCES_MAKE_HARD = 3;

/** A campaign pauses itself past these rates, so a bad list does not ruin the sender's reputation. */
export const AUTO_PAUSE = { minSends: 100, hardBounceRate: 0.05, complaintRate: 0.001 } as const;

export const autoPauseReasons = {
  bounces: (hard: number, sent: number) =>
    `Paused by itself: ${hard} of ${sent} emails bounced hard (over 5 %). Check the list, then start the campaign again.`,
  complaints: (complaints: number, sent: number) =>
    `Paused by itself: ${complaints} of ${sent} recipients reported the email as spam (over 0.1 %). Check the list and the message, then start the campaign again.`,
} as const;

type Matched = { id: number; campaignId: number; businessId: number; contactId: number | null; address: string };

/** The email delivery a report is about: by its VERP token, else by the original's Message-ID. */
async function matchDelivery(db: Db, report: InboundReport): Promise<Matched | null> {
  const tokens = report.tokens.map((token) => token.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5'));
  const [row] = await queryRows<Matched>(
    db,
    sql`select d.id, d.campaign_id as "campaignId", c.business_id as "businessId", d.contact_id as "contactId", d.address
        from deliveries d join campaigns c on c.id = d.campaign_id
        where c.type = 'EMAIL'
          and (d.unsubscribe_token::text = any(${`{${tokens.join(',')}}`}::text[])
               or d.provider_id = any(${`{${report.messageIds.map((id) => `"${id.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]))
        order by d.id desc limit 1`,
  );
  return row ?? null;
}

/**
 * Applies a bounce or complaint report to its delivery: shown on the recipient's row and counted;
 * a hard bounce (or the third soft one in a row) suppresses the address for the business, and a
 * complaint also unsubscribes the contact. Then the campaign pauses itself when its rates say so.
 * Null when the report matches no delivery of ours.
 */
export async function applyBounceReport(db: Db, report: InboundReport): Promise<{ deliveryId: number } | null> {
  const delivery = await matchDelivery(db, report);
  if (!delivery) return null;
  const evidence = report.messageIds[0] ?? `bounce token of delivery ${delivery.id}`;
  const described = report.kind === 'complaint' ? `Complaint (${report.code} report)` : `Bounce report (${report.code})`;
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.execute(
      sql`update deliveries set bounce = case when bounce = 'complaint' then bounce else ${report.kind} end,
            state = case when ${report.kind} = 'hard' then 'failed' else state end,
            error = case when ${report.kind} = 'complaint' then error else ${`${described}`} end
          where id = ${delivery.id}`,
    );
    if (report.kind === 'complaint') {
      if (delivery.contactId) await tx.execute(sql`update contacts set status = 'UNSUBSCRIBED' where id = ${delivery.contactId}`);
      await suppressDeliveries(tx, [{ deliveryId: delivery.id, reason: 'complaint', evidence, kind: 'complaint', source: described }]);
      return;
    }
    const kind = report.kind === 'hard' ? 'hard_bounce' : 'soft_bounce';
    if (report.kind === 'hard' || (await softBouncesInARow(tx, delivery)) >= SOFT_BOUNCES_MAKE_HARD - 1) {
      const source = report.kind === 'hard' ? described : `${described}: ${SOFT_BOUNCES_MAKE_HARD} soft bounces in a row`;
      await suppressDeliveries(tx, [{ deliveryId: delivery.id, reason: 'hard_bounce', evidence, kind, source }]);
    } else {
      await tx.execute(
        sql`insert into contact_events (business_id, contact_id, channel, address, kind, source, delivery_id)
            values (${delivery.businessId}, ${delivery.contactId}, 'EMAIL', ${delivery.address.trim().toLowerCase()}, ${kind}, ${described}, ${delivery.id})`,
      );
    }
  });
  await pauseOnBadRates(db, delivery.campaignId);
  return { deliveryId: delivery.id };
}

/** The address's latest bounce events, newest first, that are soft with no other bounce or lift between. */
async function softBouncesInARow(tx: Db, delivery: Matched): Promise<number> {
  const recent = await queryRows<{ kind: string }>(
    tx,
    sql`select kind from contact_events
        where business_id = ${delivery.businessId} and channel = 'EMAIL' and address = ${delivery.address.trim().toLowerCase()}
          and kind in ('soft_bounce', 'hard_bounce', 'lifted')
        order by id desc limit ${SOFT_BOUNCES_MAKE_HARD}`,
  );
  const firstOther = recent.findIndex((event) => event.kind !== 'soft_bounce');
  return firstOther === -1 ? recent.length : firstOther;
}

/** Pauses a running campaign whose hard bounces exceed 5 % after 100 sends, or complaints 0.1 %, with the reason. */
async function pauseOnBadRates(db: Db, campaignId: number) {
  const [rates] = await queryRows<{ sent: number; hard: number; complaints: number }>(
    db,
    sql`select count(*) filter (where state in ('sent', 'delivered', 'failed') and sent_at is not null)::int as sent,
               count(*) filter (where bounce = 'hard')::int as hard,
               count(*) filter (where bounce = 'complaint')::int as complaints
        from deliveries where campaign_id = ${campaignId}`,
  );
  const { sent, hard, complaints } = rates!;
  const reason =
    sent >= AUTO_PAUSE.minSends && hard > sent * AUTO_PAUSE.hardBounceRate
      ? autoPauseReasons.bounces(hard, sent)
      : sent > 0 && complaints > sent * AUTO_PAUSE.complaintRate
        ? autoPauseReasons.complaints(complaints, sent)
        : null;
  if (!reason) return;
  await db.execute(
    sql`update campaigns set status = 'PAUSED', failure_reason = ${reason}, updated_at = now() where id = ${campaignId} and status = 'IN_PROGRESS'`,
  );
}
