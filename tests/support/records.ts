import type { Campaign, CampaignSenders } from '#domain/campaign-schemas';
import type { CampaignDetails, Contact, RecipientDelivery } from '#domain';

/** Records as the API answers them, for screens rendered against a fixture API. */

export const BUSINESS = { id: 5, name: 'Corner Bakery' };

export function contact(id: number, firstName: string, overrides: Partial<Contact> = {}): Contact {
  return {
    id,
    firstName,
    lastName: `Last${id}`,
    email: `${firstName.toLowerCase()}${id}@example.com`,
    phoneNumber: `49151000000${id}`,
    birthDate: '1990-04-12',
    gender: 'FEMALE',
    status: 'ACTIVE',
    tags: '',
    lastVisited: null,
    businessId: BUSINESS.id,
    ...overrides,
  };
}

export function campaign(id: number, overrides: Partial<Campaign> = {}): Campaign {
  return {
    id,
    name: `Campaign ${id}`,
    type: 'EMAIL',
    status: 'CREATED',
    startTime: null,
    contactFilterName: 'Regulars',
    interval: 1,
    intervalSize: 5,
    subject: 'Hello',
    messageBody: 'Hi',
    businessId: BUSINESS.id,
    contactFilterId: 1,
    sendAllAtOnce: true,
    failureReason: null,
    followUp: null,
    waitingFor: null,
    reminderDueAt: null,
    counts: { recipients: 0, sent: 0, failed: 0, outbox: 0 },
    ...overrides,
  };
}

/** GET /campaign/get-sender/{businessId} for BUSINESS: both channels delivering unless overridden. */
export function senders(overrides: Partial<CampaignSenders> = {}): CampaignSenders {
  return {
    sms: '+4915100000',
    smsSetupRequest: null,
    email: '"Corner Bakery" <hello@bakery.example>',
    replyTo: 'owner@bakery.example',
    postalAddress: 'Main Street 12a, 10115 Berlin, Germany',
    channels: {
      EMAIL: { name: 'smtp', delivers: true, note: 'Emails are sent through the configured SMTP server.' },
      SMS: { name: 'twilio', delivers: true, note: 'Text messages are sent through Twilio.' },
    },
    sampleReviewLink: 'http://localhost:3000/r/SampleLink-abcdefghijk',
    ...overrides,
  };
}

/** A recipient of campaignDetails(): sent by email, without a funnel step. */
export function recipientDelivery(id: number, overrides: Partial<RecipientDelivery> = {}): RecipientDelivery {
  return { id, contactId: id, name: `Recipient ${id}`, address: `recipient${id}@example.com`, state: 'sent', attempts: 1, error: null, sentAt: '2026-05-01T10:00:00.000Z', nextAttemptAt: null, message: null, bounce: null, step: null, rating: null, feedback: false, ...overrides };
}

/** GET /campaign/get-campaign-details/7: a completed email campaign of two rated recipients unless overridden. */
export function campaignDetails(overrides: Partial<CampaignDetails> = {}): CampaignDetails {
  const items = [
    recipientDelivery(1, { name: 'Ann Lee', address: 'ann@example.com', step: 'clicked', rating: 5 }),
    recipientDelivery(2, { name: 'Bob Roe', address: 'bob@example.com', step: 'visited', rating: 2, feedback: true }),
  ];
  return {
    campaign: campaign(7, { name: 'Spring reviews', status: 'COMPLETED' }),
    channel: { name: 'smtp', delivers: true, note: 'Emails are sent through the configured SMTP server.' },
    counts: { recipients: 2, queued: 0, sending: 0, sent: 2, delivered: 0, failed: 0, canceled: 0, skipped: 0, outbox: 0 },
    bounces: { hard: 0, soft: 0, complaints: 0 },
    segments: 0,
    timeline: [],
    recipients: { total: items.length, offset: 0, limit: 100, items },
    funnel: { sent: 3, delivered: 3, visited: 3, clicked: 2, feedback: 1, automated: 0 },
    sites: [{ name: 'Google', clicks: 2 }],
    capped: 0,
    reminders: { recipients: 0, sent: 0 },
    ratings: { count: 3, averageRating: 4.3 },
    ...overrides,
  };
}
