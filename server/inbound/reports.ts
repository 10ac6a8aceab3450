import type { BounceKind } from '#domain';

/** What a report says happened to an email: a bounce, a complaint, an opt-out, or its delivery. */
export type ReportKind = BounceKind | 'unsubscribe' | 'delivered';

/**
 * One report about one email we sent, read from a forwarded bounce, complaint or unsubscribe
 * email, or from an email provider's event: what happened, and what it says that finds the email.
 */
export type DeliveryReport = {
  kind: ReportKind;
  /** RFC 3463 status of a bounce (5.1.1), the feedback type of a complaint (abuse), the provider's own type. */
  code: string;
  /** How it was written: rfc3464, arf, qmail, exim…, ses, sendgrid… (shown in the evidence). */
  format: string;
  /** Delivery tokens it carries (VERP bounce+{token}@, unsubscribe+{token}@, X-Starboost-Delivery): they name the delivery. */
  tokens: string[];
  /** Message-IDs of the original it quotes, and provider message ids: recorded on the delivery at send time. */
  messageIds: string[];
  /** Addresses it names as the recipient, best first: with `sentAt`, the last way to find the email. */
  recipients: string[];
  /** When the original was sent, or else when the report was written; null: unknown (now is used). */
  sentAt: Date | null;
  /** What names this very report (its Message-ID, the provider's event id): a copy posted again counts once. */
  reportIds: string[];
  /** The DSN's Arrival-Date (or the event's own time): the same delivery, status and arrival count once. */
  arrivalDate: string | null;
};

/** A 32-hex delivery token as the deliveries table writes it (a UUID with dashes). */
export const tokenUuid = (token: string) => token.toLowerCase().replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

/** A delivery's token as emails carry it: its unsubscribe token without dashes (unguessable, 122 random bits). */
export const deliveryToken = (unsubscribeToken: string) => unsubscribeToken.replaceAll('-', '');
