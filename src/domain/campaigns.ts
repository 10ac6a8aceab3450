import * as z from 'zod/mini';
import { businessIdRule, GENDER_LABELS, parseTags, type Contact } from './contacts';
import { maxMessage, requiredText } from './rules';

/** Campaigns (spec sections 2 to 5, 7 and 9): statuses, the action table, the setup form and messages. */

export const CAMPAIGN_STATUSES = ['CREATED', 'IN_PROGRESS', 'PAUSED', 'FAILED', 'COMPLETED', 'CANCELED'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_TYPES = ['SMS', 'EMAIL'] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];
export const CAMPAIGN_TYPE_LABELS: Record<CampaignType, string> = { SMS: 'Text message', EMAIL: 'Email' };

/** SCHEDULED is display-only: a CREATED campaign with a start time. */
export type DisplayStatus = CampaignStatus | 'SCHEDULED';

export function displayStatus(campaign: { status: string; startTime: string | null | undefined }): DisplayStatus {
  if (campaign.status === 'CREATED' && campaign.startTime) return 'SCHEDULED';
  return campaign.status as DisplayStatus;
}

export const DISPLAY_STATUS_LABELS: Record<DisplayStatus, string> = {
  CREATED: 'Created',
  SCHEDULED: 'Scheduled',
  IN_PROGRESS: 'Running',
  PAUSED: 'Paused',
  FAILED: 'Failed',
  COMPLETED: 'Completed',
  CANCELED: 'Canceled',
};
export const UNKNOWN_STATUS_LABEL = 'Unknown Status';

const isDisplayStatus = (status: string): status is DisplayStatus => Object.hasOwn(DISPLAY_STATUS_LABELS, status);

export const displayStatusLabel = (status: string): string =>
  isDisplayStatus(status) ? DISPLAY_STATUS_LABELS[status] : UNKNOWN_STATUS_LABEL;

/** Badge colours: 'primary' and 'brand' are theme colours, the others antd's preset names. */
export const DISPLAY_STATUS_COLORS: Record<DisplayStatus, string> = {
  CREATED: 'primary',
  SCHEDULED: 'orange',
  IN_PROGRESS: 'brand',
  PAUSED: 'yellow',
  FAILED: 'red',
  CANCELED: 'red',
  COMPLETED: 'green',
};
export const displayStatusColor = (status: string): string =>
  isDisplayStatus(status) ? DISPLAY_STATUS_COLORS[status] : 'default';

/** The overview's status filter: 'Created' is CREATED without a start time, 'Scheduled' with one. */
export const CAMPAIGN_STATUS_FILTERS: ReadonlyArray<{ value: DisplayStatus; label: string }> = [
  { value: 'CREATED', label: 'Created' },
  { value: 'SCHEDULED', label: 'Scheduled' },
  { value: 'IN_PROGRESS', label: 'In progress' },
  { value: 'PAUSED', label: 'Paused' },
  { value: 'FAILED', label: 'Failed' },
  { value: 'COMPLETED', label: 'Completed' },
  { value: 'CANCELED', label: 'Canceled' },
];

/** The action table of spec section 4. */
export const CAMPAIGN_ACTIONS = {
  start: ['CREATED', 'PAUSED'],
  pause: ['IN_PROGRESS'],
  cancel: ['CREATED', 'IN_PROGRESS', 'PAUSED'],
  duplicate: ['CREATED', 'PAUSED', 'IN_PROGRESS', 'CANCELED', 'FAILED', 'COMPLETED'],
  edit: ['CREATED'],
  delete: ['CREATED', 'CANCELED', 'FAILED', 'COMPLETED'],
} as const satisfies Record<string, readonly CampaignStatus[]>;
export type CampaignAction = keyof typeof CAMPAIGN_ACTIONS;
export const CAMPAIGN_ACTION_NAMES = Object.keys(CAMPAIGN_ACTIONS) as CampaignAction[];

const isCampaignAction = (action: string): action is CampaignAction => Object.hasOwn(CAMPAIGN_ACTIONS, action);

/** Throws 'Invalid action' (spec section 8) for an action that is not in the table. */
export function allowedStatuses(action: string): readonly CampaignStatus[] {
  if (!isCampaignAction(action)) throw new Error('Invalid action');
  return CAMPAIGN_ACTIONS[action];
}

export const isActionAllowed = (action: string, status: string): boolean =>
  (allowedStatuses(action) as readonly string[]).includes(status);

const ACTION_PAST_PARTICIPLES: Record<CampaignAction, string> = {
  start: 'started',
  pause: 'paused',
  cancel: 'canceled',
  duplicate: 'duplicated',
  edit: 'edited',
  delete: 'deleted',
};

