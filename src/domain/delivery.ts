import type { Campaign } from './campaigns';

/** Deliveries: one per recipient of a started campaign (issue 5), as the details page shows them. */
export const DELIVERY_STATES = ['queued', 'sending', 'sent', 'delivered', 'failed', 'canceled', 'skipped', 'outbox'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const DELIVERY_STATE_LABELS: Record<DeliveryState, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  canceled: 'Canceled',
  skipped: 'Skipped (unsubscribed)',
  outbox: 'In outbox, not delivered',
};

/** How a campaign's messages leave: a real channel, or the outbox when none is configured. */
export type ChannelName = 'smtp' | 'twilio' | 'outbox';

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
};

/** GET /campaign/get-campaign-details/{id}?state=&offset=&limit= */
export type CampaignDetails = {
  campaign: Campaign;
  /** 'unusable' when the channel is only partly configured (the note says what is missing). */
  channel: { name: ChannelName | 'unusable'; delivers: boolean; note: string };
  counts: Record<DeliveryState | 'recipients', number>;
  timeline: Array<{ minute: string; sent: number; outbox: number; failed: number }>;
  recipients: { total: number; offset: number; limit: number; items: RecipientDelivery[] };
};
