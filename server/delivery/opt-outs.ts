import { sql } from 'drizzle-orm';
import type { ContactStatus } from '../../src/domain';
import { queryRows, type Db } from '../db/client';
import { TWILIO_STATUS_STATES } from './sms';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type UnsubscribeTarget = { contactId: number | null; status: ContactStatus | null; businessName: string; address: string };

/** Whom an email's unsubscribe link stands for; null for an unknown (or malformed) token. */
export async function unsubscribeTarget(db: Db, token: string): Promise<UnsubscribeTarget | null> {
  if (!UUID.test(token)) return null;
  const [row] = await queryRows<UnsubscribeTarget>(
    db,
    sql`select d.contact_id as "contactId", ct.status, b.name as "businessName", d.address
        from deliveries d
        join campaigns c on c.id = d.campaign_id
        join businesses b on b.id = c.business_id
        left join contacts ct on ct.id = d.contact_id
        where d.unsubscribe_token = ${token}::uuid`,
  );
  return row ?? null;
}

/** The link's contact is UNSUBSCRIBED from now on: a running campaign skips them at its next claim. */
export async function unsubscribeByToken(db: Db, token: string): Promise<UnsubscribeTarget | null> {
  const target = await unsubscribeTarget(db, token);
  if (!target?.contactId) return target;
  await db.execute(sql`update contacts set status = 'UNSUBSCRIBED' where id = ${target.contactId} and status <> 'UNSUBSCRIBED'`);
  return { ...target, status: 'UNSUBSCRIBED' };
}

/** Every contact with this mobile number (all businesses send from the one shared number) gets `status`. */
export async function setStatusByPhone(db: Db, phone: string, status: ContactStatus): Promise<number> {
  const digits = phone.replace(/^\+/, '');
  if (!/^\d{6,15}$/.test(digits)) return 0;
  const changed = await queryRows<{ id: number }>(
    db,
    sql`update contacts set status = ${status}
        where ltrim(phone_number, '+') = ${digits} and status <> ${status}
        returning id`,
  );
  return changed.length;
}

export type TwilioStatus = { deliveryId: number | null; messageSid: string; status: string; errorCode?: string; errorMessage?: string };

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
  return changed.length > 0;
}
