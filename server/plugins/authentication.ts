import cookie from '@fastify/cookie';
import jwt from '@fastify/jwt';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { sessions } from '../db/schema';
import type { Clock } from '../lib/clock';
import { unauthorized } from '../lib/errors';
import { publicRoute } from '../public-routes';

export const ACCESS_COOKIE = 'sb_access';
export const REFRESH_COOKIE = 'sb_refresh';

/** The answer of a private route to a caller without a live session's access token. */
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

export type SignedInUser = { id: number; sessionId: string };

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: string; sid: string };
    user: SignedInUser;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Checks the caller's session and sets `request.user`; every route but the public ones runs it (`signInRequired`). */
    authenticate(request: FastifyRequest): Promise<void>;
    issueAccessCookie(reply: FastifyReply, user: SignedInUser): Promise<void>;
    /** The time sessions and tokens are checked against. */
    clock: Clock;
  }
}

/** Short-lived signed access token in an httpOnly cookie; the session behind it must still be live. */
export default fp(async function authentication(app: FastifyInstance, opts: { config: AppConfig; clock: Clock }) {
  const { config, clock } = opts;
  app.decorate('clock', clock);
  await app.register(cookie);
  await app.register(jwt, {
    secret: config.sessionSecret,
    cookie: { cookieName: ACCESS_COOKIE, signed: false },
    sign: { expiresIn: config.accessTokenTtlSeconds },
    formatUser: (payload) => ({ id: Number(payload.sub), sessionId: payload.sid }),
  });

  app.decorate('authenticate', async (request: FastifyRequest) => {
    try {
      await request.jwtVerify({ onlyCookie: true, clockTimestamp: clock.now().getTime() });
    } catch {
      throw unauthorized(SESSION_EXPIRED);
    }
    const [live] = await app.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, request.user.sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, clock.now())));
    if (!live) throw unauthorized('Your session has ended. Please sign in again.');
  });

  app.decorate('issueAccessCookie', async (reply: FastifyReply, user: SignedInUser) => {
    const token = await reply.jwtSign({ sub: String(user.id), sid: user.sessionId }, { clockTimestamp: clock.now().getTime() });
    reply.setCookie(ACCESS_COOKIE, token, {
      ...cookieBase(config),
      path: '/api',
      maxAge: config.accessTokenTtlSeconds,
    });
  });
});

/**
 * The onRoute hook of the app's routes scope (server/app.ts): every route registered there runs
 * `app.authenticate` first, before its own hooks (ownership), unless server/public-routes.ts
 * declares it public. Routes are private by default, so a new one cannot be left open by mistake.
 */
export function signInRequired(app: FastifyInstance) {
  return function requireSignIn(route: RouteOptions) {
    if ([route.method].flat().every((method) => publicRoute(method, route.url))) return;
    route.preValidation = [app.authenticate, ...[route.preValidation ?? []].flat()];
  };
}

export function cookieBase(config: AppConfig) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: config.cookieSecure };
}
