import { sql } from 'drizzle-orm';
import type { ContactStatus } from '#domain';
import { queryRows, type Db } from '../db/client';
import { suppressingTwilioError, TWILIO_STATUS_STATES } from '../sending/sms';
import { suppressDeliveries } from './addresses';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type UnsubscribeTarget = { deliveryId: number; contactId: number | null; status: ContactStatus | null; businessName: string; address: string };

/** Whom an email's unsubscribe link stands for; null for an unknown (or malformed) token. */
export async function unsubscribeTarget(db: Db, token: string): Promise<UnsubscribeTarget | null> {
  if (!UUID.test(token)) return null;
  const [row] = await queryRows<UnsubscribeTarget>(
    db,
    sql`select d.id as "deliveryId", d.contact_id as "contactId", ct.status, b.name as "businessName", d.address
        from deliveries d
        join campaigns c on c.id = d.campaign_id
        join businesses b on b.id = c.business_id
        left join contacts ct on ct.id = d.contact_id
        where d.unsubscribe_token = ${token}::uuid`,
  );
  return row ?? null;
}

/**
 * The link's contact is UNSUBSCRIBED from now on: a running campaign skips them at its next claim.
 * The link of a contact erased since still counts: the opt-out is kept as the address's hash, for
 * whoever gets the address later (suppressDeliveries). One transaction: the opt-out is recorded
 * (once, however often the link is used) with everything it entails, or not at all.
 */
export async function unsubscribeByToken(db: Db, token: string): Promise<UnsubscribeTarget | null> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const target = await unsubscribeTarget(tx, token);
    if (!target) return null;
    // The update's row lock decides between two uses of the link at once: only one changes the status.
    const optedOut = target.contactId
      ? (await queryRows(tx, sql`update contacts set status = 'UNSUBSCRIBED' where id = ${target.contactId} and status <> 'UNSUBSCRIBED' returning id`)).length > 0
      : target.status !== 'UNSUBSCRIBED';
    if (optedOut) {
      await suppressDeliveries(tx, [
        { deliveryId: target.deliveryId, reason: 'unsubscribed', evidence: 'Unsubscribe link', kind: 'opt_out', source: 'Unsubscribe link in an email' },
      ]);
    }
    return { ...target, status: 'UNSUBSCRIBED' as const };
  });
}

type TwilioStatus = { deliveryId: number | null; messageSid: string; status: string; errorCode?: string; errorMessage?: string };

/**
 * A Twilio status callback moves its delivery forward (never back: a late 'sent' does not undo
 * 'delivered'). It may arrive before the send's answer was recorded; the delivery id in the
 * callback URL finds the row then, and the message SID is kept.
 */
export async function applyTwilioStatus(db: Db, callback: TwilioStatus): Promise<boolean> {
  const state = TWILIO_STATUS_STATES[callback.status];
  if (!state || !callback.messageSid) return false;
  const from = state === 'sent' ? ['queued', 'sending', 'canceled'] : ['queued', 'sending', 'sent', 'canceled'];
  const error =
    state === 'failed'
      ? `Twilio: ${callback.status}${callback.errorCode ? ` (error ${callback.errorCode})` : ''}${callback.errorMessage ? `: ${callback.errorMessage}` : ''}`
      : null;
  const target = callback.deliveryId
    ? sql`id = ${callback.deliveryId} and (provider_id is null or provider_id = ${callback.messageSid})`
    : sql`provider_id = ${callback.messageSid}`;
  const changed = await queryRows<{ id: number }>(
    db,
    sql`update deliveries set state = ${state}, provider_id = ${callback.messageSid},
          sent_at = coalesce(sent_at, now()), error = ${error}
        where ${target} and state in (${sql.join(from.map((value) => sql`${value}`), sql`, `)})
        returning id`,
  );
  // A landline (30006) and the like: the number will never take a text, so it is not tried again.
  const suppression = state === 'failed' ? suppressingTwilioError(callback.errorCode) : null;
  if (suppression) await suppressDeliveries(db, changed.map(({ id }) => ({ deliveryId: id, ...suppression })));
  return changed.length > 0;
}
