import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignMessages, filterMessages, type Campaign, type CampaignStatus, type Contact, type ContactFilter } from '#domain';
import { webhookMessages } from '#domain/webhooks';
import { businesses, campaigns, suppressions } from '../../server/db/schema';
import { exampleOf } from '../support/route-examples';
import { ApiClient, BUSINESS_ADDRESS, startTestApp, uniqueEmail, type TestApp } from '../support/test-app';

/**
 * Walks every route the app registers and proves that a signed-in stranger cannot reach another
 * owner's business through it: not by the business id, a campaign id, contact ids or a filter id.
 * Each probe is sent by the stranger (refused), then by the owner (accepted: the request itself is
 * valid, and the stranger's attempt changed nothing it needs). A route in neither table below fails
 * the test, so a new route has to show its ownership check, or say why it needs none. The routes of
 * a plain business-scoped record (`npm run new-resource` writes them) need no entry: their probes
 * follow from their declarations (see derivedCase).
 */

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Request = { method: Method; url: string; body?: unknown };
type Probe = {
  what: string;
  /** What the stranger sends. */
  request: Request;
  /** How it is refused; the answer must not tell a stranger's resource from a missing one. */
  refusal: { status: number; message: string };
  /** What the owner sends to show the same resource is reachable by its owner; the same request unless given. */
  ownersRequest?: Request;
};

const BUSINESS_NOT_FOUND = { status: 404, message: 'Business not found.' };

const CAMPAIGN_NOT_FOUND = { status: 404, message: campaignMessages.notFound };
const FILTER_NOT_FOUND = { status: 404, message: filterMessages.notFound };
const FILTER_NOT_IN_BUSINESS = { status: 400, message: campaignMessages.filterNotInBusiness };
const CONTACT_NOT_FOUND = { status: 404, message: '1 of the selected contacts was not found; nothing was changed.' };

/** Routes that take no business, campaign, contact or filter id, and why. */
const EXEMPT: Array<[RegExp, string]> = [
  [/^(GET|HEAD) \/api\/health$/, 'public health check; names no business'],
  [/^POST \/api\/auth\/(sign-up|sign-in|refresh-token|sign-out|forgot-password|reset-password)$/, "public; acts on the caller's own account or session only"],
  [/^POST \/api\/auth\/authorize$/, "answers the signed-in caller's own profile; takes no id"],
  [/^(GET|HEAD) \/api\/user\/get-current-user$/, "answers the signed-in caller's own profile; takes no id"],
  [/^(GET|HEAD) \/api\/business\/get-current-users-businesses$/, "lists the caller's own businesses; takes no id"],
  [/^POST \/api\/business\/create-new-business$/, 'creates a business owned by the caller; takes no id'],
  [/^(GET|HEAD|POST) \/api\/unsubscribe\/:token$/, 'public page of a campaign email; the unguessable token is the credential'],
  [/^POST \/api\/webhooks\/twilio\/(status|inbound)$/, "Twilio's webhooks; its request signature is the credential"],
  [/^(GET|HEAD|POST) \/r\/:token(\/go\/:site|\/feedback|\/rating)?$/, 'public review page of a review request; the unguessable token is the credential'],
  [/^POST \/api\/webhooks\/inbound-email$/, 'bounces and complaints forwarded by the mail provider; INBOUND_EMAIL_SECRET is the credential'],
  [/^POST \/api\/webhooks\/email-events\/(ses|sendgrid|postmark|mailgun)$/, "email providers' events; each provider's signature or secret is the credential"],
  [/^POST \/api\/webhooks\/:provider\/:connectorId$/, "connected systems' events (Square, Stripe, Shopify); the signature with the connection's own secret is the credential"],
  [/^(GET|HEAD|POST) \/k\/:slug$/, "public check-in page at a business's counter; its random slug (on the poster) names the business, and it shows only the business's name"],
  [/^(GET|HEAD) \/files\/contacts-import-example\.(csv|xlsx)$/, 'public example files, the same for everyone'],
  [/^(GET|HEAD) \/favicon\.(svg|ico)$/, "the app's icon, the same for everyone"],
  [/^(GET|HEAD) \/api\/(openapi\.json|docs(\/.*)?)$/, 'public API documentation'],
  [/^(GET|HEAD) \/api\/v1\/key$|^POST \/api\/v1\/visits$/, "the visits API: a business's API key is the credential and names the business (tests/api/visits-api.test.ts: a key never reaches another business)"],
];

