import fc from 'fast-check';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, queryRows } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { testDatabaseKind } from '../support/delivery-app';
import { assertWithSeed, fuzzSeeds } from '../support/fuzz-seeds';
import { exampleOf } from '../support/route-examples';
import { ApiClient, isolatedPostgresDatabase } from '../support/test-app';

/**
 * Property-based fuzzing of every route the app registers (collected as they are registered, so
 * a new route is covered without a change here): generated bodies, path parameters and queries,
 * with wrong types, huge and control-character strings, out-of-range numbers and dates and unknown
 * keys, mixed into valid requests of the signed-in owner. Never a 5xx, and a refused call (4xx)
 * changes no row. The check reads every table, so on PostgreSQL the app gets a database of its own
 * (other test files write the shared one at the same time).
 *
 * Each run uses a fixed seed (the same inputs every time) and a fresh one (new inputs each run); a
 * failure names its seed and the command that reruns it (FUZZ_SEED). FUZZ_RUNS sets the runs per
 * route and seed.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const FIXED_SEED = 22_2026;
const SEEDS = fuzzSeeds(FIXED_SEED);
const RERUN = `npx vitest run --project ${testDatabaseKind() === 'postgres' ? 'api-postgres' : 'api-pglite'} tests/api/fuzz.test.ts`;
type Route = { method: HTTPMethods; url: string; bodySchema?: unknown };

const routes: Route[] = [];
let app: FastifyInstance;
let isolated: Awaited<ReturnType<typeof isolatedPostgresDatabase>> | null = null;

beforeAll(async () => {
  isolated = testDatabaseKind() === 'postgres' ? await isolatedPostgresDatabase() : null;
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_PER_MINUTE: '1000000', PASSWORD_RESET_RATE_LIMIT_PER_HOUR: '1000000', IMPORT_RATE_LIMIT_PER_HOUR: '1000000' }), staticDir: null };
  app = await buildApp(config, {
    database: await openDatabase(isolated ? { databaseUrl: isolated.url, poolSize: 4 } : { dataDir: 'memory://' }),
    logger: false,
    onRoute: (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, bodySchema: (route.schema as { body?: unknown } | undefined)?.body });
    },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await isolated?.drop();
});

/** Tables every request may write, refused or not: the bookkeeping of its limits. */
const BOOKKEEPING: Record<string, string> = {
  rate_limit_hits: 'each request to a rate-limited route is counted, whatever its answer',
  contact_imports: 'each import takes (and gives back) its business’s import slot, whatever its answer',
};

/** The app's tables, as the database has them: a table added later is checked without a change here. */
async function fingerprintedTables(): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    app.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((row) => row.name).filter((name) => !(name in BOOKKEEPING));
}

/**
 * Every row of every table, as one hash, once the work requests go on with after answering has
 * ended (a reset email's token written meanwhile is no change of the next request's).
 */
async function fingerprint(): Promise<string> {
  await app.afterAnswer.settled();
  const tables = await fingerprintedTables();
  const [row] = await queryRows<{ hash: string }>(
    app.db,
    sql.raw(`select md5(concat_ws('/', ${tables.map((table) => `(select string_agg(t::text, '|' order by t::text) from "${table}" t)`).join(', ')})) as hash`),
  );
  return row!.hash;
}

let counter = 0;
const unique = () => `${Date.now()}${(counter += 1)}`;

type Ids = { businessId: number; contactId: number; filterId: number; campaignId: number; apiKeyId: number };

/**
 * A valid body per route, which the fuzzer spoils one or two fields at a time: only a request that
 * passes every other check reaches the database with the spoiled value.
 */
