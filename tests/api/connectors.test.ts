import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTOR_SECRET_MAX, connectorMessages, connectorOutcomes, type Connector, type ConnectorProvider } from '#domain/connectors';
import { validationMessages } from '#domain/messages';
import { visitSkipReasons } from '#domain';
import { queryRows } from '../../server/db/client';
import { contacts } from '../../server/db/schema';
import { automationLog, automationRequests, saveAutomation } from '../support/automation';
import { addContacts, signedInOwner, type Owner } from '../support/delivery-app';
import { ApiClient, startTestApp, type TestApp } from '../support/test-app';
import { expectError, expectFieldError } from './helpers';

/**
 * Connected systems: Square, Stripe and Shopify post completed payments and orders, each signed
 * as its provider documents it (Square and Shopify computed here from their published rule,
 * Stripe by its own library's test helper), to the webhook address a connection was given. The
 * payloads are fixtures in each provider's documented shape (tests/fixtures/connectors).
 */

const APP_URL = 'https://reviews.bakery.example';
const SECRETS: Record<ConnectorProvider, string> = {
  square: 'Sq3vT9xLr8Wm2Kp5Qz7Yb1',
  stripe: 'whsec_4eC39HqLyjWDarjtT1zdp7dcA1b2C3d4',
  shopify: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
};
// The automation's delay is 5 "minutes" of 60 s (its default length).
const DELAY_MS = 5 * 60_000;

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({ APP_URL });
});
afterAll(() => testApp?.close());

const fixture = (file: string) => JSON.parse(readFileSync(new URL(`../fixtures/connectors/${file}`, import.meta.url), 'utf8'));
let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now()}${(counter += 1)}`;
/** A moment a minute ago, to the millisecond (as the database keeps it). */
const aMinuteAgo = () => new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);

type Connection = { webhookUrl: string; path: string };

async function connect(shop: Owner, provider: ConnectorProvider, secret = SECRETS[provider]): Promise<Connection> {
  const response = await shop.client.put(`/api/business/update-connector/${shop.businessId}`, { provider, secret });
  expect(response.statusCode, response.body).toBe(200);
  const { webhookUrl } = response.json() as { webhookUrl: string };
  return { webhookUrl, path: new URL(webhookUrl).pathname };
}

const connectors = async (shop: Owner) => {
  const response = await shop.client.get(`/api/business/get-connectors/${shop.businessId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Connector[];
};

const post = (path: string, body: string, headers: Record<string, string>) =>
  testApp.app.inject({ method: 'POST', url: path, payload: body, headers: { 'content-type': 'application/json', ...headers } });

/** Posts and expects a 200 with this outcome. */
async function expectOutcome(path: string, body: string, headers: Record<string, string>, outcome: string) {
  const response = await post(path, body, headers);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ outcome });
}

// Square: base64 HMAC-SHA256 of the notification URL followed by the body, keyed with the signature key.
const squareHeaders = (url: string, body: string, key = SECRETS.square) => ({
  'x-square-hmacsha256-signature': createHmac('sha256', key).update(url + body).digest('base64'),
});
// Shopify: base64 HMAC-SHA256 of the body, keyed with the app's secret; the topic and event id are headers.
const shopifyHeaders = (body: string, eventId: string, topic = 'orders/fulfilled', secret = SECRETS.shopify) => ({
  'x-shopify-hmac-sha256': createHmac('sha256', secret).update(body).digest('base64'),
  'x-shopify-topic': topic,
  'x-shopify-event-id': eventId,
  'x-shopify-webhook-id': `${eventId}-webhook`,
  'x-shopify-shop-domain': 'corner-bakery.myshopify.com',
});
const stripeHeaders = (body: string, options: { secret?: string; timestamp?: number } = {}) => ({
  'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret: options.secret ?? SECRETS.stripe, ...(options.timestamp ? { timestamp: options.timestamp } : {}) }),
});

