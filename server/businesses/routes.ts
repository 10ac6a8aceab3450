import type { FastifyInstance } from 'fastify';
import { businessSchema } from '../../src/domain';
import { validate } from '../lib/validate';
import { insertBusiness, listBusinessesOf } from './queries';

export default async function businessRoutes(app: FastifyInstance) {
  app.addHook('preHandler', app.authenticate);

  app.get('/business/get-current-users-businesses', async (request) => listBusinessesOf(app.db, request.user.id));

  app.post('/business/create-new-business', async (request, reply) => {
    const payload = validate(businessSchema, request.body);
    return reply.status(201).send(await insertBusiness(app.db, request.user.id, payload));
  });
}
