import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forgotPasswordSchema, loginSchema, passwordResetMessages, registrationSchema, resetPasswordSchema, SIGNED_IN_HINT_COOKIE } from '#domain';
import type { AppConfig } from '../config';
import { badRequest, tooManyAttempts, unauthorized } from '../lib/errors';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../lib/passwords';
import { messageAnswer, successAnswer } from '../lib/schemas';
import { ACCESS_COOKIE, cookieBase, REFRESH_COOKIE, type SignedInUser } from '../plugins/authentication';
import { findUserByEmail, insertUser, createSession, revokeSession, rotateRefreshToken, sessionIdOfRefreshToken } from './queries';
import { findUserProfile } from '../users/queries';
import { createResetToken, resetPassword } from './password-reset';
import { accountMailer, resetEmail, signUpAttemptEmail, type AccountEmail } from './account-email';
import { userAnswer } from '../users/schemas';

/** The one answer to a sign-up, whether or not the address already had an account (its owner is emailed then). */
const SIGN_UP_RECEIVED = 'Registration received. Sign in with your email address and password; if this address already had an account, we have emailed its owner instead.';
const WRONG_CREDENTIALS = 'The email address or password is incorrect.';
const REFRESH_PATH = '/api/auth';

const tags = ['Sign-in'];
/** Sign-up, sign-in, refresh and sign-out need no session. */
const open = { tags, security: [] };
const schemas = {
  signUp: {
    ...open,
    summary: 'Register an account; the same answer when the address already has one (its owner is emailed)',
    body: registrationSchema,
    response: { 201: messageAnswer },
  },
  signIn: { ...open, summary: 'Sign in: sets the session cookies', body: loginSchema, response: { 200: userAnswer } },
  authorize: { tags, summary: 'The signed-in user, while the session is live', response: { 200: userAnswer } },
  refreshToken: { ...open, summary: 'A new access cookie from the refresh cookie', response: { 200: successAnswer } },
  signOut: { ...open, summary: 'End the session and clear its cookies', response: { 200: successAnswer } },
  forgotPassword: {
    ...open,
    summary: 'Email a link to reset the password; the same answer whether or not the account exists',
    body: forgotPasswordSchema,
    response: { 200: messageAnswer },
  },
  resetPassword: {
    ...open,
    summary: "Set a new password with a reset link's token; signs the account out everywhere",
    body: resetPasswordSchema,
    response: { 200: successAnswer },
  },
};

const authRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, opts) => {
  const { config } = opts;
  const authRateLimit = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } };

  async function startSignedIn(reply: FastifyReply, user: SignedInUser, refreshToken: string) {
    await app.issueAccessCookie(reply, user);
    const maxAge = config.refreshTokenTtlDays * 86_400;
    reply.setCookie(REFRESH_COOKIE, refreshToken, { ...cookieBase(config), path: REFRESH_PATH, maxAge });
    reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', { ...cookieBase(config), httpOnly: false, path: '/', maxAge });
  }

  function clearCookies(reply: FastifyReply) {
    reply.clearCookie(ACCESS_COOKIE, { ...cookieBase(config), path: '/api' });
    reply.clearCookie(REFRESH_COOKIE, { ...cookieBase(config), path: REFRESH_PATH });
    reply.clearCookie(SIGNED_IN_HINT_COOKIE, { ...cookieBase(config), httpOnly: false, path: '/' });
  }

  const mailer = accountMailer(config, app.log);
  app.addHook('onClose', async () => {
    await app.afterAnswer.settled();
    mailer.close();
  });

  /**
   * Finds the account and emails it after the answer has gone (`compose` answers null for none):
   * the answer then takes the same time whether or not the account exists, or the SMTP server is slow.
   */
  function emailAccountLater(email: string, compose: (user: { id: number; email: string; firstName: string }) => Promise<AccountEmail | null>, failure: string) {
    app.afterAnswer.run(
      async () => {
        const user = await findUserByEmail(app.db, email);
        const message = user && (await compose(user));
        if (message) await mailer.send(message);
      },
      (error) => app.log.error({ err: error }, failure),
    );
  }

  /**
   * Sign-up answers the same for a known address as for a new one, as forgotten passwords do, so
   * it tells nobody which addresses have accounts: the same statement runs (an insert that a taken
   * email leaves undone, decided by the unique index, also between two at once) after the same
   * password hashing, and the owner of a taken address is emailed after the answer has gone.
   */
  app.post('/auth/sign-up', { config: authRateLimit, schema: schemas.signUp }, async (request, reply) => {
    const payload = request.body;
    const user = await insertUser(app.db, {
      firstName: payload.firstName,
      lastName: payload.lastName,
      email: payload.email,
      passwordHash: await hashPassword(payload.password),
      birthDate: payload.birthDate,
      phoneNumber: payload.phoneNumber,
    });
    if (!user) {
      emailAccountLater(payload.email, async (owner) => signUpAttemptEmail(config, { to: owner.email, firstName: owner.firstName }), 'sign-up attempt email could not be sent');
    }
    return reply.status(201).send({ message: SIGN_UP_RECEIVED });
  });

  app.post('/auth/sign-in', { config: authRateLimit, schema: schemas.signIn }, async (request, reply) => {
    const { email, password } = request.body;
    const user = await findUserByEmail(app.db, email);
    const passwordMatches = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
    if (!user || !passwordMatches) throw unauthorized(WRONG_CREDENTIALS);
    const { sessionId, refreshToken } = await createSession(app.db, user.id, config.refreshTokenTtlDays, app.clock.now());
    await startSignedIn(reply, { id: user.id, sessionId }, refreshToken);
    return { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email };
  });

  /** The reset link, emailed after the answer has gone (see emailAccountLater). */
  function emailResetLinkLater(email: string) {
    emailAccountLater(
      email,
      async (user) => {
        const token = await createResetToken(app.db, user.id, config.passwordReset.ttlMinutes, app.clock.now());
        return resetEmail(config, { to: user.email, firstName: user.firstName, token });
      },
      'password reset email could not be sent',
    );
  }

  // Per address, whoever asks (the route's own limit is per client).
  const perAddressLimit = app.createRateLimit({
    max: config.passwordReset.perAddressPerHour,
    timeWindow: '1 hour',
    keyGenerator: (request) => `forgot-password:${(request.body as { email: string }).email.toLowerCase()}`,
  });

  app.post(
    '/auth/forgot-password',
    {
      config: authRateLimit,
      schema: schemas.forgotPassword,
      preHandler: async (request) => {
        const limit = await perAddressLimit(request);
        if (!limit.isAllowed && limit.isExceeded) throw tooManyAttempts(limit.ttlInSeconds);
      },
    },
    async (request) => {
      emailResetLinkLater(request.body.email);
      return { message: passwordResetMessages.linkSent };
    },
  );

  app.post('/auth/reset-password', { config: authRateLimit, schema: schemas.resetPassword }, async (request) => {
    const { token, password } = request.body;
    const changed = await resetPassword(app.db, token, await hashPassword(password), app.clock.now());
    if (!changed) throw badRequest(passwordResetMessages.linkInvalid);
    return { success: true };
  });

  app.post('/auth/authorize', { schema: schemas.authorize }, async (request) => {
    const profile = await findUserProfile(app.db, request.user.id);
    if (!profile) throw unauthorized();
    return profile;
  });

  app.post('/auth/refresh-token', { schema: schemas.refreshToken }, async (request, reply) => {
    const presented = request.cookies[REFRESH_COOKIE];
    if (!presented) {
      clearCookies(reply);
      throw unauthorized('You are not signed in.');
    }
    const result = await rotateRefreshToken(app.db, presented, config.refreshTokenTtlDays, app.clock.now());
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

  app.post('/auth/sign-out', { schema: schemas.signOut }, async (request, reply) => {
    const sessionId = await currentSessionId();
    if (sessionId) await revokeSession(app.db, sessionId);
    clearCookies(reply);
    return { success: true };

    // The access token may have expired already; the refresh cookie still names the session.
    async function currentSessionId() {
      try {
        await request.jwtVerify({ onlyCookie: true, clockTimestamp: app.clock.now().getTime() });
        return request.user.sessionId;
      } catch {
        const refreshToken = request.cookies[REFRESH_COOKIE];
        return refreshToken ? sessionIdOfRefreshToken(app.db, refreshToken) : undefined;
      }
    }
  });
};

export default authRoutes;
