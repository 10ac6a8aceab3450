import type { DeliveryReport, ReportKind } from '../reports';
import { eventReport, firstDeliveryToken } from './event-report';

/** A Postmark webhook post (Bounce, SpamComplaint, Delivery, SubscriptionChange), as its docs give it. */
export type PostmarkEvent = {
  RecordType?: string;
  /** SubscriptionChange: Postmark stops (true) or resumes (false) sending to the recipient. */
  SuppressSending?: boolean;
  SuppressionReason?: string;
  ChangedAt?: string;
  ID?: number | string;
  Type?: string;
  MessageID?: string;
  Email?: string;
  Recipient?: string;
  Inactive?: boolean;
  BouncedAt?: string;
  DeliveredAt?: string;
  Metadata?: Record<string, unknown>;
};

/** The metadata key our emails carry (X-PM-Metadata-starboost-delivery), which Postmark hands back. */
export const POSTMARK_METADATA_KEY = 'starboost-delivery';

/**
 * What a bounce's type means. Postmark files spam complaints and unsubscribes under bounces too;
 * auto-responders, challenge mails and the like say nothing about the address.
 */
const BOUNCE_TYPES: Record<string, ReportKind> = {
  HardBounce: 'hard',
  BadEmailAddress: 'hard',
  ManuallyDeactivated: 'hard',
  SoftBounce: 'soft',
  Transient: 'soft',
  DnsError: 'soft',
  Blocked: 'soft',
  Unknown: 'soft',
  SpamComplaint: 'complaint',
  Unsubscribe: 'unsubscribe',
};

function kindOf(event: PostmarkEvent): ReportKind | null {
  if (event.RecordType === 'Delivery') return 'delivered';
  // Postmark will not send to the address any more (the recipient's unsubscribe, a spam complaint, a
  // hard bounce or the sender's own choice): an opt-out like a link click. Resuming undoes nothing.
  if (event.RecordType === 'SubscriptionChange') return event.SuppressSending === true ? 'unsubscribe' : null;
  if (event.RecordType === 'SpamComplaint') return 'complaint';
  if (event.RecordType !== 'Bounce') return null;
  const kind = BOUNCE_TYPES[event.Type ?? ''] ?? null;
  // Postmark deactivates an address it will not send to again: as final as a hard bounce.
  return kind === 'soft' && event.Inactive === true ? 'hard' : kind;
}

/** The report of a Postmark post, or null for a record type that counts for nothing (Open, Click...). */
export function postmarkReport(event: PostmarkEvent): DeliveryReport | null {
  const kind = kindOf(event);
  if (!kind) return null;
  return eventReport({
    kind,
    code: event.Type ?? event.SuppressionReason ?? event.RecordType!,
    format: 'postmark',
    tokens: firstDeliveryToken([event.Metadata?.[POSTMARK_METADATA_KEY]]),
    messageIds: [event.MessageID],
    recipient: event.Email ?? event.Recipient,
    sentAt: event.BouncedAt ?? event.DeliveredAt ?? null,
    // A delivery or a subscription change has no ID of its own: its message, recipient (and time) name it.
    reportId: `${event.RecordType}:${event.ID ?? `${event.MessageID}:${event.Recipient}${event.ChangedAt ? `:${event.ChangedAt}` : ''}`}`,
  });
}