type SquarePayment = { eventId?: string; paymentId?: string; status?: string; createdAt?: Date; email?: string | null; type?: string; firstName?: string };
function squareBody({ eventId = unique('evt-'), paymentId = unique('pay'), status = 'COMPLETED', createdAt = aMinuteAgo(), email, type, firstName }: SquarePayment = {}) {
  const event = fixture('square-payment-updated.json');
  const payment = event.data.object.payment;
  Object.assign(event, { event_id: eventId, ...(type ? { type } : {}) });
  Object.assign(payment, { id: paymentId, status, created_at: createdAt.toISOString() });
  event.data.id = paymentId;
  if (email === null) delete payment.buyer_email_address;
  else if (email) payment.buyer_email_address = email;
  if (firstName !== undefined) payment.billing_address.first_name = firstName;
  return JSON.stringify(event);
}

type Fields = Record<string, unknown>;
type StripeEvent = { id: string; created: number; type: string; data: { object: Fields } };
type ShopifyOrder = Fields & { id: number; billing_address: Fields; shipping_address: Fields; fulfillments: Fields[] };

function stripeBody(file: 'stripe-checkout-session-completed.json' | 'stripe-charge-succeeded.json', change: (event: StripeEvent) => void = () => {}) {
  const event: StripeEvent = fixture(file);
  event.id = unique('evt_');
  event.created = Math.floor(aMinuteAgo().getTime() / 1000);
  change(event);
  return JSON.stringify(event);
}

function shopifyBody(change: (order: ShopifyOrder) => void = () => {}) {
  const order: ShopifyOrder = fixture('shopify-order-fulfilled.json');
  order.id = Number(`${Date.now()}`.slice(-9)) * 100 + (counter += 1);
  order.fulfillments[0]!.created_at = aMinuteAgo().toISOString();
  change(order);
  return JSON.stringify(order);
}

/** What a business has recorded: contacts, visits, the automation's requests and the connections' events. */
async function recorded(businessId: number) {
  const [row] = await queryRows<{ contacts: number; visits: number; requests: number; events: number; lastEventAt: Date | null }>(
    testApp.app.db,
    sql`select (select count(*)::int from contacts where business_id = ${businessId}) as contacts,
               (select count(*)::int from visits where business_id = ${businessId}) as visits,
               (select count(*)::int from deliveries d join campaigns c on c.id = d.campaign_id where c.business_id = ${businessId}) as requests,
               (select count(*)::int from connector_events e join connectors c on c.id = e.connector_id where c.business_id = ${businessId}) as events,
               (select max(last_event_at) from connectors where business_id = ${businessId}) as "lastEventAt"`,
  );
  return row!;
}

const contactsOf = (businessId: number) =>
  testApp.app.db
    .select({ firstName: contacts.firstName, lastName: contacts.lastName, email: contacts.email, phoneNumber: contacts.phoneNumber, lastVisited: contacts.lastVisited })
    .from(contacts)
    .where(sql`${contacts.businessId} = ${businessId}`)
    .orderBy(contacts.id);

/** A business with its review automation on (email, 5 minutes after the visit). */
async function shopWithAutomation() {
  const shop = await signedInOwner(testApp.app);
  await saveAutomation(shop);
  return shop;
}

