import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../lib/errors';
import { findUserProfile } from './queries';
import { userAnswer } from './schemas';

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/get-current-user',
    { schema: { tags: ['Users'], summary: 'The signed-in user', response: { 200: userAnswer } } },
    async (request) => {
      const user = await findUserProfile(app.db, request.user.id);
      if (!user) throw notFound('User not found.');
      return user;
    },
  );
};

export default userRoutes;
