import { createHmac } from 'node:crypto';
import formbody from '@fastify/formbody';
import * as z from 'zod/mini';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feedbackMessages, feedbackSchema, parseRating } from '#domain';
import type { AppConfig } from '../config';
import { REVIEW_PATH } from '../sending/paths';
import { fileAnswer } from '../lib/schemas';
import { isSameOrigin } from '../plugins/request-guards';
import { OwnerAlerts } from './alerts';
import { isAutomatedRequest } from './automated';
import { notFoundPage, reviewPage, thanksPage, type FeedbackForm } from './page';
import { feedbackAlert, insertFeedback, recordClick, recordRating, recordVisit, reviewTarget, setOwnerAlert } from './queries';
import { sendPublicPage } from '../lib/public-page';
import { sameSecret } from '../lib/constant-time';

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

/** A stored site address as a redirect may send it (WHATWG-normalised, http or https), or null. */
function redirectHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * The public review page behind `${reviewLink}` (server-rendered, no script), its star buttons, its
 * site redirects and its private feedback form. Opening the page changes no contact; automated
 * openings (HEAD, link previews and scanners, or right after sending) are recorded apart and never
 * count, and record no rating.
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
    return sameSecret(given, expected);
  };

  // The page is served at APP_URL (maybe behind a proxy) or at the address it was asked for.
  const publicOrigin = new URL(config.delivery.appUrl).origin;
  const fromOurPage = (request: FastifyRequest) => request.headers.origin === publicOrigin || isSameOrigin(request, config.appOrigin);


  app.get(
    `${REVIEW_PATH}/:token`,
    {
      schema: {
        tags,
        security: [],
        summary: "The review page of one review request; ?rating=1-5 (an email's star link) records that rating, as tapping the star does",
        params: tokenParams,
        querystring: z.object({ rating: z.optional(z.unknown()) }),
        response: pageAnswers,
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const automated = isAutomatedRequest(request.method, request.headers['user-agent']);
      const target = TOKEN.test(token) && (await recordVisit(app.db, token, automated, parseRating(request.query.rating)));
      if (!target) return sendPublicPage(reply, 404, notFoundPage(reply.cspNonce.style));
      return sendPublicPage(reply, 200, reviewPage(token, target, { csrf: csrfFor(token) }, reply.cspNonce.style));
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
      // Sites saved before addresses were normalised may hold non-ASCII text, which no header may carry.
      const href = url && redirectHref(url);
      if (!href) return sendPublicPage(reply, 404, notFoundPage(reply.cspNonce.style));
      return reply.header('cache-control', 'no-store').redirect(href, 302);
    },
  );

  /**
   * A form posted from the review page: the link's target, the form's fields and a way to answer with
   * the page once the Origin and the anti-forgery field show it came from our page; else the refusal
   * already sent (404 or 403).
   */
  async function postedForm(request: FastifyRequest, reply: FastifyReply, token: string, body: Record<string, string | string[]>) {
    const target = TOKEN.test(token) && (await reviewTarget(app.db, token));
    const nonce = reply.cspNonce.style;
    if (!target) return { refusal: sendPublicPage(reply, 404, notFoundPage(nonce)) };
    const fields = Object.fromEntries(Object.entries(body).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]));
    const csrf = csrfFor(token);
    // What was typed in the message field stays in it, whatever the answer.
    const answer = (statusCode: number, form: Omit<FeedbackForm, 'csrf'>, rating = target.rating) =>
      sendPublicPage(reply, statusCode, reviewPage(token, { ...target, rating }, { csrf, message: fields.message, ...form }, nonce));
    if (!fromOurPage(request) || !validCsrf(token, fields.csrf ?? '')) return { refusal: answer(403, { error: FORM_EXPIRED }) };
    return { target, fields, answer };
  }

  const formRoute = (summary: string) => ({
    // A public form (no session, so no cookie to forge with): its own checks replace the API's JSON-only rule.
    config: { crossSiteAllowed: true },
    schema: {
      tags,
      security: [],
      summary,
      consumes: ['application/x-www-form-urlencoded'],
      params: tokenParams,
      body: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
      response: { ...pageAnswers, 429: fileAnswer('text/html', 'The review page: too many posts from this link in the last hour') },
    },
  });

  app.post(
    `${REVIEW_PATH}/:token/rating`,
    formRoute('A star tapped on the review page (form-encoded rating 1-5): recorded as the rating, which a later choice replaces'),
    async (request, reply) => {
      const form = await postedForm(request, reply, request.params.token, request.body);
      if ('refusal' in form) return form.refusal;
      const rating = parseRating(form.fields.rating);
      if (rating === null) return form.answer(400, { error: feedbackMessages.ratingRequired });
      if (!(await recordRating(app.db, form.target, rating))) return form.answer(429, { error: feedbackMessages.tooManyRatings });
      return form.answer(200, {}, rating);
    },
  );

  app.post(
    `${REVIEW_PATH}/:token/feedback`,
    formRoute('Private feedback from the review page (form-encoded: message up to 2,000 characters; rating 1-5, else the star chosen before)'),
    async (request, reply) => {
      const form = await postedForm(request, reply, request.params.token, request.body);
      if ('refusal' in form) return form.refusal;
      const parsed = feedbackSchema.safeParse(form.fields);
      if (!parsed.success) return form.answer(400, { error: parsed.error.issues[0]!.message });
      const rating = parsed.data.rating ?? form.target.rating;
      if (rating === null) return form.answer(400, { error: feedbackMessages.ratingRequired });
      const stored = await insertFeedback(app.db, form.target, rating, parsed.data.message);
      if (stored === 'limited') return form.answer(429, { error: feedbackMessages.tooMany });
      if (stored.alertOwner) {
        // After the answer: the customer does not wait for the owner's mail server.
        const sending = alertOwner(stored.id).finally(() => alertsInFlight.delete(sending));
        alertsInFlight.add(sending);
      }
      return sendPublicPage(reply, 200, thanksPage(request.params.token, form.target, reply.cspNonce.style));
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
