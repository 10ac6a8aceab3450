import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEYS_MAX, apiKeyMessages, visitMessages, visitSkipReasons, type ApiKey, type NewApiKey, type VisitAnswer } from '#domain';
import { contactRowMessages } from '#domain/contact-rows';
import { forgetOldIdempotencyKeys } from '../../server/api-keys/queries';
import { buildApp } from '../../server/app';
import { openDatabase, queryRows } from '../../server/db/client';
import { apiKeys, contacts } from '../../server/db/schema';
import { automationLog, automationRequests, automationSettings, requestsOnceAll, saveAutomation } from '../support/automation';
import { addContacts, signedInOwner, startDeliveryApp, testDatabaseKind, waitFor, type DeliveryApp, type Owner } from '../support/delivery-app';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectNoInternals, failWritesOf } from './helpers';

// A delay "minute" of 20 ms: the tests' 5-minute delay is 100 ms. No SMTP: requests "send" into the outbox.
const MINUTE_MS = 20;
const SECRET = /^sb_live_[A-Za-z0-9_-]{43}$/;

let deliveryApp: DeliveryApp;
let app: FastifyInstance;
beforeAll(async () => {
  deliveryApp = await startDeliveryApp({ AUTOMATION_MINUTE_MS: String(MINUTE_MS), DELIVERY_SWEEP_MS: '500' });
  app = deliveryApp.app;
});
afterAll(() => deliveryApp?.close());

async function createKey(shop: Owner, name = 'Front desk till') {
  const response = await shop.client.post(`/api/business/create-api-key/${shop.businessId}`, { name });
  if (response.statusCode !== 201) throw new Error(`creating a key failed: ${response.body}`);
  return response.json() as NewApiKey;
}

const listKeys = async (shop: Owner) => (await shop.client.get(`/api/business/get-api-keys/${shop.businessId}`)).json() as ApiKey[];

