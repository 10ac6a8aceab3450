import * as z from 'zod/mini';
import { CAMPAIGN_STATUSES, CAMPAIGN_TYPES, type CampaignType } from './campaign-status';
import { businessIdRule } from './contacts';
import { controlCharactersMessage, isIsoInstant, isPlainText, maxMessage, requiredText, rowIdRule } from './rules';
import { TEMPLATE_VARIABLES, templateVariables, unknownTemplateVariables, variableToken } from './templates';

/** The campaign setup form, the API payloads and their messages, pacing options and limits (spec sections 5, 7 and 9). */

/** Section 9 pacing options: minutes between batches, and contacts per batch. */
export const INTERVAL_OPTIONS = [1, 2, 30, 60, 90, 120] as const;
export const DEFAULT_INTERVAL = 1;
export const INTERVAL_SIZE_OPTIONS = [5, 100, 500, 1000] as const;
export const DEFAULT_INTERVAL_SIZE = 5;
export const DEFAULT_SEND_ALL_AT_ONCE = true;

export const CAMPAIGN_NAME_MAX = 100;
export const SUBJECT_MAX = 200;
export const MESSAGE_BODY_MAX = 20_000;
/** Ten concatenated SMS segments, the most carriers deliver as one message. */
export const SMS_BODY_MAX = 1600;

const COPY_PREFIX = 'Copy of ';
/** A reminder goes this many days after the first message (a "day" is REMINDER_DAY_MS on the server). */
export const FOLLOW_UP_DAYS = { min: 1, max: 30, default: 3 } as const;

/**
 * A duplicate's name: 'Copy of X', then 'Copy of X (2)', 'Copy of X (3)', ... the first that is not
 * taken (names are compared case-insensitively), shortening X to stay within the name limit.
 */
export function campaignCopyName(name: string, taken: Iterable<string>): string {
  const takenNames = new Set([...taken].map((existing) => existing.toLowerCase()));
  for (let copy = 1; ; copy += 1) {
    const suffix = copy === 1 ? '' : ` (${copy})`;
    const room = CAMPAIGN_NAME_MAX - COPY_PREFIX.length - suffix.length;
    const candidate = `${COPY_PREFIX}${name.length > room ? name.slice(0, room).trimEnd() : name}${suffix}`;
    if (!takenNames.has(candidate.toLowerCase())) return candidate;
  }
}

/** The setup form's default subject: the business name followed by 'campaign'. */
export const defaultSubject = (businessName: string) => `${businessName} campaign`;

export const campaignMessages = {
  nameRequired: 'Campaign name is required',
  nameMax: maxMessage('Campaign name', CAMPAIGN_NAME_MAX),
  typeRequired: 'Campaign type is required',
  typeInvalid: 'Campaign type must be SMS (text message) or EMAIL',
  subjectRequired: 'Email subject is required',
  subjectMax: maxMessage('Email subject', SUBJECT_MAX),
  subjectControlCharacters: controlCharactersMessage('Email subject'),
  messageBodyRequired: 'Message body is required',
  messageBodyMax: maxMessage('Message body', MESSAGE_BODY_MAX),
  smsBodyMax: maxMessage('A text message', SMS_BODY_MAX),
  recipientsRequired: 'Recipients are required',
  intervalRequired: 'Interval is required',
  intervalInvalid: `Interval must be one of ${INTERVAL_OPTIONS.join(', ')} minutes`,
  intervalSizeRequired: 'Interval size is required',
  intervalSizeInvalid: `Interval size must be one of ${INTERVAL_SIZE_OPTIONS.join(', ')}`,
  sendAllAtOnceInvalid: 'Send all at once must be true or false',
  startTimeInvalid: 'The scheduled start must be a date and time',
  startTimeInPast: 'The scheduled start must be in the future.',
  unknownVariables: (names: readonly string[]) =>
    `Unknown ${names.length === 1 ? 'variable' : 'variables'}: ${names.map(variableToken).join(', ')}. Available: ${TEMPLATE_VARIABLES.map((variable) => variableToken(variable.name)).join(', ')}`,
  reviewLinkMissing: 'Add a review site to the business (Business settings) before using ${reviewLink}.',
  duplicateName: 'A campaign with this name already exists.',
  filterNotInBusiness: 'The selected recipients filter does not exist in this business.',
  notFound: 'Campaign not found.',
  followUpDaysInvalid: `Remind after a whole number of days from ${FOLLOW_UP_DAYS.min} to ${FOLLOW_UP_DAYS.max}`,
  followUpBodyRequired: 'Reminder message is required',
  followUpNeedsReviewLink: 'A reminder is for review requests: use ${reviewLink} in the message.',
} as const;

