import * as z from 'zod/mini';
import { BOUNCE_KINDS, CAMPAIGN_STATUSES, CAMPAIGN_TYPES, DELIVERY_STATES } from '#domain';

const count = z.int();
const instant = (description: string) => z.nullable(z.string()).register(z.globalRegistry, { description });

/** A campaign as the API answers it: the list's items, one campaign, and every action's answer. */
export const campaignAnswer = z
  .object({
    id: z.int(),
    name: z.string(),
    type: z.enum(CAMPAIGN_TYPES),
    status: z.enum(CAMPAIGN_STATUSES),
    startTime: instant('ISO 8601 UTC; for a CREATED campaign the scheduled start, otherwise when it started.'),
    contactFilterName: z.string(),
    interval: z.int(),
    intervalSize: z.int(),
    subject: z.nullable(z.string()),
    messageBody: z.string(),
    businessId: z.int(),
    contactFilterId: z.int(),
    sendAllAtOnce: z.boolean(),
    failureReason: z.nullable(z.string()),
    followUp: z.nullable(
      z.object({ afterDays: z.int(), messageBody: z.string(), subject: z.nullable(z.string()) }).register(z.globalRegistry, {
        description: 'The one reminder, to recipients who have not opened their review page after afterDays days; subject null: the first message\'s.',
      }),
    ),
    waitingFor: z.nullable(z.string()),
    reminderDueAt: z.nullable(z.string()),
    counts: z.object({ recipients: count, sent: count, failed: count, outbox: count }),
  })
  .register(z.globalRegistry, { id: 'Campaign' });

const channelAnswer = z.object({ name: z.enum(['smtp', 'twilio', 'outbox', 'unusable']), delivers: z.boolean(), note: z.string() });

export const sendersAnswer = z.object({
  sms: z.nullable(z.string()),
  smsSetupRequest: z.nullable(z.string()).register(z.globalRegistry, {
    description: 'Without an SMS sender: what the operator must set, in words the owner can forward; else null.',
  }),
  email: z.string().register(z.globalRegistry, { description: "The From of the business's emails: its sender name at MAIL_FROM's address." }),
  replyTo: z.string(),
  postalAddress: z.string().register(z.globalRegistry, { description: "The business's postal address, as every email's footer shows it." }),
  channels: z.object({ SMS: channelAnswer, EMAIL: channelAnswer }).register(z.globalRegistry, {
    description: 'How each campaign type is sent now: delivers is false for the outbox (stored, not delivered) or a channel missing a setting.',
  }),
  sampleReviewLink: z.string(),
});

/** POST /campaign/check-campaign-name: whether the wizard's name is free in the business. */
export const campaignNameCheckAnswer = z.object({ taken: z.boolean(), message: z.nullable(z.string()) });

const recipientAnswer = z.object({
  id: z.int(),
  contactId: z.nullable(z.int()),
  name: z.nullable(z.string()),
  address: z.string(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.int(),
  error: z.nullable(z.string()),
  sentAt: instant('ISO 8601 UTC'),
  nextAttemptAt: instant('When a queued recipient is retried after a failed attempt; null before its first try.'),
  message: z.nullable(z.object({ subject: z.nullable(z.string()), body: z.string() })),
  step: z.nullable(z.enum(['sent', 'visited', 'clicked'])),
  rating: z.nullable(z.int()),
  feedback: z.boolean(),
  bounce: z.nullable(z.enum(BOUNCE_KINDS)),
});

const funnelAnswer = z
  .object({ sent: count, delivered: count, visited: count, clicked: count, feedback: count, automated: count })
  .register(z.globalRegistry, {
    id: 'ReviewFunnel',
    description: 'Recipients per step of a review request (each once); automated counts scanner and preview openings, which count nowhere else.',
  });

export const ratingsAnswer = z
  .object({ count, averageRating: z.nullable(z.number()) })
  .register(z.globalRegistry, {
    id: 'RatingSummary',
    description: "Recipients who chose a star (on the review page, in the email or with feedback), each once with their last choice, and the average.",
  });

/** GET /campaign/get-campaign-details/{id}: the campaign, its channel, counts per state, timeline and one page of recipients. */
export const campaignDetailsAnswer = z.object({
  campaign: campaignAnswer,
  channel: channelAnswer,
  counts: z.record(z.enum([...DELIVERY_STATES, 'recipients']), count),
  bounces: z.object({ hard: count, soft: count, complaints: count }),
  segments: count,
  timeline: z.array(z.object({ minute: z.string(), sent: count, outbox: count, failed: count, reminders: count })),
  recipients: z.object({ total: count, offset: count, limit: count, items: z.array(recipientAnswer) }),
  funnel: funnelAnswer,
  sites: z.array(z.object({ name: z.string(), clicks: count })),
  capped: count,
  reminders: z.object({ recipients: count, sent: count }),
  ratings: ratingsAnswer,
});
