import * as z from 'zod/mini';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WEBHOOK_ENDPOINTS_MAX, webhookEndpointSchema, webhookMessages } from '#domain/webhooks';
import type { AppConfig } from '../config';
import { badRequest, conflict, notFound, tooManyAttempts } from '../lib/errors';
import { parseId } from '../lib/ids';
import { errorAnswer, pathId } from '../lib/schemas';
import { namesPrivateHost } from './addresses';
import { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookEndpoints, queueTestEvent, webhookDeliveryLog } from './queries';
import { webhookDeliveryAnswer, webhookEndpointAnswer } from './schemas';
import { newWebhookSecret } from './signing';

const tags = ['Webhooks'];
export const TEST_EVENTS_PER_ENDPOINT_PER_HOUR = 10;
export const TEST_EVENTS_PER_BUSINESS_PER_HOUR = 30;
const byBusiness = { config: { business: 'params.businessId' as const } };
const businessParams = z.object({ businessId: pathId('The business') });
const endpointParams = z.object({ businessId: pathId('The business'), id: pathId('The webhook endpoint') });

/** The business's webhook endpoints (its URLs that receive events), their delivery log, and test events. */
const webhookRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  const { allowPrivateUrls } = config.webhooks;
  // A test event goes to whatever public URL the owner typed: enough to try an endpoint, never a flood.
  const testsPerEndpoint = app.createRateLimit({
    max: TEST_EVENTS_PER_ENDPOINT_PER_HOUR,
    timeWindow: '1 hour',
    keyGenerator: (request) => {
      const { businessId, id } = request.params as { businessId: string; id: string };
      return `test-webhook-endpoint:${businessId}:${id}`;
    },
  });
  const testsPerBusiness = app.createRateLimit({
    max: TEST_EVENTS_PER_BUSINESS_PER_HOUR,
    timeWindow: '1 hour',
    keyGenerator: (request) => `test-webhook-business:${(request.params as { businessId: string }).businessId}`,
  });

  app.post(
    '/business/create-webhook-endpoint/:businessId',
    {
      ...byBusiness,
      schema: {
        tags,
        summary: `Add an endpoint (at most ${WEBHOOK_ENDPOINTS_MAX} a business): an https URL and the events it receives; the answer carries its signing secret`,
        params: businessParams,
        body: webhookEndpointSchema({ allowHttp: allowPrivateUrls }),
        response: { 201: webhookEndpointAnswer },
      },
    },
    async (request, reply) => {
      const { url, events } = request.body;
      // Addresses that are private by themselves are refused now; names are checked at each sending.
      if (!allowPrivateUrls && namesPrivateHost(new URL(url))) throw badRequest(webhookMessages.urlPrivate, { url: webhookMessages.urlPrivate });
      const created = await createWebhookEndpoint(app.db, request.business.id, { url, events, secret: newWebhookSecret() });
      if (created === 'too many') throw conflict(webhookMessages.tooMany);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/business/get-webhook-endpoints/:businessId',
    { ...byBusiness, schema: { tags, summary: "The business's webhook endpoints, with their secrets", params: businessParams, response: { 200: z.array(webhookEndpointAnswer) } } },
    async (request) => listWebhookEndpoints(app.db, request.business.id),
  );

  app.delete(
    '/business/delete-webhook-endpoint/:businessId/:id',
    { ...byBusiness, schema: { tags, summary: 'Delete an endpoint; nothing more is sent to it, and its deliveries leave the log', params: endpointParams, response: { 204: z.undefined() } } },
    async (request, reply) => {
      const id = parseId(request.params.id);
      if (!id || !(await deleteWebhookEndpoint(app.db, request.business.id, id))) throw notFound(webhookMessages.notFound);
      return reply.status(204).send();
    },
  );

  app.get(
    '/business/get-webhook-deliveries/:businessId',
    {
      ...byBusiness,
      schema: { tags, summary: 'The delivery log: the newest 100 events sent or being retried, newest first', params: businessParams, response: { 200: z.array(webhookDeliveryAnswer) } },
    },
    async (request) => webhookDeliveryLog(app.db, request.business.id),
  );

  app.post(
    '/business/send-test-webhook/:businessId/:id',
    {
      ...byBusiness,
      schema: {
        tags,
        summary: 'Send a webhook.test event to an endpoint now (one attempt, no retries): its delivery shows in the log',
        params: endpointParams,
        response: { 202: webhookDeliveryAnswer, 429: errorAnswer },
      },
    },
    async (request, reply) => {
      const id = parseId(request.params.id);
      // Counted after the ownership check: a stranger's calls (404) spend nobody's allowance.
      for (const limit of [testsPerEndpoint, testsPerBusiness]) {
        const counted = await limit(request);
        if (!counted.isAllowed && counted.isExceeded) throw tooManyAttempts(counted.ttlInSeconds);
      }
      const delivery = id && (await queueTestEvent(app.db, request.business.id, id));
      if (!delivery) throw notFound(webhookMessages.notFound);
      return reply.status(202).send(delivery);
    },
  );
};

export default webhookRoutes;
