import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_MESSAGE,
  webhookMessages,
  type WebhookContact,
  type WebhookDelivery,
  type WebhookDeliveryEventType,
  type WebhookEndpoint,
  type WebhookEventData,
  type WebhookEventType,
  type WebhookMessage,
} from '#domain/webhooks';
import { queryRows } from '../../server/db/client';
import { deliveries, webhookEndpoints } from '../../server/db/schema';
import { INBOUND_EMAIL_PATH, TWILIO_INBOUND_PATH, UNSUBSCRIBE_PATH } from '../../server/sending/paths';
import { twilioSignature } from '../../server/sending/sms';
import { applyPhoneReply } from '../../server/suppressions/addresses';
import { PrivateAddressError, publicAddressesOnly } from '../../server/webhooks/addresses';
import { postWebhook, PRIVATE_ADDRESS_REFUSED } from '../../server/webhooks/post';
import { TEST_EVENTS_PER_BUSINESS_PER_HOUR, TEST_EVENTS_PER_ENDPOINT_PER_HOUR } from '../../server/webhooks/routes';
import { WebhookSender } from '../../server/webhooks/sender';
import {
  addContacts,
  createFilter,
  deliveryRows,
  finishedCampaign,
  launchCampaign,
  signedInOwner,
  startDeliveryApp,
  waitFor,
  type DeliveryApp,
  type Owner,
} from '../support/delivery-app';
import { fillFixture, readFixture } from '../support/report-fixtures';
import { ApiClient } from '../support/test-app';
import { expectFieldError, failWritesOf } from './helpers';

/**
 * Outbound webhooks end to end: events happen through the app's real routes (the review page, the
 * unsubscribe link, Twilio's STOP), the delivery worker posts them to a real HTTP server on
 * 127.0.0.1, and the official `standardwebhooks` package checks their signatures.
 */

const APP_URL = 'https://reviews.example.com';
const TWILIO_AUTH_TOKEN = 'twilio-auth-token-0123456789';
const INBOUND_EMAIL_SECRET = 'inbound-secret-0123456789';
const CHROME = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

type Received = { path: string; headers: IncomingHttpHeaders; body: string; at: number };
/** What the receiver answers a request with: a status, or no answer at all. */
type Answer = number | 'no answer';

/** A webhook receiver: a real HTTP server that records each request and answers as scripted per path (204 otherwise). */
class Receiver {
  readonly requests: Received[] = [];
  private readonly scripts = new Map<string, Answer[]>();
  private readonly arrivals = new Set<() => void>();
  private server!: Server;
  private port = 0;

  static async start() {
    const receiver = new Receiver();
    receiver.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => receiver.receive({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString(), at: Date.now() }, response));
    });
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    receiver.port = (receiver.server.address() as AddressInfo).port;
    return receiver;
  }

  url = (path: string) => `http://127.0.0.1:${this.port}${path}`;

  /** The answers to the next requests to `path`, in order. */
  script(path: string, ...answers: Answer[]) {
    this.scripts.set(path, answers);
  }

  private receive(received: Received, response: ServerResponse) {
    this.requests.push(received);
    for (const arrived of this.arrivals) arrived();
    const answer = this.scripts.get(received.path)?.shift() ?? 204;
    if (answer !== 'no answer') response.writeHead(answer).end('a body the sender never keeps');
  }

  to = (path: string) => this.requests.filter((request) => request.path === path);

  /** Resolves once `count` requests to `path` have arrived (woken by each arrival, no polling). */
  received(path: string, count: number, timeoutMs = 30_000): Promise<Received[]> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.to(path).length < count) return;
        this.arrivals.delete(check);
        clearTimeout(timer);
        resolve(this.to(path));
      };
      const timer = setTimeout(() => {
        this.arrivals.delete(check);
        reject(new Error(`timed out waiting for ${count} requests to ${path} (got ${this.to(path).length})`));
      }, timeoutMs);
      this.arrivals.add(check);
      check();
    });
  }

  async close() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

let receiver: Receiver;
let deliveryApp: DeliveryApp;
let owner: Owner;

