import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { testDatabaseKind } from '../support/delivery-app';
import { ApiClient, validRegistration, isolatedPostgresDatabase } from '../support/test-app';
import { SIGNED_IN_HINT_COOKIE } from '#domain';
import type { FastifyInstance } from 'fastify';

/**
 * Server errors provoked with secret values in the request: the captured log must name the error
 * (request id, route, class, SQLSTATE) and carry none of the values. A trigger makes the database
 * refuse the writes with an error message that quotes the whole row, as PostgreSQL's own errors
 * quote values.
 */

let app: FastifyInstance;
let dropDatabase: (() => Promise<void>) | undefined;
const lines: string[] = [];

beforeAll(async () => {
  // Triggers change the schema: on PostgreSQL, in a database of this file's own.
  const isolated = testDatabaseKind() === 'postgres' ? await isolatedPostgresDatabase() : null;
  dropDatabase = isolated?.drop;
  const database = await openDatabase(isolated ? { databaseUrl: isolated.url, poolSize: 4 } : { dataDir: 'memory://' });
  const config = { ...loadConfig({ LOG_LEVEL: 'info', AUTH_RATE_LIMIT_PER_MINUTE: '100000' }), staticDir: null };
  app = await buildApp(config, { database, logStream: { write: (line: string) => void lines.push(line) } });
  await app.ready();
  await app.db.execute(sql`
    create function refuse_row() returns trigger language plpgsql as $$
    begin raise exception 'refused row %', row_to_json(new)::text; end $$`);
});
afterAll(async () => {
  await app?.close();
  await dropDatabase?.();
});

/** Runs `fn` while the database refuses every insert into `table`. */
async function whileRefusing(table: string, fn: () => Promise<void>) {
  await app.db.execute(sql.raw(`create trigger refuse_${table} before insert on ${table} for each row execute function refuse_row()`));
  try {
    await fn();
  } finally {
    await app.db.execute(sql.raw(`drop trigger refuse_${table} on ${table}`));
  }
}

/** The log lines written while `run` ran with inserts into `table` refused. */
async function logsOf(table: string, run: () => Promise<void>) {
  const from = lines.length;
  await whileRefusing(table, run);
  return lines.slice(from);
}

const errorLines = (logged: string[]) => logged.map((line) => JSON.parse(line)).filter((entry) => entry.level >= 50);

describe('error logs', () => {
  it('name a failed sign-up by request id, route, class and SQLSTATE, without its email, password, hash, birth date or phone', async () => {
    const secrets = { ...validRegistration(), firstName: 'Zebulon', password: 'Sec4et!Pw', birthDate: '1971-03-04', phoneNumber: '4917612398765' };
    let requestId = '';
    const logged = await logsOf('users', async () => {
      const response = await new ApiClient(app).post('/api/auth/sign-up', secrets);
      expect(response.statusCode).toBe(500);
      requestId = response.json().message.match(/request id (\S+?)\.$/)[1];
    });
    const text = logged.join('\n');
    for (const secret of [secrets.email, secrets.password, secrets.firstName, secrets.birthDate, secrets.phoneNumber, 'scrypt$']) {
      expect(text).not.toContain(secret);
    }
    const [entry] = errorLines(logged);
    expect(entry).toMatchObject({ reqId: requestId, route: '/api/auth/sign-up', msg: 'request failed', err: { sqlState: 'P0001' } });
    expect(entry.err.type).toMatch(/Error$/);
    expect(entry.err.stack).toMatch(/^\s+at /);
  });

  it('carry no cell of a failed import, and no cookie or token of the signed-in user', async () => {
    const owner = new ApiClient(app);
    await owner.signUpAndIn();
    const businessId = (await owner.createBusiness()).id;
    const file = 'First name,Last name,Email,Phone number,Birth date\nQuintessa,Marlowe,quintessa.secret@example.com,4917698765432,1966-06-16\n';
    const logged = await logsOf('contacts', async () => {
      const response = await owner.post('/api/contact/import-contacts', { businessId, file: Buffer.from(file).toString('base64') });
      expect(response.statusCode).toBe(500);
    });
    const text = logged.join('\n');
    for (const secret of ['Quintessa', 'Marlowe', 'quintessa.secret', '4917698765432', '1966-06-16', Buffer.from(file).toString('base64').slice(0, 40)]) {
      expect(text).not.toContain(secret);
    }
    // The session's cookies, not the signed-in hint ("1", which names nobody).
    for (const [name, value] of Object.entries(owner.cookies)) if (name !== SIGNED_IN_HINT_COOKIE) expect(text).not.toContain(value);
    expect(Object.keys(owner.cookies)).toEqual(expect.arrayContaining(['sb_access', 'sb_refresh']));
    expect(errorLines(logged)).toHaveLength(1);
    expect(errorLines(logged)[0]).toMatchObject({ route: '/api/contact/import-contacts', err: { sqlState: 'P0001' } });
  });

  it('carry no message body or subject of a campaign that failed to save', async () => {
    const owner = new ApiClient(app);
    await owner.signUpAndIn();
    const businessId = (await owner.createBusiness()).id;
    const filter = await owner.post('/api/contact-filter/create-contact-filter-with-items', {
      contactFilter: { name: 'Everyone', businessId },
      contactFilterItems: [{ attribute: 'email', operator: 'CONTAINS', value: '@' }],
    });
    const logged = await logsOf('campaigns', async () => {
      const response = await owner.post('/api/campaign/create-new-campaign', {
        name: 'Summer',
        type: 'EMAIL',
        subject: 'Private subject line',
        messageBody: 'Confidential offer for ${firstName}',
        businessId,
        contactFilterId: filter.json().id,
        interval: 1,
        intervalSize: 5,
      });
      expect(response.statusCode).toBe(500);
    });
    const text = logged.join('\n');
    expect(text).not.toContain('Private subject line');
    expect(text).not.toContain('Confidential offer');
    expect(errorLines(logged)).toHaveLength(1);
  });
});