/** 'This campaign cannot be paused because it is Completed.' */
export const actionRefusedMessage = (action: CampaignAction, campaign: { status: string; startTime: string | null }) =>
  `This campaign cannot be ${ACTION_PAST_PARTICIPLES[action]} because it is ${displayStatusLabel(displayStatus(campaign))}.`;

/** Section 8's confirmation text for an action. */
export const actionConfirmationMessage = (action: CampaignAction) =>
  `Are you sure you want to ${action} this campaign. This action cannot be reverted.`;

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

// ---- Template variables ----

export const TEMPLATE_VARIABLES = [
  { name: 'firstName', label: 'First name' },
  { name: 'lastName', label: 'Last name' },
  { name: 'email', label: 'Email' },
  { name: 'phoneNumber', label: 'Phone number' },
  { name: 'birthDate', label: 'Birth date' },
  { name: 'gender', label: 'Gender' },
  { name: 'tags', label: 'Tags' },
  { name: 'businessName', label: 'Business name' },
  { name: 'reviewLink', label: 'Review link' },
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number]['name'];
const TEMPLATE_VARIABLE_NAMES = new Set<string>(TEMPLATE_VARIABLES.map((variable) => variable.name));

/** How a variable is written in a message: `${firstName}`. */
export const variableToken = (name: string) => '${' + name + '}';

// Anything between `${` and `}`, so a misspelt `${first name}` is reported instead of sent as it is.
const VARIABLE_PATTERN = /\$\{([^{}]*)\}/g;

/** The variable names a template uses, each once, in order of first use (trimmed of spaces). */
export function templateVariables(template: string): string[] {
  const names = new Set<string>();
  for (const match of template.matchAll(VARIABLE_PATTERN)) names.add(match[1]!.trim());
  return [...names];
}

export const unknownTemplateVariables = (template: string): string[] =>
  templateVariables(template).filter((name) => !TEMPLATE_VARIABLE_NAMES.has(name));

export const usesTemplateVariable = (template: string | null | undefined, name: TemplateVariable) =>
  Boolean(template) && templateVariables(template!).includes(name);

export type TemplateContext = {
  contact: Pick<Contact, 'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'birthDate' | 'gender' | 'tags'>;
  business: { name: string; reviewLink: string | null };
};

const dottedDate = (isoDate: string) => {
  const [year, month, day] = isoDate.slice(0, 10).split('-');
  return `${day}.${month}.${year}`;
};

function variableValue(name: string, { contact, business }: TemplateContext): string | undefined {
  switch (name) {
    case 'firstName':
    case 'lastName':
    case 'email':
    case 'phoneNumber':
      return contact[name];
    case 'birthDate':
      return dottedDate(contact.birthDate);
    case 'gender':
      return GENDER_LABELS[contact.gender];
    case 'tags':
      return parseTags(contact.tags).join(', ');
    case 'businessName':
      return business.name;
    case 'reviewLink':
      return business.reviewLink ?? '';
    default:
      return undefined;
  }
}

/** The message one contact receives; an unknown variable is left as written (validation refuses those). */
export const renderMessage = (template: string, context: TemplateContext): string =>
  template.replace(VARIABLE_PATTERN, (token, name: string) => variableValue(name.trim(), context) ?? token);

/** The hard-coded templates of the setup form. */
export const MESSAGE_TEMPLATES = [
  {
    id: 'ask-for-review',
    name: 'Ask for a Review',
    body: 'Hi ${firstName}, thank you for choosing ${businessName}! Would you take a minute to tell others about your visit? ${reviewLink}',
  },
  {
    id: 'thank-you-for-visiting',
    name: 'Thank you for visiting',
    body: 'Hi ${firstName}, thank you for visiting ${businessName}. It was a pleasure to have you, and we look forward to seeing you again soon!',
  },
  {
    id: 'special-offer',
    name: 'Special offer',
    body: 'Hi ${firstName}, as a valued customer of ${businessName} you get 10% off your next visit. Just show this message when you come in.',
  },
] as const;

// ---- The setup form and the API payloads ----

export const campaignMessages = {
  nameRequired: 'Campaign name is required',
  nameMax: maxMessage('Campaign name', CAMPAIGN_NAME_MAX),
  typeRequired: 'Campaign type is required',
  typeInvalid: 'Campaign type must be SMS (text message) or EMAIL',
  subjectRequired: 'Email subject is required',
  subjectMax: maxMessage('Email subject', SUBJECT_MAX),
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
  reviewLinkMissing: 'Add a review link to the business before using ${reviewLink}.',
  duplicateName: 'A campaign with this name already exists.',
  filterNotInBusiness: 'The selected recipients filter does not exist in this business.',
  notFound: 'Campaign not found.',
} as const;

