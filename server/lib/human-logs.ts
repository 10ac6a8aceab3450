import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import pretty from 'pino-pretty';
import { loggerOptions, type LoggedError } from './logging';

/**
 * Log lines for a person at a terminal (`npm start` with stdout a TTY): one short line per event,
 * `[12:00:01] INFO: GET /api/contact/get-contacts/:businessId 200 12 ms`. Elsewhere the logs stay JSON lines. Either way
 * the lines are pino's, so `redact` and the serializers (server/lib/logging.ts) have already
 * removed what the logs may not carry.
 */
export function humanLogStream(destination: number = 1): DestinationStream {
  return pretty({
    destination,
    // Written at once, so the last lines before an exit are not lost in a buffer.
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    // Shown in words by humanMessage instead, or left to the JSON logs.
    ignore: 'pid,hostname,reqId,req,res,responseTime,route,err,error',
    singleLine: true,
    messageFormat: humanMessage,
  });
}

/** One event's line: a request as `GET /api/health 200 3 ms`; a failure with its request and error. */
function humanMessage(log: Record<string, unknown>, messageKey: string): string {
  if (isRequestLine(log)) return `${log.req.method} ${log.req.url} ${log.res.statusCode} ${Math.round(log.responseTime)} ms`;
  let line = String(log[messageKey] ?? '');
  // A failed request names the id its answer quoted to the owner, and its route.
  if (log.reqId && Number(log.level) >= 40) line += ` (request ${String(log.reqId)}${log.route ? ` on ${String(log.route)}` : ''})`;
  const error = log.err ?? log.error;
  return isLoggedError(error) ? `${line}: ${describeError(error)}` : line;
}

type RequestLine = { req: { method: string; url: string }; res: { statusCode: number }; responseTime: number };
const isRequestLine = (log: Record<string, unknown>): log is Record<string, unknown> & RequestLine =>
  typeof log.req === 'object' && typeof log.res === 'object' && typeof log.responseTime === 'number';

const isLoggedError = (value: unknown): value is LoggedError =>
  typeof value === 'object' && value !== null && typeof (value as LoggedError).type === 'string';

/** `TypeError: message (SQLSTATE 23505, table contacts) at frame`: the error as serializeError kept it, its first frame only. */
function describeError(error: LoggedError): string {
  const names = [error.sqlState && `SQLSTATE ${error.sqlState}`, error.code && `code ${error.code}`, error.table && `table ${error.table}`, error.constraint && `constraint ${error.constraint}`];
  const details = names.filter(Boolean).join(', ');
  const frame = error.stack?.split('\n')[0]?.trim().replace(`${process.cwd()}/`, '');
  return [`${error.type}${error.message ? `: ${error.message}` : ''}`, details && `(${details})`, frame].filter(Boolean).join(' ');
}

/**
 * Fastify logs each request twice (incoming, completed); at a terminal it is logged once, when
 * answered, with its method, route pattern, status and time.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, request, reply);
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** A logger of `npm start` outside Fastify (the start-up summary, the web processes' supervisor). */
export function processLogger(level: string, humanLogs: boolean) {
  const options = loggerOptions(level);
  return humanLogs ? pino(options, humanLogStream()) : pino(options);
}
