import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  actionConfirmationMessage,
  campaignActionLabel,
  actionRefusedMessage,
  CAMPAIGN_ACTION_NAMES,
  CAMPAIGN_STATUS_FILTERS,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TYPE_LABELS,
  CAMPAIGN_TYPES,
  campaignCopyName,
  campaignSetupSchema,
  DEFAULT_INTERVAL,
  DEFAULT_INTERVAL_SIZE,
  DEFAULT_SEND_ALL_AT_ONCE,
  defaultSubject,
  displayStatus,
  displayStatusColor,
  DISPLAY_STATUS_COLORS,
  displayStatusLabel,
  fieldErrors,
  INTERVAL_OPTIONS,
  INTERVAL_SIZE_OPTIONS,
  isActionAllowed,
  launchCampaignSchema,
  MESSAGE_TEMPLATES,
  newCampaignSchema,
  renderMessage,
  templateVariables,
  unknownTemplateVariables,
  updateCampaignSchema,
  type TemplateContext,
} from '#domain';

/** Spec section 4's action table, written out independently of the implementation. */
const SPEC_TABLE: Record<string, string[]> = {
  start: ['CREATED', 'PAUSED'],
  pause: ['IN_PROGRESS'],
  cancel: ['CREATED', 'IN_PROGRESS', 'PAUSED'],
  duplicate: ['CREATED', 'PAUSED', 'IN_PROGRESS', 'CANCELED', 'FAILED', 'COMPLETED'],
  edit: ['CREATED'],
  delete: ['CREATED', 'CANCELED', 'FAILED', 'COMPLETED'],
};
const STATUSES = ['CREATED', 'IN_PROGRESS', 'PAUSED', 'FAILED', 'COMPLETED', 'CANCELED'];

const errorsOf = (schema: { safeParse(value: unknown): { success: boolean; error?: unknown } }, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);
};

describe('campaign statuses and types (spec sections 3 and 4)', () => {
  it('has the six statuses and two types with their labels', () => {
    expect(CAMPAIGN_STATUSES).toEqual(STATUSES);
    expect(CAMPAIGN_TYPES).toEqual(['SMS', 'EMAIL']);
    expect(CAMPAIGN_TYPE_LABELS).toEqual({ SMS: 'Text message', EMAIL: 'Email' });
  });

  it('shows SCHEDULED only for CREATED with a start time', () => {
    expect(displayStatus({ status: 'CREATED', startTime: null })).toBe('CREATED');
    expect(displayStatus({ status: 'CREATED', startTime: '2030-01-01T12:00:00.000Z' })).toBe('SCHEDULED');
    for (const status of STATUSES.filter((status) => status !== 'CREATED')) {
      expect(displayStatus({ status, startTime: '2030-01-01T12:00:00.000Z' })).toBe(status);
      expect(displayStatus({ status, startTime: null })).toBe(status);
    }
  });

  it.each([
    ['CREATED', 'Created', 'primary'],
    ['SCHEDULED', 'Scheduled', 'orange'],
    ['IN_PROGRESS', 'Running', 'brand'],
    ['PAUSED', 'Paused', 'yellow'],
    ['FAILED', 'Failed', 'red'],
    ['COMPLETED', 'Completed', 'green'],
    ['CANCELED', 'Canceled', 'default'],
  ])('%s is labelled %s in %s', (status, label, color) => {
    expect(displayStatusLabel(status)).toBe(label);
    expect(displayStatusColor(status)).toBe(color);
  });

  it("labels anything else 'Unknown Status'", () => {
    expect(displayStatusLabel('ARCHIVED')).toBe('Unknown Status');
    expect(displayStatusLabel('')).toBe('Unknown Status');
    expect(displayStatusLabel('toString')).toBe('Unknown Status');
    expect(displayStatusColor('ARCHIVED')).toBe('default');
  });

  it('gives every status its own badge colour', () => {
    expect(new Set(Object.values(DISPLAY_STATUS_COLORS)).size).toBe(Object.keys(DISPLAY_STATUS_COLORS).length);
  });

  it('offers the overview status filter with the words of the badges', () => {
    expect(CAMPAIGN_STATUS_FILTERS.map((option) => option.label)).toEqual([
      'Created',
      'Scheduled',
      'Running',
      'Paused',
      'Failed',
      'Completed',
      'Canceled',
    ]);
  });
});

