import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { unsubscribeByToken } from '../suppressions/opt-outs';
import { tokenUuid, type DeliveryReport, type ReportKind } from './reports';
import { suppressDeliveries } from '../suppressions/addresses';

/** Soft bounces of different emails in a row that make an address as dead as a hard bounce. */
const SOFT_BOUNCES_MAKE_HARD = 3;

/** A campaign pauses itself past these rates, so a bad list does not ruin the sender's reputation. */
export const AUTO_PAUSE = { minSends: 100, hardBounceRate: 0.05, complaintRate: 0.001 } as const;

export const autoPauseReasons = {
  bounces: (hard: number, sent: number) =>
    `Paused by itself: ${hard} of ${sent} emails bounced hard (over 5 %). Check the list, then start the campaign again.`,
  complaints: (complaints: number, sent: number) =>
    `Paused by itself: ${complaints} of ${sent} recipients reported the email as spam (over 0.1 %). Check the list and the message, then start the campaign again.`,
} as const;

/**
 * How far from a report's time (the original's Date, else the report's) the email it names by
 * address alone may have been sent: servers retry for up to 5 days before they give up.
 */
const ADDRESS_MATCH_WINDOW = { before: '7 days', after: '1 day' } as const;

type Matched = { id: number; campaignId: number; businessId: number; contactId: number | null; address: string; unsubscribeToken: string };

const EMAIL_DELIVERIES = sql`select d.id, d.campaign_id as "campaignId", c.business_id as "businessId", d.contact_id as "contactId",
                                    d.address, d.unsubscribe_token as "unsubscribeToken", d.sent_at
                             from deliveries d join campaigns c on c.id = d.campaign_id
                             where c.type = 'EMAIL'`;
const jsonList = (values: readonly string[], type = sql`text`) =>
  sql`(select value::${type} from json_array_elements_text(${JSON.stringify(values)}::json))`;

/**
 * The email delivery a report is about: by its delivery token (VERP, our header), else by the
 * original's Message-ID (or the provider's message id), else by the recipient's address together
 * with the time. Null when it names no email of ours.
 */
async function matchDelivery(db: Db, report: DeliveryReport): Promise<Matched | null> {
  const tokens = report.tokens.filter((token) => /^[0-9a-f]{32}$/.test(token)).map(tokenUuid);
  if (tokens.length > 0) {
    const [row] = await queryRows<Matched>(db, sql`${EMAIL_DELIVERIES} and d.unsubscribe_token in ${jsonList(tokens, sql`uuid`)} limit 1`);
    if (row) return row;
  }
  if (report.messageIds.length > 0) {
    const [row] = await queryRows<Matched>(db, sql`${EMAIL_DELIVERIES} and d.provider_id in ${jsonList(report.messageIds)} order by d.id desc limit 1`);
    if (row) return row;
  }
  if (report.recipients.length === 0) return null;
  // The inbound address is shared by every business, and anyone can write an address into a
  // bounce. Only emails we actually sent to that very address around the report's time are
  // candidates, and only when they are all one business's: the report can then be about no other
  // business's email, so no other business's contact is ever suppressed or unsubscribed by it.
  // Two businesses emailing the address that week make the report ambiguous: it is not applied.
  const at = (report.sentAt ?? new Date()).toISOString();
  const [row] = await queryRows<Matched>(
    db,
    sql`with candidates as (
          ${EMAIL_DELIVERIES} and lower(d.address) in ${jsonList(report.recipients.map((address) => address.toLowerCase()))}
            and d.sent_at between ${at}::timestamptz - ${ADDRESS_MATCH_WINDOW.before}::interval and ${at}::timestamptz + ${ADDRESS_MATCH_WINDOW.after}::interval
        )
        select * from candidates
        where (select count(distinct "businessId") from candidates) = 1
        order by sent_at desc, id desc limit 1`,
  );
  return row ?? null;
}

/** A report we have already counted (the same Message-ID, provider event id, or delivery + status + Arrival-Date). */
class AlreadyCounted extends Error {}

/**
 * Records what names the report; throws AlreadyCounted (rolling the transaction back) when one of
 * them was recorded before, so a retried report changes nothing.
 */
async function recordReport(tx: Db, report: DeliveryReport, source: string, delivery: Matched) {
  const keys = [
    ...report.reportIds.map((id) => `${source}:${id}`),
    ...(report.arrivalDate ? [`${source}:delivery:${delivery.id}:${report.code}:${report.arrivalDate}`] : []),
  ];
  const inserted = await queryRows<{ key: string }>(
    tx,
    sql`insert into inbound_reports (key, delivery_id) select value, ${delivery.id} from json_array_elements_text(${JSON.stringify(keys)}::json)
        on conflict (key) do nothing returning key`,
  );
  if (inserted.length < keys.length) throw new AlreadyCounted();
}

