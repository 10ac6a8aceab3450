import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';
import { sqlState } from './pg-errors';

/**
 * What the logs may carry. Errors are logged by class, SQLSTATE, the names of the table, column
 * or constraint involved and their stack frames, never by message when they come from the
 * database: PostgreSQL and drizzle put values (the failed query's parameters, a rejected value)
 * into messages. Requests are logged by route pattern, never with the query string or headers.
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
  if (!fromDatabase) logged.message = error.message.slice(0, MESSAGE_MAX);
  // The stack's first lines repeat the message; the frames alone say where.
  const frames = error.stack?.split('\n').filter((line) => /^\s+at /.test(line));
  if (frames?.length) logged.stack = frames.join('\n');
  if (error.cause !== undefined && depth < CAUSE_DEPTH) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}

/** A request as logged: its method and route pattern (no path values, query string or headers). */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.routeOptions?.url ?? request.url.split('?')[0],
    remoteAddress: request.ip,
  };
}
