import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { businesses, campaigns, contactFilters } from '../../server/db/schema';
import {
  type Campaign,
  type CampaignStatus,
  type ContactFilter,
} from '#domain';
import { ApiClient, BUSINESS_ADDRESS, type TestApp } from '../support/test-app';
import { expectError, expectFieldError, startOwnerAndStranger, unreachableBusinessIds, withTestApp } from './helpers';

const LIST = (businessId: number | string) => `/api/campaign/get-campaigns/${businessId}`;
const CREATE = '/api/campaign/create-new-campaign';
const LAUNCH = '/api/campaign/launch-new-campaign';
const UPDATE = (id: number | string) => `/api/campaign/update-campaign/${id}`;
const SENDER = (inBusiness: number | string) => `/api/campaign/get-sender/${inBusiness}`;
const DUPLICATE_NAME = 'A campaign with this name already exists.';
const NOT_FOUND = 'Campaign not found.';
const REVIEW_LINK = 'https://g.page/r/corner-bakery/review';

let testApp: TestApp;
let owner: ApiClient;
let businessId: number;
let filter: ContactFilter;
let stranger: ApiClient;
let strangersBusinessId: number;
let strangersFilter: ContactFilter;

async function createFilter(client: ApiClient, inBusiness: number, name = `Everyone ${randomUUID().slice(0, 8)}`) {
  const response = await client.post('/api/contact-filter/create-contact-filter-with-items', {
    contactFilter: { name, businessId: inBusiness },
    contactFilterItems: [{ attribute: 'email', operator: 'CONTAINS', value: '@' }],
  });
  if (response.statusCode !== 201) throw new Error(`create filter failed: ${response.body}`);
  return response.json() as ContactFilter;
}

const setReviewLink = (id: number, reviewLink: string | null) =>
  testApp.app.db.update(businesses).set({ reviewSites: reviewLink ? [{ name: 'Google', url: reviewLink }] : [] }).where(eq(businesses.id, id));

beforeAll(async () => {
  ({ testApp, owner, businessId, stranger, strangersBusinessId } = await startOwnerAndStranger());
  await setReviewLink(businessId, REVIEW_LINK);
  filter = await createFilter(owner, businessId);
  strangersFilter = await createFilter(stranger, strangersBusinessId);
});
afterAll(() => testApp?.close());

const inOneHour = () => new Date(Date.now() + 3_600_000).toISOString();

/** A valid create-new-campaign body (spec section 7) whose name no other test uses. */
const validCampaign = (overrides: Record<string, unknown> = {}) => ({
  name: `Spring reviews ${randomUUID().slice(0, 8)}`,
  type: 'EMAIL',
  interval: 1,
  intervalSize: 5,
  subject: 'Corner Bakery campaign',
  messageBody: 'Hi ${firstName}, please review ${businessName}: ${reviewLink}',
  businessId,
  contactFilterId: filter.id,
  startTime: null,
  sendAllAtOnce: true,
  ...overrides,
});

async function createCampaign(client: ApiClient = owner, overrides: Record<string, unknown> = {}): Promise<Campaign> {
  const response = await client.post(CREATE, validCampaign(overrides));
  if (response.statusCode !== 201) throw new Error(`create campaign failed: ${response.body}`);
  return response.json();
}