beforeAll(async () => {
  receiver = await Receiver.start();
  deliveryApp = await startDeliveryApp({
    APP_URL,
    TWILIO_AUTH_TOKEN,
    INBOUND_EMAIL_SECRET,
    WEBHOOK_ALLOW_PRIVATE_URLS: '1',
    WEBHOOK_RETRY_DELAYS_MS: '200,400',
    WEBHOOK_TIMEOUT_MS: '1000',
  });
});
// Each test has a business of its own (a business has at most 5 endpoints), with a review site.
beforeEach(async () => {
  owner = await signedInOwner(deliveryApp.app);
});
afterAll(async () => {
  await deliveryApp?.close();
  await receiver?.close();
});

const api = (path: string, shop: Owner = owner) => `/api/business/${path}/${shop.businessId}`;

let paths = 0;
/** An endpoint of the owner's business at a receiver path of its own. */
async function endpointFor(events: string[], shop: Owner = owner) {
  paths += 1;
  const path = `/hooks/${paths}`;
  const response = await shop.client.post(api('create-webhook-endpoint', shop), { url: receiver.url(path), events });
  expect(response.statusCode, response.body).toBe(201);
  return { path, endpoint: response.json() as WebhookEndpoint };
}

/** Checks a received message as a receiver would, with the official Standard Webhooks library; answers its body. */
function verified(request: Received, secret: string) {
  return new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as WebhookMessage<WebhookDeliveryEventType, unknown>;
}

let guests = 0;
/**
 * A sent review request to one new contact of the business (an email and a number of their own: an
 * opted-out contact's would make them unsubscribed), dated a minute back (no longer "just sent").
 */
async function sentReviewRequest(shop: Owner = owner) {
  guests += 1;
  const batch = `g${Date.now()}${guests}`;
  const phoneNumber = `4915177${String(guests).padStart(6, '0')}`;
  const [contactId] = await addContacts(deliveryApp.app, shop.businessId, 1, () => ({ email: `guest.${batch}@example.com`, phoneNumber, firstName: 'Ana', lastName: 'Horvat' }));
  const filter = await createFilter(shop, [{ attribute: 'email', operator: 'CONTAINS', value: batch }]);
  const campaign = await launchCampaign(shop, filter, { messageBody: 'Hi ${firstName}, how was it? ${reviewLink}' });
  await finishedCampaign(shop, campaign.id);
  await deliveryApp.app.db.update(deliveries).set({ sentAt: sql`now() - interval '1 minute'` }).where(eq(deliveries.campaignId, campaign.id));
  const [delivery] = await deliveryRows(deliveryApp.app, campaign.id);
  const [contact] = await queryRows<{ phoneNumber: string; email: string }>(deliveryApp.app.db, sql`select phone_number as "phoneNumber", email from contacts where id = ${contactId!}`);
  return { campaign, contactId: contactId!, contact: contact!, token: delivery!.reviewToken!, unsubscribeToken: delivery!.unsubscribeToken };
}

