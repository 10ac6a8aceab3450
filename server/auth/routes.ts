import type { FastifyInstance, FastifyReply } from 'fastify';
import { loginSchema, registrationSchema } from '../../src/domain';
import type { AppConfig } from '../config';
import { conflict, unauthorized } from '../lib/errors';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../lib/passwords';
import { isUniqueViolation } from '../lib/pg-errors';
import { validate } from '../lib/validate';
import { ACCESS_COOKIE, cookieBase, REFRESH_COOKIE, type SignedInUser } from '../plugins/authentication';
import { findUserByEmail, insertUser, createSession, revokeSession, rotateRefreshToken, sessionIdOfRefreshToken } from './queries';
import { findUserProfile } from '../users/queries';

const EMAIL_TAKEN = 'An account with this email address already exists.';
const WRONG_CREDENTIALS = 'The email address or password is incorrect.';
const REFRESH_PATH = '/api/auth';

export default async function authRoutes(app: FastifyInstance, opts: { config: AppConfig }) {
  const { config } = opts;
  const authRateLimit = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } };

  async function startSignedIn(reply: FastifyReply, user: SignedInUser, refreshToken: string) {
    await app.issueAccessCookie(reply, user);
    reply.setCookie(REFRESH_COOKIE, refreshToken, {
      ...cookieBase(config),
      path: REFRESH_PATH,
      maxAge: config.refreshTokenTtlDays * 86_400,
    });
  }

  function clearCookies(reply: FastifyReply) {
    reply.clearCookie(ACCESS_COOKIE, { ...cookieBase(config), path: '/api' });
    reply.clearCookie(REFRESH_COOKIE, { ...cookieBase(config), path: REFRESH_PATH });
  }

  app.post('/auth/sign-up', { config: authRateLimit }, async (request, reply) => {
    const payload = validate(registrationSchema, request.body);
    if (await findUserByEmail(app.db, payload.email)) throw conflict(EMAIL_TAKEN);
    try {
      const user = await insertUser(app.db, {
        firstName: payload.firstName,
        lastName: payload.lastName,
        email: payload.email,
        passwordHash: await hashPassword(payload.password),
        birthDate: payload.birthDate,
        phoneNumber: payload.phoneNumber,
      });
      return reply.status(201).send(user);
    } catch (error) {
      // Two sign-ups with one email at the same moment: the unique index decides.
      if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
      throw error;
    }
  });

  app.post('/auth/sign-in', { config: authRateLimit }, async (request, reply) => {
    const { email, password } = validate(loginSchema, request.body);
    const user = await findUserByEmail(app.db, email);
    const passwordMatches = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
    if (!user || !passwordMatches) throw unauthorized(WRONG_CREDENTIALS);
    const { sessionId, refreshToken } = await createSession(app.db, user.id, config.refreshTokenTtlDays);
    await startSignedIn(reply, { id: user.id, sessionId }, refreshToken);
    return { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email };
  });

  app.post('/auth/authorize', { preHandler: app.authenticate }, async (request) => {
    const profile = await findUserProfile(app.db, request.user.id);
    if (!profile) throw unauthorized();
    return profile;
  });

  app.post('/auth/refresh-token', async (request, reply) => {
    const presented = request.cookies[REFRESH_COOKIE];
    if (!presented) throw unauthorized('You are not signed in.');
    const result = await rotateRefreshToken(app.db, presented, config.refreshTokenTtlDays);
    if (result.outcome !== 'rotated') {
      clearCookies(reply);
      throw unauthorized(
        result.outcome === 'reused'
          ? 'This sign-in was used from somewhere else, so it has been ended for your safety. Please sign in again.'
          : 'Your session has expired. Please sign in again.',
      );
    }
    await startSignedIn(reply, { id: result.userId, sessionId: result.sessionId }, result.refreshToken);
    return { success: true };
  });

  app.post('/auth/sign-out', async (request, reply) => {
    const sessionId = await currentSessionId();
    if (sessionId) await revokeSession(app.db, sessionId);
    clearCookies(reply);
    return { success: true };

    // The access token may have expired already; the refresh cookie still names the session.
    async function currentSessionId() {
      try {
        await request.jwtVerify({ onlyCookie: true });
        return request.user.sessionId;
      } catch {
        const refreshToken = request.cookies[REFRESH_COOKIE];
        return refreshToken ? sessionIdOfRefreshToken(app.db, refreshToken) : undefined;
      }
    }
  });
}