const isMissing = (input: unknown) => input === undefined || input === null || input === '';

/** A message or subject uses only the variables there are. */
export const knownVariablesOnly = z.refine<string>((text) => unknownTemplateVariables(text).length === 0, {
  error: (issue) => campaignMessages.unknownVariables(unknownTemplateVariables(String(issue.input))),
});

/** What is wrong with a subject that is given (trimmed): too long, control characters, unknown variables; or null. */
export function subjectProblem(subject: string): string | null {
  if (subject.length > SUBJECT_MAX) return campaignMessages.subjectMax;
  if (!isPlainText(subject)) return campaignMessages.subjectControlCharacters;
  const unknown = unknownTemplateVariables(subject);
  return unknown.length ? campaignMessages.unknownVariables(unknown) : null;
}

export const campaignNameRule = requiredText('Campaign name', campaignMessages.nameRequired, CAMPAIGN_NAME_MAX);

export const campaignTypeRule = z.enum(CAMPAIGN_TYPES, {
  error: (issue) => (isMissing(issue.input) ? campaignMessages.typeRequired : campaignMessages.typeInvalid),
});

const optionRule = <T extends number>(options: readonly T[], requiredMessage: string, invalidMessage: string) =>
  z.pipe(
    z
      .number({ error: (issue) => (isMissing(issue.input) ? requiredMessage : invalidMessage) })
      .check(z.refine((value) => (options as readonly number[]).includes(value), invalidMessage)),
    z.transform((value) => value as T),
  );

/** Optional; empty or null means a draft. Answers the instant as ISO 8601 UTC. */
export const startTimeRule = z.pipe(
  z.optional(z.nullable(z.string({ error: campaignMessages.startTimeInvalid }))).check(
    z.refine((value) => !value || isIsoInstant(value), campaignMessages.startTimeInvalid),
    z.refine((value) => !value || !isIsoInstant(value) || Date.parse(value) > Date.now(), campaignMessages.startTimeInPast),
  ),
  z.transform((value) => (value ? new Date(value).toISOString() : null)),
);

/** One reminder, after N days, to those who have not opened their review page (a campaign's, the review automation's). */
export const followUpSchema = z.object({
  afterDays: z.int({ error: campaignMessages.followUpDaysInvalid }).check(
    z.gte(FOLLOW_UP_DAYS.min, campaignMessages.followUpDaysInvalid),
    z.lte(FOLLOW_UP_DAYS.max, campaignMessages.followUpDaysInvalid),
  ),
  messageBody: requiredText('Reminder message', campaignMessages.followUpBodyRequired, MESSAGE_BODY_MAX, {
    multiline: true,
  }).check(knownVariablesOnly),
  /** EMAIL only; blank: the first message's subject. */
  subject: z.optional(z.nullable(z.string({ error: campaignMessages.subjectRequired }))),
});

/** The setup step's fields (type decides whether the subject is asked for). */
const setupFields = {
  type: campaignTypeRule,
  subject: z.optional(z.nullable(z.string({ error: campaignMessages.subjectRequired }))),
  messageBody: requiredText('Message body', campaignMessages.messageBodyRequired, MESSAGE_BODY_MAX, {
    multiline: true,
  }).check(knownVariablesOnly),
  contactFilterId: z
    .int({ error: campaignMessages.recipientsRequired })
    .check(z.positive(campaignMessages.recipientsRequired)),
  interval: optionRule(INTERVAL_OPTIONS, campaignMessages.intervalRequired, campaignMessages.intervalInvalid),
  intervalSize: optionRule(INTERVAL_SIZE_OPTIONS, campaignMessages.intervalSizeRequired, campaignMessages.intervalSizeInvalid),
  sendAllAtOnce: z._default(z.boolean({ error: campaignMessages.sendAllAtOnceInvalid }), DEFAULT_SEND_ALL_AT_ONCE),
  /** One reminder to recipients who have not opened their review page; null for none. */
  followUp: z._default(z.nullable(followUpSchema), null),
};

