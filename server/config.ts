import { createPrivateKey, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { sendgridPublicKey } from './inbound/email-events/sendgrid';
import { MAX_TIMER_MS } from './lib/timers';

// Delays that become timers must fit one (about 24.8 days).
const milliseconds = (min: number) => z.coerce.number().int().min(min).max(MAX_TIMER_MS);

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** SendGrid's verification key: base64 of a DER EC public key, or its PEM. */
function isEcPublicKey(value: string): boolean {
  try {
    return sendgridPublicKey(value).asymmetricKeyType === 'ec';
  } catch {
    return false;
  }
}

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** Every environment variable the server reads, with its default. docs/configuration.md's table mirrors this. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
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
  // Calls per API key and minute to /api/v1 (the visits API).
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  // Per address, whoever asks: a stranger cannot flood someone's inbox with reset emails.
  PASSWORD_RESET_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(5),
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
  // Public address of the app, for links in messages (unsubscribe) and Twilio's callbacks.
  APP_URL: z.url('must be a URL such as https://app.example.com').optional(),
  // Unset: emails go to the outbox (stored, not delivered).
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.com:587')
    .or(z.literal(''))
    .optional(),
  SMTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(100).default(5),
  // All unset: text messages go to the outbox. Partly set: SMS campaigns fail with the reason.
  TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'must be AC followed by 32 hex digits').or(z.literal('')).optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_BASE_URL: z.url('must be a URL such as https://api.twilio.com').default('https://api.twilio.com'),
  // 'twilio': Twilio's Advanced Opt-Out answers STOP and START, so the app does not answer them too.
  TWILIO_OPT_OUT_REPLIES: z.enum(['app', 'twilio']).default('app'),
  // All three or none: every campaign email is DKIM-signed for this domain.
  DKIM_DOMAIN: z.string().regex(HOSTNAME, 'must be a domain name such as example.com').or(z.literal('')).optional(),
  DKIM_SELECTOR: z.string().regex(/^[a-z0-9][a-z0-9._-]{0,62}$/i, 'must be a DNS label such as starboost1').or(z.literal('')).optional(),
  // PEM text, or the path of a file holding it.
  DKIM_PRIVATE_KEY: z.string().optional(),
  // Set: the envelope sender is bounce+{token}@BOUNCE_DOMAIN per delivery (VERP), so bounces find their message.
  BOUNCE_DOMAIN: z.string().regex(HOSTNAME, 'must be a domain name such as bounces.example.com').or(z.literal('')).optional(),
  // The HTTP Basic password of the inbound-email webhook; unset: the webhook refuses every call.
  INBOUND_EMAIL_SECRET: z.string().min(16, 'must be at least 16 characters').or(z.literal('')).optional(),
  // Email providers' event webhooks (server/inbound/email-events); each unset: its webhook refuses every call.
  SES_SNS_TOPIC_ARNS: z
    .string()
    .regex(
      /^\s*arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[\w-]{1,256}\s*(,\s*arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[\w-]{1,256}\s*)*$/,
      'must be one or more SNS topic ARNs, comma-separated, such as arn:aws:sns:eu-west-1:123456789012:ses-events',
    )
    .or(z.literal(''))
    .optional(),
  SENDGRID_WEBHOOK_PUBLIC_KEY: z
    .string()
    .refine((value) => value === '' || isEcPublicKey(value), 'must be the verification key SendGrid shows (base64) or a PEM EC public key')
    .optional(),
  POSTMARK_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').or(z.literal('')).optional(),
  MAILGUN_WEBHOOK_SIGNING_KEY: z.string().min(16, 'must be at least 16 characters').or(z.literal('')).optional(),
  PACING_MINUTE_MS: milliseconds(1).default(60_000),
  REMINDER_DAY_MS: milliseconds(1).default(86_400_000),
  AUTOMATION_MINUTE_MS: milliseconds(1).default(60_000),
  DELIVERY_WORKER: booleanFlag.default(true),
  DELIVERY_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  DELIVERY_LANES: z.coerce.number().int().min(1).max(64).default(4),
  DELIVERY_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(50),
  DELIVERY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  DELIVERY_RETRY_BASE_MS: milliseconds(1).default(60_000),
  DELIVERY_SEND_TIMEOUT_MS: milliseconds(100).default(30_000),
  DELIVERY_LEASE_MS: milliseconds(500).default(120_000),
  DELIVERY_POLL_MS: milliseconds(500).default(1000),
  DELIVERY_SWEEP_MS: milliseconds(100).default(30_000),
  DELIVERY_TEXT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  IMPORT_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(20),
  IMPORT_TIME_LIMIT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  IMPORT_MEMORY_LIMIT_MB: z.coerce.number().int().min(64).max(16_384).default(1024),
  IMPORT_THREADS: z.coerce.number().int().min(1).max(16).default(1),
  // The counter's check-in page (/k/{slug}): check-ins sent per client address and per business an hour.
  CHECK_IN_RATE_LIMIT_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(10),
  CHECK_IN_RATE_LIMIT_PER_BUSINESS_PER_HOUR: z.coerce.number().int().min(1).default(300),
  // Per network (IPv4 /24, IPv6 /56): one machine easily holds many addresses of its provider's block.
  CHECK_IN_RATE_LIMIT_PER_NETWORK_PER_HOUR: z.coerce.number().int().min(1).default(30),
  // A check-in sent sooner after the page was opened is a bot's (no person fills the form that fast).
  CHECK_IN_MIN_FILL_SECONDS: z.coerce.number().int().min(0).max(600).default(3),
  // Outbound webhooks (server/webhooks): local and private addresses only where tests and local development run.
  WEBHOOK_ALLOW_PRIVATE_URLS: booleanFlag.default(false),
  WEBHOOK_TIMEOUT_MS: milliseconds(100).max(60_000).default(10_000),
  // The waits before each retry; one attempt more than there are waits. Standard Webhooks' schedule by default.
  WEBHOOK_RETRY_DELAYS_MS: z
    .string()
    .regex(/^\s*\d+\s*(,\s*\d+\s*){0,19}$/, 'must be 1 to 20 waits in milliseconds, comma-separated, such as 5000,300000')
    .transform((value) => value.split(',').map(Number))
    .refine((waits) => waits.every((wait) => wait >= 1 && wait <= MAX_TIMER_MS), `each wait must be from 1 to ${MAX_TIMER_MS} milliseconds`)
    .default([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]),
});

