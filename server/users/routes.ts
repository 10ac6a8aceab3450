import type { FastifyInstance } from 'fastify';
import { notFound } from '../lib/errors';
import { findUserProfile } from './queries';

export default async function userRoutes(app: FastifyInstance) {
  app.addHook('preHandler', app.authenticate);

  app.get('/user/get-current-user', async (request) => {
    const user = await findUserProfile(app.db, request.user.id);
    if (!user) throw notFound('User not found.');
    return user;
  });
}
