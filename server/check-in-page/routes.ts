import formbody from '@fastify/formbody';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { checkInFormOf, checkInPageTexts, checkInProblems, readCheckInForm } from '#domain/check-in-page';
import type { FieldErrors } from '#domain/rules';
import { customerVisited } from '../automation/customer-visits';
import type { AppConfig } from '../config';
import { fileAnswer } from '../lib/schemas';
import { sendPublicPage } from '../lib/public-page';
import { formTokenExpiry, issueFormToken } from './form-token';
import { CHECK_IN_PATH, checkedInPage, checkInPage, HONEYPOT_FIELD, notFoundPage, refusedPage, tooManyPage } from './page';
import { businessBySlug, recordConsent, useFormToken } from './queries';
import { clientNetwork } from '../lib/networks';
import { textRegions } from '#domain/businesses';

const tags = ['Check-in page'];
const params = z.object({ slug: z.string() });
/** What a slug can look like; anything else is not looked up. */
const SLUG = /^[A-Za-z0-9_-]{1,64}$/;
const notFound = fileAnswer('text/html', 'No check-in page has this address');

/** The post's form token had checked a customer in already: the check-in is rolled back. */
class UsedFormTokenError extends Error {}

/**
 * The counter's check-in page, `/k/{slug}` (public, server-rendered, no script): a customer checks
 * in with a first name, a phone number or an email, and agrees to one message about the visit. The
 * contact is found or created and the visit recorded (and the review automation's request
 * scheduled) by `customerVisited`, with the consent in the same transaction. Bots are refused
 * without a CAPTCHA service: a honeypot field and a signed form token that must be old enough and
 * works once; posts are limited per address, per network and per business; a phone number must be
 * a mobile one of a country the business texts (it pays for the message).
 * The form's fields are never logged (requests are logged by route only).
 */
const checkInPageRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  await app.register(formbody, { bodyLimit: 16_384 });
  const { perIpPerHour, perNetworkPerHour, perBusinessPerHour, minFillMs } = config.checkInPage;
  const perClient = app.createRateLimit({ max: perIpPerHour, timeWindow: '1 hour', keyGenerator: (request) => `check-in-ip:${request.ip}` });
  const perNetwork = app.createRateLimit({
    max: perNetworkPerHour,
    timeWindow: '1 hour',
    keyGenerator: (request) => `check-in-network:${clientNetwork(request.ip)}`,
  });
  const perBusiness = app.createRateLimit({
    max: perBusinessPerHour,
    timeWindow: '1 hour',
    keyGenerator: (request) => `check-in-business:${(request.params as { slug: string }).slug}`,
  });
  /** Counts a post against a limit; the seconds until it may be sent again when over it. */
  const overLimit = async (limit: typeof perClient, request: FastifyRequest) => {
    const counted = await limit(request);
    return !counted.isAllowed && counted.isExceeded ? counted.ttlInSeconds : null;
  };
  const tokenFor = (slug: string) => issueFormToken(config.sessionSecret, slug, app.clock.now());

  app.get(
    `${CHECK_IN_PATH}/:slug`,
    {
      schema: {
        tags,
        security: [],
        summary: "A business's check-in page: first name, phone number or email, and consent to one message about the visit",
        params,
        response: { 200: fileAnswer('text/html', 'The check-in page'), 404: notFound },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const business = SLUG.test(slug) && (await businessBySlug(app.db, slug));
      const nonce = reply.cspNonce.style;
      if (!business) return sendPublicPage(reply, 404, notFoundPage(nonce));
      return sendPublicPage(reply, 200, checkInPage(business.name, slug, { token: tokenFor(slug) }, nonce));
    },
  );

  app.post(
    `${CHECK_IN_PATH}/:slug`,
    {
      // A public form (no session, so no cookie to forge with): its token replaces the API's JSON-only rule.
      config: { crossSiteAllowed: true },
      schema: {
        tags,
        security: [],
        summary: `A check-in sent from the page (form-encoded: firstName, phoneNumber, email, consent, token; ${HONEYPOT_FIELD} empty)`,
        consumes: ['application/x-www-form-urlencoded'],
        params,
        body: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
        response: {
          200: fileAnswer('text/html', 'Checked in: the thank-you page'),
          400: fileAnswer('text/html', 'The form again with what to correct, or a refusal of a post that is not a person filling the page'),
          404: notFound,
          429: fileAnswer('text/html', 'Too many check-ins from this client address or to this business in the last hour'),
        },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const nonce = reply.cspNonce.style;
      for (const limit of [perClient, perNetwork]) {
        const clientWait = await overLimit(limit, request);
        if (clientWait !== null) return sendPublicPage(reply.header('retry-after', clientWait), 429, tooManyPage(clientWait, nonce));
      }
      const business = SLUG.test(slug) && (await businessBySlug(app.db, slug));
      if (!business) return sendPublicPage(reply, 404, notFoundPage(nonce));

      const fields = Object.fromEntries(Object.entries(request.body).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]));
      const token = fields.token ?? '';
      const refused = () => sendPublicPage(reply, 400, refusedPage(slug, nonce));
      const tokenExpires = formTokenExpiry(config.sessionSecret, slug, token, app.clock.now(), minFillMs);
      if (fields[HONEYPOT_FIELD] || !tokenExpires) return refused();
      const businessWait = await overLimit(perBusiness, request);
      if (businessWait !== null) return sendPublicPage(reply.header('retry-after', businessWait), 429, tooManyPage(businessWait, nonce));

      const form = checkInFormOf(fields);
      // The form again keeps its token: correcting a field does not restart the fill time.
      const correct = (problems: FieldErrors) => sendPublicPage(reply, 400, checkInPage(business.name, slug, { form, problems, token }, nonce));
      const reading = readCheckInForm(form, business.region, textRegions(business));
      if ('problems' in reading) return correct(reading.problems);
      const consent = checkInPageTexts.consent(business.name);
      let visit: Awaited<ReturnType<typeof customerVisited>>;
      try {
        visit = await customerVisited(
          { db: app.db, config, delivery: app.delivery, log: request.log },
          { business, customer: reading.customer, source: 'check-in-page' },
          async (tx, { contactId }) => {
            // Used in the check-in's own transaction: a replay of the post records nothing, however fast it comes.
            if (!(await useFormToken(tx, token, tokenExpires))) throw new UsedFormTokenError();
            await recordConsent(tx, business.id, contactId, consent);
          },
        );
      } catch (error) {
        if (error instanceof UsedFormTokenError) return refused();
        throw error;
      }
      // Read as above, so not expected; still an answer in words, never a 5xx.
      if ('problems' in visit) return correct(checkInProblems(visit.problems));
      return sendPublicPage(reply, 200, checkedInPage(business.name, form.firstName.trim(), nonce));
    },
  );
};

export default checkInPageRoutes;