/** The email providers whose event webhooks are set up; null: that webhook refuses every call. */
export type EmailEventsConfig = {
  /** The SNS topics whose SES notifications are taken (SNS signs any topic's messages: only ours count). */
  sesTopicArns: string[];
  /** SendGrid's verification key (base64 DER or PEM). */
  sendgridPublicKey: string | null;
  /** The Basic password Postmark's webhook URL carries. */
  postmarkSecret: string | null;
  mailgunSigningKey: string | null;
};

export type DkimConfig = { domainName: string; keySelector: string; privateKey: string };

export type DeliveryConfig = {
  /** Signs every campaign email; null: unsigned. */
  dkim: DkimConfig | null;
  /** VERP: bounces come back to bounce+{token}@ this domain; null: to MAIL_FROM. */
  bounceDomain: string | null;
  /** The inbound-email webhook's Basic password; null: the webhook refuses every call. */
  inboundEmailSecret: string | null;
  emailEvents: EmailEventsConfig;
  /** Public address of the app, without a trailing slash. */
  appUrl: string;
  /** null: emails go to the outbox. */
  smtpUrl: string | null;
  smtpMaxConnections: number;
  twilio: { accountSid: string | null; authToken: string | null; baseUrl: string; optOutReplies: 'app' | 'twilio' };
  /** The length of a pacing "minute" (tests shorten it). */
  minuteMs: number;
  /** The length of a "day" of reminders and of the contact cap (tests shorten it). */
  dayMs: number;
  /** The length of a "minute" of a review automation's delay after a visit (tests and demos shorten it). */
  automationMinuteMs: number;
  /** `npm start` also runs a delivery worker in the web process. */
  workerInWeb: boolean;
  /** Lane jobs (each a loop of claims) one worker process runs at once. */
  concurrency: number;
  /** Lane jobs per campaign sent all at once, so several workers share it. */
  lanes: number;
  /** Recipients claimed at once by a lane. */
  batchSize: number;
  maxAttempts: number;
  retryBaseMs: number;
  sendTimeoutMs: number;
  /** A claim older than this is taken to belong to a dead worker and is sent again. */
  leaseMs: number;
  pollMs: number;
  sweepMs: number;
  /** Finished messages keep their rendered text this many days (of `dayMs`); then only the row stays. */
  textRetentionDays: number;
};

