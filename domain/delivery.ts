import type { Campaign, DeliveryChannel } from './campaign-schemas';
import type { RatingSummary, ReviewFunnel, ReviewStep, SiteClicks } from './reviews';

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

export type RecipientDelivery = {
  id: number;
  contactId: number | null;
  name: string | null;
  address: string;
  state: DeliveryState;
  attempts: number;
  error: string | null;
  sentAt: string | null;
  /** When a queued recipient is next tried (a retry after a temporary failure, or the first try). */
  nextAttemptAt: string | null;
  /** The rendered message, for outbox recipients (it was stored, not delivered). */
  message: { subject: string | null; body: string } | null;
  /** How far a review request got with this recipient (null: not sent); automated visits do not count. */
  step: ReviewStep | null;
  /** Their rating: the last star they chose (on the review page, in the email or with feedback), if any. */
  rating: number | null;
  /** Whether they sent private feedback. */
  feedback: boolean;
  /** An email's bounce or complaint, from the provider's report. */
  bounce: BounceKind | null;
};

/** GET /campaign/get-campaign-details/{id}?state=&offset=&limit= */
export type CampaignDetails = {
  campaign: Campaign;
  /** 'unusable' when the channel is only partly configured (the note says what is missing). */
  channel: DeliveryChannel;
  counts: Record<DeliveryState | 'recipients', number>;
  /** Emails: bounce and complaint reports read so far. */
  bounces: { hard: number; soft: number; complaints: number };
  /** Text messages: the parts (segments) of the messages sent, as carriers bill them. */
  segments: number;
  /** Per minute: first messages sent, kept in the outbox or failed, and reminders that went out. */
  timeline: Array<{ minute: string; sent: number; outbox: number; failed: number; reminders: number }>;
  recipients: { total: number; offset: number; limit: number; items: RecipientDelivery[] };
  funnel: ReviewFunnel;
  sites: SiteClicks[];
  /** Contacts skipped by the business's review-request cap ("skipped: asked N days ago"). */
  capped: number;
  /** The reminder's recipients (fixed when it fell due) and how many of them it has reached. */
  reminders: { recipients: number; sent: number };
  ratings: RatingSummary;
};
