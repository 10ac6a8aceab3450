import { randomBytes } from 'node:crypto';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** Every environment variable the server reads, with its default. The README's table mirrors this. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
    .optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).default(15 * 60),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  COOKIE_SECURE: booleanFlag.default(false),
  APP_ORIGIN: z.url('must be a URL such as https://app.example.com').optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  // Off by default: X-Forwarded-For is client-controlled unless a proxy we trust sets it.
  // Or the proxies' addresses/subnets, e.g. "loopback" or "10.0.0.0/8,127.0.0.1".
  TRUST_PROXY: z
    .string()
    .min(1)
    .default('false')
    .transform((value) => (value === 'true' ? true : value === 'false' ? false : value)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Unset: the campaign wizard says no SMS sender is configured.
  SMS_FROM: z
    .string()
    .regex(
      /^(\+\d{6,15}|[A-Za-z0-9][A-Za-z0-9 ]{0,10})$/,
      'must be a phone number such as +4915112345678, or a sender name of up to 11 letters, digits and spaces',
    )
    .or(z.literal(''))
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(/^([^<>@\s][^<>@]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/, 'must be an address such as "Starboost <no-reply@example.com>" or no-reply@example.com')
    .default('Starboost <no-reply@localhost>'),
  // Empty serves the API only (as `npm run dev` does, with Vite serving the app).
  STATIC_DIR: z.string().default('./dist'),
});

export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  sessionSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  cookieSecure: boolean;
  appOrigin?: string;
  authRateLimitPerMinute: number;
  trustProxy: boolean | string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** The sender of text messages (number or sender name); null when not configured. */
  smsFrom: string | null;
  /** The From of campaign emails. */
  mailFrom: string;
  /** Built browser app to serve; null serves only the API (tests, `npm run dev`). */
  staticDir: string | null;
};

export class ConfigError extends Error {}

/** Reads and validates the environment; a wrong value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    // Without a configured secret, sessions survive a restart through the refresh token only.
    sessionSecret: e.SESSION_SECRET ?? randomBytes(32).toString('hex'),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    cookieSecure: e.COOKIE_SECURE,
    appOrigin: e.APP_ORIGIN,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    smsFrom: e.SMS_FROM || null,
    mailFrom: e.MAIL_FROM,
    staticDir: e.STATIC_DIR || null,
  };
}
