import type { ChannelName } from '#domain';
import type { EmailSender } from './sender';
import type { DeliverySuppression } from '../suppressions/addresses';

/** What a failure says about the address: it goes on the business's suppression list. */
export type SendSuppression = Omit<DeliverySuppression, 'deliveryId'>;

/** A claimed recipient's message, rendered when the campaign started. */
export type OutgoingMessage = {
  id: number;
  /** The claim's attempt number: a result is recorded only for the claim that made it. */
  attempts: number;
  address: string;
  subject: string | null;
  body: string;
  unsubscribeToken: string;
  /** The review page's token of a review request (a reminder's is its first message's), else null. */
  reviewToken: string | null;
  /** The campaign's business as emails name it (read when claimed, so a changed sender name applies at once). */
  sender: EmailSender;
};

/** What a channel made of one message. 'retry' is a temporary failure (4xx from SMTP, 429/5xx, timeouts). */
export type SendOutcome = { id: number; attempts: number } & (
  | { result: 'sent'; providerId: string | null }
  | { result: 'outbox' }
  | { result: 'retry'; error: string }
  | { result: 'failed'; error: string; suppress?: SendSuppression }
);

/** A way messages leave: SMTP (email.ts), Twilio (sms.ts) or the outbox (channels.ts). */
export interface Channel {
  readonly name: ChannelName;
  send(messages: readonly OutgoingMessage[]): Promise<SendOutcome[]>;
  close(): Promise<void>;
}
