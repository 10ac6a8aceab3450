import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../../server/app';
import { loadConfig, type AppConfig } from '../../server/config';
import { daytimeZone } from './daytime-zone';
import { openDatabase } from '../../server/db/client';
import { createScratchDatabase } from './scratch-database';

/**
 * A database of its own on the test PostgreSQL server, for a file whose workers sweep every
 * business (delivery, automation) or that counts every row of a table: other test files write to
 * the shared one at the same time.
 */
export const isolatedPostgresDatabase = () => createScratchDatabase(inject('postgresUrl'), 'starboost_isolated');

export type TestApp = { app: FastifyInstance; config: AppConfig; close(): Promise<void> };

/**
 * The real server on the database of this test project: in-memory PGlite, or the run's fresh
 * PostgreSQL database. Rate limits are lifted unless a test asks for them.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'onRoute' | 'clock' | 'logStream' | 'rateLimitNamespace' | 'database'> & {
    /** On PostgreSQL, a database of its own (isolatedPostgresDatabase), dropped on close. */
    ownDatabase?: boolean;
  } = {},
): Promise<TestApp> {
  const kind = process.env.STARBOOST_TEST_DB ?? 'pglite';
  const config = {
    ...loadConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '100000', PASSWORD_RESET_RATE_LIMIT_PER_HOUR: '100000', IMPORT_RATE_LIMIT_PER_HOUR: '100000', LOG_LEVEL: 'silent', ...env }),
    // The browser app only when a test builds one (tests/api/public-routes.test.ts).
    staticDir: env.STATIC_DIR ?? null,
  };
  const own = kind === 'postgres' && options.ownDatabase && !options.database ? await isolatedPostgresDatabase() : null;
  const database =
    options.database ??
    (kind === 'postgres'
      ? await openDatabase({ databaseUrl: own?.url ?? inject('postgresUrl'), poolSize: 4 })
      : await openDatabase({ dataDir: 'memory://' }));
  // Logs only when a test reads them. Each test server counts its own rate limits: the PostgreSQL
  // database is shared by every test file of the run.
  const rateLimitNamespace = options.rateLimitNamespace ?? randomUUID();
  const { ownDatabase: _, ...buildOptions } = options;
  const app = await buildApp(config, { ...buildOptions, database, rateLimitNamespace, logger: Boolean(options.logStream) });
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close();
      await own?.drop();
    },
  };
}

/** A valid business name and address, as the business form takes them. */
/** A real postal code of each country the tests put businesses in. */
const POSTAL_CODES: Record<string, string> = {
  Germany: '10115',
  Croatia: '10000',
  'United Kingdom': 'SW1A 1AA',
  'United States': '94103',
  Spain: '28013',
  Italy: '00184',
  Norway: '0150',
  Netherlands: '1012 AB',
  Canada: 'K1A 0B1',
  France: '75001',
  Portugal: '1100-148',
  Ireland: 'D02 X285',
  Poland: '00-950',
};

export const BUSINESS_ADDRESS = {
  name: 'Corner Bakery',
  streetName: 'Main Street',
  streetNumber: '12a',
  country: 'Germany',
  city: 'Berlin',
  postalCode: '10115',
};

let uniqueCounter = 0;
/** An email nobody else in this run uses (the PostgreSQL database is shared by all test files). */
export function uniqueEmail(prefix = 'owner') {
  uniqueCounter += 1;
  return `${prefix}.${process.pid}.${Date.now()}.${uniqueCounter}@example.com`;
}

export const validRegistration = () => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: uniqueEmail(),
  password: 'Str0ng!pass',
  birthDate: '1990-05-17',
  phoneNumber: '4915112345678',
});

/** A browser-like client: sends JSON, keeps the cookies the server sets, like a signed-in tab. */
export class ApiClient {
  cookies: Record<string, string> = {};

  constructor(private readonly app: FastifyInstance) {}

  async request(method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = {}) {
    const response = await this.app.inject({
      method,
      url,
      headers: { 'content-type': 'application/json', ...headers },
      cookies: this.cookies,
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
    this.keepCookies(response);
    return response;
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, payload?: unknown) => this.request('POST', url, payload ?? {});
  put = (url: string, payload?: unknown) => this.request('PUT', url, payload ?? {});
  patch = (url: string, payload?: unknown) => this.request('PATCH', url, payload ?? {});
  delete = (url: string, payload?: unknown) => this.request('DELETE', url, payload ?? {});

  private keepCookies(response: LightMyRequestResponse) {
    for (const cookie of response.cookies as Array<{ name: string; value: string; maxAge?: number }>) {
      if (cookie.value === '' || cookie.maxAge === 0) delete this.cookies[cookie.name];
      else this.cookies[cookie.name] = cookie.value;
    }
  }

  /** Registers a fresh owner and signs in; returns the registration used. */
  async signUpAndIn(overrides: Partial<ReturnType<typeof validRegistration>> = {}) {
    const registration = { ...validRegistration(), ...overrides };
    const signUp = await this.post('/api/auth/sign-up', registration);
    if (signUp.statusCode !== 201) throw new Error(`sign-up failed: ${signUp.body}`);
    const signIn = await this.post('/api/auth/sign-in', { email: registration.email, password: registration.password });
    if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
    return registration;
  }

  async createBusiness(overrides: Record<string, unknown> = {}) {
    const response = await this.post('/api/business/create-new-business', {
      ...BUSINESS_ADDRESS,
      // A postal code of the business's country (its format is checked).
      postalCode: POSTAL_CODES[String(overrides.country ?? BUSINESS_ADDRESS.country)] ?? BUSINESS_ADDRESS.postalCode,
      // Text messages wait for the SMS window: the business is where it is daytime now.
      timeZone: daytimeZone(),
      ...overrides,
    });
    if (response.statusCode !== 201) throw new Error(`create business failed: ${response.body}`);
    return response.json() as { id: number; name: string };
  }
}