const registered = new Set<string>();
/** The routes keyed by a record (`config.owns`), with where they name it. */
const keyedByRecord: Array<{ method: Method; url: string; owns: Record<string, string> }> = [];
/** Every route's ownership declaration and schemas, which derivedCase reads. */
const declarations = new Map<string, Declaration>();
type Declaration = { method: Method; url: string; business?: string; owns?: Record<string, string>; body?: unknown; response?: Record<number, unknown> };
let owner: ApiClient;
let stranger: ApiClient;
let businessId: number;
let strangersBusinessId: number;
let filter: ContactFilter;
let strangersFilter: ContactFilter;
let strangersCampaign: Campaign;

// Started while the tests are collected: the routes it registers name the tests below.
const testApp: TestApp = await startTestApp({}, {
  onRoute: (route) => {
    for (const method of [route.method].flat()) {
      registered.add(`${method} ${route.url}`);
      if (route.config?.owns) keyedByRecord.push({ method: method as Method, url: route.url, owns: route.config.owns });
      const { business, owns } = route.config ?? {};
      const { body, response } = (route.schema ?? {}) as Pick<Declaration, 'body' | 'response'>;
      declarations.set(`${method} ${route.url}`, { method: method as Method, url: route.url, business, owns, body, response });
    }
  },
});

beforeAll(async () => {
  owner = new ApiClient(testApp.app);
  await owner.signUpAndIn();
  businessId = (await owner.createBusiness()).id;
  // Campaigns may use ${reviewLink} only in a business that has a review site.
  await testApp.app.db.update(businesses).set({ reviewSites: [{ name: 'Google', url: 'https://reviews.example/corner-bakery' }] }).where(eq(businesses.id, businessId));
  stranger = new ApiClient(testApp.app);
  await stranger.signUpAndIn();
  strangersBusinessId = (await stranger.createBusiness()).id;
  filter = await createFilter(owner, businessId);
  strangersFilter = await createFilter(stranger, strangersBusinessId);
  strangersCampaign = await createCampaign(stranger, { businessId: strangersBusinessId, contactFilterId: strangersFilter.id });
});

afterAll(() => testApp?.close());

async function created<T>(response: LightMyRequestResponse): Promise<T> {
  if (response.statusCode !== 201) throw new Error(`setup failed: ${response.body}`);
  return response.json() as T;
}

const createFilter = async (client: ApiClient, inBusiness: number) =>
  created<ContactFilter>(
    await client.post('/api/contact-filter/create-contact-filter-with-items', {
      contactFilter: { name: `Everyone ${randomUUID().slice(0, 8)}`, businessId: inBusiness },
      contactFilterItems: [{ attribute: 'email', operator: 'CONTAINS', value: '@' }],
    }),
  );

const campaignBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Reviews ${randomUUID().slice(0, 8)}`,
  type: 'SMS',
  interval: 1,
  intervalSize: 5,
  messageBody: 'Hi ${firstName}, please review us',
  businessId,
  contactFilterId: filter.id,
  sendAllAtOnce: true,
  ...overrides,
});

const createCampaign = async (client: ApiClient = owner, overrides: Record<string, unknown> = {}) =>
  created<Campaign>(await client.post('/api/campaign/create-new-campaign', campaignBody(overrides)));

/** The owner's campaign in a status an action allows (set directly, as sending would). */
async function ownersCampaignIn(status: CampaignStatus) {
  const campaign = await createCampaign();
  if (status !== 'CREATED') await testApp.app.db.update(campaigns).set({ status }).where(eq(campaigns.id, campaign.id));
  return campaign;
}

const contactBody = (inBusiness: number) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: uniqueEmail('contact'),
  phoneNumber: '4915112345678',
  birthDate: '1990-05-17',
  gender: 'FEMALE',
  businessId: inBusiness,
});

const ownersContact = async () => created<Contact>(await owner.post('/api/contact/create-new-contact', contactBody(businessId)));

const byCampaignId = (method: Method, action: string, status: CampaignStatus, body?: () => unknown) => async (): Promise<Probe[]> => {
  const campaign = await ownersCampaignIn(status);
  const request = { method, url: `/api/campaign/${action}/${campaign.id}`, body: body?.() };
  return [{ what: "another owner's campaign", request, refusal: CAMPAIGN_NOT_FOUND }];
};

/** Every route that names a business, campaign, contact or filter, with the probes that try another owner's. */
const CASES: Record<string, () => Promise<Probe[]>> = {
  'PUT /api/automation/update-automation/:businessId': async () => {
    const body = { enabled: true, delayMinutes: 120, channel: 'EMAIL', subject: 'How was it?', messageBody: 'Review us: ${reviewLink}' };
    return [{ what: "another owner's business", request: { method: 'PUT', url: `/api/automation/update-automation/${businessId}`, body }, refusal: BUSINESS_NOT_FOUND }];
  },
  'PUT /api/business/update-business/:businessId': async () => {
    const body = {
      ...BUSINESS_ADDRESS,
      reviewSites: [{ name: 'Google', url: 'https://reviews.example/corner-bakery' }],
    };
    const request = { method: 'PUT' as const, url: `/api/business/update-business/${businessId}`, body };
    return [{ what: "another owner's business", request, refusal: BUSINESS_NOT_FOUND }];
  },
  'PUT /api/business/update-connector/:businessId': async () => {
    const body = { provider: 'square', secret: 'SquareSignatureKey0123' };
    return [{ what: "another owner's business", request: { method: 'PUT', url: `/api/business/update-connector/${businessId}`, body }, refusal: BUSINESS_NOT_FOUND }];
  },
  'DELETE /api/business/delete-connector/:businessId/:provider': async () => {
    // Connected, so the owner's request has something to disconnect.
    await owner.put(`/api/business/update-connector/${businessId}`, { provider: 'shopify', secret: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08' });
    return [{ what: "another owner's business", request: { method: 'DELETE', url: `/api/business/delete-connector/${businessId}/shopify` }, refusal: BUSINESS_NOT_FOUND }];
  },
  'GET /api/contact/export-contacts/:businessId': async () => [
    { what: "another owner's business", request: { method: 'GET', url: `/api/contact/export-contacts/${businessId}?format=csv` }, refusal: BUSINESS_NOT_FOUND },
  ],
  'POST /api/contact/export-contacts/:businessId': async () => {
    const contact = await ownersContact();
    const request = { method: 'POST' as const, url: `/api/contact/export-contacts/${businessId}`, body: { format: 'xlsx', contactIds: [contact.id] } };
    return [{ what: "another owner's business", request, refusal: BUSINESS_NOT_FOUND }];
  },

  'POST /api/contact/create-new-contact': async () => [
    {
      what: "another owner's business",
      request: { method: 'POST', url: '/api/contact/create-new-contact', body: contactBody(businessId) },
      refusal: BUSINESS_NOT_FOUND,
    },
  ],
  'POST /api/contact/import-contacts': async () => {
    const csv = `First name,Last name,Email,Phone number,Birth date\nAda,Lovelace,${uniqueEmail('import')},4915112345678,1990-05-17\n`;
    const body = { businessId, file: Buffer.from(csv).toString('base64') };
    return [{ what: "another owner's business", request: { method: 'POST', url: '/api/contact/import-contacts', body }, refusal: BUSINESS_NOT_FOUND }];
  },
  'DELETE /api/contact/delete-contacts': async () => {
    const contact = await ownersContact();
    const request = { method: 'DELETE' as const, url: '/api/contact/delete-contacts', body: { contactIds: [contact.id] } };
    return [{ what: "another owner's contact", request, refusal: CONTACT_NOT_FOUND }];
  },
  'PATCH /api/contact/check-in-contacts': async () => {
    const contact = await ownersContact();
    const request = { method: 'PATCH' as const, url: '/api/contact/check-in-contacts', body: { contactIds: [contact.id] } };
    return [{ what: "another owner's contact", request, refusal: CONTACT_NOT_FOUND }];
  },
  ...Object.fromEntries(
    (['add', 'remove'] as const).map((change) => [
      `PUT /api/contact/${change}-tag/:businessId`,
      async (): Promise<Probe[]> => {
        const body = { contactIds: [(await ownersContact()).id], tag: 'vip' };
        const url = (inBusiness: number) => `/api/contact/${change}-tag/${inBusiness}`;
        return [
          { what: "another owner's business", request: { method: 'PUT', url: url(businessId), body }, refusal: BUSINESS_NOT_FOUND },
          {
            what: "another owner's contact, through the stranger's own business",
            request: { method: 'PUT', url: url(strangersBusinessId), body },
            refusal: CONTACT_NOT_FOUND,
            ownersRequest: { method: 'PUT', url: url(businessId), body },
          },
        ];
      },
    ]),
  ),

  'PUT /api/contact/update-contact/:id': async () => {
    const contact = await ownersContact();
    const url = `/api/contact/update-contact/${contact.id}`;
    return [
      { what: "another owner's business", request: { method: 'PUT', url, body: contactBody(businessId) }, refusal: BUSINESS_NOT_FOUND },
      {
        what: "another owner's contact, through the stranger's own business",
        request: { method: 'PUT', url, body: contactBody(strangersBusinessId) },
        refusal: { status: 404, message: 'Contact not found.' },
        ownersRequest: { method: 'PUT', url, body: contactBody(businessId) },
      },
    ];
  },
  'GET /api/contact/get-contact-history/:businessId/:id': async () => {
    const contact = await ownersContact();
    const url = (inBusiness: number) => `/api/contact/get-contact-history/${inBusiness}/${contact.id}`;
    return [
      { what: "another owner's business", request: { method: 'GET', url: url(businessId) }, refusal: BUSINESS_NOT_FOUND },
      {
        what: "another owner's contact, through the stranger's own business",
        request: { method: 'GET', url: url(strangersBusinessId) },
        refusal: { status: 404, message: 'Contact not found.' },
        ownersRequest: { method: 'GET', url: url(businessId) },
      },
    ];
  },
  'POST /api/business/create-api-key/:businessId': async () => [
    { what: "another owner's business", request: { method: 'POST', url: `/api/business/create-api-key/${businessId}`, body: { name: 'Till' } }, refusal: BUSINESS_NOT_FOUND },
  ],
  'DELETE /api/business/delete-api-key/:businessId/:id': async () => {
    // One each: the owner's request of a probe deletes it.
    const newKey = async (name: string) => created<{ id: number }>(await owner.post(`/api/business/create-api-key/${businessId}`, { name }));
    const first = await newKey('Till 1');
    const second = await newKey('Till 2');
    const url = (inBusiness: number, id: number) => `/api/business/delete-api-key/${inBusiness}/${id}`;
    return [
      { what: "another owner's business", request: { method: 'DELETE', url: url(businessId, first.id) }, refusal: BUSINESS_NOT_FOUND },
      {
        what: "another owner's API key, through the stranger's own business",
        request: { method: 'DELETE', url: url(strangersBusinessId, second.id) },
        refusal: { status: 404, message: 'API key not found.' },
        ownersRequest: { method: 'DELETE', url: url(businessId, second.id) },
      },
    ];
  },
  'DELETE /api/suppression/lift-suppression/:businessId/:id': async () => {
    // One each: the owner's request of a probe lifts it.
    const [first, second] = await testApp.app.db
      .insert(suppressions)
      .values([uniqueEmail('bounced'), uniqueEmail('bounced')].map((address) => ({ businessId, channel: 'EMAIL' as const, address, reason: 'hard_bounce' as const })))
      .returning({ id: suppressions.id });
    const url = (inBusiness: number, id: number) => `/api/suppression/lift-suppression/${inBusiness}/${id}`;
    return [
      { what: "another owner's business", request: { method: 'DELETE', url: url(businessId, first!.id) }, refusal: BUSINESS_NOT_FOUND },
      {
        what: "another owner's suppression, through the stranger's own business",
        request: { method: 'DELETE', url: url(strangersBusinessId, second!.id) },
        refusal: { status: 404, message: 'Suppression not found.' },
        ownersRequest: { method: 'DELETE', url: url(businessId, second!.id) },
      },
    ];
  },

  'POST /api/business/create-webhook-endpoint/:businessId': async () => [
    { what: "another owner's business", request: { method: 'POST', url: `/api/business/create-webhook-endpoint/${businessId}`, body: WEBHOOK_ENDPOINT }, refusal: BUSINESS_NOT_FOUND },
  ],
  'DELETE /api/business/delete-webhook-endpoint/:businessId/:id': () => byWebhookEndpoint('DELETE', 'delete-webhook-endpoint'),
  'POST /api/business/send-test-webhook/:businessId/:id': () => byWebhookEndpoint('POST', 'send-test-webhook'),

  'POST /api/contact-filter/create-contact-filter-with-items': async () => {
    const body = {
      contactFilter: { name: `Regulars ${randomUUID().slice(0, 8)}`, businessId },
      contactFilterItems: [{ attribute: 'tags', operator: 'CONTAINS', value: 'regular' }],
    };
    return [
      {
        what: "another owner's business",
        request: { method: 'POST', url: '/api/contact-filter/create-contact-filter-with-items', body },
        refusal: BUSINESS_NOT_FOUND,
      },
    ];
  },
  'POST /api/contact-filter/count-matching-contacts': async () => {
    const url = '/api/contact-filter/count-matching-contacts';
    return [
      {
        what: "another owner's business",
        request: { method: 'POST', url, body: { businessId, contactFilterItems: filter.items } },
        refusal: BUSINESS_NOT_FOUND,
      },
      {
        what: "another owner's filter, through the stranger's own business",
        request: { method: 'POST', url, body: { businessId: strangersBusinessId, contactFilterId: filter.id } },
        refusal: FILTER_NOT_FOUND,
        ownersRequest: { method: 'POST', url, body: { businessId, contactFilterId: filter.id } },
      },
    ];
  },

  'POST /api/campaign/create-new-campaign': async () => campaignCreation('/api/campaign/create-new-campaign'),
  'POST /api/campaign/launch-new-campaign': async () => campaignCreation('/api/campaign/launch-new-campaign'),
  'POST /api/campaign/check-campaign-name': async () => [
    {
      what: "another owner's business",
      request: { method: 'POST', url: '/api/campaign/check-campaign-name', body: { businessId, name: 'Spring reviews' } },
      refusal: BUSINESS_NOT_FOUND,
    },
  ],
  'PUT /api/contact-filter/update-contact-filter/:id': async () => {
    const mine = await createFilter(owner, businessId);
    const body = { contactFilter: { name: `Renamed ${randomUUID().slice(0, 8)}` }, contactFilterItems: mine.items };
    return [{ what: "another owner's filter", request: { method: 'PUT', url: `/api/contact-filter/update-contact-filter/${mine.id}`, body }, refusal: FILTER_NOT_FOUND }];
  },
  'DELETE /api/contact-filter/delete-contact-filter/:id': async () => {
    const mine = await createFilter(owner, businessId);
    return [{ what: "another owner's filter", request: { method: 'DELETE', url: `/api/contact-filter/delete-contact-filter/${mine.id}` }, refusal: FILTER_NOT_FOUND }];
  },
  'GET /api/campaign/get-campaign/:id': byCampaignId('GET', 'get-campaign', 'CREATED'),
  'GET /api/campaign/get-campaign-details/:id': byCampaignId('GET', 'get-campaign-details', 'IN_PROGRESS'),
  'PUT /api/campaign/start-campaign/:id': byCampaignId('PUT', 'start-campaign', 'CREATED'),
  'PUT /api/campaign/pause-campaign/:id': byCampaignId('PUT', 'pause-campaign', 'IN_PROGRESS'),
  'PUT /api/campaign/cancel-campaign/:id': byCampaignId('PUT', 'cancel-campaign', 'PAUSED'),
  'PUT /api/campaign/duplicate-campaign/:id': byCampaignId('PUT', 'duplicate-campaign', 'COMPLETED'),
  'DELETE /api/campaign/delete-campaign/:id': byCampaignId('DELETE', 'delete-campaign', 'CANCELED'),
  'PUT /api/campaign/update-campaign/:id': async () => {
    const [byId] = await byCampaignId('PUT', 'update-campaign', 'CREATED', () => campaignBody({ businessId: undefined }))();
    // The stranger's own campaign pointed at the owner's filter.
    const update = (campaign: Campaign) => ({
      method: 'PUT' as const,
      url: `/api/campaign/update-campaign/${campaign.id}`,
      body: campaignBody({ businessId: undefined, contactFilterId: filter.id }),
    });
    return [
      byId!,
      {
        what: "another owner's filter, in the stranger's own campaign",
        request: update(strangersCampaign),
        refusal: FILTER_NOT_IN_BUSINESS,
        ownersRequest: update(await createCampaign()),
      },
    ];
  },
};

/**
 * The probes of a route no case above names, from its declaration, for a plain business-scoped
 * record's routes: `config.business: 'params.businessId'` (the stranger names the owner's business)
 * or `config.owns: { <kind>: 'params.id' }` (the stranger names one of the owner's records of that
 * kind, made through the kind's create route). A body is the first example its schema declares.
 * Any other shape gets no probes, so the route needs a case above.
 */
function derivedCase(declaration: Declaration | undefined): (() => Promise<Probe[]>) | undefined {
  if (!declaration) return undefined;
  const { method, url, business, owns, body: bodySchema } = declaration;
  const body = exampleOf(bodySchema);
  if (bodySchema !== undefined && body === undefined) return undefined;
  const params = url.match(/:\w+/g) ?? [];
  if (business === 'params.businessId' && !owns && params.length === 1) {
    return async () => [{ what: "another owner's business", request: { method, url: url.replace(':businessId', String(businessId)), body }, refusal: BUSINESS_NOT_FOUND }];
  }
  const [kind, ...more] = Object.entries(owns ?? {});
  if (!business && kind?.[1] === 'params.id' && more.length === 0 && params.length === 1 && creatorOf(kind[0])) {
    return async () => {
      const at = (id: number) => url.replace(':id', String(id));
      const missing = await send(owner, { method, url: at(MISSING_ID), body });
      const request = { method, url: at(await makeRecord(kind[0], owner, businessId)), body };
      return [{ what: `another owner's ${kind[0]}`, request, refusal: { status: missing.statusCode, message: missing.json().message } }];
    };
  }
  return undefined;
}

