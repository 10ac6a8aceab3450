import * as z from 'zod/mini';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONNECTOR_PROVIDERS, connectorMessages, connectorPayloadSchema } from '#domain/connectors';
import type { AppConfig } from '../config';
import { notFound } from '../lib/errors';
import { pathId } from '../lib/schemas';
import { connectorsOf, deleteConnector, saveConnector, webhookUrl } from './queries';
import { connectorAnswer, webhookUrlAnswer } from './schemas';
import connectorWebhookRoutes from './webhooks';

const tags = ['Connected systems'];
const byBusiness = { business: 'params.businessId' as const };

/** The owner's side: connect a provider with its signing secret, see its events, disconnect it. */
const ownerRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  const { appUrl } = config.delivery;

  app.put(
    '/business/update-connector/:businessId',
    {
      config: byBusiness,
      schema: {
        tags,
        summary: "Connect Square, Stripe or Shopify with its signing secret (or replace the secret); answers the webhook address to paste into the provider's dashboard",
        params: z.object({ businessId: pathId('The business') }),
        body: connectorPayloadSchema,
        response: { 200: webhookUrlAnswer },
      },
    },
    async (request) => {
      const { provider, secret } = request.body;
      const id = await saveConnector(app.db, request.business.id, provider, secret);
      return { webhookUrl: webhookUrl(appUrl, provider, id) };
    },
  );

  app.get(
    '/business/get-connectors/:businessId',
    {
      config: byBusiness,
      schema: {
        tags,
        summary: "The business's connected systems: webhook address, last event and the newest events' outcomes (never the secret)",
        params: z.object({ businessId: pathId('The business') }),
        response: { 200: z.array(connectorAnswer) },
      },
    },
    async (request) => connectorsOf(app.db, request.business.id, appUrl),
  );

  app.delete(
    '/business/delete-connector/:businessId/:provider',
    {
      config: byBusiness,
      schema: {
        tags,
        summary: 'Disconnect a provider: its secret and events are deleted, and its webhook address answers 404 from then on',
        params: z.object({ businessId: pathId('The business'), provider: z.enum(CONNECTOR_PROVIDERS, { error: connectorMessages.providerInvalid }) }),
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      if (!(await deleteConnector(app.db, request.business.id, provider))) throw notFound(connectorMessages.notConnected(provider));
      return reply.status(204).send();
    },
  );
};

/**
 * Connected systems: the owner's routes below /api, and the webhook providers post to (public, at
 * the full path the webhook address names).
 */
const connectorRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, opts) => {
  await app.register(ownerRoutes, { ...opts, prefix: '/api' });
  await app.register(connectorWebhookRoutes, opts);
};

export default connectorRoutes;