describe('request logs', () => {
  it('never carry a review or unsubscribe token, an API key or a check-in slug, on matched, unmatched, malformed or failing requests', async () => {
    const review = 'Rv9s8YtOkEnQwErTyUiOpA';
    const unsubscribe = '3f1c2b7a-9d4e-4c1b-8f0a-7e6d5c4b3a21';
    const apiKey = 'sb_live_Q2hlY2staW4tdGVzdC1rZXktMDAx';
    const slug = 'corner-bakery-x7Kq2';
    const from = lines.length;
    const urls = [
      `/r/${review}`,
      `/r/${review}/go/1`,
      `/r/${review}/go/1/`,
      `/r/${review}/nowhere?x=1`,
      `/r/${review}%ZZ/go/1`,
      `/R/${review}`,
      `/api/unsubscribe/${unsubscribe}`,
      `/api/unsubscribe/${unsubscribe}/`,
      `/api/unsubscribe/${unsubscribe}/extra`,
      `/api/unsubscribe/${unsubscribe}%ZZ`,
      `//api/unsubscribe/${unsubscribe}`,
      `/api/v1/key/${apiKey}`,
      `/api/v1/visits/${apiKey}?key=${apiKey}`,
      `/k/${slug}/poster`,
      `/k/${slug}/x/y`,
    ];
    for (const url of urls) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await app.inject({ method, url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: method === 'POST' ? 'List-Unsubscribe=One-Click' : undefined });
        expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
      }
    }
    const logged = lines.slice(from);
    expect(logged.length).toBeGreaterThan(urls.length);
    const text = logged.join('\n');
    for (const secret of [review, unsubscribe, apiKey, slug]) expect(text).not.toContain(secret);
    // A path that matched no route is logged by its first segment.
    expect(text).toContain('"url":"/r/…"');
    expect(text).toContain('"url":"/api/…"');
    expect(text).toContain('"url":"/k/…"');
  });

  it('a 404 answer names the path it did not find, never its query string', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-route/a?key=sb_live_secret&email=ann%40example.com' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('No route for GET /api/no-such-route/a');
  });
});

describe('ids beyond the id column', () => {
  it('are a 400 before any byte of an export, in deletes, check-ins and other bodies too, and no log line carries query parameters', async () => {
    const owner = new ApiClient(app);
    await owner.signUpAndIn();
    const businessId = (await owner.createBusiness()).id;
    const contact = await owner.post('/api/contact/create-new-contact', {
      firstName: 'Ida', lastName: 'Range', email: 'ida.range@example.com', phoneNumber: '4915112345678', birthDate: '1990-05-17', gender: 'FEMALE', businessId,
    });
    const tooBig = 2_147_483_648;
    const from = lines.length;
    const contactIds = 'Contact ids must be a list of positive whole numbers.';
    for (const [method, url, body, errors] of [
      ['POST', `/api/contact/export-contacts/${businessId}`, { format: 'csv', contactIds: [contact.json().id, tooBig] }, { contactIds }],
      ['POST', `/api/contact/export-contacts/${businessId}`, { format: 'xlsx', contactIds: [Number.MAX_SAFE_INTEGER] }, { contactIds }],
      ['DELETE', '/api/contact/delete-contacts', { contactIds: [contact.json().id, tooBig] }, { contactIds }],
      ['PATCH', '/api/contact/check-in-contacts', { contactIds: [tooBig] }, { contactIds }],
      ['POST', '/api/campaign/check-campaign-name', { businessId, name: 'Spring', exceptId: tooBig }, { exceptId: 'The campaign id must be a positive whole number' }],
    ] as const) {
      const response = await owner.request(method, url, body);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ errors });
    }
    // A path id that cannot exist answers as a missing business does (docs/architecture.md, Ownership), before any byte too.
    expect((await owner.get(`/api/contact/export-contacts/${tooBig}?format=csv`)).statusCode).toBe(404);
    const text = lines.slice(from).join('\n');
    expect(text).not.toContain(String(tooBig));
    expect(text).not.toContain('ida.range');
    expect(errorLines(lines.slice(from))).toEqual([]);
    // Nothing was deleted.
    expect((await owner.get(`/api/contact/get-contacts/${businessId}`)).json()).toHaveLength(1);
  });
});