/** A kind's create route: the POST to a business whose 201 answer is the schema its records' routes answer. */
function creatorOf(kind: string): Declaration | undefined {
  const answers = new Set([...declarations.values()].filter(({ owns }) => owns?.[kind]).map(({ response }) => response?.[200]));
  return [...declarations.values()].find(
    ({ method, business, response }) => method === 'POST' && business === 'params.businessId' && answers.has(response?.[201]),
  );
}

async function makeRecord(kind: string, client: ApiClient, inBusiness: number): Promise<number> {
  const creator = creatorOf(kind)!;
  return (await created<{ id: number }>(await client.post(creator.url.replace(':businessId', String(inBusiness)), exampleOf(creator.body)))).id;
}

/** Creating in another owner's business, or in one's own with another owner's filter. */
function campaignCreation(url: string): Probe[] {
  const body = campaignBody();
  return [
    { what: "another owner's business", request: { method: 'POST', url, body }, refusal: BUSINESS_NOT_FOUND },
    {
      what: "another owner's filter, in the stranger's own business",
      request: { method: 'POST', url, body: { ...body, name: `${body.name} 2`, businessId: strangersBusinessId } },
      refusal: FILTER_NOT_IN_BUSINESS,
      ownersRequest: { method: 'POST', url, body: { ...body, name: `${body.name} 2` } },
    },
  ];
}

