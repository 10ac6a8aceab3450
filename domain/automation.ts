import * as z from 'zod/mini';
import { campaignMessages, followUpAnswerSchema, followUpSchema, knownVariablesOnly, MESSAGE_BODY_MAX, SMS_BODY_MAX, subjectProblem } from './campaign-schemas';
import type { CampaignType } from './campaign-status';
import type { DeliveryState } from './delivery';
import { reviewFunnelSchema, siteClicksSchema } from './reviews';
import { requiredText } from './rules';
import { templateVariables } from './templates';

/**
 * The review automation (issue 23): one per business, it asks every visiting contact for a review a
 * while after the visit. Its settings form, the PUT payload and its rules, and the log's lines.
 */

/** Which channel a request goes by: SMS_FIRST texts when the contact has a mobile number and texts are delivered, else emails. */
export const AUTOMATION_CHANNELS = ['SMS_FIRST', 'EMAIL_FIRST', 'SMS', 'EMAIL'] as const;
export type AutomationChannel = (typeof AUTOMATION_CHANNELS)[number];
export const AUTOMATION_CHANNEL_LABELS: Record<AutomationChannel, string> = {
  SMS_FIRST: 'Text message, else email',
  EMAIL_FIRST: 'Email, else text message',
  SMS: 'Text message only',
  EMAIL: 'Email only',
};

/** The channels a request of this setting may go by (decides which fields the form asks for). */
export const channelsOf = (channel: AutomationChannel): readonly CampaignType[] =>
  channel === 'SMS' ? ['SMS'] : channel === 'EMAIL' ? ['EMAIL'] : ['SMS', 'EMAIL'];

/** The delay after a visit, in minutes (a "minute" is AUTOMATION_MINUTE_MS on the server): 1 minute to 30 days. */
export const AUTOMATION_DELAY_MINUTES = { min: 1, max: 30 * 24 * 60, default: 120 } as const;

/** Where a visit came from: the Contacts screen's Check in button now; the API, connected systems and the counter's page next. */
export const VISIT_SOURCES = ['check-in', 'api', 'square', 'stripe', 'shopify', 'check-in-page'] as const;
export type VisitSource = (typeof VISIT_SOURCES)[number];

export const automationMessages = {
  delayInvalid: `The delay must be a whole number of minutes from ${AUTOMATION_DELAY_MINUTES.min} to ${AUTOMATION_DELAY_MINUTES.max.toLocaleString('en-US')} (30 days)`,
  channelInvalid: `Channel must be one of ${AUTOMATION_CHANNELS.join(', ')}`,
  enabledInvalid: 'Enabled must be true or false',
  needsReviewLink: 'The automation asks for reviews: use ${reviewLink} in the message.',
  saved: { message: 'Automation Saved', description: 'The review automation has been saved.' },
  /** A request kept while its sending had stopped: saving the automation sends it. */
  waitingForSave: 'Waiting: sending stopped; save the automation to send it',
} as const;

/** Why the automation asked nothing after a visit, in the log's words. */
export const visitSkipReasons = {
  noMobile: 'skipped: no mobile number',
  noEmail: 'skipped: no email address',
  noAddress: 'skipped: no email address or mobile number',
  notActive: 'skipped: the contact unsubscribed',
  waiting: 'skipped: a request after an earlier visit is still waiting',
  tooOld: 'skipped: the visit was more than 30 days ago, too late to ask about',
} as const;

type Issue = { message: string; path: PropertyKey[]; input: unknown };

/**
 * The rules that depend on the channel: a subject when it may email, a text's length when it may
 * text; and a review link in the message (the reminder reuses it).
 */
