import { randomUUID } from 'node:crypto';
import { eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { users } from '../../server/db/schema';
import { ApiClient, startTestApp, uniqueEmail, validRegistration, type TestApp } from '../support/test-app';

export const ACCESS_COOKIE = 'sb_access';
export const REFRESH_COOKIE = 'sb_refresh';

/** The origin light-my-request's default `host: localhost:80` header stands for. */
export const SAME_ORIGIN = 'http://localhost:80';

/** Runs `fn` against an app started with extra environment (and options), and always closes it. */
export async function withTestApp<T>(
  env: Record<string, string>,
  fn: (testApp: TestApp) => Promise<T>,
  options: Parameters<typeof startTestApp>[1] = {},
): Promise<T> {
  const testApp = await startTestApp(env, options);
  try {
    return await fn(testApp);
  } finally {
    await testApp.close();
  }
}

/** A valid registration whose names are unique too, so a stray row can be found even without its email. */
export function markedRegistration() {
  const marker = uniqueEmail('marker').split('@')[0]!;
  return { ...validRegistration(), firstName: `Ada-${marker}`, lastName: `Lovelace-${marker}` };
}

export type Registration = ReturnType<typeof validRegistration>;

/** Asserts the `{ statusCode, error, message, errors }` answer of a failed validation for one field. */
export function expectFieldError(response: LightMyRequestResponse, field: string, message: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json()).toEqual({
    statusCode: 400,
    error: 'Bad Request',
    message: expect.stringContaining(message),
    errors: { [field]: message },
  });
}

/** Asserts a JSON error answer with the given status and (exact or matching) message. */
export function expectError(response: LightMyRequestResponse, statusCode: number, message: string | RegExp) {
  expect(response.statusCode, response.body).toBe(statusCode);
  const body = response.json();
  expect(body).toMatchObject({ statusCode, error: expect.any(String) });
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
}

/** Users rows carrying this registration's email (any case) or its first or last name. */
export function storedUsersLike(app: FastifyInstance, registration: Partial<Registration>) {
  const conditions = [
    registration.email ? sql`lower(${users.email}) = lower(${registration.email})` : undefined,
    registration.firstName ? eq(users.firstName, registration.firstName) : undefined,
    registration.lastName ? eq(users.lastName, registration.lastName) : undefined,
  ].filter((condition) => condition !== undefined);
  return app.db.select().from(users).where(or(...conditions));
}

/** A fresh client that tries to sign in; returns the response. */
export function signIn(app: FastifyInstance, email: string, password: string) {
  return new ApiClient(app).post('/api/auth/sign-in', { email, password });
}

export type SetCookie = {
  name: string;
  value: string;
  path?: string;
  maxAge?: number;
  expires?: Date;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
};

/** The Set-Cookie of `name` in a response, parsed by light-my-request. */
export function setCookie(response: LightMyRequestResponse, name: string): SetCookie {
  const cookie = (response.cookies as SetCookie[]).find((candidate) => candidate.name === name);
  if (!cookie) throw new Error(`no Set-Cookie for ${name} in ${JSON.stringify(response.headers['set-cookie'])}`);
  return cookie;
}

/** True when the Set-Cookie makes a browser drop the cookie at once. */
export function isCleared(cookie: SetCookie) {
  return cookie.value === '' && (cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now()));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The app on this project's database and a signed-in owner. */
export async function startSignedInOwner(options: Parameters<typeof startTestApp>[1] = {}) {
  const testApp = await startTestApp({}, options);
  const owner = new ApiClient(testApp.app);
  await owner.signUpAndIn();
  return { testApp, owner };
}

/** The app on this project's database, a signed-in owner and a stranger, each with a business. */
export async function startOwnerAndStranger(options: Parameters<typeof startTestApp>[1] = {}) {
  const { testApp, owner } = await startSignedInOwner(options);
  const businessId = (await owner.createBusiness()).id;
  const stranger = new ApiClient(testApp.app);
  await stranger.signUpAndIn();
  const strangersBusinessId = (await stranger.createBusiness()).id;
  return { testApp, owner, businessId, stranger, strangersBusinessId };
}

/** Business ids a caller must get 404 for: another owner's, a missing one, too large, not a number. */
export const unreachableBusinessIds = (strangersBusinessId: () => number): Array<[string, () => number | string]> => [
  ["another owner's business", strangersBusinessId],
  ['a business that does not exist', () => 2_000_000_000],
  ['an id too large for any business', () => '99999999999'],
  ['an id that is not a number', () => 'abc'],
];

/**
 * Makes the database fail any insert or update of `table` whose `column` equals `marker`, with
 * an error full of internals, as a broken database would: tests see what a failure mid-request
 * does. Only rows with the marker fail, so other tests on a shared database are untouched.
 */
export async function failWritesOf(app: FastifyInstance, table: string, column: string, marker: string) {
  const name = `test_fail_${randomUUID().replaceAll('-', '')}`;
  await app.db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin
        if new.${column} = '${marker}' then
          raise exception 'relation "${table}" broke at /srv/starboost/server/secret.ts: password=hunter2';
        end if;
        return new;
      end $$`),
  );
  await app.db.execute(sql.raw(`create trigger ${name} before insert or update on ${table} for each row execute function ${name}()`));
  return async () => {
    await app.db.execute(sql.raw(`drop trigger ${name} on ${table}`));
    await app.db.execute(sql.raw(`drop function ${name}()`));
  };
}

/** Internals an error answer must never show (a database message, a path, a secret, a stack). */
export function expectNoInternals(body: string) {
  for (const internal of [/relation/i, /secret\.ts/, /hunter2/, /\bat \S+:\d+/, /\bsql\b|\bselect\b.*\bfrom\b|\binsert into\b|\bupdate \S+ set\b/i]) expect(body).not.toMatch(internal);
}
