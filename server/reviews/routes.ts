import { createHmac, timingSafeEqual } from 'node:crypto';
import formbody from '@fastify/formbody';
import * as z from 'zod/mini';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feedbackSchema, LOW_RATING_MAX } from '#domain';
import type { AppConfig } from '../config';
import { REVIEW_PATH } from '../delivery/paths';
import { fileAnswer } from '../lib/schemas';
import { isSameOrigin } from '../plugins/request-guards';
import { OwnerAlerts } from './alerts';
import { isAutomatedRequest } from './automated';
import { notFoundPage, reviewPage, thanksPage } from './page';
import { feedbackAlert, insertFeedback, recordClick, recordVisit, reviewTarget, setOwnerAlert } from './queries';

const tags = ['Review page'];
const tokenParams = z.object({ token: z.string() });
const pageAnswers = {
  200: fileAnswer('text/html', 'The review page'),
  400: fileAnswer('text/html', 'The review page with what to correct'),
  403: fileAnswer('text/html', 'The review page: the form was not sent from it'),
  404: fileAnswer('text/html', 'The link is not valid'),
};
/** What a token can look like; anything else is not looked up (and cannot reach the database as odd bytes). */
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;
const FORM_EXPIRED = 'This form has expired. Please choose your rating and send it again.';

/**
 * The public review page behind `${reviewLink}` (server-rendered, no script), its site redirects
 * and its private feedback form. Opening the page changes no contact; automated openings (HEAD,
 * link previews and scanners, or right after sending) are recorded apart and never count.
 */
const reviewRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  await app.register(formbody, { bodyLimit: 16_384 });
  const alerts = new OwnerAlerts(config);
  const alertsInFlight = new Set<Promise<void>>();
  app.addHook('preClose', async () => {
    await Promise.allSettled([...alertsInFlight]);
    alerts.close();
  });

  /** The form's anti-forgery field: only our page for this token has it (a public form has no session). */
  const csrfFor = (token: string) => createHmac('sha256', config.sessionSecret).update(`review-feedback:${token}`).digest('base64url');
  const validCsrf = (token: string, value: string) => {
    const expected = Buffer.from(csrfFor(token));
    const given = Buffer.from(value);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  // The page is served at APP_URL (maybe behind a proxy) or at the address it was asked for.
  const publicOrigin = new URL(config.delivery.appUrl).origin;
  const fromOurPage = (request: FastifyRequest) => request.headers.origin === publicOrigin || isSameOrigin(request, config.appOrigin);

  const page = (reply: FastifyReply, statusCode: number, html: string) =>
    reply.status(statusCode).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

  app.get(
    `${REVIEW_PATH}/:token`,
    { schema: { tags, security: [], summary: 'The review page of one review request', params: tokenParams, response: pageAnswers } },
    async (request, reply) => {
      const { token } = request.params;
      const target = TOKEN.test(token) && (await recordVisit(app.db, token, isAutomatedRequest(request.method, request.headers['user-agent'])));
      if (!target) return page(reply, 404, notFoundPage(reply.cspNonce.style));
      return page(reply, 200, reviewPage(token, target, { csrf: csrfFor(token) }, reply.cspNonce.style));
    },
  );

  app.get(
    `${REVIEW_PATH}/:token/go/:site`,
    {
      schema: {
        tags,
        security: [],
        summary: 'A review site button: recorded, then redirected to the site (1 is the first site)',
        params: z.object({ token: z.string(), site: z.string() }),
        response: { 302: z.undefined(), 404: fileAnswer('text/html', 'The link or site is not valid') },
      },
    },
    async (request, reply) => {
      const { token, site } = request.params;
      const position = /^([1-9]|10)$/.test(site) ? Number(site) : null;
      const url = position && TOKEN.test(token) && (await recordClick(app.db, token, position, isAutomatedRequest(request.method, request.headers['user-agent'])));
      if (!url) return page(reply, 404, notFoundPage(reply.cspNonce.style));
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    },
  );

  app.post(
    `${REVIEW_PATH}/:token/feedback`,
    {
      // A public form (no session, so no cookie to forge with): its own checks below replace the API's JSON-only rule.
      config: { crossSiteAllowed: true },
      schema: {
        tags,
        security: [],
        summary: 'Private feedback from the review page (form-encoded: rating 1-5, message up to 2,000 characters)',
        consumes: ['application/x-www-form-urlencoded'],
        params: tokenParams,
        body: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
        response: pageAnswers,
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const target = TOKEN.test(token) && (await reviewTarget(app.db, token));
      const nonce = reply.cspNonce.style;
      if (!target) return page(reply, 404, notFoundPage(nonce));
      const fields = Object.fromEntries(Object.entries(request.body).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]));
      const csrf = csrfFor(token);
      if (!fromOurPage(request) || !validCsrf(token, fields.csrf ?? '')) {
        return page(reply, 403, reviewPage(token, target, { csrf, error: FORM_EXPIRED }, nonce));
      }
      const parsed = feedbackSchema.safeParse(fields);
      if (!parsed.success) {
        const rating = Number(fields.rating);
        const form = { csrf, rating: rating >= 1 && rating <= 5 ? rating : null, message: fields.message, error: parsed.error.issues[0]!.message };
        return page(reply, 400, reviewPage(token, target, form, nonce));
      }
      const feedbackId = await insertFeedback(app.db, target, parsed.data.rating, parsed.data.message);
      if (parsed.data.rating <= LOW_RATING_MAX) {
        // After the answer: the customer does not wait for the owner's mail server.
        const sending = alertOwner(feedbackId).finally(() => alertsInFlight.delete(sending));
        alertsInFlight.add(sending);
      }
      return page(reply, 200, thanksPage(token, target, nonce));
    },
  );

  async function alertOwner(feedbackId: number) {
    try {
      const alert = await feedbackAlert(app.db, feedbackId);
      if (alert) await setOwnerAlert(app.db, feedbackId, await alerts.send(alert));
    } catch (error) {
      app.log.error({ err: error, feedbackId }, 'could not email the owner about a low rating');
      await setOwnerAlert(app.db, feedbackId, 'failed').catch(() => {});
    }
  }
};

export default reviewRoutes;