const WEBHOOK_ENDPOINT = { url: 'https://hooks.example.com/starboost', events: ['review.rating'] };

/** An action on one of the owner's webhook endpoints (one each: the owner's delete uses it up), by the business and by the endpoint. */
async function byWebhookEndpoint(method: Method, action: string): Promise<Probe[]> {
  const [first, second] = [
    await created<{ id: number }>(await owner.post(`/api/business/create-webhook-endpoint/${businessId}`, WEBHOOK_ENDPOINT)),
    await created<{ id: number }>(await owner.post(`/api/business/create-webhook-endpoint/${businessId}`, WEBHOOK_ENDPOINT)),
  ];
  const url = (inBusiness: number, id: number) => `/api/business/${action}/${inBusiness}/${id}`;
  return [
    { what: "another owner's business", request: { method, url: url(businessId, first.id) }, refusal: BUSINESS_NOT_FOUND },
    {
      what: "another owner's webhook endpoint, through the stranger's own business",
      request: { method, url: url(strangersBusinessId, second.id) },
      refusal: { status: 404, message: webhookMessages.notFound },
      ownersRequest: { method, url: url(businessId, second.id) },
    },
  ];
}

const caseOf = (route: string) => CASES[route] ?? derivedCase(declarations.get(route));

/** A HEAD route runs its GET route's hooks: probed with the GET route's requests, without a body to read. */
const caseFor = (route: string): (() => Promise<Probe[]>) | undefined => {
  const [method, url] = route.split(' ');
  if (method !== 'HEAD') return caseOf(route);
  const getCase = caseOf(`GET ${url}`);
  return (
    getCase &&
    (async () =>
      (await getCase()).map((probe) => ({ ...probe, what: `${probe.what} (HEAD)`, request: { ...probe.request, method: 'HEAD' as const } })))
  );
};
const exemption = (route: string) => EXEMPT.find(([pattern]) => pattern.test(route))?.[1];

