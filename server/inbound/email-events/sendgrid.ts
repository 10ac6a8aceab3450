import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import type { DeliveryReport, ReportKind } from '../reports';
import { eventReport, firstDeliveryToken } from './event-report';

/** How old a signed SendGrid post may be: an older one is a replay. */
export const SENDGRID_MAX_AGE_SECONDS = 5 * 60;

/** One event of SendGrid's Event Webhook, as its docs give it (our custom arg starboost_delivery included). */
export type SendgridEvent = {
  event?: string;
  email?: string;
  timestamp?: number;
  sg_event_id?: string;
  sg_message_id?: string;
  'smtp-id'?: string;
  type?: string;
  status?: string;
  reason?: string;
  starboost_delivery?: string;
};

/** The verification key as SendGrid shows it (base64 of the DER public key), or as PEM. */
export function sendgridPublicKey(setting: string): KeyObject {
  const text = setting.trim();
  return text.startsWith('-----BEGIN')
    ? createPublicKey(text)
    : createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' });
}

/**
 * Whether a post is SendGrid's: an ECDSA (P-256, SHA-256) signature over the timestamp header
 * followed by the raw body, made within the last five minutes (`now` in seconds).
 */
export function validSendgridSignature(key: KeyObject, body: Buffer, signature: string | undefined, timestamp: string | undefined, now: number): boolean {
  if (!signature || !timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
  const age = now - Number(timestamp);
  if (age > SENDGRID_MAX_AGE_SECONDS || age < -SENDGRID_MAX_AGE_SECONDS) return false;
  try {
    return verify('sha256', Buffer.concat([Buffer.from(timestamp, 'utf8'), body]), key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/**
 * What a dropped message's reason means: SendGrid did not send it because the address is on one of
 * its lists. Other reasons (a bad header, a content problem) say nothing about the address.
 */
const DROPPED_REASONS: Array<[RegExp, ReportKind]> = [
  [/bounced address|invalid/i, 'hard'],
  [/spam reporting address/i, 'complaint'],
  [/unsubscribed address|group unsubscribe/i, 'unsubscribe'],
];

/** What an event counts as: a bounce is hard, a "blocked" one soft (the receiver refused this time); deferred is a delay SendGrid retries. */
function kindOf(event: SendgridEvent): ReportKind | null {
  switch (event.event) {
    case 'bounce':
      return event.type === 'blocked' ? 'soft' : 'hard';
    case 'dropped':
      return DROPPED_REASONS.find(([reason]) => reason.test(event.reason ?? ''))?.[1] ?? null;
    case 'spamreport':
      return 'complaint';
    // The recipient unsubscribed through SendGrid's own link or its group (suppression group) link.
    case 'unsubscribe':
    case 'group_unsubscribe':
      return 'unsubscribe';
    case 'delivered':
      return 'delivered';
    default:
      return null;
  }
}

/** The reports of a batch of SendGrid events; events that count for nothing (deferred, open, click) give none. */
export function sendgridReports(events: SendgridEvent[]): DeliveryReport[] {
  return events.flatMap((event) => {
    const kind = kindOf(event);
    if (!kind || !event.sg_event_id) return [];
    return [
      eventReport({
        kind,
        code: event.status || event.reason || event.event!,
        format: 'sendgrid',
        tokens: firstDeliveryToken([event.starboost_delivery]),
        messageIds: [event['smtp-id'], event.sg_message_id],
        recipient: event.email,
        sentAt: event.timestamp ?? null,
        reportId: event.sg_event_id,
      }),
    ];
  });
}