describe('connecting a system', () => {
  it('refuses a secret that cannot be one, per field, and saves nothing', async () => {
    const shop = await signedInOwner(testApp.app);
    const url = `/api/business/update-connector/${shop.businessId}`;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ provider: 'square' }, 'secret', connectorMessages.secretRequired],
      [{ provider: 'square', secret: '   ' }, 'secret', connectorMessages.secretRequired],
      [{ provider: 'square', secret: 'abc def' }, 'secret', connectorMessages.secretCharacters],
      [{ provider: 'shopify', secret: 'abc\u0000def' }, 'secret', connectorMessages.secretCharacters],
      [{ provider: 'shopify', secret: 'x'.repeat(CONNECTOR_SECRET_MAX + 1) }, 'secret', connectorMessages.secretMax],
      [{ provider: 'stripe', secret: 'sk_live_abcdefghijklmnop' }, 'secret', connectorMessages.secretShape.stripe],
      // Single characters and a bare prefix are copying mistakes, not secrets.
      ...(['a', '1', 'whsec_', 'whsec_abc'] as const).map((secret): [Record<string, unknown>, string, string] => [{ provider: 'stripe', secret }, 'secret', connectorMessages.secretShape.stripe]),
      [{ provider: 'square', secret: 'a' }, 'secret', connectorMessages.secretShape.square],
      [{ provider: 'square', secret: 'Sq3vT9x+Lr8Wm2Kp5Qz7Yb1' }, 'secret', connectorMessages.secretShape.square],
      [{ provider: 'shopify', secret: '1' }, 'secret', connectorMessages.secretShape.shopify],
      [{ provider: 'shopify', secret: 'shpss_not-hex-at-all-0123456789abcdef' }, 'secret', connectorMessages.secretShape.shopify],
      [{ provider: 'paypal', secret: 'abcdefghijklmnop' }, 'provider', connectorMessages.providerInvalid],
    ];
    for (const [body, field, message] of cases) expectFieldError(await shop.client.put(url, body), field, message);
    expect(await connectors(shop)).toEqual([]);
  });

  it('answers a webhook address under APP_URL that stays when the secret is replaced; lists connections without their secret; disconnects', async () => {
    const shop = await signedInOwner(testApp.app);
    const stripe = await connect(shop, 'stripe', `  ${SECRETS.stripe}\n`);
    expect(stripe.webhookUrl).toMatch(new RegExp(`^${APP_URL}/api/webhooks/stripe/\\d+$`));
    const square = await connect(shop, 'square');
    expect(square.webhookUrl).toMatch(new RegExp(`^${APP_URL}/api/webhooks/square/\\d+$`));

    const listed = await connectors(shop);
    expect(listed.map((connector) => connector.provider)).toEqual(['square', 'stripe']);
    expect(listed[1]).toEqual({ provider: 'stripe', webhookUrl: stripe.webhookUrl, createdAt: expect.any(String), lastEventAt: null, secretEnding: SECRETS.stripe.slice(-4), events: [] });
    const answer = JSON.stringify(listed);
    for (const secret of [SECRETS.stripe, SECRETS.square]) expect(answer).not.toContain(secret.slice(0, -4));

    // A new secret (Stripe rolled it): the same address, and posts signed with the old one are refused.
    const rolled = 'whsec_rolledSecret0123456789abcdefgh';
    expect(await connect(shop, 'stripe', rolled)).toEqual(stripe);
    const body = stripeBody('stripe-charge-succeeded.json');
    expect((await post(stripe.path, body, stripeHeaders(body))).statusCode).toBe(401);
    await expectOutcome(stripe.path, body, stripeHeaders(body, { secret: rolled }), connectorOutcomes.visit(true, connectorOutcomes.automationOff));

    const deleted = await shop.client.delete(`/api/business/delete-connector/${shop.businessId}/stripe`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await connectors(shop)).map((connector) => connector.provider)).toEqual(['square']);
    const again = stripeBody('stripe-charge-succeeded.json');
    expectError(await post(stripe.path, again, stripeHeaders(again, { secret: rolled })), 404, /No connected system has this webhook address/);
    expectError(await shop.client.delete(`/api/business/delete-connector/${shop.businessId}/stripe`), 404, connectorMessages.notConnected('stripe'));
  });

  it("keeps another owner from reading, replacing or disconnecting a business's connection", async () => {
    const shop = await signedInOwner(testApp.app);
    const square = await connect(shop, 'square');
    const stranger = new ApiClient(testApp.app);
    await stranger.signUpAndIn();
    await stranger.createBusiness();
    expectError(await stranger.get(`/api/business/get-connectors/${shop.businessId}`), 404, 'Business not found.');
    expectError(await stranger.put(`/api/business/update-connector/${shop.businessId}`, { provider: 'square', secret: 'strangersKey0123456789' }), 404, 'Business not found.');
    expectError(await stranger.delete(`/api/business/delete-connector/${shop.businessId}/square`), 404, 'Business not found.');
    // The owner's key still signs: nothing was replaced or removed.
    const body = squareBody();
    await expectOutcome(square.path, body, squareHeaders(square.webhookUrl, body), connectorOutcomes.visit(true, connectorOutcomes.automationOff));
  });
});

