import * as z from 'zod/mini';
import type { CampaignType } from './campaign-status';
import { controlCharactersMessage } from './rules';
import { isVisibleText } from './sender';
import type { SuppressionReason } from './suppressions';

/**
 * Outbound webhooks (issue 23): an owner's URL that receives the business's events, signed as the
 * Standard Webhooks specification says. The event types, the endpoint form's rules and messages,
 * what the API answers, and the shape of every event's payload (docs/webhooks.md shows examples).
 */

export const WEBHOOK_EVENT_TYPES = ['review.rating', 'review.clicked', 'feedback.received', 'contact.unsubscribed'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** Sent to one endpoint on the owner's request, so they can check their receiver; no endpoint subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type WebhookDeliveryEventType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

export const WEBHOOK_EVENT_LABELS: Record<WebhookDeliveryEventType, string> = {
  'review.rating': 'A customer chose a star rating',
  'review.clicked': 'A customer clicked a review site',
  'feedback.received': 'A customer sent private feedback',
  'contact.unsubscribed': 'A contact unsubscribed',
  'webhook.test': 'Test event',
};

export const WEBHOOK_ENDPOINTS_MAX = 5;
export const WEBHOOK_URL_MAX = 2000;

export const webhookMessages = {
  urlRequired: 'Webhook URL is required',
  urlMax: `Webhook URL must not exceed ${WEBHOOK_URL_MAX.toLocaleString('en-US')} characters`,
  urlControlCharacters: controlCharactersMessage('Webhook URL'),
  urlInvalid: 'Webhook URL must be a full web address such as https://hooks.example.com/starboost',
  urlHttps: 'Webhook URL must start with https://',
  urlCredentials: 'Webhook URL must not contain a user name or password: check the signature instead',
  urlPrivate: 'Webhook URL must be a public address, not a local or private network one',
  eventsRequired: 'Choose at least one event',
  eventsUnknown: `Events must be among ${WEBHOOK_EVENT_TYPES.join(', ')}`,
  tooMany: `A business has at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints. Delete one to add another.`,
  notFound: 'Webhook endpoint not found.',
} as const;

/** The address as browsers and the sender read it (WHATWG), as review-site addresses are stored. */
const webhookHref = (url: string) => new URL(url).href;

function parsedUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

const isWebUrl = (value: string) => {
  const url = parsedUrl(value);
  return Boolean(url && (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname);
};

/**
 * POST /business/create-webhook-endpoint/{businessId}: the URL (absolute, https; http only where the
 * server allows private and test addresses, `allowHttp`) and the events it receives (each once, in
 * the list's order). The browser form allows http and leaves the last word to the server.
 */
export const webhookEndpointSchema = ({ allowHttp }: { allowHttp: boolean }) =>
  z.object({
    url: z.pipe(
      z.pipe(
        z.string({ error: webhookMessages.urlRequired }).check(
          z.trim(),
          z.minLength(1, webhookMessages.urlRequired),
          z.maxLength(WEBHOOK_URL_MAX, webhookMessages.urlMax),
          // The URL parser would quietly drop or escape control characters (and line separators): refused instead.
          z.refine(isVisibleText, webhookMessages.urlControlCharacters),
          z.refine(isWebUrl, webhookMessages.urlInvalid),
          z.refine((value) => !isWebUrl(value) || allowHttp || parsedUrl(value)!.protocol === 'https:', webhookMessages.urlHttps),
          z.refine((value) => !isWebUrl(value) || (!parsedUrl(value)!.username && !parsedUrl(value)!.password), webhookMessages.urlCredentials),
        ),
        z.transform(webhookHref),
      ),
      // Percent-encoding can make the stored address longer than what was typed.
      z.string().check(z.maxLength(WEBHOOK_URL_MAX, webhookMessages.urlMax)),
    ),
    events: z.pipe(
      z.array(z.enum(WEBHOOK_EVENT_TYPES, { error: webhookMessages.eventsUnknown }), { error: webhookMessages.eventsRequired }).check(
        z.minLength(1, webhookMessages.eventsRequired),
      ),
      z.transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type))),
    ),
  });