function channelIssues(settings: { channel?: unknown; subject?: unknown; messageBody?: unknown; reminder?: unknown }): Issue[] {
  const issues: Issue[] = [];
  if (!AUTOMATION_CHANNELS.includes(settings.channel as AutomationChannel)) return issues;
  const channels = channelsOf(settings.channel as AutomationChannel);
  const body = typeof settings.messageBody === 'string' ? settings.messageBody.trim() : '';
  if (body && !templateVariables(body).includes('reviewLink')) issues.push({ message: automationMessages.needsReviewLink, path: ['messageBody'], input: settings.messageBody });
  if (channels.includes('SMS') && body.length > SMS_BODY_MAX) issues.push({ message: campaignMessages.smsBodyMax, path: ['messageBody'], input: settings.messageBody });
  if (channels.includes('EMAIL')) {
    const subject = typeof settings.subject === 'string' ? settings.subject.trim() : '';
    const problem = subject ? subjectProblem(subject) : campaignMessages.subjectRequired;
    if (problem) issues.push({ message: problem, path: ['subject'], input: settings.subject });
  }
  const reminder = settings.reminder as { subject?: unknown; messageBody?: unknown } | null | undefined;
  if (reminder && typeof reminder === 'object') {
    const reminderSubject = channels.includes('EMAIL') && typeof reminder.subject === 'string' ? reminder.subject.trim() : '';
    const problem = reminderSubject && subjectProblem(reminderSubject);
    if (problem) issues.push({ message: problem, path: ['reminder', 'subject'], input: reminder.subject });
    const reminderBody = typeof reminder.messageBody === 'string' ? reminder.messageBody.trim() : '';
    if (channels.includes('SMS') && reminderBody.length > SMS_BODY_MAX) issues.push({ message: campaignMessages.smsBodyMax, path: ['reminder', 'messageBody'], input: reminder.messageBody });
  }
  return issues;
}

/** PUT /automation/update-automation/{businessId}. */
export const automationSettingsSchema = z.pipe(
  z
    .object({
      enabled: z.boolean({ error: automationMessages.enabledInvalid }),
      delayMinutes: z.int({ error: automationMessages.delayInvalid }).check(
        z.gte(AUTOMATION_DELAY_MINUTES.min, automationMessages.delayInvalid),
        z.lte(AUTOMATION_DELAY_MINUTES.max, automationMessages.delayInvalid),
      ),
      channel: z.enum(AUTOMATION_CHANNELS, { error: automationMessages.channelInvalid }),
      messageBody: requiredText('Message body', campaignMessages.messageBodyRequired, MESSAGE_BODY_MAX, { multiline: true }).check(knownVariablesOnly),
      subject: z.optional(z.nullable(z.string({ error: campaignMessages.subjectRequired }))),
      /** One reminder, after N days, to those who have not opened their review page; null or absent: none. */
      reminder: z.optional(z.nullable(followUpSchema)),
    })
    .check(
      z.superRefine((settings, ctx) => {
        for (const issue of channelIssues(settings)) ctx.issues.push({ code: 'custom', ...issue });
      }),
    ),
  // Subjects only where email may be sent; blank reminder subject: the first message's.
  z.transform((settings) => {
    const emails = channelsOf(settings.channel).includes('EMAIL');
    return {
      ...settings,
      subject: emails ? settings.subject!.trim() : null,
      reminder: settings.reminder
        ? { afterDays: settings.reminder.afterDays, messageBody: settings.reminder.messageBody, subject: (emails && settings.reminder.subject?.trim()) || null }
        : null,
    };
  }),
);
export type AutomationSettings = z.infer<typeof automationSettingsSchema>;
export type AutomationSettingsPayload = z.input<typeof automationSettingsSchema>;

const count = z.int();

/** GET and PUT /automation/…-automation/{businessId}: the settings (defaults before the first save), why sending stopped, and the figures. */
export const automationSchema = z.object({
  businessId: z.int(),
  enabled: z.boolean(),
  delayMinutes: z.int().register(z.globalRegistry, { description: 'Minutes after the visit (a minute is AUTOMATION_MINUTE_MS).' }),
  channel: z.enum(AUTOMATION_CHANNELS),
  messageBody: z.string(),
  subject: z.nullable(z.string()),
  reminder: z.nullable(followUpAnswerSchema),
  /** Why sending stopped (an error of ours that kept recurring); saving the automation again resumes it. */
  failureReason: z.nullable(z.string()),
  /**
   * The requests' funnel over all time, each request once per step. The review funnel's fields in
   * a schema of their own: the OpenAPI document shows them here, not as the named ReviewFunnel.
   */
  funnel: z.object(reviewFunnelSchema.shape),
  /** Of the private feedback. */
  averageRating: z.nullable(z.number()),
  sites: z.array(siteClicksSchema),
  /** Visits while it was on: how many got a request, how many were skipped (the log says why). */
  visits: z.object({ total: count, requested: count, skipped: count }),
  reminders: z.object({ recipients: count, sent: count }),
});
export type Automation = z.infer<typeof automationSchema>;

