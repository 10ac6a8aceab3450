import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { ApiClient, startTestApp, validRegistration, type TestApp } from '../support/test-app';
import { expectError, expectNoInternals, failWritesOf, SAME_ORIGIN, signIn, storedUsersLike, withTestApp } from './helpers';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp?.close());

const SIGN_UP = '/api/auth/sign-up';

/** Sends a sign-up with extra headers (origin, content type) straight through inject. */
function signUpWith(app: FastifyInstance, headers: Record<string, string>, registration = validRegistration()) {
  return app.inject({
    method: 'POST',
    url: SIGN_UP,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(registration),
  });
}

async function expectNotCreated(app: FastifyInstance, registration: ReturnType<typeof validRegistration>) {
  expect(await storedUsersLike(app, { email: registration.email })).toEqual([]);
  expect((await signIn(app, registration.email, registration.password)).statusCode).toBe(401);
}

describe('health', () => {
  it('answers 200 with the database up', async () => {
    const response = await new ApiClient(testApp.app).get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: { kind: process.env.STARBOOST_TEST_DB ?? 'pglite', state: 'up' },
    });
  });
});

describe('errors', () => {
  it('answers an unknown /api route with a JSON 404', async () => {
    const response = await new ApiClient(testApp.app).get('/api/no-such-route');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'No route for GET /api/no-such-route' });
  });

  it('answers a malformed JSON body with a JSON 400', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "ada@example.com", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.any(String) });
    expect(response.json().message).not.toBe('');
  });

  it('treats an empty JSON body as no payload (400 with field errors, not a crash)', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ email: 'Email is required', password: 'Password is required' });
  });
});

describe('server errors (5xx)', () => {
  it('answer a generic message with the request id, never the internals', async () => {
    const owner = new ApiClient(testApp.app);
    await owner.signUpAndIn();
    const marker = `Boom ${randomUUID().slice(0, 8)}`;
    const restore = await failWritesOf(testApp.app, 'businesses', 'name', marker);
    try {
      const response = await owner.post('/api/business/create-new-business', {
        name: marker,
        streetName: 'Main Street',
        streetNumber: '1',
        country: 'Germany',
        city: 'Berlin',
        postalCode: '10115',
      });
      expect(response.statusCode).toBe(500);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: expect.stringMatching(/^Something went wrong on our side\. Please try again; if it keeps happening, quote request id \S+\.$/),
      });
      expectNoInternals(response.body);
    } finally {
      await restore();
    }
  });
});

describe('cross-site request guards', () => {
  it('refuses a POST from another origin with 403 and creates nothing', async () => {
    const registration = validRegistration();
    const response = await signUpWith(testApp.app, { origin: 'https://evil.example' }, registration);
    expectError(response, 403, 'Cross-site request refused.');
    expect(response.json().error).toBe('Forbidden');
    await expectNotCreated(testApp.app, registration);
  });

  it('refuses a POST the browser marks as cross-site even without an Origin', async () => {
    const registration = validRegistration();
    expectError(await signUpWith(testApp.app, { 'sec-fetch-site': 'cross-site' }, registration), 403, 'Cross-site request refused.');
    await expectNotCreated(testApp.app, registration);
  });

  it('refuses another port of the same host', async () => {
    const registration = validRegistration();
    expectError(await signUpWith(testApp.app, { origin: 'http://localhost:5173' }, registration), 403, 'Cross-site request refused.');
    await expectNotCreated(testApp.app, registration);
  });

  it('accepts a POST from its own origin (inject sends host localhost:80)', async () => {
    const response = await signUpWith(testApp.app, { origin: SAME_ORIGIN, 'sec-fetch-site': 'same-origin' });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('does not guard reads', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a POST that is not JSON with 415 and creates nothing', async () => {
    const registration = validRegistration();
    const response = await signUpWith(testApp.app, { 'content-type': 'text/plain' }, registration);
    expectError(response, 415, /application\/json/);
    expect(response.json().error).toBe('Unsupported Media Type');
    await expectNotCreated(testApp.app, registration);
  });

  it('refuses a form-encoded POST with 415', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: SIGN_UP,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=ada%40example.com',
    });
    expect(response.statusCode).toBe(415);
  });

  it('lets the configured APP_ORIGIN through, and still refuses others', async () => {
    await withTestApp({ APP_ORIGIN: 'https://app.example.com' }, async ({ app }) => {
      const response = await signUpWith(app, { origin: 'https://app.example.com', 'sec-fetch-site': 'same-site' });
      expect(response.statusCode, response.body).toBe(201);
      expect((await signUpWith(app, { origin: 'https://evil.example' })).statusCode).toBe(403);
    });
  });

  it('refuses the APP_ORIGIN of another app', async () => {
    const response = await signUpWith(testApp.app, { origin: 'https://app.example.com' });
    expect(response.statusCode).toBe(403);
  });
});

describe('loadConfig', () => {
  function configError(env: Record<string, string>) {
    try {
      loadConfig(env);
    } catch (error) {
      return error;
    }
    throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
  }

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['SESSION_SECRET', 'short'],
    ['ACCESS_TOKEN_TTL_SECONDS', '0'],
    ['COOKIE_SECURE', 'yes'],
    ['APP_ORIGIN', 'not a url'],
    ['LOG_LEVEL', 'loud'],
  ])('throws a ConfigError naming %s for %j', (variable, value) => {
    const error = configError({ [variable]: value });
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(`${variable}:`);
  });

  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
      cookieSecure: false,
      authRateLimitPerMinute: 20,
      databaseUrl: undefined,
      appOrigin: undefined,
    });
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('reads valid values', () => {
    const secret = 's'.repeat(32);
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgresql://u@db:5432/starboost',
      SESSION_SECRET: secret,
      COOKIE_SECURE: '1',
      APP_ORIGIN: 'https://app.example.com',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgresql://u@db:5432/starboost',
      sessionSecret: secret,
      cookieSecure: true,
      appOrigin: 'https://app.example.com',
    });
  });
});
