import * as z from 'zod/mini';
import { campaignSchema, deliveryChannelSchema } from './campaign-schemas';
import { ratingSummarySchema, REVIEW_STEPS, reviewFunnelSchema, siteClicksSchema } from './reviews';

/** Deliveries: one per recipient of a started campaign (issue 5), as the details page shows them. */
export const DELIVERY_STATES = ['queued', 'sending', 'sent', 'delivered', 'failed', 'canceled', 'skipped', 'outbox'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** What a bounce report or a complaint (ARF) said about an email. */
export const BOUNCE_KINDS = ['hard', 'soft', 'complaint'] as const;
export type BounceKind = (typeof BOUNCE_KINDS)[number];
export const BOUNCE_LABELS: Record<BounceKind, string> = { hard: 'Hard bounce', soft: 'Soft bounce', complaint: 'Complaint' };

export const DELIVERY_STATE_LABELS: Record<DeliveryState, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  canceled: 'Canceled',
  skipped: 'Skipped',
  outbox: 'In outbox, not delivered',
};

/**
 * A matching contact without the campaign's channel (an imported contact may have only an email
 * or only a phone number) is listed as skipped with this reason; its row's address is a
 * placeholder (`noAddress`), which the details page shows as "—".
 */
export const NO_ADDRESS_SKIPS = { EMAIL: 'skipped: no email address', SMS: 'skipped: no phone number' } as const;
export const isNoAddressSkip = (error: string | null) => error === NO_ADDRESS_SKIPS.EMAIL || error === NO_ADDRESS_SKIPS.SMS;

const count = z.int();
/** An instant (or null), with its description for the OpenAPI document. */
const maybeInstant = (description: string) => z.nullable(z.string()).register(z.globalRegistry, { description });

/** One recipient of a started campaign, as its details page lists them. */
export const recipientDeliverySchema = z.object({
  id: z.int(),
  contactId: z.nullable(z.int()),
  name: z.nullable(z.string()),
  address: z.string(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.int(),
  error: z.nullable(z.string()),
  sentAt: maybeInstant('ISO 8601 UTC'),
  /** When a queued recipient is next tried (a retry after a temporary failure, or the first try). */
  nextAttemptAt: maybeInstant('When a queued recipient is retried after a failed attempt; null before its first try.'),
  /** The rendered message, for outbox recipients (it was stored, not delivered). */
  message: z.nullable(z.object({ subject: z.nullable(z.string()), body: z.string() })),
  /** How far a review request got with this recipient (null: not sent); automated visits do not count. */
  step: z.nullable(z.enum(REVIEW_STEPS)),
  /** Their rating: the last star they chose (on the review page, in the email or with feedback), if any. */
  rating: z.nullable(z.int()),
  /** Whether they sent private feedback. */
  feedback: z.boolean(),
  /** An email's bounce or complaint, from the provider's report. */
  bounce: z.nullable(z.enum(BOUNCE_KINDS)),
});
export type RecipientDelivery = z.infer<typeof recipientDeliverySchema>;

/** GET /campaign/get-campaign-details/{id}?state=&offset=&limit=: the campaign, its channel, counts per state, timeline and one page of recipients. */
export const campaignDetailsSchema = z.object({
  campaign: campaignSchema,
  /** 'unusable' when the channel is only partly configured (the note says what is missing). */
  channel: deliveryChannelSchema,
  counts: z.record(z.enum([...DELIVERY_STATES, 'recipients']), count),
  /** Emails: bounce and complaint reports read so far. */
  bounces: z.object({ hard: count, soft: count, complaints: count }),
  /** Text messages: the parts (segments) of the messages sent, as carriers bill them. */
  segments: count,
  /** Per minute: first messages sent, kept in the outbox or failed, and reminders that went out. */
  timeline: z.array(z.object({ minute: z.string(), sent: count, outbox: count, failed: count, reminders: count })),
  recipients: z.object({ total: count, offset: count, limit: count, items: z.array(recipientDeliverySchema) }),
  funnel: reviewFunnelSchema,
  sites: z.array(siteClicksSchema),
  /** Contacts skipped by the business's review-request cap ("skipped: asked N days ago"). */
  capped: count,
  /** The reminder's recipients (fixed when it fell due) and how many of them it has reached. */
  reminders: z.object({ recipients: count, sent: count }),
  ratings: ratingSummarySchema,
});
export type CampaignDetails = z.infer<typeof campaignDetailsSchema>;
