import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';
import { REVIEW_PATH, UNSUBSCRIBE_PATH } from '../sending/paths';
import { sqlState } from './pg-errors';

/**
 * What the logs may carry. Errors are logged by class, SQLSTATE, the names of the table, column
 * or constraint involved and their stack frames, never by message when they come from the
 * database: PostgreSQL and drizzle put values (the failed query's parameters, a rejected value)
 * into messages. Requests are logged by route pattern, never with the query string or headers; a
 * path that matched no route is logged by its first segment only.
 * `redact` is the second line: secrets logged by name anywhere are censored.
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
  };
}

const SECRET_NAMES = [
  'password',
  'passwordHash',
  'password_hash',
  'token',
  'refreshToken',
  'accessToken',
  'cookie',
  'cookies',
  'authorization',
  'messageBody',
  'subject',
  'body',
  'file',
  'params',
  'query',
  // Outbound webhooks: an endpoint's signing secret and an event's data.
  'secret',
  'payload',
];
const REDACTED_PATHS = [
  ...SECRET_NAMES.flatMap((name) => [name, `*.${name}`]),
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
];

/** Kept from a database error: names from the schema, never values. */
const SCHEMA_FIELDS = ['table', 'column', 'constraint', 'dataType', 'routine'] as const;
const MESSAGE_MAX = 200;
const CAUSE_DEPTH = 3;

export type LoggedError = {
  type: string;
  sqlState?: string;
  code?: string;
  message?: string;
  stack?: string;
  cause?: LoggedError;
} & Partial<Record<(typeof SCHEMA_FIELDS)[number], string>>;

/** An error as the logs may show it (see loggerOptions). */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error };
  const fields = error as unknown as Record<string, unknown>;
  // drizzle's query errors carry the SQL and its parameters in the message and as properties.
  const state = sqlState(error);
  const fromDatabase = state !== undefined || 'params' in fields;
  const logged: LoggedError = { type: error.constructor?.name || error.name };
  if (state) logged.sqlState = state;
  if (typeof fields.code === 'string' && fields.code !== state) logged.code = fields.code;
  for (const field of SCHEMA_FIELDS) {
    if (typeof fields[field] === 'string') logged[field] = fields[field];
  }
  // A framework error may quote the path ("'/r/…%' is not a valid url component").
  if (!fromDatabase) logged.message = redactPathTokens(error.message.slice(0, MESSAGE_MAX));
  // The stack's first lines repeat the message; the frames alone say where.
  const frames = error.stack?.split('\n').filter((line) => /^\s+at /.test(line));
  if (frames?.length) logged.stack = frames.join('\n');
  if (error.cause !== undefined && depth < CAUSE_DEPTH) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}

/**
 * The path segment after `/r/` or `/unsubscribe/` (any case, anywhere in a text) is a review page's
 * or an unsubscribe link's token: whoever holds it acts as the recipient.
 */
const TOKEN_SEGMENT = new RegExp(`(${[REVIEW_PATH, UNSUBSCRIBE_PATH].map((path) => `/${path.split('/').at(-1)}/`).join('|')})[^/?#\\s'"]+`, 'gi');

export const redactPathTokens = (text: string) => text.replace(TOKEN_SEGMENT, '$1[redacted]');

/**
 * A path that matched no route, as logged: its first segment only (`/api/…`). Whatever follows may
 * be a secret typed into the wrong place (an API key, a check-in slug, a token).
 */
export function unmatchedPath(url: string): string {
  const [, first = '', rest] = /^\/*([^/?#]*)(\/[^?#]*[^/?#][^?#]*)?/.exec(url) ?? [];
  return `/${first}${rest ? '/…' : ''}`;
}

/**
 * A request as logged: its method and route pattern (no path values, query string or headers); a
 * request that matched no route by its first path segment only.
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.routeOptions?.url ?? unmatchedPath(request.url),
    remoteAddress: request.ip,
  };
}