/** What the automation does until its owner changes it. */
export const DEFAULT_AUTOMATION = {
  enabled: false,
  delayMinutes: AUTOMATION_DELAY_MINUTES.default,
  channel: 'SMS_FIRST',
  messageBody: 'Hi ${firstName}, thank you for visiting ${businessName}! How was it? ${reviewLink}',
  subject: 'How was your visit to ${businessName}?',
  reminder: null,
} as const satisfies Omit<AutomationSettings, 'reminder'> & { reminder: null };

/** One visit of the log, and what the automation made of it. */
export type AutomationLogItem = {
  /** The visit's id. */
  id: number;
  contactId: number | null;
  /** null once the contact was deleted. */
  contactName: string | null;
  visitedAt: string;
  source: VisitSource;
  /** Why nothing was asked ("skipped: asked 12 days ago"); null when a request was scheduled. */
  skipped: string | null;
  request: {
    channel: CampaignType;
    dueAt: string;
    state: DeliveryState;
    sentAt: string | null;
    /** Why it failed or was not sent. */
    error: string | null;
    /** A text message held by quiet hours: "Waiting for the send window (opens 08:00)". */
    waitingFor: string | null;
  } | null;
  /** On the review page, as a person (link scanners and previews do not count). */
  visited: boolean;
  /** The sites clicked, in the order first clicked. */
  clicked: string[];
  /** The private rating left, if any. */
  rating: number | null;
  reminder: { state: DeliveryState; sentAt: string | null } | null;
};

const CHANNEL_WORDS: Record<CampaignType, string> = { SMS: 'SMS', EMAIL: 'email' };

/** What became of a request, as the log says it after "request due …". */
function requestSteps(request: NonNullable<AutomationLogItem['request']>): string[] {
  const by = CHANNEL_WORDS[request.channel];
  switch (request.state) {
    case 'queued':
      return request.waitingFor ? [request.waitingFor.replace(/^W/, 'w')] : request.error ? [`retrying: ${request.error}`] : [];
    case 'sending':
      return [`sending by ${by}`];
    case 'sent':
    case 'delivered':
      return [`${request.state} by ${by}`];
    case 'outbox':
      return [`kept in the outbox (${by} is not set up)`];
    case 'failed':
      return [`failed: ${request.error ?? 'unknown error'}`];
    case 'canceled':
      return [request.error ? `canceled: ${request.error}` : 'canceled'];
    case 'skipped':
      return [request.error ?? 'skipped'];
  }
}

/**
 * The log's line for one visit: "Ana Horvat visited 14:02 → request due 16:02 → sent by SMS →
 * visited the review page → clicked Google", or "… visited 14:02 → skipped: asked 12 days ago".
 * `time` writes an instant as the reader's clock shows it.
 */
export function automationLogLine(item: AutomationLogItem, time: (iso: string) => string): string {
  const steps = [`${item.contactName ?? 'A deleted contact'} visited ${time(item.visitedAt)}`];
  if (item.skipped) steps.push(item.skipped);
  if (item.request) steps.push(`request due ${time(item.request.dueAt)}`, ...requestSteps(item.request));
  if (item.visited || item.clicked.length > 0) steps.push('visited the review page');
  if (item.clicked.length > 0) steps.push(`clicked ${item.clicked.join(', ')}`);
  if (item.rating !== null) steps.push(`rated ${item.rating} ${item.rating === 1 ? 'star' : 'stars'}`);
  if (item.reminder) {
    const sent = item.reminder.state === 'sent' || item.reminder.state === 'delivered' || item.reminder.state === 'outbox';
    if (sent || item.reminder.state === 'queued' || item.reminder.state === 'sending') steps.push(sent ? 'reminder sent' : 'reminder due');
  }
  return steps.join(' → ');
}
