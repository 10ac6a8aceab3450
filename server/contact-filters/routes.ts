import * as z from 'zod/mini';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { filterMessages, newContactFilterSchema, updateContactFilterSchema } from '#domain';
import { conflict, notFound } from '../lib/errors';
import { isForeignKeyViolation, isUniqueViolation } from '../lib/pg-errors';
import { pathId } from '../lib/schemas';
import {
  businessOfContactFilter,
  campaignsUsingFilter,
  contactFilterCounts,
  contactFilterNameTaken,
  contactFilterOfBusiness,
  deleteContactFilter,
  insertContactFilter,
  listContactFilters,
  matchingContactsPreview,
  updateContactFilter,
} from './queries';
import { contactFilterAnswer, contactFilterCountAnswer, countMatchingContactsAnswer, countMatchingContactsSchema } from './schemas';

declare module '../businesses/ownership' {
  interface OwnedRecords {
    /** The id of the owner's filter a route is keyed by (`config.owns.contactFilter`). */
    contactFilter: number;
  }
}

const tags = ['Contact filters'];
/** Routes keyed by a filter id in the path: the ownership hook checks the filter's business is the owner's. */
const byFilterId = { config: { owns: { contactFilter: 'params.id' as const } } };
const filterIdParams = z.object({ id: pathId('The contact filter') });

const contactFilterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.registerOwner('contactFilter', businessOfContactFilter, filterMessages.notFound);

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

  app.get(
    '/contact-filter/get-contact-filter-counts/:businessId',
    {
      config: { business: 'params.businessId' },
      schema: {
        tags,
        summary: "Each of a business's filters: how many contacts it matches now, and how many campaigns use it",
        params: z.object({ businessId: pathId('The business') }),
        response: { 200: z.array(contactFilterCountAnswer) },
      },
    },
    async (request) => contactFilterCounts(app.db, request.business.id),
  );

  app.put(
    '/contact-filter/update-contact-filter/:id',
    {
      ...byFilterId,
      schema: {
        tags,
        summary: 'Rename a filter and replace its conditions; campaigns not started yet use the new ones',
        params: filterIdParams,
        body: updateContactFilterSchema,
        response: { 200: contactFilterAnswer },
      },
    },
    async (request) => {
      const id = request.owned.contactFilter;
      const { contactFilter, contactFilterItems } = request.body;
      if (await contactFilterNameTaken(app.db, request.business.id, contactFilter.name, id)) throw conflict(filterMessages.duplicateName);
      try {
        const saved = await updateContactFilter(app.db, id, contactFilter.name, contactFilterItems);
        if (!saved) throw notFound(filterMessages.notFound);
        return saved;
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(filterMessages.duplicateName);
        throw error;
      }
    },
  );

  app.delete(
    '/contact-filter/delete-contact-filter/:id',
    {
      ...byFilterId,
      schema: {
        tags,
        summary: 'Delete a filter no campaign uses',
        params: filterIdParams,
        response: { 200: contactFilterAnswer },
      },
    },
    async (request) => {
      const id = request.owned.contactFilter;
      const filter = await contactFilterOfBusiness(app.db, request.business.id, id);
      if (!filter) throw notFound(filterMessages.notFound);
      const users = await campaignsUsingFilter(app.db, id);
      if (users.length > 0) throw conflict(filterMessages.inUse(users));
      try {
        await deleteContactFilter(app.db, id);
      } catch (error) {
        // A campaign created with it meanwhile: the foreign key refuses.
        if (isForeignKeyViolation(error)) throw conflict(filterMessages.inUse(await campaignsUsingFilter(app.db, id)));
        throw error;
      }
      return filter;
    },
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