describe('the action table (spec section 4)', () => {
  it('has exactly the six actions', () => {
    expect(CAMPAIGN_ACTION_NAMES).toEqual(Object.keys(SPEC_TABLE));
  });

  const cases = Object.entries(SPEC_TABLE).flatMap(([action, allowed]) =>
    STATUSES.map((status) => ({ action, status, allowed: allowed.includes(status) })),
  );
  it.each(cases)('$action when $status: allowed = $allowed', ({ action, status, allowed }) => {
    expect(isActionAllowed(action, status)).toBe(allowed);
  });

  it("refuses unknown statuses, and throws 'Invalid action' for unknown actions", () => {
    expect(isActionAllowed('start', 'SCHEDULED')).toBe(false);
    expect(() => isActionAllowed('archive', 'CREATED')).toThrow(new Error('Invalid action'));
    expect(() => isActionAllowed('toString', 'CREATED')).toThrow('Invalid action');
  });

  it('words refusals and confirmations', () => {
    expect(actionRefusedMessage('pause', { status: 'COMPLETED', startTime: null })).toBe(
      'This campaign cannot be paused because it is Completed.',
    );
    expect(actionRefusedMessage('delete', { status: 'IN_PROGRESS', startTime: '2030-01-01T00:00:00Z' })).toBe(
      'This campaign cannot be deleted because it is Running.',
    );
    expect(actionRefusedMessage('start', { status: 'CANCELED', startTime: null })).toBe(
      'This campaign cannot be started because it is Canceled.',
    );
    expect(actionRefusedMessage('pause', { status: 'CREATED', startTime: '2030-01-01T00:00:00Z' })).toBe(
      'This campaign cannot be paused because it is Scheduled.',
    );
    expect(actionConfirmationMessage('cancel', 'IN_PROGRESS')).toBe(
      'Are you sure you want to cancel this campaign. This action cannot be reverted.',
    );
    expect(actionConfirmationMessage('start', 'CREATED')).toBe('Are you sure you want to start this campaign. This action cannot be reverted.');
    // What can be undone says what happens instead (README, departures).
    expect(actionConfirmationMessage('pause', 'IN_PROGRESS')).toBe('Are you sure you want to pause this campaign. Nothing more is sent until you resume it.');
    expect(actionConfirmationMessage('start', 'PAUSED')).toBe(
      'Are you sure you want to resume this campaign. Its remaining messages will be sent; you can pause it again.',
    );
    expect(actionConfirmationMessage('duplicate', 'COMPLETED')).toBe(
      'Are you sure you want to duplicate this campaign. The copy is saved as a draft that you can edit or delete.',
    );
  });

  it("names a paused campaign's start Resume", () => {
    expect(campaignActionLabel('start', 'CREATED')).toBe('Start');
    expect(campaignActionLabel('start', 'PAUSED')).toBe('Resume');
    expect(campaignActionLabel('duplicate', 'PAUSED')).toBe('Duplicate');
  });
});

describe('pacing options (spec section 9)', () => {
  it('has the interval options and defaults', () => {
    expect(INTERVAL_OPTIONS).toEqual([1, 2, 30, 60, 90, 120]);
    expect(DEFAULT_INTERVAL).toBe(1);
    expect(INTERVAL_SIZE_OPTIONS).toEqual([5, 100, 500, 1000]);
    expect(DEFAULT_INTERVAL_SIZE).toBe(5);
    expect(DEFAULT_SEND_ALL_AT_ONCE).toBe(true);
    expect(defaultSubject('Corner Bakery')).toBe('Corner Bakery campaign');
  });
});

