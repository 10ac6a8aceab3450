import { sql } from 'drizzle-orm';
import type { WebhookDeliveryEventType } from '#domain/webhooks';
import { queryRows, type Db } from '../db/client';
import { EMPTIED_PAYLOAD } from './erase';

/** A due delivery this sender took: its attempt is counted, and no other sender takes it before its lease runs out. */
export type ClaimedWebhook = {
  id: number;
  endpointId: number;
  /** Attempts so far, this one included. */
  attempts: number;
  messageId: string;
  eventType: WebhookDeliveryEventType;
  payload: unknown;
  url: string;
  secret: string;
};

/**
 * Claims up to `limit` due deliveries (`for update skip locked`: senders in other processes take
 * others): each counts an attempt and is not due again until `leaseMs` from now, so a sender that
 * dies mid-post leaves it to be sent again (same webhook-id) once the lease has run out.
 */
export function claimDueWebhooks(db: Db, limit: number, leaseMs: number): Promise<ClaimedWebhook[]> {
  return queryRows<ClaimedWebhook>(
    db,
    sql`update webhook_deliveries d
        set attempts = d.attempts + 1, next_attempt_at = now() + ${leaseMs}::int * interval '1 millisecond'
        from webhook_endpoints w
        where w.id = d.endpoint_id and d.id in (
          select id from webhook_deliveries
          where state = 'pending' and next_attempt_at <= now()
          order by next_attempt_at limit ${limit}
          for update skip locked)
        returning d.id, d.endpoint_id as "endpointId", d.attempts, d.message_id as "messageId", d.event_type as "eventType",
                  d.payload, w.url, w.secret`,
  );
}

export type WebhookOutcome =
  | { state: 'delivered'; status: number }
  | { state: 'pending'; status: number | null; error: string; retryInMs: number }
  | { state: 'failed'; status: number | null; error: string };

/**
 * Records what became of a claimed attempt, unless the claim is no longer this sender's (its lease ran
 * out and another attempt was claimed). A finished delivery keeps no payload: the log needs none.
 */
export async function recordWebhookOutcome(db: Db, claimed: Pick<ClaimedWebhook, 'id' | 'attempts'>, outcome: WebhookOutcome): Promise<void> {
  const error = outcome.state === 'delivered' ? null : outcome.error;
  const finished = outcome.state !== 'pending';
  await db.execute(
    sql`update webhook_deliveries set
          state = ${outcome.state}, last_status = ${outcome.status}, last_error = ${error},
          delivered_at = ${outcome.state === 'delivered' ? sql`now()` : sql`null`},
          next_attempt_at = ${outcome.state === 'pending' ? sql`now() + ${outcome.retryInMs}::int * interval '1 millisecond'` : sql`next_attempt_at`},
          payload = ${finished ? EMPTIED_PAYLOAD : sql`payload`}
        where id = ${claimed.id} and attempts = ${claimed.attempts} and state = 'pending'`,
  );
}
