import type { FastifyInstance } from 'fastify';
import { filterMessages, newContactFilterSchema } from '../../src/domain';
import { ownedBusiness } from '../contacts/queries';
import { conflict, notFound } from '../lib/errors';
import { isUniqueViolation } from '../lib/pg-errors';
import { validate } from '../lib/validate';
import {
  contactFilterNameTaken,
  contactFilterOfBusiness,
  countMatchingContacts,
  idParam,
  insertContactFilter,
  listContactFilters,
} from './queries';
import { countMatchingContactsSchema } from './schemas';

export default async function contactFilterRoutes(app: FastifyInstance) {
  app.addHook('preHandler', app.authenticate);

  app.post('/contact-filter/create-contact-filter-with-items', async (request, reply) => {
    const { contactFilter, contactFilterItems } = validate(newContactFilterSchema, request.body);
    await ownedBusiness(app.db, request.user.id, contactFilter.businessId);
    if (await contactFilterNameTaken(app.db, contactFilter.businessId, contactFilter.name)) {
      throw conflict(filterMessages.duplicateName);
    }
    try {
      const created = await insertContactFilter(app.db, contactFilter.businessId, contactFilter.name, contactFilterItems);
      return reply.status(201).send(created);
    } catch (error) {
      // Two requests with the same name at once: the unique index decides.
      if (isUniqueViolation(error)) throw conflict(filterMessages.duplicateName);
      throw error;
    }
  });

  app.get<{ Params: { businessId: string } }>('/contact-filter/get-contact-filters/:businessId', async (request) => {
    const businessId = idParam(request.params.businessId);
    await ownedBusiness(app.db, request.user.id, businessId);
    return listContactFilters(app.db, businessId);
  });

  app.post('/contact-filter/count-matching-contacts', async (request) => {
    const body = validate(countMatchingContactsSchema, request.body);
    await ownedBusiness(app.db, request.user.id, body.businessId);
    let items = body.contactFilterItems;
    if (body.contactFilterId !== undefined) {
      const filter = await contactFilterOfBusiness(app.db, body.businessId, body.contactFilterId);
      if (!filter) throw notFound(filterMessages.notFound);
      items = filter.items;
    }
    return { count: await countMatchingContacts(app.db, body.businessId, items!) };
  });
}
