import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DeliveryReport, ReportKind } from '../reports';
import { eventReport, firstDeliveryToken } from './event-report';

/**
 * How long a Mailgun signature token is remembered: a post signed earlier than this is refused as
 * stale, and one within it whose token was seen is refused as a replay.
 */
export const MAILGUN_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

/** A Mailgun webhook post, as its docs give it. */
export type MailgunPost = {
  signature?: { timestamp?: string; token?: string; signature?: string };
  'event-data'?: {
    id?: string;
    event?: string;
    severity?: string;
    reason?: string;
    recipient?: string;
    timestamp?: number;
    'delivery-status'?: { code?: number; 'enhanced-code'?: string; message?: string; description?: string };
    message?: { headers?: { 'message-id'?: string } };
    'user-variables'?: Record<string, unknown>;
  };
};

/** Whether a post's signature is Mailgun's: HMAC-SHA256 of timestamp + token with the webhook signing key, recent enough. */
export function validMailgunSignature(signingKey: string, post: MailgunPost, now: number): boolean {
  const { timestamp = '', token = '', signature = '' } = post.signature ?? {};
  if (!/^\d{1,12}$/.test(timestamp) || !/^[0-9a-zA-Z]{20,200}$/.test(token) || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  if (Math.abs(now - Number(timestamp)) > MAILGUN_TOKEN_LIFETIME_SECONDS) return false;
  const expected = createHmac('sha256', signingKey).update(timestamp + token).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

function kindOf(event: NonNullable<MailgunPost['event-data']>): ReportKind | null {
  switch (event.event) {
    case 'failed':
      return event.severity === 'permanent' ? 'hard' : 'soft';
    case 'complained':
      return 'complaint';
    case 'unsubscribed':
      return 'unsubscribe';
    case 'delivered':
      return 'delivered';
    default:
      return null;
  }
}

/** The report of a Mailgun event, or null for one that counts for nothing (accepted, opened...). */
export function mailgunReport(post: MailgunPost): DeliveryReport | null {
  const event = post['event-data'];
  const kind = event && kindOf(event);
  if (!event || !kind || !event.id) return null;
  const status = event['delivery-status'];
  return eventReport({
    kind,
    code: status?.['enhanced-code'] || (status?.code ? String(status.code) : '') || event.reason || event.event!,
    format: 'mailgun',
    tokens: firstDeliveryToken([event['user-variables']?.starboost_delivery]),
    messageIds: [event.message?.headers?.['message-id']],
    recipient: event.recipient,
    sentAt: event.timestamp ?? null,
    reportId: event.id,
  });
}