const open = (url: string, userAgent = CHROME) => deliveryApp.app.inject({ method: 'GET', url, headers: { 'user-agent': userAgent } });
const csrfOf = async (token: string) => /name="csrf" value="([^"]+)"/.exec((await open(`/r/${token}`)).body)![1]!;
const postForm = async (token: string, action: 'rating' | 'feedback', form: Record<string, string>) =>
  deliveryApp.app.inject({
    method: 'POST',
    url: `/r/${token}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: APP_URL, 'user-agent': CHROME, host: new URL(APP_URL).host },
    payload: new URLSearchParams({ csrf: await csrfOf(token), ...form }).toString(),
  });

/** The outbox rows of an endpoint (written in the event's own statement or transaction, so readable at once). */
const outboxOf = (endpointId: number) =>
  queryRows<{ eventType: string; state: string }>(deliveryApp.app.db, sql`select event_type as "eventType", state from webhook_deliveries where endpoint_id = ${endpointId} order by id`);

const deliveryLog = async (shop: Owner = owner) => (await shop.client.get(api('get-webhook-deliveries', shop))).json() as WebhookDelivery[];

describe('webhook endpoints', () => {
  it('are added with a Standard Webhooks secret, listed, limited to 5 a business, and deleted', async () => {
    const created = await owner.client.post(api('create-webhook-endpoint'), {
      url: ' https://hooks.example.com/café?x=1 ',
      events: ['contact.unsubscribed', 'review.rating', 'review.rating'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const endpoint = created.json() as WebhookEndpoint;
    expect(endpoint).toEqual({
      id: expect.any(Number),
      url: 'https://hooks.example.com/caf%C3%A9?x=1',
      events: ['review.rating', 'contact.unsubscribed'],
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      createdAt: expect.stringMatching(ISO),
    });
    expect(Buffer.from(endpoint.secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect((await owner.client.get(api('get-webhook-endpoints'))).json()).toEqual([endpoint]);

    for (let i = 2; i <= 5; i += 1) expect((await owner.client.post(api('create-webhook-endpoint'), { url: `https://hooks.example.com/${i}`, events: ['review.clicked'] })).statusCode).toBe(201);
    const sixth = await owner.client.post(api('create-webhook-endpoint'), { url: 'https://hooks.example.com/6', events: ['review.clicked'] });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toBe(webhookMessages.tooMany);

    expect((await owner.client.delete(`${api('delete-webhook-endpoint')}/${endpoint.id}`)).statusCode).toBe(204);
    expect((await owner.client.delete(`${api('delete-webhook-endpoint')}/${endpoint.id}`)).json().message).toBe(webhookMessages.notFound);
    expect((await owner.client.get(api('get-webhook-endpoints'))).json()).toHaveLength(4);
  });

  it('refuses bad input field by field, changing nothing', async () => {
    const refusals: Array<[unknown, string, string]> = [
      [{ events: ['review.rating'] }, 'url', webhookMessages.urlRequired],
      [{ url: 'hooks.example.com', events: ['review.rating'] }, 'url', webhookMessages.urlInvalid],
      [{ url: 'ftp://hooks.example.com/x', events: ['review.rating'] }, 'url', webhookMessages.urlInvalid],
      [{ url: 'https://user:secret@hooks.example.com/x', events: ['review.rating'] }, 'url', webhookMessages.urlCredentials],
      [{ url: 'https://hooks.example.com/\u0000', events: ['review.rating'] }, 'url', webhookMessages.urlControlCharacters],
      [{ url: `https://hooks.example.com/${'x'.repeat(2000)}`, events: ['review.rating'] }, 'url', webhookMessages.urlMax],
      [{ url: 'https://hooks.example.com/x', events: [] }, 'events', webhookMessages.eventsRequired],
      [{ url: 'https://hooks.example.com/x', events: ['review.deleted'] }, 'events.0', webhookMessages.eventsUnknown],
    ];
    const before = (await owner.client.get(api('get-webhook-endpoints'))).json();
    for (const [body, field, message] of refusals) expectFieldError(await owner.client.post(api('create-webhook-endpoint'), body), field, message);
    expect((await owner.client.get(api('get-webhook-endpoints'))).json()).toEqual(before);
  });

  it("answers another owner's endpoint, through the caller's own business, like a missing one", async () => {
    const stranger = await signedInOwner(deliveryApp.app);
    const { endpoint } = await endpointFor(['review.rating']);
    for (const [method, path] of [['DELETE', 'delete-webhook-endpoint'], ['POST', 'send-test-webhook']] as const) {
      const refused = await stranger.client.request(method, `${api(path, stranger)}/${endpoint.id}`, {});
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(webhookMessages.notFound);
    }
    expect((await stranger.client.get(api('get-webhook-deliveries', stranger))).json()).toEqual([]);
    expect((await owner.client.get(api('get-webhook-endpoints'))).json()).toContainEqual(endpoint);
  });
});