/** What a webhook answers for a report: what it counted it as, or duplicate (counted before), or ignored (no email of ours). */
export const REPORT_RESULTS = ['hard', 'soft', 'complaint', 'unsubscribe', 'delivered', 'duplicate', 'ignored'] as const satisfies ReadonlyArray<ReportKind | 'duplicate' | 'ignored'>;
export type ReportResult = { result: (typeof REPORT_RESULTS)[number]; deliveryId: number | null };

/**
 * Applies a report to its delivery, once: a hard bounce (or the third soft one in a row, from
 * three different emails) suppresses the address for the business; a complaint also unsubscribes
 * the contact, an unsubscribe request unsubscribes them as the link does; a delivery moves the
 * email to delivered. Bounces and complaints show on the recipient's row and count; the campaign
 * then pauses itself when its rates say so. `source` keeps the report names of senders apart.
 */
export async function applyDeliveryReport(db: Db, report: DeliveryReport, source: string): Promise<ReportResult> {
  const delivery = await matchDelivery(db, report);
  if (!delivery) return { result: 'ignored', deliveryId: null };
  if (report.kind === 'delivered') {
    // Never back: a bounce reported before the delivery event stays.
    await db.execute(sql`update deliveries set state = 'delivered' where id = ${delivery.id} and state = 'sent'`);
    return { result: 'delivered', deliveryId: delivery.id };
  }
  try {
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await recordReport(tx, report, source, delivery);
      if (report.kind === 'unsubscribe') await unsubscribeByToken(tx, delivery.unsubscribeToken);
      else await applyBounce(tx, report, delivery);
    });
  } catch (error) {
    if (error instanceof AlreadyCounted) return { result: 'duplicate', deliveryId: delivery.id };
    throw error;
  }
  if (report.kind !== 'unsubscribe') await pauseOnBadRates(db, delivery.campaignId);
  return { result: report.kind, deliveryId: delivery.id };
}

async function applyBounce(tx: Db, report: DeliveryReport, delivery: Matched) {
  const evidence = report.reportIds[0] ?? `${report.format} report of delivery ${delivery.id}`;
  const described = report.kind === 'complaint' ? `Complaint (${report.code} report)` : `Bounce report (${report.code})`;
  await tx.execute(
    sql`update deliveries set bounce = case when bounce = 'complaint' then bounce else ${report.kind} end,
          state = case when ${report.kind} = 'hard' then 'failed' else state end,
          error = case when ${report.kind} = 'complaint' then error else ${described} end
        where id = ${delivery.id}`,
  );
  if (report.kind === 'complaint') {
    if (delivery.contactId) await tx.execute(sql`update contacts set status = 'UNSUBSCRIBED' where id = ${delivery.contactId}`);
    await suppressDeliveries(tx, [{ deliveryId: delivery.id, reason: 'complaint', evidence, kind: 'complaint', source: described }]);
    return;
  }
  const kind = report.kind === 'hard' ? 'hard_bounce' : 'soft_bounce';
  if (report.kind === 'hard' || (await softBouncedEmails(tx, delivery)) >= SOFT_BOUNCES_MAKE_HARD) {
    const source = report.kind === 'hard' ? described : `${described}: ${SOFT_BOUNCES_MAKE_HARD} soft bounces in a row`;
    await suppressDeliveries(tx, [{ deliveryId: delivery.id, reason: 'hard_bounce', evidence, kind, source }]);
  } else {
    await tx.execute(
      sql`insert into contact_events (business_id, contact_id, channel, address, kind, source, delivery_id)
          values (${delivery.businessId}, ${delivery.contactId}, 'EMAIL', ${delivery.address.trim().toLowerCase()}, ${kind}, ${described}, ${delivery.id})`,
    );
  }
}

/**
 * The different emails in the address's latest run of soft bounces (newest first, up to the last
 * hard bounce or lift), this one included: several reports about one email (a delay warning, then
 * the final failure, a provider's retries) count as one.
 */
async function softBouncedEmails(tx: Db, delivery: Matched): Promise<number> {
  const recent = await queryRows<{ kind: string; deliveryId: number | null }>(
    tx,
    sql`select kind, delivery_id as "deliveryId" from contact_events
        where business_id = ${delivery.businessId} and channel = 'EMAIL' and address = ${delivery.address.trim().toLowerCase()}
          and kind in ('soft_bounce', 'hard_bounce', 'lifted')
        order by id desc limit 50`,
  );
  const firstOther = recent.findIndex((event) => event.kind !== 'soft_bounce');
  const run = firstOther === -1 ? recent : recent.slice(0, firstOther);
  return new Set([delivery.id, ...run.map((event) => event.deliveryId)]).size;
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