describe('Square', () => {
  it("takes a completed payment as a visit at the payment's time that schedules the review request, once per payment", async () => {
    const shop = await shopWithAutomation();
    const square = await connect(shop, 'square');
    const paidAt = aMinuteAgo();
    const paymentId = unique('pay');
    const body = squareBody({ paymentId, createdAt: paidAt });
    await expectOutcome(square.path, body, squareHeaders(square.webhookUrl, body), connectorOutcomes.visit(true, connectorOutcomes.requestScheduled));

    expect(await contactsOf(shop.businessId)).toEqual([{ firstName: 'Ana', lastName: 'Horvat', email: 'ana.horvat@example.com', phoneNumber: null, lastVisited: paidAt }]);
    const [visit] = await automationLog(shop);
    expect(visit).toMatchObject({ contactName: 'Ana Horvat', source: 'square', visitedAt: paidAt.toISOString(), skipped: null });
    expect(visit!.request).toMatchObject({ channel: 'EMAIL', state: 'queued', dueAt: new Date(paidAt.getTime() + DELAY_MS).toISOString() });
    const [request] = await automationRequests(testApp.app, shop.businessId);
    expect(request).toMatchObject({ address: 'ana.horvat@example.com', state: 'queued' });

    // Square's retry of the event, then another update of the same payment (a fee added): neither counts again.
    await expectOutcome(square.path, body, squareHeaders(square.webhookUrl, body), connectorOutcomes.alreadyTaken);
    const updated = squareBody({ paymentId, createdAt: paidAt });
    await expectOutcome(square.path, updated, squareHeaders(square.webhookUrl, updated), connectorOutcomes.alreadyTaken);
    expect(await recorded(shop.businessId)).toMatchObject({ contacts: 1, visits: 1, requests: 1, events: 1 });

    const [listed] = await connectors(shop);
    expect(listed!.lastEventAt).not.toBeNull();
    expect(listed!.events).toEqual([{ receivedAt: expect.any(String), outcome: connectorOutcomes.visit(true, connectorOutcomes.requestScheduled) }]);
  });

  it('takes a payment posted twice at once (a retry racing the first post) once', async () => {
    const shop = await shopWithAutomation();
    const square = await connect(shop, 'square');
    const body = squareBody();
    const answers = await Promise.all([1, 2].map(() => post(square.path, body, squareHeaders(square.webhookUrl, body))));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json().outcome).sort()).toEqual([connectorOutcomes.alreadyTaken, connectorOutcomes.visit(true, connectorOutcomes.requestScheduled)]);
    expect(await recorded(shop.businessId)).toMatchObject({ contacts: 1, visits: 1, requests: 1, events: 1 });
  });

  it('ignores, and records as ignored, a payment not completed, another event type, and a payment without email', async () => {
    const shop = await shopWithAutomation();
    const square = await connect(shop, 'square');
    const send = (body: string, outcome: string) => expectOutcome(square.path, body, squareHeaders(square.webhookUrl, body), outcome);
    await send(squareBody({ status: 'APPROVED' }), connectorOutcomes.notCompleted('APPROVED'));
    await send(squareBody({ type: 'refund.updated' }), connectorOutcomes.notTaken('refund.updated'));
    await send(squareBody({ email: null }), connectorOutcomes.noReach);
    await send(squareBody({ email: 'not an address' }), 'ignored: invalid email address');
    expect(await recorded(shop.businessId)).toMatchObject({ contacts: 0, visits: 0, requests: 0, events: 4 });
    expect((await connectors(shop))[0]!.events.map((event) => event.outcome)).toEqual([
      connectorOutcomes.notAContact(validationMessages.emailInvalid),
      connectorOutcomes.noReach,
      connectorOutcomes.notTaken('refund.updated'),
      connectorOutcomes.notCompleted('APPROVED'),
    ]);
  });

  it('keeps a signed event with a huge id and control characters in its type once, without an error', async () => {
    const shop = await shopWithAutomation();
    const square = await connect(shop, 'square');
    const body = squareBody({ eventId: 'e'.repeat(5000), type: 'payment.\u0000updated' });
    await expectOutcome(square.path, body, squareHeaders(square.webhookUrl, body), 'ignored: payment.updated is not an event Starboost takes');
    await expectOutcome(square.path, body, squareHeaders(square.webhookUrl, body), connectorOutcomes.alreadyTaken);
    expect(await recorded(shop.businessId)).toMatchObject({ contacts: 0, events: 1 });
  });

  it('refuses a post not signed with the key over exactly the address given (401), recording nothing', async () => {
    const shop = await shopWithAutomation();
    const square = await connect(shop, 'square');
    const body = squareBody();
    const refusals: Array<[string, Record<string, string>]> = [
      ['no signature', {}],
      ['another key', squareHeaders(square.webhookUrl, body, 'AnotherKey0123456789ab')],
      ['the address the request reached, not the one given', squareHeaders(`http://localhost${square.path}`, body)],
      ['another body', squareHeaders(square.webhookUrl, squareBody())],
      ['not base64', { 'x-square-hmacsha256-signature': '!!!' }],
    ];
    for (const [what, headers] of refusals) {
      const response = await post(square.path, body, headers);
      expect(response.statusCode, what).toBe(401);
      expect(response.json().message, what).toMatch(/Square signature/);
    }
    expect(await recorded(shop.businessId)).toEqual({ contacts: 0, visits: 0, requests: 0, events: 0, lastEventAt: null });
  });

  it("never asks a contact who unsubscribed, though the visit counts", async () => {
    const shop = await shopWithAutomation();
    const square = await connect(shop, 'square');
    await addContacts(testApp.app, shop.businessId, 1, () => ({ firstName: 'Ana', lastName: 'Horvat', email: 'ana.horvat@example.com', status: 'UNSUBSCRIBED' }));
    const body = squareBody();
    await expectOutcome(square.path, body, squareHeaders(square.webhookUrl, body), connectorOutcomes.visit(false, 'skipped: the contact unsubscribed'));
    expect(await recorded(shop.businessId)).toMatchObject({ contacts: 1, visits: 1, requests: 0, events: 1 });
    expect(await automationRequests(testApp.app, shop.businessId)).toEqual([]);
  });
});

