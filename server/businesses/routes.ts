import * as z from 'zod/mini';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessMessages, businessSchema, firstStepsSchema } from '#domain';
import { notFound } from '../lib/errors';
import { pathId } from '../lib/schemas';
import { firstStepsOf, insertBusiness, listBusinessesOf, updateBusiness } from './queries';
import { businessAnswer } from './schemas';

const tags = ['Businesses'];

const businessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/business/get-current-users-businesses',
    { schema: { tags, summary: "The signed-in user's businesses", response: { 200: z.array(businessAnswer) } } },
    async (request) => listBusinessesOf(app.db, request.user.id),
  );

  app.post(
    '/business/create-new-business',
    { schema: { tags, summary: 'Create a business', body: businessSchema, response: { 201: businessAnswer } } },
    async (request, reply) => reply.status(201).send(await insertBusiness(app.db, request.user.id, request.body)),
  );

  app.put(
    '/business/update-business/:businessId',
    {
      config: { business: 'params.businessId' },
      schema: {
        tags,
        summary: 'Edit a business: its fields, review sites and contact cap (the whole business is replaced)',
        params: z.object({ businessId: pathId('The business') }),
        body: businessSchema,
        response: { 200: businessAnswer },
      },
    },
    async (request) => {
      const business = await updateBusiness(app.db, request.business.id, request.body);
      if (!business) throw notFound(businessMessages.notFound);
      return business;
    },
  );

  app.get(
    '/business/get-first-steps/:businessId',
    {
      config: { business: 'params.businessId' },
      schema: {
        tags,
        summary: "The dashboard's first steps: review sites, contacts, campaigns started, whether the review automation is on",
        params: z.object({ businessId: pathId('The business') }),
        response: { 200: firstStepsSchema },
      },
    },
    async (request) => {
      const steps = await firstStepsOf(app.db, request.business.id);
      if (!steps) throw notFound(businessMessages.notFound);
      return steps;
    },
  );
};

export default businessRoutes;
