import * as z from 'zod/mini';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { filterMessages, newContactFilterSchema } from '#domain';
import { conflict, notFound } from '../lib/errors';
import { isUniqueViolation } from '../lib/pg-errors';
import { pathId } from '../lib/schemas';
import {
  contactFilterNameTaken,
  contactFilterOfBusiness,
  insertContactFilter,
  listContactFilters,
  matchingContactsPreview,
} from './queries';
import { contactFilterAnswer, countMatchingContactsAnswer, countMatchingContactsSchema } from './schemas';

const tags = ['Contact filters'];

const contactFilterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact-filter/create-contact-filter-with-items',
    {
      config: { business: 'body.contactFilter.businessId' },
      schema: { tags, summary: 'Save a filter with its conditions', body: newContactFilterSchema, response: { 201: contactFilterAnswer } },
    },
    async (request, reply) => {
      const { contactFilter, contactFilterItems } = request.body;
      if (await contactFilterNameTaken(app.db, request.business.id, contactFilter.name)) {
        throw conflict(filterMessages.duplicateName);
      }
      try {
        const created = await insertContactFilter(app.db, request.business.id, contactFilter.name, contactFilterItems);
        return reply.status(201).send(created);
      } catch (error) {
        // Two requests with the same name at once: the unique index decides.
        if (isUniqueViolation(error)) throw conflict(filterMessages.duplicateName);
        throw error;
      }
    },
  );

  app.get(
    '/contact-filter/get-contact-filters/:businessId',
    {
      config: { business: 'params.businessId' },
      schema: {
        tags,
        summary: "A business's saved filters, by name",
        params: z.object({ businessId: pathId('The business') }),
        response: { 200: z.array(contactFilterAnswer) },
      },
    },
    async (request) => listContactFilters(app.db, request.business.id),
  );

  app.post(
    '/contact-filter/count-matching-contacts',
    {
      config: { business: 'body.businessId' },
      schema: {
        tags,
        summary: 'Count the contacts a saved or unsaved filter selects, with one sample contact',
        body: countMatchingContactsSchema,
        response: { 200: countMatchingContactsAnswer },
      },
    },
    async (request) => {
      const { contactFilterId, contactFilterItems } = request.body;
      let items = contactFilterItems;
      if (contactFilterId !== undefined) {
        const filter = await contactFilterOfBusiness(app.db, request.business.id, contactFilterId);
        if (!filter) throw notFound(filterMessages.notFound);
        items = filter.items;
      }
      return matchingContactsPreview(app.db, request.business.id, items!, request.body.type);
    },
  );
};

export default contactFilterRoutes;