describe('Stripe', () => {
  it('takes a completed checkout as a visit of its customer, and the charge of the same payment not again', async () => {
    const shop = await shopWithAutomation();
    const stripe = await connect(shop, 'stripe');
    const session = stripeBody('stripe-checkout-session-completed.json');
    await expectOutcome(stripe.path, session, stripeHeaders(session), connectorOutcomes.visit(true, connectorOutcomes.requestScheduled));
    await expectOutcome(stripe.path, session, stripeHeaders(session), connectorOutcomes.alreadyTaken);
    const charge = stripeBody('stripe-charge-succeeded.json');
    await expectOutcome(stripe.path, charge, stripeHeaders(charge), connectorOutcomes.alreadyTaken);

    expect(await contactsOf(shop.businessId)).toEqual([
      { firstName: 'Ben', lastName: 'Okafor', email: 'ben.okafor@example.com', phoneNumber: '4915123456789', lastVisited: expect.any(Date) },
    ]);
    expect(await recorded(shop.businessId)).toMatchObject({ contacts: 1, visits: 1, requests: 1, events: 1 });
    const [visit] = await automationLog(shop);
    expect(visit).toMatchObject({ contactName: 'Ben Okafor', source: 'stripe', visitedAt: new Date(JSON.parse(session).created * 1000).toISOString() });
  });

  it('takes a charge with a phone number only; ignores an unpaid checkout, other events and a charge without contact details', async () => {
    const shop = await shopWithAutomation();
    const stripe = await connect(shop, 'stripe');
    const send = (body: string, outcome: string) => expectOutcome(stripe.path, body, stripeHeaders(body), outcome);
    const phoneOnly = stripeBody('stripe-charge-succeeded.json', (event) => {
      Object.assign(event.data.object, { payment_intent: unique('pi_'), billing_details: { address: null, email: null, name: 'Ivo Kovač', phone: '0151 98765432' } });
    });
    await send(phoneOnly, connectorOutcomes.visit(true, 'skipped: no email address'));
    await send(
      stripeBody('stripe-checkout-session-completed.json', (event) => Object.assign(event.data.object, { payment_status: 'unpaid', payment_intent: unique('pi_') })),
      connectorOutcomes.notCompleted('unpaid'),
    );
    await send(stripeBody('stripe-charge-succeeded.json', (event) => (event.type = 'payment_intent.created')), connectorOutcomes.notTaken('payment_intent.created'));
    await send(
      stripeBody('stripe-charge-succeeded.json', (event) => Object.assign(event.data.object, { payment_intent: unique('pi_'), billing_details: { address: null, email: null, name: 'Ivo Kovač', phone: null } })),
      connectorOutcomes.noReach,
    );
    expect(await contactsOf(shop.businessId)).toEqual([{ firstName: 'Ivo', lastName: 'Kovač', email: null, phoneNumber: '4915198765432', lastVisited: expect.any(Date) }]);
    expect(await recorded(shop.businessId)).toMatchObject({ contacts: 1, visits: 1, requests: 0, events: 4 });
  });

  it('takes a paid checkout whose buyer left an email and no name (older API versions): a visit, and a request that greets without a name', async () => {
    const shop = await shopWithAutomation();
    const stripe = await connect(shop, 'stripe');
    const email = `${unique('buyer')}@example.com`;
    const nameless = stripeBody('stripe-checkout-session-completed.json', (event) => {
      Object.assign(event.data.object, { payment_intent: unique('pi_'), customer_email: null, customer_details: { address: null, email, name: null, phone: null, tax_exempt: 'none', tax_ids: [] } });
    });
    await expectOutcome(stripe.path, nameless, stripeHeaders(nameless), connectorOutcomes.visit(true, connectorOutcomes.requestScheduled));
    expect(await contactsOf(shop.businessId)).toEqual([{ firstName: '', lastName: '', email, phoneNumber: null, lastVisited: expect.any(Date) }]);
    const [request] = await automationRequests(testApp.app, shop.businessId);
    expect(request).toMatchObject({ address: email, subject: 'How was your visit?' });
    expect(request!.body).toMatch(/^Hi, thanks for visiting /);
  });

  it('answers 400 to a validly signed body that is not an event, recording nothing', async () => {
    const shop = await shopWithAutomation();
    const stripe = await connect(shop, 'stripe');
    const event = JSON.parse(stripeBody('stripe-checkout-session-completed.json')) as Fields;
    for (const body of ['null', '[]', '"evt_1"', '42', '{}', JSON.stringify({ ...event, type: undefined }), JSON.stringify({ ...event, type: 7 }), JSON.stringify({ ...event, id: undefined }), JSON.stringify([event])]) {
      const response = await post(stripe.path, body, stripeHeaders(body));
      expect(response.statusCode, body).toBe(400);
      expect(response.json().message, body).toBe('The body is not a Stripe event (an object with a text "id" and "type").');
    }
    expect(await recorded(shop.businessId)).toEqual({ contacts: 0, visits: 0, requests: 0, events: 0, lastEventAt: null });
  });

  it('refuses a signature more than 5 minutes old or ahead, with another secret, or missing (401), recording nothing', async () => {
    const shop = await shopWithAutomation();
    const stripe = await connect(shop, 'stripe');
    const body = stripeBody('stripe-checkout-session-completed.json');
    const now = Math.floor(Date.now() / 1000);
    for (const [what, headers] of [
      ['stale', stripeHeaders(body, { timestamp: now - 301 })],
      ['dated ahead', stripeHeaders(body, { timestamp: now + 301 })],
      ['another secret', stripeHeaders(body, { secret: 'whsec_anotherSecret0123456789abcdef' })],
      ['none', {}],
      ['garbage', { 'stripe-signature': 'v1=abc' }],
    ] as const) {
      const response = await post(stripe.path, body, headers);
      expect(response.statusCode, what).toBe(401);
      expect(response.json().message, what).toMatch(/Stripe signature/);
    }
    expect(await recorded(shop.businessId)).toEqual({ contacts: 0, visits: 0, requests: 0, events: 0, lastEventAt: null });
    // Within the 5 minutes it is taken.
    await expectOutcome(stripe.path, body, stripeHeaders(body, { timestamp: now - 290 }), connectorOutcomes.visit(true, connectorOutcomes.requestScheduled));
  });
});

