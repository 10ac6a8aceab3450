import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { visitSchema, type FieldErrors } from '#domain';
import type { AppConfig } from '../config';
import { invalidFields } from '../lib/validate';
import { authenticateApiKey } from './bearer';
import { noteKeyUsed, type AuthenticatedKey } from './queries';
import { keyCheckAnswer, visitAnswer, visitHeaders } from './schemas';
import { VisitBatches } from './visit-batches';

const tags = ['Visits API'];
const security = [{ apiKey: [] }];

/** The import's row rules name the phone number `phoneNumber`; this API calls it `phone`. */
const asApiFields = (problems: FieldErrors): FieldErrors =>
  Object.fromEntries(Object.entries(problems).map(([field, message]) => [field === 'phoneNumber' ? 'phone' : field, message]));

/**
 * The API other systems call with an API key (`Authorization: Bearer sb_live_…`): a customer
 * visited. Each key is rate limited on its own, one count for all its calls
 * (API_RATE_LIMIT_PER_MINUTE, counted in the database so every web process counts the same calls). Calls carry no cookie, so the cross-site checks
 * of the browser app's calls do not apply: a browser never attaches a bearer key by itself.
 */
const visitsApi: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  app.addHook('onRequest', authenticateApiKey(app));
  // One count per key across every route of the API (as documented), after authentication: the key's id, never the secret.
  app.addHook(
    'onRequest',
    app.rateLimit({
      max: config.apiRateLimitPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (request) => `api-key:${(request as unknown as { apiKey: AuthenticatedKey }).apiKey.id}`,
      errorResponseBuilder: (_request, context) => {
        const wait = Math.max(1, Math.ceil(context.ttl / 1000));
        const message = `Too many calls with this API key: at most ${config.apiRateLimitPerMinute} a minute. Please wait ${wait} seconds and try again.`;
        return { statusCode: 429, error: 'Too Many Requests', message };
      },
    }),
  );
  const perKey = { crossSiteAllowed: true };
  // Visits of one business are recorded together while others are being recorded (visit-batches.ts).
  const batches = new VisitBatches({ db: app.db, config, delivery: app.delivery, log: app.log });
  /** The key made an accepted call: noted after the answer (at most once a minute per key). */
  const used = (key: AuthenticatedKey) =>
    app.afterAnswer.run(() => noteKeyUsed(app.db, key), (error) => app.log.error({ err: error, apiKeyId: key.id }, 'could not note that an API key was used'));

  app.get(
    '/v1/key',
    {
      config: perKey,
      schema: { tags, security, summary: 'Check an API key: the business it posts visits to', response: { 200: keyCheckAnswer } },
    },
    async (request) => {
      const key = request.apiKey;
      used(key);
      return { business: { id: key.business.id, name: key.business.name }, key: { id: key.id, name: key.name } };
    },
  );

  app.post(
    '/v1/visits',
    {
      config: perKey,
      schema: {
        tags,
        security,
        summary: 'A customer visited: find or create the contact, set Last visited and let the review automation ask for a review',
        description:
          'The contact is found by email, else by phone number, or created, with the contacts import’s rules for a row: a name and a valid email address or phone number. ' +
          'A retry with the same Idempotency-Key header (or, without one, the same externalId) within 7 days answers what the first call answered and records nothing.',
        headers: visitHeaders,
        body: visitSchema,
        response: { 201: visitAnswer },
      },
    },
    async (request, reply) => {
      const key = request.apiKey;
      const { body } = request;
      const header = request.headers['idempotency-key'];
      const idempotencyKey = header ? `key:${header}` : body.externalId ? `external:${body.externalId}` : null;
      const result = await batches.record(
        {
          business: key.business,
          customer: { firstName: body.firstName, lastName: body.lastName, email: body.email, phoneNumber: body.phone },
          ...(body.visitedAt ? { visitedAt: new Date(body.visitedAt) } : {}),
          source: 'api',
        },
        idempotencyKey,
      );
      if (result.status === 'invalid') throw invalidFields(asApiFields(result.problems));
      used(key);
      if (result.status === 'replay') return reply.status(result.stored.statusCode).header('idempotent-replayed', 'true').send(result.stored.answer);
      return reply.status(201).send(result.answer);
    },
  );
};

export default visitsApi;
