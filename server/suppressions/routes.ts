import * as z from 'zod/mini';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIFTABLE_REASONS, suppressionMessages } from '#domain';
import { conflict, notFound } from '../lib/errors';
import { parseId } from '../lib/ids';
import { pathId } from '../lib/schemas';
import { listSuppressions, liftSuppression } from './queries';
import { suppressionAnswer } from './schemas';

const tags = ['Suppressions'];

/** The suppression list of a business, and lifting one. */
const suppressionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/suppression/get-suppressions/:businessId',
    {
      config: { business: 'params.businessId' },
      schema: {
        tags,
        summary: "The business's suppression list: addresses it does not send to, and why",
        params: z.object({ businessId: pathId('The business') }),
        response: { 200: z.array(suppressionAnswer) },
      },
    },
    async (request) => listSuppressions(app.db, request.business.id),
  );

  app.delete(
    '/suppression/lift-suppression/:businessId/:id',
    {
      config: { business: 'params.businessId' },
      schema: {
        tags,
        summary: 'Lift a suppression made by mistake (a hard bounce or an invalid number; not a STOP or complaint)',
        params: z.object({ businessId: pathId('The business'), id: pathId('The suppression') }),
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      const id = parseId(request.params.id);
      const result = id ? await liftSuppression(app.db, request.business.id, id, LIFTABLE_REASONS) : 'not found';
      if (result === 'not found') throw notFound(suppressionMessages.notFound);
      if (result === 'not liftable') throw conflict(suppressionMessages.notLiftable);
      return reply.status(204).send();
    },
  );
};

export default suppressionRoutes;