/** Subject for EMAIL only (trimmed, no unknown variables; null for SMS); SMS bodies are capped lower. */
const typeDependentRules = z.superRefine<{ type?: unknown; subject?: unknown; messageBody?: unknown }>(
  (campaign, ctx) => {
    if (campaign.type === 'EMAIL') {
      const subject = typeof campaign.subject === 'string' ? campaign.subject.trim() : '';
      const issue = (message: string) => ctx.issues.push({ code: 'custom', message, path: ['subject'], input: campaign.subject });
      if (!subject) issue(campaignMessages.subjectRequired);
      else if (subjectProblem(subject)) issue(subjectProblem(subject)!);
    }
    if (campaign.type === 'SMS' && typeof campaign.messageBody === 'string' && campaign.messageBody.trim().length > SMS_BODY_MAX) {
      ctx.issues.push({ code: 'custom', message: campaignMessages.smsBodyMax, path: ['messageBody'], input: campaign.messageBody });
    }
    for (const issue of followUpIssues(campaign)) ctx.issues.push({ code: 'custom', ...issue });
  },
  // Also when other fields failed, so the form shows every problem at once.
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
);

type Issue = { message: string; path: PropertyKey[]; input: unknown };

/** The reminder's own subject (optional, EMAIL only) and SMS length, and that the campaign is a review request. */
function followUpIssues(campaign: { type?: unknown; subject?: unknown; messageBody?: unknown; followUp?: unknown }): Issue[] {
  const followUp = campaign.followUp as { subject?: unknown; messageBody?: unknown } | null | undefined;
  if (!followUp || typeof followUp !== 'object') return [];
  const issues: Issue[] = [];
  const issue = (field: string, message: string, input: unknown) => issues.push({ message, path: ['followUp', field], input });
  const reviewRequest = [campaign.messageBody, campaign.subject].some((text) => typeof text === 'string' && templateVariables(text).includes('reviewLink'));
  if (!reviewRequest) issue('messageBody', campaignMessages.followUpNeedsReviewLink, followUp.messageBody);
  const subject = campaign.type === 'EMAIL' && typeof followUp.subject === 'string' ? followUp.subject.trim() : '';
  const problem = subjectProblem(subject);
  if (problem) issue('subject', problem, followUp.subject);
  if (campaign.type === 'SMS' && typeof followUp.messageBody === 'string' && followUp.messageBody.trim().length > SMS_BODY_MAX) {
    issue('messageBody', campaignMessages.smsBodyMax, followUp.messageBody);
  }
  return issues;
}

const normaliseSubject = <T extends { type: CampaignType; subject?: string | null; followUp: { afterDays: number; messageBody: string; subject?: string | null } | null }>(
  campaign: T,
) => ({
  ...campaign,
  subject: campaign.type === 'EMAIL' ? campaign.subject!.trim() : null,
  followUp: campaign.followUp && {
    afterDays: campaign.followUp.afterDays,
    messageBody: campaign.followUp.messageBody,
    subject: campaign.type === 'EMAIL' ? campaign.followUp.subject?.trim() || null : null,
  },
});

/** The setup form (step 3); name and type come from steps 1 and 2. */
export const campaignSetupSchema = z.pipe(
  z.object({ ...setupFields, startTime: startTimeRule }).check(typeDependentRules),
  z.transform(normaliseSubject),
);

/** POST /campaign/create-new-campaign: a draft, or scheduled when startTime is set. */
export const newCampaignSchema = z.pipe(
  z
    .object({ ...setupFields, name: campaignNameRule, businessId: businessIdRule, startTime: startTimeRule })
    .check(typeDependentRules),
  z.transform(normaliseSubject),
);
export type NewCampaign = z.infer<typeof newCampaignSchema>;
export type NewCampaignPayload = z.input<typeof newCampaignSchema>;

/** POST /campaign/launch-new-campaign: the same without startTime (it starts now). */
export const launchCampaignSchema = z.pipe(
  z.object({ ...setupFields, name: campaignNameRule, businessId: businessIdRule }).check(typeDependentRules),
  z.transform(normaliseSubject),
);
export type LaunchCampaign = z.infer<typeof launchCampaignSchema>;
export type LaunchCampaignPayload = z.input<typeof launchCampaignSchema>;

/** PUT /campaign/update-campaign/{id} (beyond the spec): a CREATED campaign's fields; it stays in its business. */
export const updateCampaignSchema = z.pipe(
  z.object({ ...setupFields, name: campaignNameRule, startTime: startTimeRule }).check(typeDependentRules),
  z.transform(normaliseSubject),
);
export type UpdateCampaign = z.infer<typeof updateCampaignSchema>;
export type UpdateCampaignPayload = z.input<typeof updateCampaignSchema>;

const count = z.int();
/** An instant (or null), with its description for the OpenAPI document. */
const maybeInstant = (description: string) => z.nullable(z.string()).register(z.globalRegistry, { description });