export type ImportConfig = {
  /** Imports one user may start per hour (files refused as unreadable or too big count too). */
  ratePerHour: number;
  /** How long reading and checking one file may take in its worker thread. */
  timeLimitMs: number;
  /** The worker thread's heap limit. */
  memoryLimitMb: number;
  /** Worker threads reading import files at once in this process. */
  threads: number;
};

export type CheckInPageConfig = {
  /** Check-ins one client address may send an hour (customers on a shop's Wi-Fi share one). */
  perIpPerHour: number;
  /** Check-ins one business's page takes an hour. */
  perBusinessPerHour: number;
  /** Check-ins one network (IPv4 /24, IPv6 /56) may send an hour. */
  perNetworkPerHour: number;
  /** How long after the page was opened a check-in may be sent at the earliest. */
  minFillMs: number;
};

/** Outbound webhooks: where they may go, how long an answer may take, and when a failed one is tried again. */
export type WebhooksConfig = {
  /** http:// and loopback, private and link-local addresses are allowed (tests, local development). */
  allowPrivateUrls: boolean;
  timeoutMs: number;
  /** The wait after each failed attempt; a delivery is tried once more than there are waits. */
  retryDelaysMs: number[];
};

export type AppConfig = {
  port: number;
  /** Web processes `npm start` runs on the one port (node's cluster); more than one needs PostgreSQL. */
  webConcurrency: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  sessionSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  cookieSecure: boolean;
  appOrigin?: string;
  authRateLimitPerMinute: number;
  /** Calls one API key may make to /api/v1 per minute. */
  apiRateLimitPerMinute: number;
  passwordReset: {
    /** How long a reset link works. */
    ttlMinutes: number;
    /** Reset requests per email address and hour. */
    perAddressPerHour: number;
  };
  trustProxy: boolean | string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** The sender of text messages (number or sender name); null when not configured. */
  smsFrom: string | null;
  /** The From of campaign emails. */
  mailFrom: string;
  /** Built browser app to serve; null serves only the API (tests, `npm run dev`). */
  staticDir: string | null;
  delivery: DeliveryConfig;
  imports: ImportConfig;
  checkInPage: CheckInPageConfig;
  webhooks: WebhooksConfig;
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
  // A claim must outlive the slowest send, or a live worker's message would be sent twice.
  if (e.DELIVERY_LEASE_MS < 2 * e.DELIVERY_SEND_TIMEOUT_MS) {
    throw new ConfigError(
      'Invalid configuration:\n  DELIVERY_LEASE_MS: must be at least twice DELIVERY_SEND_TIMEOUT_MS',
    );
  }
  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  WEB_CONCURRENCY: more than one web process needs DATABASE_URL (the embedded database belongs to one process)',
    );
  }
  const dkim = dkimConfig(e.DKIM_DOMAIN, e.DKIM_SELECTOR, e.DKIM_PRIVATE_KEY);
  return {
    port: e.PORT,
    webConcurrency: e.WEB_CONCURRENCY,
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
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    passwordReset: { ttlMinutes: e.PASSWORD_RESET_TTL_MINUTES, perAddressPerHour: e.PASSWORD_RESET_RATE_LIMIT_PER_HOUR },
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    smsFrom: e.SMS_FROM || null,
    mailFrom: e.MAIL_FROM,
    staticDir: e.STATIC_DIR || null,
    delivery: {
      dkim,
      bounceDomain: e.BOUNCE_DOMAIN || null,
      inboundEmailSecret: e.INBOUND_EMAIL_SECRET || null,
      emailEvents: {
        sesTopicArns: (e.SES_SNS_TOPIC_ARNS ?? '').split(',').map((arn) => arn.trim()).filter(Boolean),
        sendgridPublicKey: e.SENDGRID_WEBHOOK_PUBLIC_KEY?.trim() || null,
        postmarkSecret: e.POSTMARK_WEBHOOK_SECRET || null,
        mailgunSigningKey: e.MAILGUN_WEBHOOK_SIGNING_KEY || null,
      },
      appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
      smtpUrl: e.SMTP_URL || null,
      smtpMaxConnections: e.SMTP_MAX_CONNECTIONS,
      twilio: {
        accountSid: e.TWILIO_ACCOUNT_SID || null,
        authToken: e.TWILIO_AUTH_TOKEN || null,
        baseUrl: e.TWILIO_BASE_URL.replace(/\/+$/, ''),
        optOutReplies: e.TWILIO_OPT_OUT_REPLIES,
      },
      minuteMs: e.PACING_MINUTE_MS,
      dayMs: e.REMINDER_DAY_MS,
      automationMinuteMs: e.AUTOMATION_MINUTE_MS,
      workerInWeb: e.DELIVERY_WORKER,
      concurrency: e.DELIVERY_CONCURRENCY,
      lanes: e.DELIVERY_LANES,
      batchSize: e.DELIVERY_BATCH_SIZE,
      maxAttempts: e.DELIVERY_MAX_ATTEMPTS,
      retryBaseMs: e.DELIVERY_RETRY_BASE_MS,
      sendTimeoutMs: e.DELIVERY_SEND_TIMEOUT_MS,
      leaseMs: e.DELIVERY_LEASE_MS,
      pollMs: e.DELIVERY_POLL_MS,
      sweepMs: e.DELIVERY_SWEEP_MS,
      textRetentionDays: e.DELIVERY_TEXT_RETENTION_DAYS,
    },
    imports: {
      ratePerHour: e.IMPORT_RATE_LIMIT_PER_HOUR,
      timeLimitMs: e.IMPORT_TIME_LIMIT_SECONDS * 1000,
      memoryLimitMb: e.IMPORT_MEMORY_LIMIT_MB,
      threads: e.IMPORT_THREADS,
    },
    checkInPage: {
      perIpPerHour: e.CHECK_IN_RATE_LIMIT_PER_IP_PER_HOUR,
      perBusinessPerHour: e.CHECK_IN_RATE_LIMIT_PER_BUSINESS_PER_HOUR,
      perNetworkPerHour: e.CHECK_IN_RATE_LIMIT_PER_NETWORK_PER_HOUR,
      minFillMs: e.CHECK_IN_MIN_FILL_SECONDS * 1000,
    },
    webhooks: { allowPrivateUrls: e.WEBHOOK_ALLOW_PRIVATE_URLS, timeoutMs: e.WEBHOOK_TIMEOUT_MS, retryDelaysMs: e.WEBHOOK_RETRY_DELAYS_MS },
  };
}