describe('Shopify', () => {
  it('takes a fulfilled order as a visit of its customer at the fulfilment, once per order', async () => {
    const shop = await shopWithAutomation();
    const shopify = await connect(shop, 'shopify');
    const body = shopifyBody();
    const eventId = unique('shopify-event-');
    await expectOutcome(shopify.path, body, shopifyHeaders(body, eventId), connectorOutcomes.visit(true, connectorOutcomes.requestScheduled));
    // A retry, and the same order under another event id (a second subscription): taken once.
    await expectOutcome(shopify.path, body, shopifyHeaders(body, eventId), connectorOutcomes.alreadyTaken);
    await expectOutcome(shopify.path, body, shopifyHeaders(body, unique('shopify-event-')), connectorOutcomes.alreadyTaken);

    const fulfilledAt = new Date((JSON.parse(body) as ShopifyOrder).fulfillments[0]!.created_at as string);
    expect(await contactsOf(shop.businessId)).toEqual([
      { firstName: 'Carla', lastName: 'Ruiz', email: 'carla.ruiz@example.com', phoneNumber: '4915198765432', lastVisited: fulfilledAt },
    ]);
    expect(await recorded(shop.businessId)).toMatchObject({ contacts: 1, visits: 1, requests: 1, events: 1 });
  });

  it('ignores other topics and an order without contact details; refuses a wrong or missing signature', async () => {
    const shop = await shopWithAutomation();
    const shopify = await connect(shop, 'shopify');
    const body = shopifyBody();
    await expectOutcome(shopify.path, body, shopifyHeaders(body, unique('e'), 'orders/create'), connectorOutcomes.notTaken('orders/create'));
    const anonymous = shopifyBody((order) => {
      for (const key of ['email', 'contact_email', 'phone', 'customer']) delete order[key];
      order.billing_address.phone = null;
      order.shipping_address.phone = null;
    });
    await expectOutcome(shopify.path, anonymous, shopifyHeaders(anonymous, unique('e')), connectorOutcomes.noReach);
    expect(await recorded(shop.businessId)).toMatchObject({ contacts: 0, visits: 0, events: 2 });

    const before = await recorded(shop.businessId);
    const { 'x-shopify-hmac-sha256': _signature, ...unsigned } = shopifyHeaders(body, unique('e'));
    for (const headers of [unsigned, shopifyHeaders(body, unique('e'), 'orders/fulfilled', 'another-secret')]) {
      expectError(await post(shopify.path, body, headers), 401, /Shopify signature/);
    }
    expect(await recorded(shop.businessId)).toEqual(before);
  });
});