const VALID_BODIES: Record<string, (ids: Ids) => Record<string, unknown>> = {
  'POST /api/auth/sign-up': () => ({ firstName: 'Ada', lastName: 'Lovelace', email: `ada.${unique()}@example.com`, password: 'Str0ng!pass', birthDate: '1990-05-17', phoneNumber: '4915112345678' }),
  'POST /api/auth/sign-in': () => ({ email: 'nobody@example.com', password: 'Str0ng!pass' }),
  'POST /api/business/create-new-business': () => ({ name: 'Bakery', streetName: 'Main Street', streetNumber: '1', country: 'Germany', city: 'Berlin', postalCode: '10115', reviewSites: [{ name: 'Google', url: 'https://g.page/r/x' }], reviewRequestCapDays: 30 }),
  'PUT /api/business/update-business/:businessId': () => ({ name: 'Bakery', streetName: 'Main Street', streetNumber: '1', country: 'Germany', city: 'Berlin', postalCode: '10115', reviewSites: [{ name: 'Yelp', url: 'https://yelp.example/x' }], reviewRequestCapDays: 0 }),
  'POST /api/contact/create-new-contact': ({ businessId }) => ({ firstName: 'Ben', lastName: 'Okafor', email: `ben.${unique()}@example.com`, phoneNumber: '447700900123', birthDate: '1975-11-03', gender: 'MALE', tags: 'a,b', businessId }),
  'DELETE /api/contact/delete-contacts': ({ contactId }) => ({ contactIds: [contactId] }),
  'PATCH /api/contact/check-in-contacts': ({ contactId }) => ({ contactIds: [contactId] }),
  'PUT /api/contact/add-tag/:businessId': ({ contactId }) => ({ contactIds: [contactId], tag: 'vip' }),
  'PUT /api/contact/remove-tag/:businessId': ({ contactId }) => ({ contactIds: [contactId], tag: 'vip' }),
  'POST /api/contact/import-contacts': ({ businessId }) => ({ businessId, file: Buffer.from(`First name,Last name,Email,Phone number,Birth date\nAnna,Lee,a${unique()}@b.co,4915112345678,1990-01-01\n`).toString('base64') }),
  'POST /api/contact-filter/create-contact-filter-with-items': ({ businessId }) => ({ contactFilter: { name: `F ${unique()}`, businessId }, contactFilterItems: [{ attribute: 'birthDate', operator: 'LESS_THAN', value: '2000-01-01' }] }),
  'POST /api/contact-filter/count-matching-contacts': ({ businessId }) => ({ businessId, contactFilterItems: [{ attribute: 'lastVisited', operator: 'GREATER_THAN', value: '2020-01-01' }] }),
  'POST /api/campaign/create-new-campaign': ({ businessId, filterId }) => ({ name: `C ${unique()}`, type: 'EMAIL', subject: 'Hi', messageBody: 'Hi ${firstName}', businessId, contactFilterId: filterId, interval: 1, intervalSize: 5, startTime: '2099-01-01T10:00:00Z' }),
  'POST /api/campaign/launch-new-campaign': ({ businessId, filterId }) => ({ name: `L ${unique()}`, type: 'SMS', messageBody: 'Hi ${firstName}', businessId, contactFilterId: filterId, interval: 1, intervalSize: 5 }),
  'PUT /api/automation/update-automation/:businessId': () => ({ enabled: true, delayMinutes: 90, channel: 'SMS_FIRST', subject: 'Hi ${firstName}', messageBody: 'Review us: ${reviewLink}', reminder: { afterDays: 3, messageBody: 'Again: ${reviewLink}' } }),
  'PUT /api/business/update-connector/:businessId': () => ({ provider: 'shopify', secret: 'shpss_0123456789abcdef0123456789abcdef' }),
  'POST /api/business/create-webhook-endpoint/:businessId': () => ({ url: 'https://hooks.example.com/starboost', events: ['review.rating', 'contact.unsubscribed'] }),
  'PUT /api/campaign/update-campaign/:id': ({ filterId }) => ({ name: `U ${unique()}`, type: 'SMS', messageBody: 'Hi', contactFilterId: filterId, interval: 2, intervalSize: 100, startTime: null }),
  'POST /api/business/create-api-key/:businessId': () => ({ name: `Till ${unique()}` }),
  'POST /api/v1/visits': () => ({ firstName: 'Ana', lastName: 'Horvat', email: `ana.${unique()}@example.com`, phone: '+49 151 2345 6789', visitedAt: new Date(Date.now() - 3_600_000).toISOString(), externalId: `sale-${unique()}` }),
};

/** A valid body with one or two fields (maybe nested) replaced by generated values, or an unknown key added. */
function spoiledBody(makeValid: () => Record<string, unknown>, weird: fc.Arbitrary<unknown>) {
  const valid = makeValid();
  const paths: string[][] = [];
  const walk = (value: unknown, path: string[]) => {
    if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) walk(child, [...path, key]);
    if (path.length) paths.push(path);
  };
  walk(valid, []);
  return fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...paths), fc.string({ maxLength: 6 }).map((key) => [key])), weird), { minLength: 1, maxLength: 2 })
    .map((changes) => {
      // A fresh valid body each time: names and emails must not collide with the last run's.
      const body = makeValid();
      for (const [path, value] of changes) {
        let target: unknown = body;
        for (const key of path.slice(0, -1)) target = (target as Record<string, unknown>)[key];
        // An earlier change may have replaced the parent with a value that has no fields.
        if (target && typeof target === 'object') (target as Record<string, unknown>)[path.at(-1)!] = value;
      }
      return body;
    });
}