/** A reminder as the API answers it (a campaign's, the review automation's). */
export const followUpAnswerSchema = z.object({
  afterDays: z.int(),
  messageBody: z.string(),
  /** null: the first message's subject (always null for SMS). */
  subject: z.nullable(z.string()),
});
export type FollowUp = z.infer<typeof followUpAnswerSchema>;

/**
 * A campaign as the API answers it: the list's items, one campaign, and every action's answer. The
 * one description of the answer: the server checks its answers against it (server/campaigns/schemas.ts
 * names it in the OpenAPI document), the browser's type is inferred from it, and tests parse their
 * fixtures with it.
 */
export const campaignSchema = z.object({
  id: z.int(),
  name: z.string(),
  type: z.enum(CAMPAIGN_TYPES),
  status: z.enum(CAMPAIGN_STATUSES),
  startTime: maybeInstant('ISO 8601 UTC; for a CREATED campaign the scheduled start, otherwise when it started.'),
  contactFilterName: z.string(),
  interval: z.int(),
  intervalSize: z.int(),
  /** null for SMS. */
  subject: z.nullable(z.string()),
  messageBody: z.string(),
  businessId: z.int(),
  contactFilterId: z.int(),
  sendAllAtOnce: z.boolean(),
  failureReason: z.nullable(z.string()),
  // A schema of its own (the reminder's fields), as it carries the campaign's description.
  followUp: z.nullable(
    z.object(followUpAnswerSchema.shape).register(z.globalRegistry, {
      description: 'The one reminder, to recipients who have not opened their review page after afterDays days; subject null: the first message\'s.',
    }),
  ),
  /** Why a running campaign sends nothing now: "Waiting for the send window (opens 08:00)". */
  waitingFor: z.nullable(z.string()),
  /** When its reminder falls due (ISO 8601 UTC): every first message has left and the reminder has not been sent yet. */
  reminderDueAt: z.nullable(z.string()),
  /** Per recipient: sent (or delivered), failed, and stored in the outbox (not delivered: no channel). */
  counts: z.object({ recipients: count, sent: count, failed: count, outbox: count }),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** How a campaign's messages leave: a real channel, or the outbox when none is configured. */
export const CHANNEL_NAMES = ['smtp', 'twilio', 'outbox'] as const;
export type ChannelName = (typeof CHANNEL_NAMES)[number];

/** How a campaign type's messages leave now; `delivers` is false for the outbox or a channel missing a setting. */
export const deliveryChannelSchema = z.object({ name: z.enum([...CHANNEL_NAMES, 'unusable']), delivers: z.boolean(), note: z.string() });
export type DeliveryChannel = z.infer<typeof deliveryChannelSchema>;

/** GET /campaign/get-sender/{businessId}: who the business's messages are from, and each type's channel. */
export const campaignSendersSchema = z.object({
  /** SMS_FROM, or null when not configured. */
  sms: z.nullable(z.string()),
  smsSetupRequest: z.nullable(z.string()).register(z.globalRegistry, {
    description: 'Without an SMS sender: what the operator must set, in words the owner can forward; else null.',
  }),
  /** `"Keller's Café" <no-reply@example.com>` */
  email: z.string().register(z.globalRegistry, { description: "The From of the business's emails: its sender name at MAIL_FROM's address." }),
  /** Where replies go: the business's reply-to address, else the owner's email. */
  replyTo: z.string(),
  postalAddress: z.string().register(z.globalRegistry, { description: "The business's postal address, as every email's footer shows it." }),
  channels: z.object({ SMS: deliveryChannelSchema, EMAIL: deliveryChannelSchema }).register(z.globalRegistry, {
    description: 'How each campaign type is sent now: delivers is false for the outbox (stored, not delivered) or a channel missing a setting.',
  }),
  /** What `${reviewLink}` looks like in a message (each recipient gets a link of their own). */
  sampleReviewLink: z.string(),
});
export type CampaignSenders = z.infer<typeof campaignSendersSchema>;

/** POST /campaign/check-campaign-name: is the name free in the business (another campaign than `exceptId`)? */
export const campaignNameCheckSchema = z.object({
  businessId: businessIdRule,
  name: campaignNameRule,
  exceptId: z.optional(rowIdRule('The campaign id must be a positive whole number')),
});
export type CampaignNameCheckPayload = z.input<typeof campaignNameCheckSchema>;
export type CampaignNameCheck = { taken: boolean; message: string | null };
