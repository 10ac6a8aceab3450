import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, HttpError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Webhooks called by providers (not browsers) skip the cross-site checks. */
    crossSiteAllowed?: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery protection for cookie-authenticated calls: a state-changing request
 * must come from our own origin and carry JSON, which a cross-site form cannot send without CORS.
 */
export default fp(async function requestGuards(app: FastifyInstance, opts: { appOrigin?: string }) {
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method) || request.routeOptions.config?.crossSiteAllowed) return;
    if (!isSameOrigin(request, opts.appOrigin)) throw forbidden('Cross-site request refused.');
    const contentType = request.headers['content-type'] ?? '';
    if (!/^application\/json\b/i.test(contentType)) {
      throw new HttpError(415, 'Requests that change data must be sent as JSON (Content-Type: application/json).');
    }
  });

  // The browser app sends an empty JSON body for calls without a payload.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    parseJson(request, text, done);
  });
});

export function isSameOrigin(request: FastifyRequest, appOrigin?: string): boolean {
  const origin = request.headers.origin;
  if (!origin) return request.headers['sec-fetch-site'] !== 'cross-site';
  if (appOrigin && origin === new URL(appOrigin).origin) return true;
  return origin === `${request.protocol}://${request.host}`;
}
