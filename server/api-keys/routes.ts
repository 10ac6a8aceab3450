import * as z from 'zod/mini';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyMessages, newApiKeySchema } from '#domain';
import type { AppConfig } from '../config';
import { conflict, notFound } from '../lib/errors';
import { parseId } from '../lib/ids';
import { pathId } from '../lib/schemas';
import { createApiKey, deleteApiKey, listApiKeys } from './queries';
import { apiKeyAnswer, newApiKeyAnswer } from './schemas';
import visitsApi from './visits-api';

const tags = ['API keys'];
const byBusiness = { config: { business: 'params.businessId' as const } };
const params = z.object({ businessId: pathId('The business') });

/** The owner's API keys of a business, on Business settings. */
const ownersKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/business/get-api-keys/:businessId',
    { ...byBusiness, schema: { tags, summary: "The business's API keys, newest first (never their secrets)", params, response: { 200: z.array(apiKeyAnswer) } } },
    async (request) => listApiKeys(app.db, request.business.id),
  );

  app.post(
    '/business/create-api-key/:businessId',
    {
      ...byBusiness,
      schema: { tags, summary: 'Create an API key; the answer is the only time its secret is shown', params, body: newApiKeySchema, response: { 201: newApiKeyAnswer } },
    },
    async (request, reply) => {
      const created = await createApiKey(app.db, request.business.id, request.body.name);
      if (!created) throw conflict(apiKeyMessages.tooMany);
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/business/delete-api-key/:businessId/:id',
    {
      ...byBusiness,
      schema: {
        tags,
        summary: 'Delete an API key: calls with it are refused from then on',
        params: z.object({ businessId: pathId('The business'), id: pathId('The API key') }),
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      const id = parseId(request.params.id);
      if (!id || !(await deleteApiKey(app.db, request.business.id, id))) throw notFound(apiKeyMessages.notFound);
      return reply.status(204).send();
    },
  );
};

/** The owner's keys, and the API the keys open (/api/v1). */
const apiKeyRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, opts) => {
  await app.register(ownersKeyRoutes);
  await app.register(visitsApi, { config: opts.config });
};

export default apiKeyRoutes;
