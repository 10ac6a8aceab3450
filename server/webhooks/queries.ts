import { sql } from 'drizzle-orm';
import { WEBHOOK_ENDPOINTS_MAX, WEBHOOK_TEST_EVENT, WEBHOOK_TEST_MESSAGE, type WebhookDelivery, type WebhookEndpoint, type WebhookEventType } from '#domain/webhooks';
import { queryRows, type Db } from '../db/client';
import { isoUtc as iso, MESSAGE_ID, messagePayload } from './outbox';

const endpointColumns = sql`w.id, w.url, w.events, w.secret, ${iso(sql`w.created_at`)} as "createdAt"`;

/** The business's webhook endpoints, oldest first. */
export function listWebhookEndpoints(db: Db, businessId: number): Promise<WebhookEndpoint[]> {
  return queryRows<WebhookEndpoint>(db, sql`select ${endpointColumns} from webhook_endpoints w where w.business_id = ${businessId} order by w.id`);
}

/**
 * Adds an endpoint unless the business has WEBHOOK_ENDPOINTS_MAX already ('too many'). The business
 * row is locked meanwhile, so two adds at once cannot both pass the count.
 */
export async function createWebhookEndpoint(
  db: Db,
  businessId: number,
  endpoint: { url: string; events: WebhookEventType[]; secret: string },
): Promise<WebhookEndpoint | 'too many'> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.execute(sql`select id from businesses where id = ${businessId} for no key update`);
    const [count] = await queryRows<{ endpoints: number }>(tx, sql`select count(*)::int as endpoints from webhook_endpoints where business_id = ${businessId}`);
    if (count!.endpoints >= WEBHOOK_ENDPOINTS_MAX) return 'too many';
    const [created] = await queryRows<WebhookEndpoint>(
      tx,
      sql`with w as (
            insert into webhook_endpoints (business_id, url, secret, events)
            values (${businessId}, ${endpoint.url}, ${endpoint.secret}, ${JSON.stringify(endpoint.events)}::jsonb)
            returning *)
          select ${endpointColumns} from w`,
    );
    return created!;
  });
}

/** Deletes one of the business's endpoints, and its deliveries with it; false when it has none of that id. */
export async function deleteWebhookEndpoint(db: Db, businessId: number, id: number): Promise<boolean> {
  const deleted = await queryRows<{ id: number }>(db, sql`delete from webhook_endpoints where id = ${id} and business_id = ${businessId} returning id`);
  return deleted.length > 0;
}

const deliveryColumns = sql`d.id, d.endpoint_id as "endpointId", w.url as "endpointUrl", d.message_id as "messageId", d.event_type as "eventType",
  d.state, d.attempts, d.last_status as "lastStatus", d.last_error as "lastError", ${iso(sql`d.created_at`)} as "createdAt",
  case when d.state = 'pending' then ${iso(sql`d.next_attempt_at`)} end as "nextAttemptAt", ${iso(sql`d.delivered_at`)} as "deliveredAt"`;

/** The delivery log: the business's newest 100 deliveries, newest first (read through its few endpoints' index). */
export function webhookDeliveryLog(db: Db, businessId: number): Promise<WebhookDelivery[]> {
  return queryRows<WebhookDelivery>(
    db,
    sql`select ${deliveryColumns}
        from webhook_endpoints w join webhook_deliveries d on d.endpoint_id = w.id
        where w.business_id = ${businessId}
        order by d.id desc limit 100`,
  );
}

/** Queues a webhook.test event to one of the business's endpoints, due now; null when it has none of that id. */
export async function queueTestEvent(db: Db, businessId: number, endpointId: number): Promise<WebhookDelivery | null> {
  const [delivery] = await queryRows<WebhookDelivery>(
    db,
    sql`with d as (
          insert into webhook_deliveries (endpoint_id, business_id, message_id, event_type, payload)
          select w.id, w.business_id, ${MESSAGE_ID}, ${WEBHOOK_TEST_EVENT},
                 ${messagePayload(WEBHOOK_TEST_EVENT, sql`jsonb_build_object('businessId', w.business_id, 'endpointId', w.id, 'message', ${WEBHOOK_TEST_MESSAGE}::text)`)}
          from webhook_endpoints w where w.id = ${endpointId} and w.business_id = ${businessId}
          returning *)
        select ${deliveryColumns} from d join webhook_endpoints w on w.id = d.endpoint_id`,
  );
  return delivery ?? null;
}