const send = (client: ApiClient, { method, url, body }: Request) => client.request(method, url, body ?? (method === 'GET' || method === 'HEAD' ? undefined : {}));

describe('business ownership on every route', () => {
  it('knows every registered route: each has probes or a stated exemption, and nothing listed is stale', () => {
    expect(registered.size).toBeGreaterThan(30);
    const uncovered = [...registered].filter((route) => !caseFor(route) && !exemption(route));
    expect(uncovered, 'routes with neither an ownership probe nor an exemption').toEqual([]);
    const stale = Object.keys(CASES).filter((route) => !registered.has(route));
    expect(stale, 'probes for routes that do not exist').toEqual([]);
    const exemptedAndProbed = [...registered].filter((route) => caseFor(route) && exemption(route));
    expect(exemptedAndProbed).toEqual([]);
  });

  // The routes a case above names, and those whose probes follow from their declarations (derivedCase).
  const probed = [...registered].filter((route) => caseFor(route));
  it('probes routes from their declarations', () => expect(probed).toContain('HEAD /api/campaign/get-campaigns/:businessId'));

  it.each(probed)('%s refuses a signed-in stranger and serves the owner', async (route) => {
    for (const probe of await caseFor(route)!()) {
      const refused = await send(stranger, probe.request);
      expect(refused.statusCode, `${probe.what}: ${refused.body}`).toBe(probe.refusal.status);
      if (probe.request.method !== 'HEAD') expect(refused.json().message, probe.what).toBe(probe.refusal.message);
      const served = await send(owner, probe.ownersRequest ?? probe.request);
      expect(served.statusCode, `owner, ${probe.what}: ${served.body}`).toBeLessThan(300);
    }
  });
});