/** A signed-in owner with one of everything, so generated ids can hit real rows. */
async function ownerWithData() {
  const client = new ApiClient(app);
  const registration = await client.signUpAndIn();
  const businessId = (await client.createBusiness()).id;
  const contact = await client.post('/api/contact/create-new-contact', {
    firstName: 'Anna', lastName: 'Schmidt', email: `anna.${businessId}@example.com`, phoneNumber: '4915112345678', birthDate: '1988-04-12', gender: 'FEMALE', tags: 'vip', businessId,
  });
  const filter = await client.post('/api/contact-filter/create-contact-filter-with-items', {
    contactFilter: { name: 'Everyone', businessId },
    contactFilterItems: [{ attribute: 'email', operator: 'CONTAINS', value: '@' }],
  });
  const campaign = await client.post('/api/campaign/create-new-campaign', {
    name: 'Spring', type: 'SMS', messageBody: 'Hi ${firstName}', businessId, contactFilterId: filter.json().id, interval: 1, intervalSize: 5,
  });
  // The visits API (/api/v1) is called with the business's API key.
  const apiKey = await client.post(`/api/business/create-api-key/${businessId}`, { name: 'Till' });
  const ids: Ids = { businessId, contactId: contact.json().id, filterId: filter.json().id, campaignId: campaign.json().id, apiKeyId: apiKey.json().id };
  return { client, registration, ids, apiKey: apiKey.json().secret as string };
}

// NUL most often: PostgreSQL refuses it in text, the others it stores.
const CONTROL = fc.oneof(
  { weight: 3, arbitrary: fc.constant('\u0000') },
  { weight: 2, arbitrary: fc.constantFrom('\u0001', '\u0007', '\u001b', '\u007f', '\t', '\n', '\r', '\u2028', '\uFEFF', '\uD800') },
);
const controlString = fc.tuple(fc.constantFrom('Anna', 'x', '2000-01-01', 'a@b.co', ''), CONTROL, fc.string({ maxLength: 4 })).map((parts) => parts.join(''));
const weirdString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  controlString,
  fc.constantFrom(
    '', ' ', '0000-01-01', '1899-12-31', '2101-01-01', '2024-02-30', '2099-02-30T10:00:00Z', '2099-03-01T24:00:00Z', '9999-12-31T23:59:59Z',
    'null', 'true', '-1', '1e309', "'; drop table contacts; --", '%_\\', '${reviewLink}', '${unknown}', 'EMAIL', 'SMS', 'MALE',
    'BEGINS_WITH', 'LESS_THAN', 'birthDate', 'lastVisited', 'a@b.co', 'x'.repeat(300), 'é'.repeat(5000),
  ),
  fc.nat({ max: 200_000 }).map((length) => 'y'.repeat(length)),
);
const weirdNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(0, -1, 1, 2 ** 31 - 1, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, 0.5, 30, 1000, 120),
);

const FIELDS = [
  'businessId', 'contactFilterId', 'contactIds', 'contactFilter', 'contactFilterItems', 'attribute', 'operator', 'value', 'name',
  'firstName', 'lastName', 'email', 'password', 'birthDate', 'phoneNumber', 'gender', 'tags', 'streetName', 'streetNumber',
  'country', 'city', 'postalCode', 'reviewSites', 'reviewRequestCapDays', 'url', 'type', 'subject', 'messageBody', 'interval', 'intervalSize', 'sendAllAtOnce',
  'startTime', 'file', 'state', 'offset', 'limit', 'enabled', 'delayMinutes', 'channel', 'reminder', 'afterDays', 'phone', 'visitedAt', 'externalId',
  '__proto__', 'constructor',
];

/** JSON values built from the API's own field names, real ids and weird leaves. */
function jsonValue(ids: number[]) {
  const leaf = fc.oneof(weirdString, weirdNumber, fc.boolean(), fc.constant(null), fc.constantFrom(...ids));
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      leaf,
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 6 })), tie('value'), { maxKeys: 8 }),
    ),
  }));
  return value;
}

/** What replaces a field of a valid body: mostly strange text, sometimes a wrong type or structure. */
const spoiler = (ids: number[]) =>
  fc.oneof(
    { weight: 4, arbitrary: controlString },
    { weight: 3, arbitrary: weirdString },
    { weight: 1, arbitrary: weirdNumber },
    { weight: 1, arbitrary: fc.constantFrom(null, true, [], {}) },
    { weight: 1, arbitrary: jsonValue(ids) },
  );

type Generated = { params: string[]; query: Record<string, string>; payload: string | undefined };