describe('the setup form and campaign payloads (spec section 5)', () => {
  const future = () => new Date(Date.now() + 3_600_000).toISOString();
  const sms = { type: 'SMS', messageBody: 'Hi ${firstName}', contactFilterId: 3, interval: 1, intervalSize: 5, sendAllAtOnce: true };
  const email = { ...sms, type: 'EMAIL', subject: 'Corner Bakery campaign' };
  const payload = { ...email, name: 'Spring reviews', businessId: 9, startTime: null };

  it('accepts a minimal SMS setup, with defaults and no subject', () => {
    const { sendAllAtOnce: _, ...withoutToggle } = sms;
    expect(campaignSetupSchema.parse({ ...withoutToggle, subject: 'ignored' })).toEqual({
      ...sms,
      subject: null,
      startTime: null,
      followUp: null,
    });
  });

  it('takes one reminder for review requests: 1 to 30 days, a message, an email subject or the first one', () => {
    const reviewRequest = { ...email, messageBody: 'Review us: ${reviewLink}' };
    const followUp = { afterDays: 3, messageBody: 'A reminder: ${reviewLink}', subject: '  ' };
    expect(campaignSetupSchema.parse({ ...reviewRequest, followUp }).followUp).toEqual({ afterDays: 3, messageBody: 'A reminder: ${reviewLink}', subject: null });
    expect(campaignSetupSchema.parse({ ...reviewRequest, followUp: { ...followUp, subject: ' Still? ' } }).followUp?.subject).toBe('Still?');
    expect(errorsOf(campaignSetupSchema, { ...reviewRequest, followUp: { ...followUp, afterDays: 31 } })).toEqual({
      'followUp.afterDays': 'Remind after a whole number of days from 1 to 30',
    });
    expect(errorsOf(campaignSetupSchema, { ...email, messageBody: 'Hello', followUp })).toEqual({
      'followUp.messageBody': 'A reminder is for review requests: use ${reviewLink} in the message.',
    });
  });

  it('requires the subject for EMAIL only, trimmed', () => {
    expect(errorsOf(campaignSetupSchema, { ...email, subject: undefined })).toEqual({ subject: 'Email subject is required' });
    expect(errorsOf(campaignSetupSchema, { ...email, subject: '  ' })).toEqual({ subject: 'Email subject is required' });
    expect(errorsOf(campaignSetupSchema, { ...email, subject: 'x'.repeat(201) })).toEqual({
      subject: 'Email subject must not exceed 200 characters',
    });
    expect(campaignSetupSchema.parse({ ...email, subject: ' Hello ' }).subject).toBe('Hello');
    expect(errorsOf(campaignSetupSchema, { ...sms, subject: undefined })).toEqual({});
  });

  it.each([
    ['messageBody', undefined, 'Message body is required'],
    ['messageBody', ' ', 'Message body is required'],
    ['contactFilterId', undefined, 'Recipients are required'],
    ['contactFilterId', null, 'Recipients are required'],
    ['contactFilterId', 0, 'Recipients are required'],
    ['contactFilterId', '3', 'Recipients are required'],
    ['interval', undefined, 'Interval is required'],
    ['interval', null, 'Interval is required'],
    ['interval', 3, 'Interval must be one of 1, 2, 30, 60, 90, 120 minutes'],
    ['interval', '1', 'Interval must be one of 1, 2, 30, 60, 90, 120 minutes'],
    ['intervalSize', undefined, 'Interval size is required'],
    ['intervalSize', 50, 'Interval size must be one of 5, 100, 500, 1000'],
    ['sendAllAtOnce', 'yes', 'Send all at once must be true or false'],
    ['type', undefined, 'Campaign type is required'],
    ['type', 'FAX', 'Campaign type must be SMS (text message) or EMAIL'],
    ['startTime', 'tomorrow', 'The scheduled start must be a date and time'],
    ['startTime', '2030-01-01T12:00', 'The scheduled start must be a date and time'],
    ['startTime', '2020-01-01T12:00:00Z', 'The scheduled start must be in the future.'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(errorsOf(campaignSetupSchema, { ...sms, [field]: value })).toEqual({ [field]: message });
  });

  it.each(INTERVAL_OPTIONS)('accepts interval %i', (interval) => {
    expect(errorsOf(campaignSetupSchema, { ...sms, interval })).toEqual({});
  });

  it.each(INTERVAL_SIZE_OPTIONS)('accepts interval size %i', (intervalSize) => {
    expect(errorsOf(campaignSetupSchema, { ...sms, intervalSize })).toEqual({});
  });

  it('caps a text message at 1600 characters and any message at 20,000', () => {
    expect(errorsOf(campaignSetupSchema, { ...sms, messageBody: 'x'.repeat(1600) })).toEqual({});
    expect(errorsOf(campaignSetupSchema, { ...sms, messageBody: 'x'.repeat(1601) })).toEqual({
      messageBody: 'A text message must not exceed 1600 characters',
    });
    expect(errorsOf(campaignSetupSchema, { ...email, messageBody: 'x'.repeat(20_000) })).toEqual({});
    expect(errorsOf(campaignSetupSchema, { ...email, messageBody: 'x'.repeat(20_001) })).toEqual({
      messageBody: 'Message body must not exceed 20000 characters',
    });
  });

  it('refuses unknown variables in the body and the subject, naming them', () => {
    const available =
      'Available: ${firstName}, ${lastName}, ${email}, ${phoneNumber}, ${birthDate}, ${gender}, ${tags}, ${businessName}, ${reviewLink}';
    expect(errorsOf(campaignSetupSchema, { ...sms, messageBody: 'Hi ${nickname} and ${first name}' })).toEqual({
      messageBody: 'Unknown variables: ${nickname}, ${first name}. ' + available,
    });
    expect(errorsOf(campaignSetupSchema, { ...email, subject: 'For ${vip}' })).toEqual({
      subject: 'Unknown variable: ${vip}. ' + available,
    });
  });

  it('takes a scheduled start in any time zone and answers it in UTC', () => {
    const start = new Date(Date.now() + 86_400_000);
    start.setUTCSeconds(0, 0);
    // The same instant written as a UTC+2 wall-clock time (the date moves with the hour near midnight).
    const withOffset = `${new Date(start.getTime() + 2 * 3_600_000).toISOString().slice(0, 16)}+02:00`;
    const parsed = campaignSetupSchema.parse({ ...sms, startTime: withOffset });
    expect(Date.parse(parsed.startTime!)).toBe(Date.parse(withOffset));
    expect(parsed.startTime).toMatch(/Z$/);
    expect(campaignSetupSchema.parse({ ...sms, startTime: '' }).startTime).toBeNull();
  });

  it('names every failing field at once', () => {
    expect(errorsOf(newCampaignSchema, { type: 'EMAIL' })).toEqual({
      name: 'Campaign name is required',
      businessId: 'Business is required',
      subject: 'Email subject is required',
      messageBody: 'Message body is required',
      contactFilterId: 'Recipients are required',
      interval: 'Interval is required',
      intervalSize: 'Interval size is required',
    });
  });

  it('the name is required and at most 100 characters; the 10-50 hints are not enforced', () => {
    expect(errorsOf(newCampaignSchema, { ...payload, name: '  ' })).toEqual({ name: 'Campaign name is required' });
    expect(errorsOf(newCampaignSchema, { ...payload, name: 'x'.repeat(101) })).toEqual({
      name: 'Campaign name must not exceed 100 characters',
    });
    expect(errorsOf(newCampaignSchema, { ...payload, name: 'Hi!' })).toEqual({});
    expect(newCampaignSchema.parse({ ...payload, name: ' Spring reviews ', startTime: future() }).name).toBe('Spring reviews');
  });

  it('launch has no start time; update has no business', () => {
    const launched = launchCampaignSchema.parse({ ...payload, startTime: future() });
    expect(launched).not.toHaveProperty('startTime');
    const updated = updateCampaignSchema.parse(payload);
    expect(updated).not.toHaveProperty('businessId');
    expect(updated.startTime).toBeNull();
  });

  describe('just before and after the start', () => {
    beforeEach(() => vi.useFakeTimers({ now: new Date('2030-06-01T12:00:00.000Z'), toFake: ['Date'] }));
    afterEach(() => vi.useRealTimers());

    it('a start time must be later than now', () => {
      expect(errorsOf(campaignSetupSchema, { ...sms, startTime: '2030-06-01T12:00:00.000Z' })).toEqual({
        startTime: 'The scheduled start must be in the future.',
      });
      expect(errorsOf(campaignSetupSchema, { ...sms, startTime: '2030-06-01T12:15:00.000Z' })).toEqual({});
    });
  });
});

describe('template variables and rendering', () => {
  const context: TemplateContext = {
    contact: {
      firstName: 'Anna',
      lastName: 'Schmidt',
      email: 'anna@example.com',
      phoneNumber: '4915112345678',
      birthDate: '1988-04-02',
      gender: 'NOT_SPECIFIED',
      tags: 'vip,newsletter',
    },
    business: { name: 'Corner Bakery', reviewLink: 'https://g.page/r/corner-bakery/review' },
  };

  it.each([
    ['${firstName}', 'Anna'],
    ['${lastName}', 'Schmidt'],
    ['${email}', 'anna@example.com'],
    ['${phoneNumber}', '4915112345678'],
    ['${birthDate}', '02.04.1988'],
    ['${gender}', 'Not specified'],
    ['${tags}', 'vip, newsletter'],
    ['${businessName}', 'Corner Bakery'],
    ['${reviewLink}', 'https://g.page/r/corner-bakery/review'],
  ])('renders %s as %s', (template, expected) => {
    expect(renderMessage(`<${template}>`, context)).toBe(`<${expected}>`);
  });

  it('renders genders as labels, every occurrence, and leaves unknown variables as written', () => {
    const male = { ...context, contact: { ...context.contact, gender: 'MALE' as const } };
    expect(renderMessage('${gender}/${ gender }', male)).toBe('Male/Male');
    expect(renderMessage('Hi ${firstName} ${firstName}, ${nickname} $firstName {firstName}', context)).toBe(
      'Hi Anna Anna, ${nickname} $firstName {firstName}',
    );
    expect(renderMessage('${reviewLink}', { ...context, business: { name: 'X', reviewLink: null } })).toBe('');
  });

  it('greets a contact without a first name without one: the empty value takes the comma or space before it', () => {
    const nameless = { ...context, contact: { ...context.contact, firstName: '', lastName: '' } };
    expect(renderMessage('Hi ${firstName}, thank you for visiting ${businessName}!', nameless)).toBe('Hi, thank you for visiting Corner Bakery!');
    expect(renderMessage('How was your visit, ${firstName}?', nameless)).toBe('How was your visit?');
    expect(renderMessage('Dear ${firstName} ${lastName},\nthanks', nameless)).toBe('Dear,\nthanks');
    expect(renderMessage('How was your visit, ${firstName}?', context)).toBe('How was your visit, Anna?');
    for (const { body } of MESSAGE_TEMPLATES) expect(renderMessage(body, nameless)).toMatch(/^Hi, /);
  });

  it('lists the variables a template uses, and the unknown ones', () => {
    expect(templateVariables('Hi ${firstName}, ${businessName} ${firstName} ${ nickname }')).toEqual([
      'firstName',
      'businessName',
      'nickname',
    ]);
    expect(unknownTemplateVariables('Hi ${firstName}, ${nickname}, ${first name}, ${}')).toEqual(['nickname', 'first name', '']);
    expect(unknownTemplateVariables('No variables at all')).toEqual([]);
  });

  it('has three templates; Ask for a Review uses firstName, businessName and reviewLink', () => {
    expect(MESSAGE_TEMPLATES.map((template) => template.name)).toEqual([
      'Ask for a Review',
      'Thank you for visiting',
      'Special offer',
    ]);
    expect(new Set(MESSAGE_TEMPLATES.map((template) => template.id)).size).toBe(3);
    expect(templateVariables(MESSAGE_TEMPLATES[0].body)).toEqual(['firstName', 'businessName', 'reviewLink']);
    for (const template of MESSAGE_TEMPLATES) expect(unknownTemplateVariables(template.body)).toEqual([]);
  });
});

describe('campaignCopyName', () => {
  it("is 'Copy of X', then 'Copy of X (2)' and onwards, case-insensitively", () => {
    expect(campaignCopyName('Spring', [])).toBe('Copy of Spring');
    expect(campaignCopyName('Spring', ['copy of spring'])).toBe('Copy of Spring (2)');
    expect(campaignCopyName('Spring', ['Copy of Spring', 'Copy of Spring (2)', 'Copy of Spring (4)'])).toBe('Copy of Spring (3)');
    expect(campaignCopyName('Copy of Spring', ['Copy of Spring'])).toBe('Copy of Copy of Spring');
  });

  it('stays within 100 characters', () => {
    const long = 'x'.repeat(100);
    expect(campaignCopyName(long, [])).toBe(`Copy of ${'x'.repeat(92)}`);
    expect(campaignCopyName(long, [`Copy of ${'x'.repeat(92)}`])).toBe(`Copy of ${'x'.repeat(88)} (2)`);
  });
});
