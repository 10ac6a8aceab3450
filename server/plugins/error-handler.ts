import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/errors';

/** The one place that turns errors into `{ statusCode, error, message, errors?, details? }`. */
export default fp(async function errorHandler(app: FastifyInstance, opts: { browserAppFallback: boolean }) {
  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({
        statusCode: err.statusCode,
        error: err.error,
        message: err.message,
        ...(err.errors ? { errors: err.errors } : {}),
        ...(err.details ? { details: err.details } : {}),
      });
    }
    const statusCode = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (statusCode >= 500) {
      // The error by class and SQLSTATE only (see server/lib/logging.ts): no values, no request data.
      request.log.error({ err, reqId: request.id, route: request.routeOptions.url }, 'request failed');
      return reply.status(statusCode).send({
        statusCode,
        error: 'Internal Server Error',
        message: `Something went wrong on our side. Please try again; if it keeps happening, quote request id ${request.id}.`,
      });
    }
    // Framework 4xx errors (bad JSON, body too large, rate limit) carry safe messages.
    return reply.status(statusCode).send({
      statusCode,
      error: statusCodeText(statusCode),
      message: err.message,
    });
  });

  app.setNotFoundHandler((request, reply) => {
    // Deep links such as /contacts are the browser app's routes: answer them with its index.html.
    // A missing file (a path with an extension) stays a 404 rather than HTML in place of a script.
    const isPage = request.method === 'GET' && !request.url.startsWith('/api/') && !/\.\w+$/.test(request.url.split('?')[0]!);
    if (opts.browserAppFallback && isPage) {
      return reply.sendBrowserApp();
    }
    return reply
      .status(404)
      .send({ statusCode: 404, error: 'Not Found', message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
});

function statusCodeText(statusCode: number) {
  return new HttpError(statusCode, '').error;
}
