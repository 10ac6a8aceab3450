import * as z from 'zod/mini';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../lib/clock';
import { ratingsAnswer } from '../campaigns/schemas';
import { pathId } from '../lib/schemas';
import { reputationSummary, summaryPeriod, summaryQuerySchema } from './reputation';

const count = z.int();
const clicksPerSite = z.array(z.object({ name: z.string(), clicks: count }));

const summaryAnswer = z
  .object({
    from: z.string(),
    to: z.string(),
    requests: count,
    visits: count,
    clicks: count,
    sites: clicksPerSite,
    feedback: z.object({ count, averageRating: z.nullable(z.number()) }),
    ratings: ratingsAnswer,
    days: z.array(z.object({ day: z.string(), requests: count, visits: count, clicks: count })),
    campaigns: z.array(z.object({ id: z.int(), name: z.string(), requests: count, visits: count, clicks: count, feedback: count })),
    automation: z.nullable(z.object({ requests: count, visits: count, clicks: count, feedback: count })).register(z.globalRegistry, {
      description: "The review automation's requests in the period (its campaigns are not in `campaigns`); null when it has none.",
    }),
    inbox: z.array(
      z.object({
        id: z.int(),
        rating: z.int(),
        message: z.string(),
        createdAt: z.string(),
        campaignId: z.int(),
        campaignName: z.string(),
        contactName: z.nullable(z.string()),
      }),
    ),
  })
  .register(z.globalRegistry, { id: 'ReputationSummary' });

/** The review dashboard (/reputation): requests, visits, clicks per site and private feedback over a period. */
const reputationRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  app.get(
    '/reputation/get-summary/:businessId',
    {
      config: { business: 'params.businessId' },
      schema: {
        tags: ['Reputation'],
        summary: "A business's review requests, review-page visits, site clicks and private feedback over whole UTC days (default: the last 30)",
        params: z.object({ businessId: pathId('The business') }),
        querystring: summaryQuerySchema,
        response: { 200: summaryAnswer },
      },
    },
    async (request) => {
      const { from, to } = summaryPeriod(request.query, clock.now());
      return reputationSummary(app.db, request.business.id, request.business.reviewSites, from, to);
    },
  );
};

export default reputationRoutes;