async function listCampaigns(client: ApiClient = owner, inBusiness = businessId): Promise<Campaign[]> {
  const response = await client.get(LIST(inBusiness));
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const storedCampaign = async (id: number) => (await testApp.app.db.select().from(campaigns).where(eq(campaigns.id, id)))[0];
const storedCampaignsNamed = (name: string) => testApp.app.db.select().from(campaigns).where(eq(campaigns.name, name));

/** How many campaigns these businesses have: a refused request must leave it as it was. */
const campaignCount = async (...businessIds: number[]) =>
  (await testApp.app.db.select({ id: campaigns.id }).from(campaigns).where(inArray(campaigns.businessId, businessIds))).length;

/** Puts a campaign into any status, as sending will (FAILED, COMPLETED) or as earlier actions did. */
async function campaignIn(status: CampaignStatus | 'SCHEDULED'): Promise<Campaign> {
  const campaign = await createCampaign(owner, status === 'SCHEDULED' ? { startTime: inOneHour() } : {});
  if (status !== 'SCHEDULED' && status !== 'CREATED') {
    await testApp.app.db
      .update(campaigns)
      .set({ status, startTime: new Date(Date.now() - 60_000) })
      .where(eq(campaigns.id, campaign.id));
  }
  return (await listCampaigns()).find((listed) => listed.id === campaign.id)!;
}

const ACTIONS = {
  start: (client: ApiClient, id: number | string) => client.put(`/api/campaign/start-campaign/${id}`),
  pause: (client: ApiClient, id: number | string) => client.put(`/api/campaign/pause-campaign/${id}`),
  cancel: (client: ApiClient, id: number | string) => client.put(`/api/campaign/cancel-campaign/${id}`),
  duplicate: (client: ApiClient, id: number | string) => client.put(`/api/campaign/duplicate-campaign/${id}`),
  delete: (client: ApiClient, id: number | string) => client.delete(`/api/campaign/delete-campaign/${id}`),
  edit: (client: ApiClient, id: number | string) =>
    client.put(UPDATE(id), { ...validCampaign({ name: `Edited ${randomUUID().slice(0, 8)}` }), businessId: undefined }),
};
type Action = keyof typeof ACTIONS;

describe('get-sender', () => {
  /** A new owner with a business named `name`, on an app with `env`. */
  async function ownerOn(app: TestApp['app'], name: string) {
    const client = new ApiClient(app);
    await client.signUpAndIn();
    const email = (await client.get('/api/user/get-current-user')).json().email as string;
    return { client, email, business: await client.createBusiness({ name }) };
  }

  it("answers who the business's emails are from: its sender name at MAIL_FROM's address, replies to the owner unless set", async () => {
    await withTestApp({ SMS_FROM: '+4915112345678', MAIL_FROM: 'Starboost <hello@starboost.example>' }, async ({ app }) => {
      const { client, email, business } = await ownerOn(app, "Keller's Café");
      const answer = (await client.get(SENDER(business.id))).json();
      expect(answer).toMatchObject({
        sms: '+4915112345678',
        smsSetupRequest: null,
        email: `"Keller's Café" <hello@starboost.example>`,
        replyTo: email,
        postalAddress: 'Main Street 12a, 10115 Berlin, Germany',
      });
      const update = await client.put(`/api/business/update-business/${business.id}`, {
        ...BUSINESS_ADDRESS,
        name: "Keller's Café",
        senderName: 'Café "Keller" Kreuzberg',
        replyTo: 'hallo@keller.example',
      });
      expect(update.statusCode, update.body).toBe(200);
      expect((await client.get(SENDER(business.id))).json()).toMatchObject({
        email: '"Café \\"Keller\\" Kreuzberg" <hello@starboost.example>',
        replyTo: 'hallo@keller.example',
      });
    });
  });

  it('without an SMS sender, says what the operator must set, in words the owner can forward', async () => {
    const answer = (await owner.get(SENDER(businessId))).json();
    expect(answer.sms).toBeNull();
    expect(answer.smsSetupRequest).toBe(
      'Please set SMS_FROM in Starboost\'s settings to the phone number our text messages should come from (international form, such as +4915112345678) ' +
        'or to a sender name of up to 11 letters, digits and spaces, and TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN of the Twilio account that sends them, ' +
        'then restart Starboost. Until then our text messages are not delivered.',
    );
    await withTestApp({ TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`, TWILIO_AUTH_TOKEN: 'secret' }, async ({ app }) => {
      const { client, business } = await ownerOn(app, 'Corner Bakery');
      expect((await client.get(SENDER(business.id))).json().smsSetupRequest).toMatch(/^Please set SMS_FROM .* letters, digits and spaces, then restart Starboost\./);
    });
  });

  it('says how each type is sent: to the outbox (not delivered) until a channel is configured', async () => {
    const outbox = { name: 'outbox', delivers: false, note: 'No channel is configured: messages are stored in the outbox and not delivered.' };
    expect((await owner.get(SENDER(businessId))).json().channels).toEqual({ SMS: outbox, EMAIL: outbox });
    const configured = { SMTP_URL: 'smtp://127.0.0.1:2525', TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`, TWILIO_AUTH_TOKEN: 'secret' };
    await withTestApp(configured, async ({ app }) => {
      const { client, business } = await ownerOn(app, 'Corner Bakery');
      expect((await client.get(SENDER(business.id))).json().channels).toEqual({
        EMAIL: { name: 'smtp', delivers: true, note: 'Emails are sent through the configured SMTP server.' },
        SMS: { name: 'unusable', delivers: false, note: 'Text messages cannot be sent: SMS_FROM is not set.' },
      });
    });
  });

  it('answers 401 without a session, and 404 for another owner\'s business', async () => {
    expectError(await new ApiClient(testApp.app).get(SENDER(businessId)), 401, /sign in again/);
    expectError(await stranger.get(SENDER(businessId)), 404, 'Business not found.');
  });

  it('checks SMS_FROM and MAIL_FROM', () => {
    expect(loadConfig({ SMS_FROM: 'Bakery' }).smsFrom).toBe('Bakery');
    expect(loadConfig({ SMS_FROM: '' }).smsFrom).toBeNull();
    expect(loadConfig({ MAIL_FROM: 'hello@bakery.example' }).mailFrom).toBe('hello@bakery.example');
    expect(() => loadConfig({ SMS_FROM: '+49 151 1234' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMS_FROM: 'A very long sender' })).toThrow(/SMS_FROM/);
    expect(() => loadConfig({ MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM/);
  });
});

describe('create-new-campaign', () => {
  it('answers 201 with a draft, which the list then shows with every field', async () => {
    const body = validCampaign();
    const response = await owner.post(CREATE, { ...body, name: ` ${body.name} ` });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toEqual({
      id: expect.any(Number),
      name: body.name,
      type: 'EMAIL',
      status: 'CREATED',
      startTime: null,
      contactFilterName: filter.name,
      interval: 1,
      intervalSize: 5,
      subject: 'Corner Bakery campaign',
      messageBody: body.messageBody,
      businessId,
      contactFilterId: filter.id,
      sendAllAtOnce: true,
      failureReason: null,
      followUp: null,
      waitingFor: null,
      reminderDueAt: null,
      counts: { recipients: 0, sent: 0, failed: 0, outbox: 0 },
    });
    expect((await listCampaigns()).find((listed) => listed.id === created.id)).toEqual(created);
  });

  it('keeps a reminder (email: a blank subject means the first one) through edits and duplicates', async () => {
    const body = { ...validCampaign(), followUp: { afterDays: 5, messageBody: 'Still time to review: ${reviewLink}', subject: '  ' } };
    const created = (await owner.post(CREATE, body)).json();
    expect(created.followUp).toEqual({ afterDays: 5, messageBody: 'Still time to review: ${reviewLink}', subject: null });
    const { id, businessId: _business, contactFilterName: _filter, status: _status, failureReason: _reason, counts: _counts, ...editable } = created;
    const edited = await owner.put(`/api/campaign/update-campaign/${id}`, { ...editable, followUp: { afterDays: 2, messageBody: 'Last call ${reviewLink}', subject: 'Reminder' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().followUp).toEqual({ afterDays: 2, messageBody: 'Last call ${reviewLink}', subject: 'Reminder' });
    const copy = (await owner.put(`/api/campaign/duplicate-campaign/${id}`)).json();
    expect(copy.followUp).toEqual({ afterDays: 2, messageBody: 'Last call ${reviewLink}', subject: 'Reminder' });
  });

  it('schedules when a future start time is given, answered in UTC', async () => {
    const start = new Date(Date.now() + 86_400_000);
    start.setUTCMilliseconds(0);
    const created = await createCampaign(owner, { startTime: start.toISOString().replace('.000Z', '+00:00') });
    expect(created.status).toBe('CREATED');
    expect(created.startTime).toBe(start.toISOString());
  });

  it('keeps an SMS campaign without subject, and the pacing chosen', async () => {
    const created = await createCampaign(owner, { type: 'SMS', subject: 'ignored', interval: 120, intervalSize: 1000, sendAllAtOnce: false });
    expect(created).toMatchObject({ type: 'SMS', subject: null, interval: 120, intervalSize: 1000, sendAllAtOnce: false });
  });

  it('sendAllAtOnce defaults to true', async () => {
    const body: Record<string, unknown> = validCampaign();
    delete body.sendAllAtOnce;
    const response = await owner.post(CREATE, body);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().sendAllAtOnce).toBe(true);
  });

  it.each([
    ['name', undefined, 'Campaign name is required'],
    ['name', '  ', 'Campaign name is required'],
    ['name', 'x'.repeat(101), 'Campaign name must not exceed 100 characters'],
    ['type', undefined, 'Campaign type is required'],
    ['type', 'FAX', 'Campaign type must be SMS (text message) or EMAIL'],
    ['subject', undefined, 'Email subject is required'],
    ['subject', ' ', 'Email subject is required'],
    ['messageBody', undefined, 'Message body is required'],
    ['messageBody', '', 'Message body is required'],
    ['contactFilterId', undefined, 'Recipients are required'],
    ['interval', undefined, 'Interval is required'],
    ['interval', 5, 'Interval must be one of 1, 2, 30, 60, 90, 120 minutes'],
    ['intervalSize', undefined, 'Interval size is required'],
    ['intervalSize', 10, 'Interval size must be one of 5, 100, 500, 1000'],
    ['startTime', 'next week', 'The scheduled start must be a date and time'],
    ['startTime', new Date(Date.now() - 60_000).toISOString(), 'The scheduled start must be in the future.'],
    ['businessId', undefined, 'Business is required'],
  ])('%s = %j → 400 "%s" and nothing stored', async (field, value, message) => {
    const body: Record<string, unknown> = validCampaign({ [field]: value });
    if (value === undefined) delete body[field];
    const before = await campaignCount(businessId);
    expectFieldError(await owner.post(CREATE, body), field, message);
    expect(await campaignCount(businessId)).toBe(before);
  });

  it('refuses unknown variables, naming them', async () => {
    const body = validCampaign({ messageBody: 'Hi ${nickname}, ${firstName} ${ vip }' });
    const before = await campaignCount(businessId);
    const response = await owner.post(CREATE, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.messageBody).toMatch(/^Unknown variables: \$\{nickname\}, \$\{vip\}\. Available: \$\{firstName\}/);
    expect(await campaignCount(businessId)).toBe(before);
  });

  it('refuses ${reviewLink} while the business has no review link', async () => {
    const business = (await owner.createBusiness()).id;
    const ownFilter = await createFilter(owner, business);
    const message = 'Add a review site to the business (Business settings) before using ${reviewLink}.';
    const body = validCampaign({ businessId: business, contactFilterId: ownFilter.id });
    const before = await campaignCount(business);
    expectFieldError(await owner.post(CREATE, body), 'messageBody', message);
    expectFieldError(
      await owner.post(CREATE, { ...body, messageBody: 'Hello', subject: 'Review us: ${reviewLink}' }),
      'subject',
      message,
    );
    expect(await campaignCount(business)).toBe(before);
    expect((await owner.post(CREATE, { ...body, messageBody: 'Hi ${firstName}' })).statusCode).toBe(201);
    await setReviewLink(business, REVIEW_LINK);
    expect((await owner.post(CREATE, { ...body, name: `${body.name} 2` })).statusCode).toBe(201);
  });

  it('refuses a name the business already has, whatever its case, with 409', async () => {
    const first = await createCampaign();
    const before = await campaignCount(businessId);
    expectError(await owner.post(CREATE, validCampaign({ name: first.name.toUpperCase() })), 409, DUPLICATE_NAME);
    expectError(await owner.post(LAUNCH, validCampaign({ name: ` ${first.name} ` })), 409, DUPLICATE_NAME);
    expect(await campaignCount(businessId)).toBe(before);
  });

  it('allows the same name in another business', async () => {
    const first = await createCampaign();
    const other = (await owner.createBusiness()).id;
    const otherFilter = await createFilter(owner, other);
    const second = await createCampaign(owner, { name: first.name, businessId: other, contactFilterId: otherFilter.id, messageBody: 'Hi' });
    expect(second.name).toBe(first.name);
  });

  it('one of two simultaneous creations with the same name wins, the other gets 409', async () => {
    const body = validCampaign();
    const answers = await Promise.all([owner.post(CREATE, body), owner.post(LAUNCH, body)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await storedCampaignsNamed(body.name)).toHaveLength(1);
  });

  it("refuses a filter of another business (the owner's or a stranger's) or one that does not exist", async () => {
    const otherBusinessFilter = await createFilter(owner, (await owner.createBusiness()).id);
    const message = 'The selected recipients filter does not exist in this business.';
    for (const contactFilterId of [otherBusinessFilter.id, strangersFilter.id, 2_000_000_000, 99_999_999_999]) {
      const body = validCampaign({ contactFilterId });
      const before = await campaignCount(businessId);
      expectFieldError(await owner.post(CREATE, body), 'contactFilterId', message);
      expectFieldError(await owner.post(LAUNCH, body), 'contactFilterId', message);
      expect(await campaignCount(businessId)).toBe(before);
    }
  });

  it("answers 404 for another owner's business, or one that does not exist, and stores nothing", async () => {
    for (const target of [strangersBusinessId, 2_000_000_000, 99_999_999_999]) {
      const body = validCampaign({ businessId: target, contactFilterId: strangersFilter.id });
      const before = await campaignCount(businessId, strangersBusinessId);
      expectError(await owner.post(CREATE, body), 404, 'Business not found.');
      expectError(await owner.post(LAUNCH, body), 404, 'Business not found.');
      expect(await campaignCount(businessId, strangersBusinessId)).toBe(before);
      expect(await storedCampaignsNamed(body.name)).toEqual([]);
    }
  });

  it('answers 401 without a session', async () => {
    const body = validCampaign();
    const before = await campaignCount(businessId);
    expectError(await new ApiClient(testApp.app).post(CREATE, body), 401, /sign in again/);
    expectError(await new ApiClient(testApp.app).post(LAUNCH, body), 401, /sign in again/);
    expect(await campaignCount(businessId)).toBe(before);
  });
});

describe('check-campaign-name', () => {
  const CHECK = '/api/campaign/check-campaign-name';

  it('says whether the business already has the name, whatever its case, leaving out the campaign being edited', async () => {
    const first = await createCampaign();
    expect((await owner.post(CHECK, { businessId, name: ` ${first.name.toUpperCase()} ` })).json()).toEqual({ taken: true, message: DUPLICATE_NAME });
    expect((await owner.post(CHECK, { businessId, name: `${first.name} 2` })).json()).toEqual({ taken: false, message: null });
    expect((await owner.post(CHECK, { businessId, name: first.name, exceptId: first.id })).json()).toEqual({ taken: false, message: null });
    const other = (await owner.createBusiness()).id;
    expect((await owner.post(CHECK, { businessId: other, name: first.name })).json()).toEqual({ taken: false, message: null });
  });

  it('validates the name like create, and refuses another owner’s business and no session', async () => {
    expectFieldError(await owner.post(CHECK, { businessId, name: '  ' }), 'name', 'Campaign name is required');
    expectError(await owner.post(CHECK, { businessId: strangersBusinessId, name: 'Spring' }), 404, 'Business not found.');
    expectError(await new ApiClient(testApp.app).post(CHECK, { businessId, name: 'Spring' }), 401, /sign in again/);
  });
});

describe('launch-new-campaign', () => {
  it('creates the campaign already running, starting now; a start time in the body is ignored', async () => {
    const before = Date.now();
    const body = validCampaign({ type: 'SMS', startTime: inOneHour() });
    const response = await owner.post(LAUNCH, body);
    expect(response.statusCode, response.body).toBe(201);
    const launched = response.json();
    expect(launched).toMatchObject({ name: body.name, type: 'SMS', status: 'IN_PROGRESS', subject: null });
    expect(Date.parse(launched.startTime)).toBeGreaterThanOrEqual(before - 2000);
    expect(Date.parse(launched.startTime)).toBeLessThanOrEqual(Date.now() + 2000);
  });

  it('validates like create', async () => {
    const body: Record<string, unknown> = validCampaign();
    delete body.messageBody;
    expectFieldError(await owner.post(LAUNCH, body), 'messageBody', 'Message body is required');
  });
});

describe('get-campaigns', () => {
  it('lists only the business’s campaigns, newest first, with filter names and counts', async () => {
    const business = (await owner.createBusiness()).id;
    expect(await listCampaigns(owner, business)).toEqual([]);
    const first = await createFilter(owner, business, 'Regulars');
    const second = await createFilter(owner, business, 'Newcomers');
    const a = await createCampaign(owner, { businessId: business, contactFilterId: first.id, messageBody: 'A' });
    const b = await createCampaign(owner, { businessId: business, contactFilterId: second.id, messageBody: 'B', type: 'SMS' });
    const c = (await owner.post(LAUNCH, validCampaign({ businessId: business, contactFilterId: first.id, messageBody: 'C' }))).json();
    const listed = await listCampaigns(owner, business);
    expect(listed).toEqual([c, b, a]);
    expect(listed.map((campaign) => campaign.contactFilterName)).toEqual(['Regulars', 'Newcomers', 'Regulars']);
  });

  it.each(unreachableBusinessIds(() => strangersBusinessId))('answers 404 for %s', async (_title, target) => {
    expectError(await owner.get(LIST(target())), 404, 'Business not found.');
  });

  it('answers 401 without a session', async () => {
    expectError(await new ApiClient(testApp.app).get(LIST(businessId)), 401, /sign in again/);
  });
});

describe('get-campaign (one campaign, for editing)', () => {
  const GET = (id: number | string) => `/api/campaign/get-campaign/${id}`;

  it('answers a campaign exactly as the list shows it, in every status', async () => {
    for (const status of ['CREATED', 'SCHEDULED', 'IN_PROGRESS', 'PAUSED', 'FAILED', 'COMPLETED', 'CANCELED'] as const) {
      const listed = await campaignIn(status);
      const response = await owner.get(GET(listed.id));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json(), status).toEqual(listed);
    }
  });

  it("answers 404 for another owner's campaign, one that does not exist and an id that is not one", async () => {
    const theirs = await createCampaign(stranger, { businessId: strangersBusinessId, contactFilterId: strangersFilter.id, messageBody: 'Hi' });
    for (const id of [theirs.id, 2_000_000_000, '99999999999', 'abc']) expectError(await owner.get(GET(id)), 404, NOT_FOUND);
  });

  it('answers 401 without a session', async () => {
    const campaign = await createCampaign();
    expectError(await new ApiClient(testApp.app).get(GET(campaign.id)), 401, /sign in again/);
  });
});

/** The action table of spec section 4, and what each allowed action leads to. */
const TABLE: Record<Action, Array<CampaignStatus | 'SCHEDULED'>> = {
  start: ['CREATED', 'SCHEDULED', 'PAUSED'],
  pause: ['IN_PROGRESS'],
  cancel: ['CREATED', 'SCHEDULED', 'IN_PROGRESS', 'PAUSED'],
  duplicate: ['CREATED', 'SCHEDULED', 'PAUSED', 'IN_PROGRESS', 'CANCELED', 'FAILED', 'COMPLETED'],
  edit: ['CREATED', 'SCHEDULED'],
  delete: ['CREATED', 'SCHEDULED', 'CANCELED', 'FAILED', 'COMPLETED'],
};
const ALL_STATUSES = ['CREATED', 'SCHEDULED', 'IN_PROGRESS', 'PAUSED', 'FAILED', 'COMPLETED', 'CANCELED'] as const;
const LABEL = { CREATED: 'Created', SCHEDULED: 'Scheduled', IN_PROGRESS: 'Running', PAUSED: 'Paused', FAILED: 'Failed', COMPLETED: 'Completed', CANCELED: 'Canceled' };
const PARTICIPLE: Record<Action, string> = { start: 'started', pause: 'paused', cancel: 'canceled', duplicate: 'duplicated', edit: 'edited', delete: 'deleted' };
const RESULT: Partial<Record<Action, CampaignStatus>> = { start: 'IN_PROGRESS', pause: 'PAUSED', cancel: 'CANCELED', edit: 'CREATED' };

describe('campaign actions follow the action table (spec section 4)', () => {
  const cases = (Object.keys(TABLE) as Action[]).flatMap((action) =>
    ALL_STATUSES.map((status) => ({ action, status, allowed: TABLE[action].includes(status) })),
  );

  it.each(cases)('$action when $status: allowed = $allowed', async ({ action, status, allowed }) => {
    const campaign = await campaignIn(status);
    const before = await storedCampaign(campaign.id);
    const response = await ACTIONS[action](owner, campaign.id);

    if (!allowed) {
      expectError(response, 409, `This campaign cannot be ${PARTICIPLE[action]} because it is ${LABEL[status]}.`);
      expect(await storedCampaign(campaign.id)).toEqual(before);
      return;
    }
    const listed = await listCampaigns();
    if (action === 'delete') {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ id: campaign.id });
      expect(await storedCampaign(campaign.id)).toBeUndefined();
      expect(listed.find((listedCampaign) => listedCampaign.id === campaign.id)).toBeUndefined();
    } else if (action === 'duplicate') {
      expect(response.statusCode, response.body).toBe(201);
      const copy = response.json();
      expect(copy).toEqual({ ...campaign, id: copy.id, name: `Copy of ${campaign.name}`, status: 'CREATED', startTime: null, failureReason: null });
      expect(await storedCampaign(campaign.id)).toEqual(before);
      expect(listed[0]).toEqual(copy);
    } else {
      expect(response.statusCode, response.body).toBe(200);
      const changed = response.json();
      expect(changed.status).toBe(RESULT[action]);
      expect(listed.find((listedCampaign) => listedCampaign.id === campaign.id)).toEqual(changed);
    }
  });

  it('start: a draft or scheduled campaign starts now; a paused one keeps its start', async () => {
    for (const status of ['CREATED', 'SCHEDULED'] as const) {
      const campaign = await campaignIn(status);
      const before = Date.now();
      const started = (await ACTIONS.start(owner, campaign.id)).json();
      expect(Date.parse(started.startTime)).toBeGreaterThanOrEqual(before - 2000);
      expect(Date.parse(started.startTime)).toBeLessThanOrEqual(Date.now() + 2000);
    }
    const paused = await campaignIn('PAUSED');
    expect((await ACTIONS.start(owner, paused.id)).json().startTime).toBe(paused.startTime);
  });

  it('pause then start then cancel: each step in turn', async () => {
    const campaign = (await owner.post(LAUNCH, validCampaign())).json();
    expect((await ACTIONS.pause(owner, campaign.id)).json().status).toBe('PAUSED');
    expect((await ACTIONS.start(owner, campaign.id)).json().status).toBe('IN_PROGRESS');
    expect((await ACTIONS.cancel(owner, campaign.id)).json().status).toBe('CANCELED');
    expect((await ACTIONS.delete(owner, campaign.id)).statusCode).toBe(200);
  });

  it('actions need no body (an empty JSON body, as the browser app sends)', async () => {
    const campaign = await createCampaign();
    const bodiless = (method: 'PUT' | 'DELETE', url: string) =>
      testApp.app.inject({ method, url, cookies: owner.cookies, headers: { 'content-type': 'application/json' } });
    const response = await bodiless('PUT', `/api/campaign/start-campaign/${campaign.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const removed = await bodiless('DELETE', `/api/campaign/delete-campaign/${campaign.id}`);
    expectError(removed, 409, 'This campaign cannot be deleted because it is Running.');
  });
});

describe('duplicate-campaign', () => {
  it("names copies 'Copy of X', 'Copy of X (2)', ... and a copy's copy 'Copy of Copy of X'", async () => {
    const original = await createCampaign(owner, { startTime: inOneHour() });
    const names: string[] = [];
    for (let i = 0; i < 3; i += 1) names.push((await ACTIONS.duplicate(owner, original.id)).json().name);
    expect(names).toEqual([`Copy of ${original.name}`, `Copy of ${original.name} (2)`, `Copy of ${original.name} (3)`]);
    const copy = (await listCampaigns()).find((campaign) => campaign.name === names[0])!;
    expect((await ACTIONS.duplicate(owner, copy.id)).json().name).toBe(`Copy of Copy of ${original.name}`);
  });

  it('keeps the name within 100 characters', async () => {
    const original = await createCampaign(owner, { name: `${randomUUID()}${'x'.repeat(64)}` });
    const copy = (await ACTIONS.duplicate(owner, original.id)).json();
    expect(copy.name).toBe(`Copy of ${original.name.slice(0, 92)}`);
  });

  it('simultaneous duplicates get distinct names', async () => {
    const original = await createCampaign();
    const answers = await Promise.all([1, 2, 3].map(() => ACTIONS.duplicate(owner, original.id)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    expect(answers.map((answer) => answer.json().name).sort()).toEqual(
      [`Copy of ${original.name}`, `Copy of ${original.name} (2)`, `Copy of ${original.name} (3)`].sort(),
    );
  });
});

describe('update-campaign (beyond the spec)', () => {
  it('changes every field of a CREATED campaign; it stays in its business', async () => {
    const campaign = await createCampaign();
    const otherFilter = await createFilter(owner, businessId);
    const startTime = new Date(Date.now() + 7_200_000).toISOString();
    const response = await owner.put(UPDATE(campaign.id), {
      name: `${campaign.name} v2`,
      type: 'SMS',
      interval: 30,
      intervalSize: 100,
      messageBody: 'See you soon, ${firstName}',
      contactFilterId: otherFilter.id,
      startTime,
      sendAllAtOnce: false,
      businessId: strangersBusinessId,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      ...campaign,
      name: `${campaign.name} v2`,
      type: 'SMS',
      subject: null,
      interval: 30,
      intervalSize: 100,
      messageBody: 'See you soon, ${firstName}',
      contactFilterId: otherFilter.id,
      contactFilterName: otherFilter.name,
      startTime,
      sendAllAtOnce: false,
    });
    expect((await listCampaigns()).find((listed) => listed.id === campaign.id)).toEqual(response.json());
  });

  it('may keep its own name in another case, not take another campaign’s', async () => {
    const [first, second] = [await createCampaign(), await createCampaign()];
    const body = { ...validCampaign({ name: first.name.toUpperCase() }), businessId: undefined };
    expect((await owner.put(UPDATE(first.id), body)).statusCode).toBe(200);
    const before = await storedCampaign(second.id);
    expectError(await owner.put(UPDATE(second.id), body), 409, DUPLICATE_NAME);
    expect(await storedCampaign(second.id)).toEqual(before);
  });

  it('validates like create, and refuses a filter of another business', async () => {
    const campaign = await createCampaign();
    const before = await storedCampaign(campaign.id);
    expectFieldError(await owner.put(UPDATE(campaign.id), { ...validCampaign(), interval: 7 }), 'interval', 'Interval must be one of 1, 2, 30, 60, 90, 120 minutes');
    expectFieldError(
      await owner.put(UPDATE(campaign.id), validCampaign({ startTime: '2000-01-01T00:00:00Z' })),
      'startTime',
      'The scheduled start must be in the future.',
    );
    expectFieldError(
      await owner.put(UPDATE(campaign.id), validCampaign({ contactFilterId: strangersFilter.id })),
      'contactFilterId',
      'The selected recipients filter does not exist in this business.',
    );
    expect(await storedCampaign(campaign.id)).toEqual(before);
  });
});

describe('other owners and unknown campaigns', () => {
  it.each(Object.keys(ACTIONS) as Action[])("%s answers 404 for another owner's campaign and changes nothing", async (action) => {
    const campaign = await campaignIn(action === 'pause' ? 'IN_PROGRESS' : 'CREATED');
    const before = await storedCampaign(campaign.id);
    const ownersList = await listCampaigns();
    expectError(await ACTIONS[action](stranger, campaign.id), 404, NOT_FOUND);
    expect(await storedCampaign(campaign.id)).toEqual(before);
    expect(await listCampaigns()).toEqual(ownersList);
  });

  it.each(Object.keys(ACTIONS) as Action[])('%s answers 404 for ids that do not exist or are not ids', async (action) => {
    for (const id of [2_000_000_000, '99999999999', 'abc', '-1']) {
      expectError(await ACTIONS[action](owner, id), 404, NOT_FOUND);
    }
  });

  it.each(Object.keys(ACTIONS) as Action[])('%s answers 401 without a session', async (action) => {
    const campaign = await createCampaign();
    const before = await storedCampaign(campaign.id);
    expectError(await ACTIONS[action](new ApiClient(testApp.app), campaign.id), 401, /sign in again/);
    expect(await storedCampaign(campaign.id)).toEqual(before);
  });
});

describe('concurrent actions on one campaign', () => {
  it('of two simultaneous starts exactly one wins', async () => {
    for (let round = 0; round < 5; round += 1) {
      const campaign = await createCampaign();
      const answers = await Promise.all([ACTIONS.start(owner, campaign.id), ACTIONS.start(owner, campaign.id)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect((await storedCampaign(campaign.id))!.status).toBe('IN_PROGRESS');
    }
  });

  it('of a simultaneous start and delete exactly one wins, and the state matches the winner', async () => {
    for (let round = 0; round < 5; round += 1) {
      const campaign = await createCampaign();
      const [started, deleted] = await Promise.all([ACTIONS.start(owner, campaign.id), ACTIONS.delete(owner, campaign.id)]);
      const stored = await storedCampaign(campaign.id);
      if (started.statusCode === 200) {
        // Started first: a running campaign cannot be deleted.
        expectError(deleted, 409, 'This campaign cannot be deleted because it is Running.');
        expect(stored!.status).toBe('IN_PROGRESS');
      } else {
        expect(deleted.statusCode).toBe(200);
        expectError(started, 404, NOT_FOUND);
        expect(stored).toBeUndefined();
      }
    }
  });

  it('a simultaneous start and cancel end as one of their serial orders, always canceled', async () => {
    // Both are allowed from CREATED and cancel is also allowed after start, so both may succeed
    // (start, then cancel); if cancel goes first, start is refused. Never an inconsistent mix.
    for (let round = 0; round < 5; round += 1) {
      const campaign = await createCampaign();
      const [started, canceled] = await Promise.all([ACTIONS.start(owner, campaign.id), ACTIONS.cancel(owner, campaign.id)]);
      expect(canceled.statusCode, canceled.body).toBe(200);
      expect(canceled.json().status).toBe('CANCELED');
      if (started.statusCode === 200) expect(started.json().status).toBe('IN_PROGRESS');
      else expectError(started, 409, 'This campaign cannot be started because it is Canceled.');
      expect((await storedCampaign(campaign.id))!.status).toBe('CANCELED');
    }
  });

  it('of a simultaneous pause and start on a running campaign only pause succeeds', async () => {
    const campaign = await campaignIn('IN_PROGRESS');
    const [paused, started] = await Promise.all([ACTIONS.pause(owner, campaign.id), ACTIONS.start(owner, campaign.id)]);
    // start is only allowed once pause has happened; either way the end state is consistent.
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().status).toBe('PAUSED');
    if (started.statusCode === 200) expect(started.json().status).toBe('IN_PROGRESS');
    // Refused while Running; the message names the status read when answering, which the pause may already have changed.
    else expectError(started, 409, /^This campaign cannot be started because it is (Running|Paused)\.$/);
    const stored = (await storedCampaign(campaign.id))!.status;
    expect(stored).toBe(started.statusCode === 200 ? 'IN_PROGRESS' : 'PAUSED');
  });
});

describe('the database keeps campaigns consistent', () => {
  it('deleting a business removes its campaigns and filters together', async () => {
    const business = (await owner.createBusiness()).id;
    const ownFilter = await createFilter(owner, business);
    const campaign = await createCampaign(owner, { businessId: business, contactFilterId: ownFilter.id, messageBody: 'Hi' });
    await testApp.app.db.delete(businesses).where(eq(businesses.id, business));
    expect(await storedCampaign(campaign.id)).toBeUndefined();
    expect(await testApp.app.db.select().from(contactFilters).where(eq(contactFilters.id, ownFilter.id))).toEqual([]);
  });

  it('a filter used by a campaign cannot be deleted, and a campaign cannot use another business’s filter', async () => {
    const campaign = await createCampaign();
    await expect(testApp.app.db.delete(contactFilters).where(eq(contactFilters.id, filter.id))).rejects.toThrow();
    await expect(
      testApp.app.db.update(campaigns).set({ contactFilterId: strangersFilter.id }).where(eq(campaigns.id, campaign.id)),
    ).rejects.toThrow();
  });
});