const isMissing = (input: unknown) => input === undefined || input === null || input === '';

const knownVariablesOnly = z.refine<string>((text) => unknownTemplateVariables(text).length === 0, {
  error: (issue) => campaignMessages.unknownVariables(unknownTemplateVariables(String(issue.input))),
});

export const campaignNameRule = requiredText(campaignMessages.nameRequired, {
  length: CAMPAIGN_NAME_MAX,
  message: campaignMessages.nameMax,
});

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

// ISO 8601 with a time zone, so the moment does not depend on where the server runs.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const isInstant = (value: string) => ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value));

/** Optional; empty or null means a draft. Answers the instant as ISO 8601 UTC. */
export const startTimeRule = z.pipe(
  z.optional(z.nullable(z.string({ error: campaignMessages.startTimeInvalid }))).check(
    z.refine((value) => !value || isInstant(value), campaignMessages.startTimeInvalid),
    z.refine((value) => !value || !isInstant(value) || Date.parse(value) > Date.now(), campaignMessages.startTimeInPast),
  ),
  z.transform((value) => (value ? new Date(value).toISOString() : null)),
);

/** The setup step's fields (type decides whether the subject is asked for). */
const setupFields = {
  type: campaignTypeRule,
  subject: z.optional(z.nullable(z.string({ error: campaignMessages.subjectRequired }))),
  messageBody: requiredText(campaignMessages.messageBodyRequired, {
    length: MESSAGE_BODY_MAX,
    message: campaignMessages.messageBodyMax,
  }).check(knownVariablesOnly),
  contactFilterId: z
    .int({ error: campaignMessages.recipientsRequired })
    .check(z.positive(campaignMessages.recipientsRequired)),
  interval: optionRule(INTERVAL_OPTIONS, campaignMessages.intervalRequired, campaignMessages.intervalInvalid),
  intervalSize: optionRule(INTERVAL_SIZE_OPTIONS, campaignMessages.intervalSizeRequired, campaignMessages.intervalSizeInvalid),
  sendAllAtOnce: z._default(z.boolean({ error: campaignMessages.sendAllAtOnceInvalid }), DEFAULT_SEND_ALL_AT_ONCE),
};

/** Subject for EMAIL only (trimmed, no unknown variables; null for SMS); SMS bodies are capped lower. */
const typeDependentRules = z.superRefine<{ type?: unknown; subject?: unknown; messageBody?: unknown }>(
  (campaign, ctx) => {
    if (campaign.type === 'EMAIL') {
      const subject = typeof campaign.subject === 'string' ? campaign.subject.trim() : '';
      const issue = (message: string) => ctx.issues.push({ code: 'custom', message, path: ['subject'], input: campaign.subject });
      if (!subject) issue(campaignMessages.subjectRequired);
      else if (subject.length > SUBJECT_MAX) issue(campaignMessages.subjectMax);
      else if (unknownTemplateVariables(subject).length) issue(campaignMessages.unknownVariables(unknownTemplateVariables(subject)));
    }
    if (campaign.type === 'SMS' && typeof campaign.messageBody === 'string' && campaign.messageBody.trim().length > SMS_BODY_MAX) {
      ctx.issues.push({ code: 'custom', message: campaignMessages.smsBodyMax, path: ['messageBody'], input: campaign.messageBody });
    }
  },
  // Also when other fields failed, so the form shows every problem at once.
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
);

const normaliseSubject = <T extends { type: CampaignType; subject?: string | null }>(campaign: T) => ({
  ...campaign,
  subject: campaign.type === 'EMAIL' ? campaign.subject!.trim() : null,
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

/** A campaign as the API answers it. */
export type Campaign = {
  id: number;
  name: string;
  type: CampaignType;
  status: CampaignStatus;
  /** ISO 8601 UTC; for a CREATED campaign the scheduled start, otherwise when it started. */
  startTime: string | null;
  contactFilterName: string;
  interval: number;
  intervalSize: number;
  /** null for SMS. */
  subject: string | null;
  messageBody: string;
  businessId: number;
  contactFilterId: number;
  sendAllAtOnce: boolean;
  failureReason: string | null;
  counts: { recipients: number; sent: number; failed: number };
};

/** GET /campaign/get-sender: the configured senders; null when not configured. */
export type CampaignSenders = { sms: string | null; email: string | null };