/** A call as another system makes it: a bearer key, JSON, no cookie and no Origin. */
function postVisit(on: FastifyInstance, secret: string, body: unknown, headers: Record<string, string> = {}) {
  return on.inject({
    method: 'POST',
    url: '/api/v1/visits',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A shop with a review site and an API key. */
async function shopWithKey(on: FastifyInstance = app) {
  const shop = await signedInOwner(on);
  const { secret } = await createKey(shop);
  return { shop, secret };
}

const contactsOf = (on: FastifyInstance, businessId: number) => on.db.select().from(contacts).where(eq(contacts.businessId, businessId)).orderBy(contacts.id);

/** Rows a refused call must leave as they were: the business's contacts, visits, requests and idempotency records. */
async function rowsOf(businessId: number) {
  const [counts] = await queryRows<Record<string, number>>(
    app.db,
    sql`select (select count(*)::int from visits where business_id = ${businessId}) as visits,
               (select count(*)::int from api_idempotency where business_id = ${businessId}) as idempotency,
               (select count(*)::int from deliveries d join campaigns c on c.id = d.campaign_id where c.business_id = ${businessId}) as requests`,
  );
  return { ...counts, contacts: await contactsOf(app, businessId) };
}

describe('API keys', () => {
  it('are created with a secret shown once, listed by name and prefix (never the secret), used, and deleted', async () => {
    const shop = await signedInOwner(app);
    expect(await listKeys(shop)).toEqual([]);
    const created = await createKey(shop, '  Shop system ');
    expect(created).toEqual({ id: expect.any(Number), name: 'Shop system', secret: expect.stringMatching(SECRET) });

    const listing = await shop.client.get(`/api/business/get-api-keys/${shop.businessId}`);
    expect(listing.json()).toEqual([{ id: created.id, name: 'Shop system', prefix: created.secret.slice(0, 12), createdAt: expect.any(String), lastUsedAt: null }]);
    const hash = createHash('sha256').update(created.secret).digest('hex');
    expect(listing.body).not.toContain(created.secret.slice(12));
    expect(listing.body).not.toContain(hash);
    // Only the SHA-256 is kept.
    const [stored] = await app.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(stored).toMatchObject({ secretHash: hash, secretPrefix: created.secret.slice(0, 12) });
    expect(JSON.stringify(stored)).not.toContain(created.secret);

    // The key works; its use is noted once, not on every call.
    const check = await app.inject({ method: 'GET', url: '/api/v1/key', headers: { authorization: `Bearer ${created.secret}` } });
    expect(check.json()).toEqual({ business: { id: shop.businessId, name: shop.businessName }, key: { id: created.id, name: 'Shop system' } });
    await app.afterAnswer.settled();
    const [used] = await listKeys(shop);
    expect(Date.now() - Date.parse(used!.lastUsedAt!)).toBeLessThan(60_000);
    expect((await postVisit(app, created.secret, { firstName: 'Ana', email: `ana.${shop.businessId}@example.com` })).statusCode).toBe(201);
    await app.afterAnswer.settled();
    expect((await listKeys(shop))[0]!.lastUsedAt).toBe(used!.lastUsedAt);

    expect((await shop.client.delete(`/api/business/delete-api-key/${shop.businessId}/${created.id}`)).statusCode).toBe(204);
    expect(await listKeys(shop)).toEqual([]);
    const refused = await postVisit(app, created.secret, { firstName: 'Ana', email: `ana.${shop.businessId}@example.com` });
    expect(refused.statusCode).toBe(401);
    const again = await shop.client.delete(`/api/business/delete-api-key/${shop.businessId}/${created.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(apiKeyMessages.notFound);
  });

  it('refuses a name that is empty, too long or has control characters, and more than the maximum of keys', async () => {
    const shop = await signedInOwner(app);
    const create = (name: unknown) => shop.client.post(`/api/business/create-api-key/${shop.businessId}`, { name });
    for (const [name, message] of [
      ['  ', apiKeyMessages.nameRequired],
      [undefined, apiKeyMessages.nameRequired],
      ['x'.repeat(51), 'Name must not exceed 50 characters'],
      ['Till\u0000', 'Name must not contain control characters (such as NUL or escape)'],
    ] as const) {
      const response = await create(name);
      expect(response.statusCode, String(name)).toBe(400);
      expect(response.json().errors).toEqual({ name: message });
    }
    expect(await listKeys(shop)).toEqual([]);
    for (let i = 0; i < API_KEYS_MAX; i += 1) expect((await create(`Till ${i}`)).statusCode).toBe(201);
    const tooMany = await create('One more');
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(apiKeyMessages.tooMany);
    expect(await listKeys(shop)).toHaveLength(API_KEYS_MAX);
  });

  it("belong to their business: another owner cannot list, create or delete them, and a key never touches another business's contacts", async () => {
    const { shop, secret } = await shopWithKey();
    const stranger = await signedInOwner(app);
    const [key] = await listKeys(shop);
    for (const [method, url] of [
      ['GET', `/api/business/get-api-keys/${shop.businessId}`],
      ['POST', `/api/business/create-api-key/${shop.businessId}`],
      ['DELETE', `/api/business/delete-api-key/${shop.businessId}/${key!.id}`],
    ] as const) {
      const response = await stranger.client.request(method, url, method === 'GET' ? undefined : { name: 'Mine now' });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe('Business not found.');
    }
    // Through the stranger's own business: like a missing key.
    const through = await stranger.client.delete(`/api/business/delete-api-key/${stranger.businessId}/${key!.id}`);
    expect(through.statusCode).toBe(404);
    expect(through.json().message).toBe(apiKeyMessages.notFound);
    expect(await listKeys(shop)).toHaveLength(1);

    // The stranger's business has a contact with the same email: the shop's key creates its own.
    const email = `shared.${shop.businessId}@example.com`;
    const [strangersContact] = await addContacts(app, stranger.businessId, 1, () => ({ email, firstName: 'Theirs' }));
    const before = await contactsOf(app, stranger.businessId);
    const response = await postVisit(app, secret, { firstName: 'Ours', email });
    expect(response.statusCode).toBe(201);
    expect(response.json().contact).toMatchObject({ firstName: 'Ours', email, created: true });
    expect(response.json().contact.id).not.toBe(strangersContact);
    expect(await contactsOf(app, stranger.businessId)).toEqual(before);
  });
});

describe('the visits API: authentication', () => {
  it('refuses a call without a valid key with 401, WWW-Authenticate: Bearer and the reason in words', async () => {
    const { shop, secret } = await shopWithKey();
    const body = JSON.stringify({ firstName: 'Ana', email: 'ana@example.com' });
    const post = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/api/v1/visits', headers: { 'content-type': 'application/json', ...headers }, payload: body });
    const cases: Array<[string, Record<string, string>, RegExp]> = [
      ['no Authorization header', {}, /^This call needs an API key/],
      ['another scheme', { authorization: `Basic ${Buffer.from(`x:${secret}`).toString('base64')}` }, /^This call needs an API key/],
      ['the owner’s session cookie instead of a key', { cookie: Object.entries(shop.client.cookies).map(([name, value]) => `${name}=${value}`).join('; ') }, /^This call needs an API key/],
      ['a malformed key', { authorization: 'Bearer sb_live_short' }, /^The API key is not valid/],
      ['a key cut short', { authorization: `Bearer ${secret.slice(0, -1)}` }, /^The API key is not valid/],
      ['an unknown key', { authorization: `Bearer sb_live_${'A'.repeat(43)}` }, /^The API key is not valid/],
    ];
    for (const [what, headers, message] of cases) {
      const response = await post(headers);
      expect(response.statusCode, what).toBe(401);
      expect(response.headers['www-authenticate'], what).toMatch(/^Bearer realm="Starboost API"/);
      expect(response.json().message, what).toMatch(message);
      expect(response.body, what).not.toContain(secret);
    }
    expect((await post({ authorization: `bearer ${secret}` })).statusCode).toBe(201);
    expect(await contactsOf(app, shop.businessId)).toHaveLength(1);
  });
});

describe('the visits API: a visit', () => {
  it('creates a contact from a name and a phone number, or a name and an email; with the automation off it only sets Last visited', async () => {
    const { shop, secret } = await shopWithKey();
    const before = Date.now();
    const byPhone = await postVisit(app, secret, { firstName: 'Ivo', phone: '+49 151 2345 6789' });
    expect(byPhone.statusCode, byPhone.body).toBe(201);
    expect(byPhone.json()).toEqual({
      contact: { id: expect.any(Number), firstName: 'Ivo', lastName: '', email: null, phoneNumber: '4915123456789', created: true },
      visit: { recorded: false, requestDueAt: null, skipped: null },
    });
    const byEmail = await postVisit(app, secret, { firstName: 'Ana', lastName: 'Horvat', email: `Ana.${shop.businessId}@Example.com` });
    expect(byEmail.json()).toMatchObject({ contact: { firstName: 'Ana', lastName: 'Horvat', email: `Ana.${shop.businessId}@Example.com`, phoneNumber: null, created: true } });

    const stored = await contactsOf(app, shop.businessId);
    expect(stored.map((contact) => [contact.id, contact.firstName, contact.status])).toEqual([
      [byPhone.json().contact.id, 'Ivo', 'ACTIVE'],
      [byEmail.json().contact.id, 'Ana', 'ACTIVE'],
    ]);
    for (const contact of stored) expect(contact.lastVisited!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await automationLog(shop)).toEqual([]);
  });

  it('finds an existing contact by email (any case) or by phone number, and moves Last visited to the visit', async () => {
    const { shop, secret } = await shopWithKey();
    const [annId, benId] = await addContacts(app, shop.businessId, 2);
    const [ann, ben] = await contactsOf(app, shop.businessId);
    const visitedAt = new Date(Date.now() - 3 * 3600_000).toISOString();
    const byEmail = await postVisit(app, secret, { firstName: 'Ann0', lastName: 'Lee', email: ann!.email!.toUpperCase(), visitedAt });
    expect(byEmail.json().contact).toMatchObject({ id: annId, created: false });
    const byPhone = await postVisit(app, secret, { firstName: 'Ann1', lastName: 'Lee', phone: `+${ben!.phoneNumber}` });
    expect(byPhone.json().contact).toMatchObject({ id: benId, created: false, phoneNumber: ben!.phoneNumber });
    const after = await contactsOf(app, shop.businessId);
    expect(after).toHaveLength(2);
    expect(after[0]!.lastVisited!.toISOString()).toBe(visitedAt);
    expect(after[1]!.lastVisited).not.toBeNull();
  });

  it('with the automation on, schedules its request after the delay, which is sent; another visit within the cap is skipped', async () => {
    const { shop, secret } = await shopWithKey();
    await saveAutomation(shop);
    const email = `mara.${shop.businessId}@example.com`;
    const first = await postVisit(app, secret, { firstName: 'Mara', lastName: 'Kos', email });
    expect(first.statusCode).toBe(201);
    const answer = first.json() as VisitAnswer;
    expect(answer.visit).toEqual({ recorded: true, requestDueAt: expect.any(String), skipped: null });
    const [visit] = await automationLog(shop);
    expect(visit).toMatchObject({ contactId: answer.contact.id, source: 'api', request: { channel: 'EMAIL', dueAt: answer.visit.requestDueAt } });
    expect(Date.parse(answer.visit.requestDueAt!) - Date.parse(visit!.visitedAt)).toBe(5 * MINUTE_MS);

    // No SMTP here: the request is "sent" into the outbox.
    const [sent] = await requestsOnceAll(app, shop.businessId, 'outbox', 1);
    expect(sent).toMatchObject({ contactId: answer.contact.id, address: email, subject: 'How was your visit, Mara?' });

    const second = await postVisit(app, secret, { firstName: 'Mara', lastName: 'Kos', email });
    expect(second.json().visit).toEqual({ recorded: true, requestDueAt: null, skipped: 'skipped: asked 0 days ago' });
    expect(await automationRequests(app, shop.businessId)).toHaveLength(1);
  });

  it('never asks a contact who unsubscribed, and does not undo the opt-out', async () => {
    const { shop, secret } = await shopWithKey();
    await saveAutomation(shop);
    const [id] = await addContacts(app, shop.businessId, 1);
    await app.db.update(contacts).set({ status: 'UNSUBSCRIBED' }).where(eq(contacts.id, id!));
    const [contact] = await contactsOf(app, shop.businessId);
    const response = await postVisit(app, secret, { firstName: 'Ann0', lastName: 'Lee', email: contact!.email, phone: `+${contact!.phoneNumber}` });
    expect(response.json()).toMatchObject({ contact: { id, created: false }, visit: { recorded: true, requestDueAt: null, skipped: visitSkipReasons.notActive } });
    expect(await automationRequests(app, shop.businessId)).toEqual([]);
    const [after] = await contactsOf(app, shop.businessId);
    expect(after!.status).toBe('UNSUBSCRIBED');
  });

  it('records a visit with a number the business would pay to text, but texts it not: by email where it can, else skipped with the reason', async () => {
    const { shop, secret } = await shopWithKey();
    await saveAutomation(shop, automationSettings({ channel: 'SMS_FIRST' }));
    const premium = await postVisit(app, secret, { firstName: 'Pia', phone: '+1 900 555 1234' });
    expect(premium.statusCode, premium.body).toBe(201);
    expect(premium.json().visit).toEqual({
      recorded: true,
      requestDueAt: null,
      skipped: 'skipped: Phone number is a premium-rate number, which cannot receive text messages: please give a mobile number.',
    });
    const foreign = await postVisit(app, secret, { firstName: 'Zoé', phone: '+33 6 12 34 56 78' });
    expect(foreign.json().visit.skipped).toBe('skipped: Phone number is from France: text messages go only to numbers from Germany.');
    const withEmail = await postVisit(app, secret, { firstName: 'Eli', phone: '+44 909 123 4567', email: `eli.${shop.businessId}@example.com` });
    expect(withEmail.json().visit).toMatchObject({ recorded: true, skipped: null });
    const requests = await automationRequests(app, shop.businessId);
    expect(requests.map((request) => [request.type, request.address])).toEqual([['EMAIL', `eli.${shop.businessId}@example.com`]]);
    // The visits are recorded all the same.
    expect((await contactsOf(app, shop.businessId)).every((contact) => contact.lastVisited !== null)).toBe(true);
  });

  it('refuses bad input with 400 and field messages, and changes nothing', async () => {
    const { shop, secret } = await shopWithKey();
    await saveAutomation(shop);
    await addContacts(app, shop.businessId, 1);
    const before = await rowsOf(shop.businessId);
    const hour = 3600_000;
    const valid = { firstName: 'Ana', email: `ana.${shop.businessId}@example.com` };
    const cases: Array<[string, unknown, Record<string, string>, Record<string, string>?]> = [
      ['no first name', { email: valid.email }, { firstName: visitMessages.firstNameRequired }],
      ['a blank first name', { ...valid, firstName: '  ' }, { firstName: visitMessages.firstNameRequired }],
      ['a first name too long', { ...valid, firstName: 'A'.repeat(51) }, { firstName: 'First name must not exceed 50 characters' }],
      ['a NUL in the last name', { ...valid, lastName: 'Ho\u0000rvat' }, { lastName: 'Last name must not contain control characters (such as NUL or escape)' }],
      ['a number as email', { ...valid, email: 42 }, { email: visitMessages.emailInvalid }],
      ['neither email nor phone', { firstName: 'Ana' }, { reach: contactRowMessages.reachRequired }],
      ['an invalid email', { firstName: 'Ana', email: 'ana at example' }, { email: 'Invalid email address' }],
      ['a phone that is not a number', { firstName: 'Ana', phone: 'call me' }, { phone: expect.any(String) }],
      ['a phone too long', { firstName: 'Ana', phone: '1'.repeat(41) }, { phone: visitMessages.phoneInvalid }],
      ['a time without a zone', { ...valid, visitedAt: '2026-05-01T14:30:00' }, { visitedAt: visitMessages.visitedAtInvalid }],
      ['30 February', { ...valid, visitedAt: '2026-02-30T14:30:00Z' }, { visitedAt: visitMessages.visitedAtInvalid }],
      ['a visit in an hour', { ...valid, visitedAt: new Date(Date.now() + hour).toISOString() }, { visitedAt: visitMessages.visitedAtFuture }],
      ['a visit 31 days ago', { ...valid, visitedAt: new Date(Date.now() - 31 * 24 * hour).toISOString() }, { visitedAt: visitMessages.visitedAtTooOld }],
      ['an empty externalId', { ...valid, externalId: ' ' }, { externalId: visitMessages.externalIdInvalid }],
      ['an externalId too long', { ...valid, externalId: 'x'.repeat(201) }, { externalId: visitMessages.externalIdInvalid }],
      ['an Idempotency-Key too long', valid, { 'idempotency-key': visitMessages.idempotencyKeyInvalid }, { 'idempotency-key': 'k'.repeat(201) }],
    ];
    for (const [what, body, errors, headers] of cases) {
      const response = await postVisit(app, secret, body, headers);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
      expect(response.json(), what).toMatchObject({ statusCode: 400, error: 'Bad Request', errors });
      expect(Object.keys(response.json().errors), what).toEqual(Object.keys(errors));
    }
    const notJson = await postVisit(app, secret, '{"firstName": ');
    expect(notJson.statusCode).toBe(400);
    for (const body of ['"Ana"', '[]', '42']) {
      const notAnObject = await postVisit(app, secret, body);
      expect(notAnObject.json(), body).toMatchObject({ statusCode: 400, errors: { _: visitMessages.bodyInvalid } });
    }
    const notJsonType = await postVisit(app, secret, 'firstName=Ana', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(notJsonType.statusCode).toBe(415);
    expect(await rowsOf(shop.businessId)).toEqual(before);
  });

  it('takes a visit within a few minutes of clock skew, and one reported late with the time it happened', async () => {
    const { shop, secret } = await shopWithKey();
    await saveAutomation(shop);
    const ahead = new Date(Date.now() + 60_000).toISOString();
    expect((await postVisit(app, secret, { firstName: 'Ana', email: `ana.${shop.businessId}@example.com`, visitedAt: ahead })).statusCode).toBe(201);
    // The delay has passed since the visit: the request is due at once.
    const late = new Date(Date.now() - 2 * 24 * 3600_000).toISOString();
    const response = await postVisit(app, secret, { firstName: 'Ben', email: `ben.${shop.businessId}@example.com`, visitedAt: late });
    const dueAt = Date.parse(response.json().visit.requestDueAt);
    expect(Math.abs(dueAt - Date.now())).toBeLessThan(10_000);
    const ben = (await contactsOf(app, shop.businessId)).find((contact) => contact.firstName === 'Ben');
    expect(ben!.lastVisited!.toISOString()).toBe(late);
  });
});

describe('the visits API: many at once', () => {
  it('records a burst of visits of one business, each with its own answer; one that is no contact gets its 400, one the database refuses its 500', async () => {
    const { shop, secret } = await shopWithKey();
    await saveAutomation(shop);
    const marker = `Refused${shop.businessId}`;
    const restore = await failWritesOf(app, 'contacts', 'first_name', marker);
    try {
      const bodies = Array.from({ length: 20 }, (_, i) => ({ firstName: `Guest${i}`, email: `guest${i}.${shop.businessId}@example.com` }));
      bodies[7] = { firstName: 'Nobody' } as (typeof bodies)[number];
      bodies[12] = { firstName: marker, email: `refused.${shop.businessId}@example.com` };
      const responses = await Promise.all(bodies.map((body) => postVisit(app, secret, body)));
      expect(responses.map((response) => response.statusCode)).toEqual(bodies.map((_, i) => (i === 7 ? 400 : i === 12 ? 500 : 201)));
      expect(responses[7]!.json().errors).toEqual({ reach: contactRowMessages.reachRequired });
      expectNoInternals(responses[12]!.body);
      const recorded = responses.filter((response) => response.statusCode === 201).map((response) => response.json() as VisitAnswer);
      expect(recorded.map((answer) => answer.contact.firstName)).toEqual(bodies.map((body) => body.firstName).filter((_, i) => i !== 7 && i !== 12));
      expect(new Set(recorded.map((answer) => answer.contact.id)).size).toBe(18);
      for (const answer of recorded) expect(answer).toMatchObject({ contact: { created: true }, visit: { recorded: true, requestDueAt: expect.any(String), skipped: null } });
      expect(await rowsOf(shop.businessId)).toMatchObject({ visits: 18, requests: 18 });
    } finally {
      await restore();
    }
  });

  it('in a burst, finds existing contacts by email or phone number, changed by the visit or not, and creates the others', async () => {
    const { shop, secret } = await shopWithKey();
    const ids = await addContacts(app, shop.businessId, 4);
    const stored = await contactsOf(app, shop.businessId);
    const phone = (i: number) => `+${stored[i]!.phoneNumber}`;
    const bodies = [
      // Recorded alone (nothing else is being recorded), the others wait and go together.
      { firstName: 'Opener', email: `opener.${shop.businessId}@example.com` },
      { firstName: 'Ann0', lastName: 'Lee', email: stored[0]!.email!.toUpperCase() },
      { firstName: 'Ann1', lastName: 'Lee', email: stored[1]!.email },
      { firstName: 'Ann2', lastName: 'Lee', phone: phone(2) },
      { firstName: 'Ann3', lastName: 'Lee-Novak', phone: phone(3) },
      { firstName: 'New', lastName: 'ByEmail', email: `new.${shop.businessId}@example.com` },
      { firstName: 'New', lastName: 'ByPhone', phone: '+49 151 9876 5432' },
    ];
    const answers = (await Promise.all(bodies.map((body) => postVisit(app, secret, body)))).map((response) => response.json() as VisitAnswer);
    expect(answers.slice(1, 5).map((answer) => [answer.contact.id, answer.contact.created])).toEqual(ids.map((id) => [id, false]));
    expect(answers[4]!.contact.lastName).toBe('Lee-Novak');
    expect(answers.slice(5).map((answer) => [answer.contact.created, answer.contact.lastName])).toEqual([[true, 'ByEmail'], [true, 'ByPhone']]);
    const after = await contactsOf(app, shop.businessId);
    expect(after).toHaveLength(7);
    expect(after.every((contact) => contact.lastVisited !== null)).toBe(true);
  });

  it('asks a customer who visits several times in one burst once: one contact, one request', async () => {
    const { shop, secret } = await shopWithKey();
    // Due long after the burst, however slowly a busy machine takes its five calls: the later ones find it waiting.
    await saveAutomation(shop, automationSettings({ delayMinutes: 43_200 }));
    const visit = { firstName: 'Ana', email: `ana.${shop.businessId}@example.com` };
    const responses = await Promise.all(Array.from({ length: 5 }, () => postVisit(app, secret, visit)));
    const answers = responses.map((response) => response.json() as VisitAnswer);
    expect(new Set(answers.map((answer) => answer.contact.id)).size).toBe(1);
    expect(answers.filter((answer) => answer.contact.created)).toHaveLength(1);
    expect(answers.filter((answer) => answer.visit.requestDueAt !== null)).toHaveLength(1);
    expect(answers.filter((answer) => answer.visit.skipped === visitSkipReasons.waiting)).toHaveLength(4);
    expect(await rowsOf(shop.businessId)).toMatchObject({ visits: 5, requests: 1 });
  });

  it.skipIf(testDatabaseKind() === 'pglite')('records a visit sent to two web processes at once with one Idempotency-Key once', async () => {
    const { shop, secret } = await shopWithKey();
    await saveAutomation(shop);
    const second = await buildApp(deliveryApp.config, { database: await openDatabase({ databaseUrl: deliveryApp.databaseUrl!, poolSize: 2 }), logger: false });
    await second.ready();
    // The business's contacts are held by another transaction: both calls get past the replay check and wait to write.
    const holder = new pg.Client({ connectionString: deliveryApp.databaseUrl! });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from businesses where id = $1 for no key update', [shop.businessId]);
      const visit = { firstName: 'Ana', email: `ana.${shop.businessId}@example.com` };
      const calls = [postVisit(app, secret, visit, { 'idempotency-key': 'twice' }), postVisit(second, secret, visit, { 'idempotency-key': 'twice' })];
      await waitFor(async () => {
        const { rows } = await holder.query<{ waiting: number }>(`select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`);
        return rows[0]!.waiting >= 2;
      }, 20_000, 'both calls to wait for the business');
      await holder.query('commit');
      const responses = await Promise.all(calls);
      expect(responses.map((response) => response.statusCode)).toEqual([201, 201]);
      expect(responses[0]!.json()).toEqual(responses[1]!.json());
      expect(responses.filter((response) => response.headers['idempotent-replayed'] === 'true')).toHaveLength(1);
      expect(await rowsOf(shop.businessId)).toMatchObject({ visits: 1, requests: 1, idempotency: 1 });
    } finally {
      await holder.end();
      await second.close();
    }
  });
});

describe('the visits API: retries', () => {
  it('answers a retry with the same Idempotency-Key as the first call, and records nothing again', async () => {
    const { shop, secret } = await shopWithKey();
    await saveAutomation(shop);
    const visit = { firstName: 'Ana', email: `ana.${shop.businessId}@example.com` };
    const first = await postVisit(app, secret, visit, { 'idempotency-key': 'order-1001' });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // Even with a changed body: the key names the call.
    const retry = await postVisit(app, secret, { ...visit, firstName: 'Anna' }, { 'idempotency-key': 'order-1001' });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const rows = await rowsOf(shop.businessId);
    expect(rows).toMatchObject({ visits: 1, requests: 1, idempotency: 1 });
    expect(rows.contacts.map((contact) => contact.firstName)).toEqual(['Ana']);

    // Another key is another visit (skipped: the first request still waits or was just sent).
    const other = await postVisit(app, secret, visit, { 'idempotency-key': 'order-1002' });
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(other.json().visit.skipped).toMatch(/^skipped: /);
    expect(await rowsOf(shop.businessId)).toMatchObject({ visits: 2, requests: 1 });
  });

  it('answers a retry with the same externalId as the first call; the same externalId of another business is its own', async () => {
    const { shop, secret } = await shopWithKey();
    const other = await shopWithKey();
    await saveAutomation(shop);
    const visit = { firstName: 'Ana', email: `ana.${shop.businessId}@example.com`, externalId: 'sale-77' };
    const first = await postVisit(app, secret, visit);
    const retry = await postVisit(app, secret, visit);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await rowsOf(shop.businessId)).toMatchObject({ visits: 1, requests: 1, idempotency: 1 });
    const elsewhere = await postVisit(app, other.secret, visit);
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.headers['idempotent-replayed']).toBeUndefined();
    expect(elsewhere.json().contact.id).not.toBe(first.json().contact.id);
  });

  it('records concurrent duplicates once: every call gets the first answer', async () => {
    const { shop, secret } = await shopWithKey();
    await saveAutomation(shop);
    const visit = { firstName: 'Ana', email: `ana.${shop.businessId}@example.com` };
    const responses = await Promise.all(Array.from({ length: 6 }, () => postVisit(app, secret, visit, { 'idempotency-key': 'burst' })));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(responses.map((response) => response.body)).size).toBe(1);
    expect(responses.filter((response) => response.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    expect(await rowsOf(shop.businessId)).toMatchObject({ visits: 1, requests: 1, idempotency: 1 });
  });

  it('forgets idempotency records after 7 days', async () => {
    const { shop, secret } = await shopWithKey();
    await postVisit(app, secret, { firstName: 'Ana', email: `ana.${shop.businessId}@example.com`, externalId: 'old' });
    await postVisit(app, secret, { firstName: 'Ben', email: `ben.${shop.businessId}@example.com`, externalId: 'new' });
    await app.db.execute(sql`update api_idempotency set created_at = now() - interval '7 days 1 minute' where business_id = ${shop.businessId} and key = 'external:old'`);
    expect(await forgetOldIdempotencyKeys(app.db)).toBeGreaterThanOrEqual(1);
    const keys = await queryRows<{ key: string }>(app.db, sql`select key from api_idempotency where business_id = ${shop.businessId}`);
    expect(keys.map((row) => row.key)).toEqual(['external:new']);
  });
});

describe('the visits API: rate limit and logs', () => {
  let limited: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    limited = await startTestApp({ API_RATE_LIMIT_PER_MINUTE: '3', LOG_LEVEL: 'info' }, { logStream: { write: (line: string) => void lines.push(line) } });
  });
  afterAll(() => limited?.close());

  it('limits each key on its own across the routes of the API with 429 in words, and never logs a key', async () => {
    const { shop, secret } = await shopWithKey(limited.app);
    const { secret: secondSecret } = await createKey(shop, 'Second till');
    const visit = (n: number) => ({ firstName: `Guest${n}`, email: `guest${n}.${shop.businessId}@example.com` });
    for (let n = 0; n < 3; n += 1) expect((await postVisit(limited.app, secret, visit(n))).statusCode).toBe(201);
    const refused = await postVisit(limited.app, secret, visit(3));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many calls with this API key: at most 3 a minute\. Please wait \d+ seconds and try again\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await contactsOf(limited.app, shop.businessId)).toHaveLength(3);
    // Another key of the same business counts its own calls, one count for all the API's routes.
    expect((await postVisit(limited.app, secondSecret, visit(3))).statusCode).toBe(201);
    const checkKey = () => limited.app.inject({ method: 'GET', url: '/api/v1/key', headers: { authorization: `Bearer ${secondSecret}` } });
    expect((await checkKey()).statusCode).toBe(200);
    expect((await checkKey()).statusCode).toBe(200);
    expect((await checkKey()).statusCode).toBe(429);
    expect((await postVisit(limited.app, secondSecret, visit(4))).statusCode).toBe(429);
    expect(await contactsOf(limited.app, shop.businessId)).toHaveLength(4);

    await limited.app.afterAnswer.settled();
    const logged = lines.join('\n');
    expect(logged).toContain('/api/v1/visits');
    for (const key of [secret, secondSecret]) expect(logged).not.toContain(key.slice(8));
  });
});
