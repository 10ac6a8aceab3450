import type { DeliveryReport, ReportKind } from '../reports';
import { eventReport, firstDeliveryToken } from './event-report';

type Header = { name?: string; value?: string };
type Recipient = { emailAddress?: string; status?: string; diagnosticCode?: string };

/** An Amazon SES notification (notificationType) or event (eventType), as its docs give it. */
export type SesNotification = {
  notificationType?: string;
  eventType?: string;
  mail?: {
    messageId?: string;
    timestamp?: string;
    destination?: string[];
    headers?: Header[];
    commonHeaders?: { messageId?: string };
  };
  bounce?: { bounceType?: string; bounceSubType?: string; bouncedRecipients?: Recipient[] };
  complaint?: { complainedRecipients?: Recipient[]; complaintFeedbackType?: string };
  delivery?: { recipients?: string[] };
  /** A recipient changed their subscription through SES's own unsubscribe link or header (list management). */
  subscription?: { contactList?: string; source?: string; newTopicPreferences?: { unsubscribeAll?: boolean } };
};

/** Whether a JSON value is an SES notification (SNS posts it; SNS email subscriptions mail it). */
export const isSesNotification = (value: unknown): value is SesNotification =>
  !!value && typeof value === 'object' && typeof (value as SesNotification).mail === 'object' && !!((value as SesNotification).notificationType ?? (value as SesNotification).eventType);

// A complaint's feedback type saying the recipient did not mean it ("not-spam") is no complaint.
const NOT_COMPLAINTS = new Set(['not-spam']);

/**
 * The reports of an SES notification, one per recipient: a Permanent bounce is hard, a Transient
 * or Undetermined one soft; a complaint; an unsubscribe from all of a contact list's topics (SES
 * list management's Subscription event); a delivery. `id` names the notification (SNS MessageId),
 * so a notification posted again counts once. Other types (Send, Open, Reject...) give none.
 */
export function sesReports(notification: SesNotification, id: string): DeliveryReport[] {
  const type = notification.notificationType ?? notification.eventType;
  const mail = notification.mail ?? {};
  const found = {
    format: 'ses',
    tokens: firstDeliveryToken((mail.headers ?? []).filter((header) => /^x-starboost-delivery$/i.test(header.name ?? '')).map((header) => header.value)),
    // The Message-ID we sent (when the notification includes the original headers), then SES's own id.
    messageIds: [mail.commonHeaders?.messageId, mail.messageId],
    sentAt: mail.timestamp ?? null,
  };
  const each = (addresses: Array<string | undefined>, kind: ReportKind, code: (index: number) => string) =>
    addresses.map((address, index) => eventReport({ ...found, kind, code: code(index), recipient: address, reportId: `${id}:${address ?? index}` }));

  if (type === 'Bounce' && notification.bounce) {
    const { bounceType = 'Undetermined', bounceSubType = 'General', bouncedRecipients = [] } = notification.bounce;
    const kind = bounceType === 'Permanent' ? 'hard' : 'soft';
    return each(bouncedRecipients.map((recipient) => recipient.emailAddress), kind, (index) => bouncedRecipients[index]?.status || `${bounceType}/${bounceSubType}`);
  }
  if (type === 'Complaint' && notification.complaint) {
    const { complainedRecipients = [], complaintFeedbackType = 'abuse' } = notification.complaint;
    if (NOT_COMPLAINTS.has(complaintFeedbackType)) return [];
    return each(complainedRecipients.map((recipient) => recipient.emailAddress), 'complaint', () => complaintFeedbackType);
  }
  if (type === 'Subscription' && notification.subscription?.newTopicPreferences?.unsubscribeAll === true) {
    return each(mail.destination ?? [], 'unsubscribe', () => `Subscription/${notification.subscription!.source ?? 'unsubscribeAll'}`);
  }
  if (type === 'Delivery' && notification.delivery) {
    return each(notification.delivery.recipients ?? mail.destination ?? [], 'delivered', () => 'delivered');
  }
  return [];
}