describe('Shopify orders as they really come', () => {
  it('takes the customer of an order whose phone is free text by the email, leaving the phone out', async () => {
    const shop = await shopWithAutomation();
    const shopify = await connect(shop, 'shopify');
    const body = shopifyBody((order) => {
      order.phone = '555-555-SHIP';
      order.billing_address.phone = 'call the front desk';
      order.shipping_address.phone = '555-555-SHIP';
      delete (order.customer as Fields).phone;
    });
    await expectOutcome(shopify.path, body, shopifyHeaders(body, unique('e')), connectorOutcomes.visit(true, connectorOutcomes.requestScheduled));
    expect(await contactsOf(shop.businessId)).toEqual([expect.objectContaining({ firstName: 'Carla', email: 'carla.ruiz@example.com', phoneNumber: null })]);
  });

  it('ignores a voided, refunded, pending, cancelled or test order: only a paid order that stands is a visit', async () => {
    const shop = await shopWithAutomation();
    const shopify = await connect(shop, 'shopify');
    const send = (change: (order: ShopifyOrder) => void, outcome: string) => {
      const body = shopifyBody(change);
      return expectOutcome(shopify.path, body, shopifyHeaders(body, unique('e')), outcome);
    };
    for (const status of ['voided', 'refunded', 'pending', 'authorized']) {
      await send((order) => (order.financial_status = status), connectorOutcomes.orderNotPaid(status));
    }
    await send((order) => (order.cancelled_at = aMinuteAgo().toISOString()), connectorOutcomes.orderCancelled);
    await send((order) => (order.test = true), connectorOutcomes.testOrder);
    expect(await recorded(shop.businessId)).toMatchObject({ contacts: 0, visits: 0, requests: 0, events: 6 });
    await send((order) => (order.financial_status = 'partially_paid'), connectorOutcomes.visit(true, connectorOutcomes.requestScheduled));
  });

  it('keys an order without an id by its signed body: a replay under a new event id records nothing new', async () => {
    const shop = await shopWithAutomation();
    const shopify = await connect(shop, 'shopify');
    const body = shopifyBody((order) => delete (order as Fields).id);
    await expectOutcome(shopify.path, body, shopifyHeaders(body, unique('e')), connectorOutcomes.visit(true, connectorOutcomes.requestScheduled));
    await expectOutcome(shopify.path, body, shopifyHeaders(body, unique('e')), connectorOutcomes.alreadyTaken);
    // A topic not taken is recorded once too, whatever event id the (unsigned) headers give.
    const other = shopifyBody();
    const topic = (eventId: string) => shopifyHeaders(other, eventId, 'orders/create');
    await expectOutcome(shopify.path, other, topic(unique('e')), connectorOutcomes.notTaken('orders/create'));
    await expectOutcome(shopify.path, other, topic(unique('e')), connectorOutcomes.alreadyTaken);
    expect(await recorded(shop.businessId)).toMatchObject({ contacts: 1, visits: 1, requests: 1, events: 2 });
  });

  it('records a purchase reported more than 30 days late as a visit that asks nobody', async () => {
    const shop = await shopWithAutomation();
    const shopify = await connect(shop, 'shopify');
    const body = shopifyBody((order) => (order.fulfillments[0]!.created_at = new Date(Date.now() - 31 * 86_400_000).toISOString()));
    await expectOutcome(shopify.path, body, shopifyHeaders(body, unique('e')), connectorOutcomes.visit(true, visitSkipReasons.tooOld));
    expect(await recorded(shop.businessId)).toMatchObject({ contacts: 1, visits: 1, requests: 0, events: 1 });
  });
});

