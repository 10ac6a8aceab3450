import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageRefreshTokenUse } from '../support/refresh-tokens';
import { ApiClient, startTestApp, validRegistration, type TestApp } from '../support/test-app';
import {
  ACCESS_COOKIE,
  expectError,
  expectFieldError,
  isCleared,
  REFRESH_COOKIE,
  setCookie,
  signIn,
  withTestApp,
} from './helpers';
import { ManualClock } from '../support/manual-clock';
import { SIGNED_IN_HINT_COOKIE } from '#domain';

const WRONG_CREDENTIALS = 'The email address or password is incorrect.';
const NOT_SIGNED_IN = 'You are not signed in.';
/** The access token is missing, expired or not ours. */
const INVALID_ACCESS = 'Your session has expired. Please sign in again.';
/** The token is fine but its session was revoked. */
const SESSION_ENDED = 'Your session has ended. Please sign in again.';
const REFRESH_INVALID = 'Your session has expired. Please sign in again.';
const THIRTY_DAYS = 30 * 86_400;

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp?.close());

/** A registered (not signed-in) owner and a client for them. */
async function registeredOwner(app: FastifyInstance = testApp.app) {
  const client = new ApiClient(app);
  const registration = validRegistration();
  const response = await client.post('/api/auth/sign-up', registration);
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.body}`);
  return { client, registration };
}

/** A signed-in client, with the access and refresh tokens it was given. */
async function signedInOwner(app: FastifyInstance = testApp.app) {
  const client = new ApiClient(app);
  const registration = await client.signUpAndIn();
  return { client, registration, access: client.cookies[ACCESS_COOKIE]!, refresh: client.cookies[REFRESH_COOKIE]! };
}

/** A client holding exactly these cookies, like a browser tab with a copied cookie jar. */
function clientWith(cookies: Record<string, string>, app: FastifyInstance = testApp.app) {
  const client = new ApiClient(app);
  client.cookies = { ...cookies };
  return client;
}

const authorize = (client: ApiClient) => client.post('/api/auth/authorize');
const refresh = (client: ApiClient) => client.post('/api/auth/refresh-token');

describe('sign-in', () => {
  it('answers a wrong password and an unknown email with the same 401', async () => {
    const { registration } = await registeredOwner();
    const wrongPassword = await signIn(testApp.app, registration.email, 'Wr0ng!password');
    const unknownEmail = await signIn(testApp.app, `nobody.${registration.email}`, registration.password);

    expectError(wrongPassword, 401, WRONG_CREDENTIALS);
    expectError(unknownEmail, 401, WRONG_CREDENTIALS);
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
    expect(wrongPassword.headers['set-cookie']).toBeUndefined();
  });

  it('validates the login form like the spec (section 5, login form)', async () => {
    expectFieldError(await new ApiClient(testApp.app).post('/api/auth/sign-in', { password: 'Str0ng!pass' }), 'email', 'Email is required');
    expectFieldError(
      await signIn(testApp.app, 'not-an-email', 'Str0ng!pass'),
      'email',
      'Invalid email address',
    );
    expectFieldError(await signIn(testApp.app, 'ada@example.com', ''), 'password', 'Password is required');
  });

  it('answers the profile and sets httpOnly, SameSite=Lax, non-Secure session cookies', async () => {
    const { registration } = await registeredOwner();
    const response = await signIn(testApp.app, registration.email, registration.password);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstName: registration.firstName, lastName: registration.lastName });

    const access = setCookie(response, ACCESS_COOKIE);
    expect(access).toMatchObject({ path: '/api', httpOnly: true, sameSite: 'Lax', maxAge: 900 });
    expect(access.secure).toBeFalsy();
    expect(access.value).not.toBe('');

    const refreshCookie = setCookie(response, REFRESH_COOKIE);
    expect(refreshCookie).toMatchObject({ path: '/api/auth', httpOnly: true, sameSite: 'Lax', maxAge: THIRTY_DAYS });
    expect(refreshCookie.secure).toBeFalsy();
    expect(refreshCookie.value).not.toBe('');

    // The one cookie the page may read: that this browser signed in, never who (no 401s asked for when it did not).
    const hint = setCookie(response, SIGNED_IN_HINT_COOKIE);
    expect(hint).toMatchObject({ value: '1', path: '/', sameSite: 'Lax', maxAge: THIRTY_DAYS });
    expect(hint.httpOnly).toBeFalsy();
  });

  it('marks both cookies Secure when COOKIE_SECURE=true', async () => {
    await withTestApp({ COOKIE_SECURE: 'true' }, async ({ app }) => {
      const { registration } = await registeredOwner(app);
      const response = await signIn(app, registration.email, registration.password);
      expect(response.statusCode).toBe(200);
      expect(setCookie(response, ACCESS_COOKIE)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
      expect(setCookie(response, REFRESH_COOKIE)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    });
  });

  it('starts a separate session per sign-in', async () => {
    const { client, registration } = await signedInOwner();
    const other = new ApiClient(testApp.app);
    expect((await other.post('/api/auth/sign-in', registration)).statusCode).toBe(200);
    expect(other.cookies[REFRESH_COOKIE]).not.toBe(client.cookies[REFRESH_COOKIE]);

    expect((await other.post('/api/auth/sign-out')).statusCode).toBe(200);
    expect((await authorize(client)).statusCode).toBe(200);
  });

  it('answers 429 with a clear message once the per-minute limit is used up', async () => {
    await withTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' }, async ({ app }) => {
      const attempts = [];
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        attempts.push(await signIn(app, 'nobody@example.com', 'Wr0ng!password'));
      }
      expect(attempts.slice(0, 3).map((response) => response.statusCode)).toEqual([401, 401, 401]);
      expectError(attempts[3]!, 429, /^Too many attempts\. Please wait \d+ seconds and try again\.$/);
      expect(attempts[3]!.json().error).toBe('Too Many Requests');
    });
  });
});

describe('authorize', () => {
  it('answers 401 without cookies', async () => {
    expectError(await authorize(new ApiClient(testApp.app)), 401, INVALID_ACCESS);
  });

  it('answers the signed-in user', async () => {
    const { client, registration } = await signedInOwner();
    const response = await authorize(client);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: expect.any(Number),
      firstName: registration.firstName,
      lastName: registration.lastName,
      email: registration.email,
    });
  });

  it('answers 401 for an access token whose payload was altered', async () => {
    const victim = await signedInOwner();
    const attacker = await signedInOwner();
    const victimId = (await authorize(victim.client)).json().id as number;

    // Keep the attacker's signature but claim to be the victim.
    const [header, payload, signature] = attacker.access.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: String(victimId) })).toString('base64url');
    const forged = clientWith({ [ACCESS_COOKIE]: [header, forgedPayload, signature].join('.') });

    expectError(await authorize(forged), 401, INVALID_ACCESS);
  });

  it('answers 401 for an access token signed by another server', async () => {
    const { access } = await withTestApp({}, async ({ app }) => signedInOwner(app));
    expectError(await authorize(clientWith({ [ACCESS_COOKIE]: access })), 401, INVALID_ACCESS);
  });

  it('answers 401 for a garbage access cookie', async () => {
    expectError(await authorize(clientWith({ [ACCESS_COOKIE]: 'not-a-token' })), 401, INVALID_ACCESS);
  });
});

describe('access-token expiry (a clock the test moves)', () => {
  it('refuses an expired access token until the refresh token renews it', async () => {
    const clock = new ManualClock();
    await withTestApp(
      { ACCESS_TOKEN_TTL_SECONDS: '60' },
      async ({ app }) => {
        const { client } = await signedInOwner(app);
        clock.advance(59_000);
        expect((await authorize(client)).statusCode).toBe(200);
        const expiredAccess = client.cookies[ACCESS_COOKIE];

        clock.advance(1_000);
        expectError(await authorize(client), 401, INVALID_ACCESS);

        const renewed = await refresh(client);
        expect(renewed.statusCode).toBe(200);
        expect(setCookie(renewed, ACCESS_COOKIE)).toMatchObject({ path: '/api', maxAge: 60 });
        expect(client.cookies[ACCESS_COOKIE]).not.toBe(expiredAccess);
        expect((await authorize(client)).statusCode).toBe(200);
      },
      { clock },
    );
  });
});

describe('refresh-token lifetime (REFRESH_TOKEN_TTL_DAYS, a clock the test moves)', () => {
  const DAY_MS = 86_400_000;

  it('a session lasts the lifetime from its last refresh, then ends', async () => {
    const clock = new ManualClock();
    await withTestApp(
      { REFRESH_TOKEN_TTL_DAYS: '30' },
      async ({ app }) => {
        const { client } = await signedInOwner(app);
        // Each refresh within the lifetime starts it anew.
        for (let use = 0; use < 3; use += 1) {
          clock.advance(30 * DAY_MS - 1_000);
          expect((await refresh(client)).statusCode).toBe(200);
        }
        const { [REFRESH_COOKIE]: lastRefresh } = client.cookies;

        clock.advance(30 * DAY_MS);
        const late = await refresh(client);
        expectError(late, 401, REFRESH_INVALID);
        expect(isCleared(setCookie(late, REFRESH_COOKIE))).toBe(true);
        expectError(await refresh(clientWith({ [REFRESH_COOKIE]: lastRefresh! }, app)), 401, REFRESH_INVALID);
      },
      { clock },
    );
  });

  it('an access token still within its own lifetime stops working when its session has ended', async () => {
    const clock = new ManualClock();
    await withTestApp(
      { REFRESH_TOKEN_TTL_DAYS: '1', ACCESS_TOKEN_TTL_SECONDS: String(3 * 86_400) },
      async ({ app }) => {
        const { client } = await signedInOwner(app);
        clock.advance(DAY_MS - 1_000);
        expect((await authorize(client)).statusCode).toBe(200);
        clock.advance(1_000);
        expectError(await authorize(client), 401, SESSION_ENDED);
      },
      { clock },
    );
  });
});

describe('rate limits per client (AUTH_RATE_LIMIT_PER_MINUTE, TRUST_PROXY)', () => {
  const signInFrom = (app: FastifyInstance, forwardedFor?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'nobody@example.com', password: 'Wr0ng!password' },
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });
  const statuses = async (app: FastifyInstance, forwardedFor: string[]) => {
    const answers: number[] = [];
    for (const address of forwardedFor) answers.push((await signInFrom(app, address)).statusCode);
    return answers;
  };

  it('by default X-Forwarded-For is ignored: every request counts for the address it came from', async () => {
    await withTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '2' }, async ({ app }) => {
      expect(await statuses(app, ['203.0.113.1', '203.0.113.2', '203.0.113.3'])).toEqual([401, 401, 429]);
    });
  });

  it.each(['true', 'loopback'])('TRUST_PROXY=%s counts each forwarded client apart', async (trustProxy) => {
    await withTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: trustProxy }, async ({ app }) => {
      expect(await statuses(app, ['203.0.113.1', '203.0.113.2', '203.0.113.1', '203.0.113.2'])).toEqual([401, 401, 401, 401]);
      expect(await statuses(app, ['203.0.113.1'])).toEqual([429]);
    });
  });

  it('counts attempts across web processes that share the database', async () => {
    // Two servers on one database, as two web processes are. On PostgreSQL the second opens its
    // own connections; the embedded database belongs to one process, so there it is shared.
    const rateLimitNamespace = randomUUID();
    await withTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' }, async (first) => {
      const sharedEmbedded = process.env.STARBOOST_TEST_DB === 'postgres' ? undefined : { ...first.app.database, close: async () => {} };
      await withTestApp(
        { AUTH_RATE_LIMIT_PER_MINUTE: '3' },
        async (second) => {
          const answers = [];
          for (const app of [first.app, second.app, first.app, second.app, first.app]) answers.push((await signInFrom(app)).statusCode);
          expect(answers).toEqual([401, 401, 401, 429, 429]);
        },
        { rateLimitNamespace, database: sharedEmbedded },
      );
    }, { rateLimitNamespace });
  });

  it('TRUST_PROXY naming other proxies leaves the loopback caller counted as itself', async () => {
    await withTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '10.0.0.0/8' }, async ({ app }) => {
      expect(await statuses(app, ['203.0.113.1', '203.0.113.2', '203.0.113.3'])).toEqual([401, 401, 429]);
    });
  });
});

describe('refresh-token', () => {
  it('answers 401 without a refresh cookie, and clears the signed-in hint so the page stops asking', async () => {
    const response = await refresh(clientWith({ [SIGNED_IN_HINT_COOKIE]: '1' }));
    expectError(response, 401, NOT_SIGNED_IN);
    expect(isCleared(setCookie(response, SIGNED_IN_HINT_COOKIE))).toBe(true);
  });

  it('answers 401 for an unknown refresh token, clearing the hint', async () => {
    const response = await refresh(clientWith({ [REFRESH_COOKIE]: 'made-up-token', [SIGNED_IN_HINT_COOKIE]: '1' }));
    expectError(response, 401, REFRESH_INVALID);
    expect(isCleared(setCookie(response, SIGNED_IN_HINT_COOKIE))).toBe(true);
  });

  it('rotates: a new refresh cookie and a working access cookie', async () => {
    const { client, refresh: oldRefresh } = await signedInOwner();
    const response = await refresh(client);

    expect(response.statusCode).toBe(200);
    const newRefresh = setCookie(response, REFRESH_COOKIE);
    expect(newRefresh).toMatchObject({ path: '/api/auth', httpOnly: true, sameSite: 'Lax', maxAge: THIRTY_DAYS });
    expect(newRefresh.value).not.toBe(oldRefresh);
    expect(setCookie(response, SIGNED_IN_HINT_COOKIE)).toMatchObject({ path: '/', maxAge: THIRTY_DAYS });
    expect(setCookie(response, ACCESS_COOKIE)).toMatchObject({ path: '/api', httpOnly: true, maxAge: 900 });
    expect((await authorize(client)).statusCode).toBe(200);
  });

  it('revokes the whole session when an old refresh token is presented again after the grace window', async () => {
    const { client, refresh: oldRefresh } = await signedInOwner();
    expect((await refresh(client)).statusCode).toBe(200);
    const { [ACCESS_COOKIE]: currentAccess, [REFRESH_COOKIE]: currentRefresh } = client.cookies;
    expect(currentRefresh).not.toBe(oldRefresh);
    await ageRefreshTokenUse(testApp.app, oldRefresh);

    const replay = await refresh(clientWith({ [REFRESH_COOKIE]: oldRefresh }));
    expectError(replay, 401, /used from somewhere else/);
    expect(isCleared(setCookie(replay, REFRESH_COOKIE))).toBe(true);

    expectError(await refresh(clientWith({ [REFRESH_COOKIE]: currentRefresh! })), 401, REFRESH_INVALID);
    expectError(await authorize(clientWith({ [ACCESS_COOKIE]: currentAccess! })), 401, SESSION_ENDED);
  });
});

describe('sign-out', () => {
  it('revokes the session and clears both cookies', async () => {
    const { client, access, refresh: refreshToken } = await signedInOwner();
    const response = await client.post('/api/auth/sign-out');

    expect(response.statusCode).toBe(200);
    const clearedAccess = setCookie(response, ACCESS_COOKIE);
    const clearedRefresh = setCookie(response, REFRESH_COOKIE);
    expect(isCleared(clearedAccess)).toBe(true);
    expect(clearedAccess.path).toBe('/api');
    expect(isCleared(clearedRefresh)).toBe(true);
    expect(clearedRefresh.path).toBe('/api/auth');
    expect(isCleared(setCookie(response, SIGNED_IN_HINT_COOKIE))).toBe(true);
    expect(client.cookies).toEqual({});

    expectError(await authorize(clientWith({ [ACCESS_COOKIE]: access })), 401, SESSION_ENDED);
    expectError(await refresh(clientWith({ [REFRESH_COOKIE]: refreshToken })), 401, REFRESH_INVALID);
  });

  it('revokes the session named by the refresh cookie when the access cookie is gone', async () => {
    const { access, refresh: refreshToken } = await signedInOwner();
    expect((await clientWith({ [REFRESH_COOKIE]: refreshToken }).post('/api/auth/sign-out')).statusCode).toBe(200);

    expect((await authorize(clientWith({ [ACCESS_COOKIE]: access }))).statusCode).toBe(401);
    expect((await refresh(clientWith({ [REFRESH_COOKIE]: refreshToken }))).statusCode).toBe(401);
  });

  it('succeeds without a session', async () => {
    const response = await new ApiClient(testApp.app).post('/api/auth/sign-out');
    expect(response.statusCode).toBe(200);
    expect(isCleared(setCookie(response, ACCESS_COOKIE))).toBe(true);
  });
});

describe('get-current-user', () => {
  it('answers the signed-in user with firstName and lastName', async () => {
    const { client, registration } = await signedInOwner();
    const response = await client.get('/api/user/get-current-user');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ firstName: registration.firstName, lastName: registration.lastName, email: registration.email });
    expect(JSON.stringify(body)).not.toMatch(/password/i);
  });

  it('answers 401 without a session', async () => {
    expectError(await new ApiClient(testApp.app).get('/api/user/get-current-user'), 401, INVALID_ACCESS);
  });

  it('answers 401 after sign-out with the old access cookie', async () => {
    const { client, access } = await signedInOwner();
    await client.post('/api/auth/sign-out');
    expect((await clientWith({ [ACCESS_COOKIE]: access }).get('/api/user/get-current-user')).statusCode).toBe(401);
  });
});