/** DKIM's three settings, all or none; the key is PEM text or a file of it, and must be a private key. */
function dkimConfig(domainName = '', keySelector = '', keySetting = ''): DkimConfig | null {
  const given = { DKIM_DOMAIN: domainName, DKIM_SELECTOR: keySelector, DKIM_PRIVATE_KEY: keySetting.trim() };
  const missing = Object.entries(given).filter(([, value]) => !value).map(([name]) => name);
  if (missing.length === 3) return null;
  if (missing.length) throw new ConfigError(`Invalid configuration:\n  ${missing.join(', ')}: must be set too when DKIM is configured`);
  let privateKey = given.DKIM_PRIVATE_KEY;
  if (!privateKey.startsWith('-----BEGIN')) {
    try {
      privateKey = readFileSync(privateKey, 'utf8');
    } catch {
      throw new ConfigError('Invalid configuration:\n  DKIM_PRIVATE_KEY: must be a PEM private key or the path of a file holding one (the file cannot be read)');
    }
  }
  try {
    if (createPrivateKey(privateKey).asymmetricKeyType === undefined) throw new Error('no key type');
  } catch {
    throw new ConfigError('Invalid configuration:\n  DKIM_PRIVATE_KEY: is not a PEM private key (RSA or Ed25519)');
  }
  return { domainName, keySelector, privateKey };
}

/** For the entry points (`npm start`, `npm run worker`): a wrong setting ends the process with the message. */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