describe('the webhook address', () => {
  it("answers 404 for a connection that does not exist or is another provider's, recording nothing", async () => {
    const shop = await shopWithAutomation();
    const stripe = await connect(shop, 'stripe');
    const id = stripe.path.split('/').at(-1)!;
    const body = stripeBody('stripe-checkout-session-completed.json');
    for (const path of [`/api/webhooks/square/${id}`, `/api/webhooks/shopify/${id}`, `/api/webhooks/paypal/${id}`, '/api/webhooks/stripe/2000000000', '/api/webhooks/stripe/abc']) {
      expectError(await post(path, body, stripeHeaders(body)), 404, /No connected system has this webhook address/);
    }
    expect(await recorded(shop.businessId)).toEqual({ contacts: 0, visits: 0, requests: 0, events: 0, lastEventAt: null });
  });

  it('refuses a body over 1 MB (413) before reading it', async () => {
    const shop = await shopWithAutomation();
    const shopify = await connect(shop, 'shopify');
    const body = shopifyBody((order) => (order.note = 'x'.repeat(1024 * 1024)));
    expect((await post(shopify.path, body, shopifyHeaders(body, unique('e')))).statusCode).toBe(413);
    expect(await recorded(shop.businessId)).toMatchObject({ contacts: 0, events: 0, lastEventAt: null });
  });
});
