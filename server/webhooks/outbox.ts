import { sql, type SQL } from 'drizzle-orm';
import type { WebhookDeliveryEventType, WebhookEventType } from '#domain/webhooks';
import type { Db } from '../db/client';

/**
 * The outbox of outbound webhooks: an event is queued as one `webhook_deliveries` row per endpoint
 * of its business that receives its type, by the same statement or transaction that records the
 * event, so an event rolled back sends nothing and a recorded one is never lost. The sender
 * (./sender.ts) posts the rows later. For a business without endpoints the cost is one probe of
 * the endpoints' business index, and the event's data is not even built.
 */

/** A time as the API and payloads write it: ISO 8601 UTC with milliseconds. */
export const isoUtc = (time: SQL) => sql`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A message's body (WebhookMessage): its type, the event's time (now) and its data. */
export const messagePayload = (type: WebhookDeliveryEventType, data: SQL) =>
  sql`jsonb_build_object('type', ${type}::text, 'timestamp', ${isoUtc(sql`now()`)}, 'data', ${data})`;

/** The webhook-id of a message: `msg_` and a random UUID's hex digits, the same on every attempt. */
export const MESSAGE_ID = sql`'msg_' || replace(gen_random_uuid()::text, '-', '')`;

/**
 * The statement (or CTE) that queues `type` for each row of `events`, a select of `business_id` and
 * `data` (the payload's data, jsonb): `{ type, timestamp, data }` to each endpoint receiving it.
 */
export function queueEvents(type: WebhookEventType, events: SQL): SQL {
  return sql`insert into webhook_deliveries (endpoint_id, business_id, message_id, event_type, payload)
    select w.id, e.business_id, ${MESSAGE_ID}, ${type}, ${messagePayload(type, sql`e.data`)}
    from (${events}) e
    join webhook_endpoints w on w.business_id = e.business_id and w.events @> ${JSON.stringify([type])}::jsonb`;
}

/** Queues one event of a business in the caller's transaction; `data` is a jsonb expression (see the builders below). */
export async function queueBusinessEvent(tx: Db, businessId: number, type: WebhookEventType, data: SQL): Promise<void> {
  await tx.execute(queueEvents(type, sql`select ${businessId}::int as business_id, ${data} as data`));
}

/** A contact as events show them (WebhookContact), or null when the id is null or the contact is gone. */
const contactJson = (contactId: SQL) => sql`(
  select jsonb_build_object('id', ev_ct.id, 'firstName', ev_ct.first_name, 'lastName', ev_ct.last_name, 'email', nullif(ev_ct.email, ''),
           'phoneNumber', case when ev_ct.phone_number ~ '^\\+?[0-9]{6,15}$' then '+' || ltrim(ev_ct.phone_number, '+') else ev_ct.phone_number end)
  from contacts ev_ct where ev_ct.id = ${contactId})`;

/**
 * The data of a review page's event (review.rating, review.clicked, feedback.received): the business,
 * the contact the request went to, the campaign or automation that asked, and `extra` (a jsonb object).
 */
export const reviewEventData = (deliveryId: SQL, extra: SQL) => sql`(
  select jsonb_build_object(
           'businessId', ev_c.business_id,
           'contact', ${contactJson(sql`ev_d.contact_id`)},
           'via', case when ev_c.automation then 'automation' else 'campaign' end,
           'campaign', case when ev_c.automation then null else jsonb_build_object('id', ev_c.id, 'name', ev_c.name) end
         ) || ${extra}
  from deliveries ev_d join campaigns ev_c on ev_c.id = ev_d.campaign_id
  where ev_d.id = ${deliveryId})`;

/**
 * Queues contact.unsubscribed for each row of `optOuts`, a select of `business_id`, `contact_id`,
 * `channel` ('EMAIL' | 'SMS') and `reason` ('unsubscribed' | 'stop' | 'complaint'). Opt-outs of
 * erased contacts (known only by a hash) are not sent: there is nobody left to name.
 */
export async function queueOptOuts(tx: Db, optOuts: SQL): Promise<void> {
  await tx.execute(
    queueEvents(
      'contact.unsubscribed',
      sql`select o.business_id, jsonb_build_object('businessId', o.business_id, 'contact', ${contactJson(sql`o.contact_id`)}, 'channel', o.channel, 'reason', o.reason) as data
          from (${optOuts}) o where o.contact_id is not null`,
    ),
  );
}