describe('events', () => {
  it('each event is posted, signed as Standard Webhooks says, to the endpoints that receive it, and only those', async () => {
    const everything = await endpointFor(['review.rating', 'review.clicked', 'feedback.received', 'contact.unsubscribed']);
    const optOutsOnly = await endpointFor(['contact.unsubscribed']);
    const { campaign, contactId, contact, token, unsubscribeToken } = await sentReviewRequest();
    const ana: WebhookContact = { id: contactId, firstName: 'Ana', lastName: 'Horvat', email: contact.email, phoneNumber: `+${contact.phoneNumber}` };
    const request = { businessId: owner.businessId, contact: ana, via: 'campaign' as const, campaign: { id: campaign.id, name: campaign.name } };
    // The payloads as domain/webhooks.ts documents them (the types check the test's expectations).
    const expected: { [Type in WebhookEventType]: WebhookEventData[Type] } = {
      'review.rating': { ...request, rating: 4 },
      'review.clicked': { ...request, siteName: 'Google' },
      'feedback.received': { ...request, rating: 2, message: 'Cold coffee.' },
      'contact.unsubscribed': { businessId: owner.businessId, contact: ana, channel: 'EMAIL', reason: 'unsubscribed' },
    };

    expect((await postForm(token, 'rating', { rating: '4' })).statusCode).toBe(200);
    expect((await open(`/r/${token}/go/1`)).statusCode).toBe(302);
    expect((await postForm(token, 'feedback', { rating: '2', message: 'Cold coffee.' })).statusCode).toBe(200);
    const unsubscribe = () => deliveryApp.app.inject({ method: 'POST', url: `${UNSUBSCRIBE_PATH}/${unsubscribeToken}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect((await unsubscribe()).body).toContain('You are unsubscribed');
    // Once unsubscribed, the link records nothing more.
    expect((await unsubscribe()).statusCode).toBe(200);

    const received = await receiver.received(everything.path, 4);
    const bodies = received.map((message) => verified(message, everything.endpoint.secret));
    const byType = Object.fromEntries(bodies.map((body) => [body.type, body]));
    expect(Object.keys(byType).sort()).toEqual(['contact.unsubscribed', 'feedback.received', 'review.clicked', 'review.rating']);
    for (const body of bodies) expect(body.timestamp).toMatch(ISO);
    for (const type of WEBHOOK_EVENT_TYPES) expect(byType[type]!.data, type).toEqual(expected[type]);

    for (const message of received) {
      expect(message.headers['content-type']).toBe('application/json');
      expect(message.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(Math.abs(Number(message.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
      expect(message.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      // A forged body, another endpoint's secret or an old timestamp does not verify.
      const forged = message.body.replace(`"businessId":${owner.businessId}`, `"businessId":${owner.businessId + 1}`);
      expect(forged).not.toBe(message.body);
      expect(() => verified({ ...message, body: forged }, everything.endpoint.secret)).toThrow();
      expect(() => verified(message, optOutsOnly.endpoint.secret)).toThrow();
      expect(() => verified({ ...message, headers: { ...message.headers, 'webhook-timestamp': String(Math.floor(Date.now() / 1000) - 3600) } }, everything.endpoint.secret)).toThrow();
    }
    expect(new Set(received.map((message) => message.headers['webhook-id'])).size).toBe(4);

    const [optOut] = await receiver.received(optOutsOnly.path, 1);
    expect(verified(optOut!, optOutsOnly.endpoint.secret)).toMatchObject({ type: 'contact.unsubscribed', data: { reason: 'unsubscribed' } });
    // The endpoint that receives opt-outs only was never queued anything else, and the second use of the link queued nothing.
    // The receiver has it a moment before the sender records it: wait for the record.
    await waitFor(async () => (await outboxOf(optOutsOnly.endpoint.id)).every((row) => row.state === 'delivered'), 30_000, 'the opt-out recorded');
    expect(await outboxOf(optOutsOnly.endpoint.id)).toEqual([{ eventType: 'contact.unsubscribed', state: 'delivered' }]);
    await waitFor(async () => (await outboxOf(everything.endpoint.id)).every((row) => row.state === 'delivered'), 30_000, 'every delivery recorded');
    expect(await outboxOf(everything.endpoint.id)).toHaveLength(4);

    const log = (await deliveryLog()).filter((delivery) => delivery.endpointId === everything.endpoint.id);
    expect(log.map((delivery) => delivery.eventType)).toEqual(['contact.unsubscribed', 'feedback.received', 'review.clicked', 'review.rating']);
    for (const delivery of log) {
      expect(delivery).toMatchObject({ endpointUrl: receiver.url(everything.path), state: 'delivered', attempts: 1, lastStatus: 204, lastError: null, nextAttemptAt: null });
      expect(delivery.deliveredAt).toMatch(ISO);
    }
    // A finished delivery keeps no payload (the contact's data): the log never shows one.
    const [{ payloads }] = (await queryRows<{ payloads: string[] }>(deliveryApp.app.db, sql`select array_agg(payload::text) as payloads from webhook_deliveries where endpoint_id = ${everything.endpoint.id}`)) as [{ payloads: string[] }];
    expect(payloads).toEqual(['{}', '{}', '{}', '{}']);
  });

  it('a STOP reply by text message is posted as contact.unsubscribed', async () => {
    const { endpoint, path } = await endpointFor(['contact.unsubscribed']);
    const digits = `4915199${String(Date.now()).slice(-6)}`;
    const [contactId] = await addContacts(deliveryApp.app, owner.businessId, 1, () => ({ firstName: 'Ivo', lastName: 'Kovač', email: null, phoneNumber: digits }));
    const params = { From: `+${digits}`, To: '+15005550006', Body: 'STOP', MessageSid: 'SM1' };
    const stop = await deliveryApp.app.inject({
      method: 'POST',
      url: TWILIO_INBOUND_PATH,
      payload: new URLSearchParams(params).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(TWILIO_AUTH_TOKEN, `${APP_URL}${TWILIO_INBOUND_PATH}`, params) },
    });
    expect(stop.statusCode).toBe(200);
    const [message] = await receiver.received(path, 1);
    const data: WebhookEventData['contact.unsubscribed'] = {
      businessId: owner.businessId,
      contact: { id: contactId!, firstName: 'Ivo', lastName: 'Kovač', email: null, phoneNumber: `+${digits}` },
      channel: 'SMS',
      reason: 'stop',
    };
    expect(verified(message!, endpoint.secret)).toEqual({ type: 'contact.unsubscribed', timestamp: expect.stringMatching(ISO), data });
  });

  it('a spam complaint and an unsubscribe request by email, forwarded by the mail provider, are posted as contact.unsubscribed', async () => {
    const { endpoint, path } = await endpointFor(['contact.unsubscribed']);
    const postReport = async (file: string) => {
      const { campaign, contactId } = await sentReviewRequest();
      const [delivery] = await deliveryRows(deliveryApp.app, campaign.id);
      const response = await deliveryApp.app.inject({
        method: 'POST',
        url: INBOUND_EMAIL_PATH,
        payload: fillFixture(readFixture('bounces', file), delivery!),
        headers: { 'content-type': 'message/rfc822', authorization: `Basic ${Buffer.from(`inbound:${INBOUND_EMAIL_SECRET}`).toString('base64')}` },
      });
      expect(response.statusCode, response.body).toBe(200);
      return contactId;
    };
    const complained = await postReport('arf-abuse.eml');
    const unsubscribed = await postReport('apple-unsubscribe.eml');
    const messages = (await receiver.received(path, 2)).map((message) => verified(message, endpoint.secret).data as WebhookEventData['contact.unsubscribed']);
    expect(messages.map(({ contact, channel, reason }) => [contact.id, channel, reason]).sort()).toEqual(
      [
        [complained, 'EMAIL', 'complaint'],
        [unsubscribed, 'EMAIL', 'unsubscribed'],
      ].sort(),
    );
  });

  it('automated openings are not sent: a scanner that clicks every link queues nothing', async () => {
    const { endpoint } = await endpointFor(['review.clicked', 'review.rating']);
    const { token } = await sentReviewRequest();
    expect((await open(`/r/${token}/go/1`, 'Mozilla/5.0 (compatible; Microsoft Office/16.0; SafeLinks)')).statusCode).toBe(302);
    expect((await open(`/r/${token}?rating=1`, 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)')).statusCode).toBe(200);
    expect(await outboxOf(endpoint.id)).toEqual([]);
    // A person's star link does count.
    expect((await open(`/r/${token}?rating=5`)).statusCode).toBe(200);
    expect((await outboxOf(endpoint.id)).map((row) => row.eventType)).toEqual(['review.rating']);
  });

  it('an event whose transaction rolls back queues nothing', async () => {
    const { endpoint } = await endpointFor(['feedback.received']);
    const { token } = await sentReviewRequest();
    const marker = `broken-${Date.now()}`;
    const restore = await failWritesOf(deliveryApp.app, 'review_events', 'message', marker);
    try {
      expect((await postForm(token, 'feedback', { rating: '3', message: marker })).statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await outboxOf(endpoint.id)).toEqual([]);
    expect((await postForm(token, 'feedback', { rating: '3', message: 'Fine.' })).statusCode).toBe(200);
    expect((await outboxOf(endpoint.id)).map((row) => row.eventType)).toEqual(['feedback.received']);
  });
});

describe('sending', () => {
  it('retries a 500 and an unanswered request after a wait, with the same webhook-id, until delivered', async () => {
    const { endpoint, path } = await endpointFor(['review.rating']);
    receiver.script(path, 500, 'no answer', 200);
    const { token } = await sentReviewRequest();
    expect((await postForm(token, 'rating', { rating: '5' })).statusCode).toBe(200);
    const attempts = await receiver.received(path, 3);
    expect(new Set(attempts.map((attempt) => attempt.headers['webhook-id'])).size).toBe(1);
    // Every attempt is signed afresh and verifies.
    for (const attempt of attempts) expect(verified(attempt, endpoint.secret)).toMatchObject({ type: 'review.rating', data: { rating: 5 } });
    // The waits: 200 ms after the 500 (counted from its answer, so after its arrival); after the second
    // attempt's 1 s timeout, 400 ms more. That timeout starts when the sender sends, a little before the
    // receiver sees the request, so up to 100 ms of that lag may come off (without the timeout it would be ~400).
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(200);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(1000 + 400 - 100);
    const delivered = await waitFor(async () => (await deliveryLog()).find((delivery) => delivery.endpointId === endpoint.id && delivery.state === 'delivered'), 30_000, 'the delivery');
    expect(delivered).toMatchObject({ eventType: 'review.rating', attempts: 3, lastStatus: 200, lastError: null, messageId: attempts[0]!.headers['webhook-id'] });
  });

  it('fails after the last attempt, with the status and the reason in the log', async () => {
    const { endpoint, path } = await endpointFor(['review.rating']);
    receiver.script(path, 500, 503, 302, 200);
    const { token } = await sentReviewRequest();
    expect((await postForm(token, 'rating', { rating: '1' })).statusCode).toBe(200);
    const failed = await waitFor(async () => (await deliveryLog()).find((delivery) => delivery.endpointId === endpoint.id && delivery.state === 'failed'), 30_000, 'the failure');
    expect(failed).toMatchObject({ attempts: 3, lastStatus: 302, lastError: 'The endpoint answered 302; redirects are not followed', nextAttemptAt: null, deliveredAt: null });
    expect(receiver.to(path)).toHaveLength(3);
  });

  it('a test event reaches the endpoint on request, once', async () => {
    const { endpoint, path } = await endpointFor(['contact.unsubscribed']);
    const queued = await owner.client.post(`${api('send-test-webhook')}/${endpoint.id}`);
    expect(queued.statusCode, queued.body).toBe(202);
    expect(queued.json()).toMatchObject({ endpointId: endpoint.id, eventType: 'webhook.test', state: 'pending', attempts: 0 });
    const [message] = await receiver.received(path, 1);
    expect(message!.headers['webhook-id']).toBe(queued.json().messageId);
    expect(verified(message!, endpoint.secret)).toEqual({
      type: 'webhook.test',
      timestamp: expect.stringMatching(ISO),
      data: { businessId: owner.businessId, endpointId: endpoint.id, message: WEBHOOK_TEST_MESSAGE } satisfies WebhookEventData['webhook.test'],
    });
    // A test event is tried once: a failing receiver is told at once.
    receiver.script(path, 500);
    const second = (await owner.client.post(`${api('send-test-webhook')}/${endpoint.id}`)).json() as WebhookDelivery;
    const failed = await waitFor(async () => (await deliveryLog()).find((delivery) => delivery.id === second.id && delivery.state === 'failed'), 30_000, 'the failed test');
    expect(failed).toMatchObject({ attempts: 1, lastStatus: 500, lastError: 'The endpoint answered 500' });
  });

  it('test events are limited per endpoint and per business, and a refused one sends nothing', async () => {
    const endpoints = await Promise.all([0, 1, 2, 3].map(() => endpointFor(['contact.unsubscribed'])));
    const fire = (id: number) => owner.client.post(`${api('send-test-webhook')}/${id}`);
    const [first] = endpoints;
    for (let i = 0; i < TEST_EVENTS_PER_ENDPOINT_PER_HOUR; i += 1) expect((await fire(first!.endpoint.id)).statusCode).toBe(202);
    const refused = await fire(first!.endpoint.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
    // The business's allowance runs out across its endpoints.
    let sent = TEST_EVENTS_PER_ENDPOINT_PER_HOUR;
    for (const { endpoint } of endpoints.slice(1)) {
      for (let i = 0; i < TEST_EVENTS_PER_ENDPOINT_PER_HOUR && sent < TEST_EVENTS_PER_BUSINESS_PER_HOUR; i += 1, sent += 1) {
        expect((await fire(endpoint.id)).statusCode).toBe(202);
      }
    }
    expect((await fire(endpoints[3]!.endpoint.id)).statusCode).toBe(429);
    const tests = (await deliveryLog()).filter((delivery) => delivery.eventType === 'webhook.test');
    expect(tests).toHaveLength(TEST_EVENTS_PER_BUSINESS_PER_HOUR);
    // Another business of the same owner has its own allowance.
    const other = await signedInOwner(deliveryApp.app);
    const { endpoint } = await endpointFor(['contact.unsubscribed'], other);
    expect((await other.client.post(`${api('send-test-webhook', other)}/${endpoint.id}`)).statusCode).toBe(202);
  });

  it('the delivery log shows the newest 100, newest first', async () => {
    const { endpoint } = await endpointFor(['contact.unsubscribed']);
    await deliveryApp.app.db.execute(
      sql`insert into webhook_deliveries (endpoint_id, business_id, message_id, event_type, payload, state, next_attempt_at)
          select ${endpoint.id}, ${owner.businessId}, 'msg_' || n, 'contact.unsubscribed', '{}', 'failed', now() from generate_series(1, 120) n`,
    );
    const log = await deliveryLog();
    expect(log).toHaveLength(100);
    expect(log[0]!.messageId).toBe('msg_120');
    expect(log.at(-1)!.messageId).toBe('msg_21');
  });
});

/** IPv6 forms that carry a local IPv4 address (compatible, translated, NAT64), and localhost with the root's trailing dot. */
const IPV4_IN_IPV6_AND_ROOTED = [
  'https://[::127.0.0.1]/hook',
  'https://[::ffff:0:127.0.0.1]/hook',
  'https://[64:ff9b::127.0.0.1]/hook',
  'https://[64:ff9b::a00:1]/hook',
  'https://localhost./hook',
  'https://api.localhost./hook',
];

describe('private addresses', () => {
  // The settings' defaults, and a database of its own without a worker: this block's sender runs by hand.
  let testApp: DeliveryApp;
  let client: ApiClient;
  let businessId: number;
  beforeAll(async () => {
    testApp = await startDeliveryApp({}, { worker: false });
    client = new ApiClient(testApp.app);
    await client.signUpAndIn();
    businessId = (await client.createBusiness()).id;
  });
  afterAll(() => testApp?.close());

  it('are refused as endpoints without WEBHOOK_ALLOW_PRIVATE_URLS, as is http', async () => {
    const create = (url: string) => client.post(`/api/business/create-webhook-endpoint/${businessId}`, { url, events: ['review.rating'] });
    for (const url of ['https://127.0.0.1/hook', 'https://localhost:8443/hook', 'https://api.localhost/hook', 'https://10.1.2.3/hook', 'https://[::1]/hook', 'https://169.254.169.254/latest', 'https://[::ffff:192.168.0.1]/x', 'https://2130706433/hook', ...IPV4_IN_IPV6_AND_ROOTED]) {
      expectFieldError(await create(url), 'url', webhookMessages.urlPrivate);
    }
    expectFieldError(await create('http://hooks.example.com/hook'), 'url', webhookMessages.urlHttps);
    expect((await client.get(`/api/business/get-webhook-endpoints/${businessId}`)).json()).toEqual([]);
    expect((await create('https://93.184.215.14/hook')).statusCode).toBe(201);
    expect((await create('https://[2606:2800:220:1:248:1893:25c8:1946]/hook')).statusCode).toBe(201);
  });

  it('are never posted to without the setting, whatever the stored URL or what its name resolves to', async () => {
    const path = '/hooks/private';
    const strict = { ...testApp.config.webhooks, allowPrivateUrls: false };
    for (const url of [receiver.url(path), receiver.url(path).replace('http:', 'https:'), `https://localhost:1${path}`, ...IPV4_IN_IPV6_AND_ROOTED]) {
      expect(await postWebhook(url, {}, '{}', strict)).toEqual({ status: null, error: PRIVATE_ADDRESS_REFUSED, refused: true });
    }
    // A name is checked at the connection's own lookup: every address it resolves to must be public.
    const looked = await new Promise<unknown>((resolve) => publicAddressesOnly('localhost', {}, (error) => resolve(error)));
    expect(looked).toBeInstanceOf(PrivateAddressError);
    expect(receiver.to(path)).toEqual([]);
  });

  it('a refused delivery fails at once, and its log line names neither the URL, the secret nor the data', async () => {
    const secret = 'whsec_MDEyMzQ1Njc4OTAxMjM0NTY3ODkwMTIzNDU2Nzg5MDE=';
    const [endpoint] = await testApp.app.db
      .insert(webhookEndpoints)
      .values({ businessId, url: 'https://10.0.0.7/hooks/secret-path?token=t0ps3cret', secret, events: ['contact.unsubscribed'] })
      .returning();
    const queued = await client.post(`/api/business/send-test-webhook/${businessId}/${endpoint!.id}`);
    expect(queued.statusCode).toBe(202);
    const logged: unknown[] = [];
    const log = { warn: (...entry: unknown[]) => logged.push(entry), error: (...entry: unknown[]) => logged.push(entry) };
    const sender = new WebhookSender(testApp.app.db, testApp.config, log);
    sender.start();
    try {
      const failed = await waitFor(async () => {
        const [row] = await queryRows<{ state: string; attempts: number; lastError: string }>(
          testApp.app.db,
          sql`select state, attempts, last_error as "lastError" from webhook_deliveries where id = ${queued.json().id}`,
        );
        return row?.state === 'failed' ? row : undefined;
      }, 30_000, 'the refusal');
      expect(failed).toEqual({ state: 'failed', attempts: 1, lastError: PRIVATE_ADDRESS_REFUSED });
    } finally {
      await sender.stop();
    }
    expect(logged).toEqual([[{ webhookDeliveryId: queued.json().id, endpointId: endpoint!.id, eventType: 'webhook.test', attempts: 1 }, 'webhook delivery failed']]);
  });

  it('events waiting for a contact who is deleted are not sent, and keep no data of theirs', async () => {
    const digits = `4915188${String(Date.now()).slice(-6)}`;
    const [endpoint] = await testApp.app.db
      .insert(webhookEndpoints)
      .values({ businessId, url: 'https://hooks.example.com/stop', secret: 'whsec_MDEyMzQ1Njc4OTAxMjM0NTY3ODkwMTIzNDU2Nzg5MDE=', events: ['contact.unsubscribed'] })
      .returning();
    const contact = await client.post('/api/contact/create-new-contact', { firstName: 'Mia', lastName: 'Novak', email: `mia.${digits}@example.com`, phoneNumber: digits, birthDate: '1990-01-01', gender: 'FEMALE', businessId });
    expect(contact.statusCode, contact.body).toBe(201);
    await applyPhoneReply(testApp.app.db, digits, true, 'SMS reply STOP');
    const pending = await queryRows<{ state: string; contactId: number }>(testApp.app.db, sql`select state, (payload #>> '{data,contact,id}')::int as "contactId" from webhook_deliveries where endpoint_id = ${endpoint!.id}`);
    expect(pending).toEqual([{ state: 'pending', contactId: contact.json().id }]);
    expect((await client.delete('/api/contact/delete-contacts', { contactIds: [contact.json().id] })).statusCode).toBe(200);
    const after = await queryRows<{ state: string; payload: unknown; lastError: string }>(
      testApp.app.db,
      sql`select state, payload, last_error as "lastError" from webhook_deliveries where endpoint_id = ${endpoint!.id}`,
    );
    expect(after).toEqual([{ state: 'failed', payload: {}, lastError: 'Not sent: the contact was deleted.' }]);
  });
});