/**
 * Another owner's record of each kind a route can be keyed by (`app.registerOwner`): one made here,
 * or through the kind's create route (creatorOf) when it has one.
 */
const STRANGERS_RECORD: Record<string, () => number> = { campaign: () => strangersCampaign.id, contactFilter: () => strangersFilter.id };
const strangersRecord = async (kind: string) =>
  STRANGERS_RECORD[kind]?.() ?? (creatorOf(kind) ? await makeRecord(kind, stranger, strangersBusinessId) : undefined);
/** An id no record has (the largest the id columns hold). */
const MISSING_ID = 2_147_483_647;

describe('routes keyed by a record (config.owns)', () => {
  it("refuse another owner's record with the same answer as a missing one: 404 and the kind's message", async () => {
    expect(keyedByRecord.length).toBeGreaterThan(0);
    for (const { method, url, owns } of keyedByRecord) {
      for (const [kind, at] of Object.entries(owns)) {
        const param = /^params\.(\w+)$/.exec(at)?.[1];
        expect(param, `${method} ${url}: this test fills path ids only; name ${at} here`).toBeDefined();
        const strangersId = await strangersRecord(kind);
        expect(strangersId, `a record of kind ${kind} for ${method} ${url}`).toBeDefined();
        const call = (id: number) => send(owner, { method, url: url.replace(`:${param}`, String(id)) });
        const [strangers, missing] = [await call(strangersId!), await call(MISSING_ID)];
        expect(strangers.statusCode, `${method} ${url}`).toBe(404);
        expect([strangers.statusCode, strangers.body], `${method} ${url}`).toEqual([missing.statusCode, missing.body]);
      }
    }
  });
});