function request(route: Route, ids: Ids): fc.Arbitrary<Generated> {
  const idList = Object.values(ids);
  const paramCount = (route.url.match(/:\w+/g) ?? []).length;
  const param = fc.oneof(fc.constantFrom(...idList.map(String)), weirdString, weirdNumber.map(String));
  const example = exampleOf(route.bodySchema);
  // A route without a hand-written body here is spoiled from its schema's example, if it has one.
  const valid = VALID_BODIES[`${route.method} ${route.url}`] ?? (example === undefined ? undefined : () => structuredClone(example) as Record<string, unknown>);
  const body = fc.oneof(
    ...(valid ? [{ weight: 6, arbitrary: spoiledBody(() => valid(ids), spoiler(idList)).map((value) => JSON.stringify(value)) }] : []),
    { weight: 1, arbitrary: jsonValue(idList).map((value) => JSON.stringify(value)) },
    // Not JSON at all, or cut short.
    { weight: 1, arbitrary: weirdString },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  return fc.record({
    params: fc.array(fc.oneof({ weight: 2, arbitrary: param }, { weight: 1, arbitrary: fc.constantFrom(...idList.map(String)) }), { minLength: paramCount, maxLength: paramCount }),
    query: fc.dictionary(fc.constantFrom('state', 'offset', 'limit', 'businessId', 'deliveryId', 'x'), weirdString.map((text) => text.slice(0, 200)), { maxKeys: 3 }),
    payload: route.method === 'GET' ? fc.constant(undefined) : body,
  });
}

function urlOf(route: Route, generated: Generated) {
  let index = 0;
  // A lone surrogate cannot be written in a URL at all; a browser sends U+FFFD instead.
  const path = route.url.replace(/:\w+/g, () => encodeURIComponent((generated.params[index++] ?? '').replace(/\p{Cs}/gu, '\uFFFD')));
  const query = new URLSearchParams(generated.query).toString();
  return query ? `${path}?${query}` : path;
}

describe('every endpoint under generated input', () => {
  it('registers the routes it fuzzes', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(routes).toContainEqual(expect.objectContaining({ method: 'POST', url: '/api/contact/import-contacts' }));
  });

  it('checks every table of the schema for changes, its limits’ bookkeeping aside', async () => {
    const declared = Object.values(schema).filter((value) => is(value, PgTable)).map((table) => getTableName(table as PgTable));
    expect(declared).toEqual(expect.arrayContaining(['suppressions', 'contact_events', 'contact_tombstones', 'opt_out_hashes', 'password_reset_tokens']));
    expect((await fingerprintedTables()).sort()).toEqual(declared.filter((name) => !(name in BOOKKEEPING)).sort());
  });

  it('names the seed of a failure and the command that reruns it', async () => {
    const failing = assertWithSeed(fc.asyncProperty(fc.integer(), async (n) => expect(n).toBeLessThan(10)), { seed: 42, numRuns: 100, rerun: RERUN });
    await expect(failing).rejects.toThrow(`Failed with seed 42. Rerun these inputs with: FUZZ_SEED=42 ${RERUN}`);
    expect(fuzzSeeds(FIXED_SEED, { FUZZ_SEED: '-7' })).toEqual([-7]);
    const [fixed, fresh] = fuzzSeeds(FIXED_SEED, {});
    expect(fixed).toBe(FIXED_SEED);
    expect(Number.isInteger(fresh)).toBe(true);
  });

  it.each(SEEDS)('never answers 5xx, and a refused call changes no row (seed %i)', async (seed) => {
    for (const route of routes) {
      const owner = await ownerWithData();
      await assertWithSeed(
        fc.asyncProperty(request(route, owner.ids), async (generated) => {
          // A run that signed the owner out (sign-out is a success) signs in again for the next.
          if (!owner.client.cookies.sb_access) await owner.client.post('/api/auth/sign-in', { email: owner.registration.email, password: owner.registration.password });
          const before = await fingerprint();
          const response = await app.inject({
            method: route.method,
            url: urlOf(route, generated),
            headers: { 'content-type': 'application/json', ...(route.url.startsWith('/api/v1/') ? { authorization: `Bearer ${owner.apiKey}` } : {}) },
            cookies: owner.client.cookies,
            ...(generated.payload === undefined ? {} : { payload: generated.payload }),
          });
          const where = `${route.method} ${route.url} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, where).toBeLessThan(500);
          if (response.statusCode >= 400) expect(await fingerprint(), `a refused call changed rows: ${where}`).toBe(before);
          for (const cookie of response.cookies as Array<{ name: string; value: string }>) {
            if (cookie.value) owner.client.cookies[cookie.name] = cookie.value;
            else delete owner.client.cookies[cookie.name];
          }
        }),
        { seed, numRuns: RUNS, rerun: RERUN },
      );
    }
  }, 600_000);
});