export type WebhookEndpointPayload = z.input<ReturnType<typeof webhookEndpointSchema>>;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

const instant = z.string().register(z.globalRegistry, { description: 'ISO 8601 UTC' });

/**
 * An endpoint as the API answers it. The secret (`whsec_` + base64 of 32 random bytes) signs every
 * message; it stays readable to the owner, who needs it to check signatures.
 */
export const webhookEndpointAnswerSchema = z.object({
  id: z.int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  secret: z.string().register(z.globalRegistry, {
    description: 'whsec_ + base64 of the signing key: verify each message’s webhook-signature with it (Standard Webhooks).',
  }),
  createdAt: instant,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointAnswerSchema>;

/** One line of the delivery log: an event sent (or being retried) to one endpoint. Times are ISO 8601 UTC. */
export const webhookDeliverySchema = z.object({
  id: z.int(),
  endpointId: z.int(),
  endpointUrl: z.string(),
  messageId: z.string().register(z.globalRegistry, { description: 'The webhook-id header, the same on every attempt.' }),
  eventType: z.enum([...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT]),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.int(),
  /** The HTTP status of the last answer; null when there was none (no connection, no answer in time). */
  lastStatus: z.nullable(z.int()),
  /** What went wrong with the last attempt, in words; null once delivered. */
  lastError: z.nullable(z.string()),
  createdAt: instant,
  /** When it is tried next (pending only). */
  nextAttemptAt: z.nullable(instant),
  deliveredAt: z.nullable(instant),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/**
 * What every message's body is: `{ type, timestamp, data }` (Standard Webhooks' recommended shape),
 * `timestamp` being when the event happened (ISO 8601 UTC), which a retry keeps.
 */
export type WebhookMessage<Type extends WebhookDeliveryEventType, Data> = { type: Type; timestamp: string; data: Data };

/**
 * The person an event is about, kept to what a receiver needs to find them: no birth date, gender,
 * tags or history. Null when the contact has been deleted since the message was sent.
 */
export type WebhookContact = {
  id: number;
  firstName: string;
  lastName: string;
  email: string | null;
  /** International form with a plus (+491511234567); as stored when it is no valid number. */
  phoneNumber: string | null;
};

/** Which request the customer answered: a campaign's (its id and name), or the review automation's (no campaign). */
type ReviewRequestData = {
  businessId: number;
  contact: WebhookContact | null;
  via: 'campaign' | 'automation';
  campaign: { id: number; name: string } | null;
};

/** review.rating: a star chosen on the review page or by an email's star link (not by a scanner). */
export type ReviewRatingData = ReviewRequestData & { rating: number };
/** review.clicked: a review site button clicked by a person; the site's name as the business has it. */
export type ReviewClickedData = ReviewRequestData & { siteName: string };
/** feedback.received: private feedback from the review page, with its rating and the customer's message. */
export type FeedbackReceivedData = ReviewRequestData & { rating: number; message: string };
/**
 * contact.unsubscribed: the contact opted out, by the email's unsubscribe link (`unsubscribed`), a
 * STOP reply (`stop`) or a spam complaint (`complaint`); `channel` is how the opt-out came.
 */
export type ContactUnsubscribedData = {
  businessId: number;
  contact: WebhookContact;
  channel: CampaignType;
  reason: Extract<SuppressionReason, 'unsubscribed' | 'stop' | 'complaint'>;
};
/** webhook.test: sent on the owner's request from the settings. */
export type WebhookTestData = { businessId: number; endpointId: number; message: string };

export type WebhookEventData = {
  'review.rating': ReviewRatingData;
  'review.clicked': ReviewClickedData;
  'feedback.received': FeedbackReceivedData;
  'contact.unsubscribed': ContactUnsubscribedData;
  'webhook.test': WebhookTestData;
};

export const WEBHOOK_TEST_MESSAGE = 'This is a test event from Starboost. Your endpoint received it.';
