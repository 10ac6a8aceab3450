import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PRODUCT_NAME } from '#domain';
import { unauthorized } from '../lib/errors';
import { keyOfSecret, type AuthenticatedKey } from './queries';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key that authenticated the call, on /api/v1 routes. */
    apiKey: AuthenticatedKey;
  }
}

const REALM = `Bearer realm="${PRODUCT_NAME} API"`;
const NO_KEY = 'This call needs an API key: send it as "Authorization: Bearer sb_live_…". An owner creates keys in Business settings.';
const BAD_KEY = 'The API key is not valid: it may have been deleted, or copied only in part. An owner creates keys in Business settings.';

/** `Bearer <token>` (RFC 6750; the scheme in any case), or undefined. */
function bearerToken(header: string | undefined): string | undefined {
  const match = header && /^Bearer +(\S+) *$/i.exec(header);
  return match ? match[1] : undefined;
}

/**
 * The onRequest hook of the /api/v1 routes: a call without a valid key (missing, malformed,
 * unknown or deleted) is refused with 401 and `WWW-Authenticate: Bearer` before its body is read.
 * The header is never logged (server/lib/logging.ts redacts it) nor quoted in an answer.
 */
export function authenticateApiKey(app: FastifyInstance) {
  app.decorateRequest('apiKey', null as unknown as AuthenticatedKey);
  return async function apiKeyOfRequest(request: FastifyRequest, reply: FastifyReply) {
    const token = bearerToken(request.headers.authorization);
    if (!token) {
      reply.header('www-authenticate', REALM);
      throw unauthorized(NO_KEY);
    }
    const key = await keyOfSecret(app.db, token);
    if (!key) {
      reply.header('www-authenticate', `${REALM}, error="invalid_token"`);
      throw unauthorized(BAD_KEY);
    }
    request.apiKey = key;
  };
}
