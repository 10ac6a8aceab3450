import * as z from 'zod/mini';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { automationSettingsSchema, campaignMessages, usesTemplateVariable } from '#domain';
import { badRequest } from '../lib/errors';
import { pathId } from '../lib/schemas';
import { automationLog, automationOf, saveAutomation } from './queries';
import { automationAnswer, automationLogAnswer } from './schemas';

const tags = ['Review automation'];
const byBusiness = { config: { business: 'params.businessId' as const } };
const params = z.object({ businessId: pathId('The business') });

/** The business's review automation: its settings, and the log of visits and their requests. */
const automationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/automation/get-automation/:businessId',
    { ...byBusiness, schema: { tags, summary: "The business's review automation and its figures (off with defaults until first saved)", params, response: { 200: automationAnswer } } },
    async (request) => automationOf(app.db, request.business.id, request.business.reviewSites),
  );

  app.put(
    '/automation/update-automation/:businessId',
    {
      ...byBusiness,
      schema: {
        tags,
        summary: 'Save the review automation; turning it off cancels the requests not yet sent',
        params,
        body: automationSettingsSchema,
        response: { 200: automationAnswer },
      },
    },
    async (request) => {
      const { business, body } = request;
      // Its messages link to the review page: turning it on needs a review site, as a campaign does.
      if (body.enabled && business.reviewSites.length === 0) {
        const field = usesTemplateVariable(body.subject, 'reviewLink') && !usesTemplateVariable(body.messageBody, 'reviewLink') ? 'subject' : 'messageBody';
        throw badRequest(campaignMessages.reviewLinkMissing, { [field]: campaignMessages.reviewLinkMissing });
      }
      const running = await saveAutomation(app.db, business.id, body);
      for (const campaignId of running) {
        // Requests left queued while its sending had failed go now; a failure to queue is left to the sweep.
        await app.delivery.runCampaign(campaignId, false, true).catch((error: unknown) => app.log.error({ err: error, campaignId }, 'could not queue the automation'));
      }
      return automationOf(app.db, business.id, business.reviewSites);
    },
  );

  app.get(
    '/automation/get-automation-log/:businessId',
    {
      ...byBusiness,
      schema: { tags, summary: 'The newest visits (up to 500) while the automation was on, and what became of each request', params, response: { 200: automationLogAnswer } },
    },
    async (request) => automationLog(app.db, request.business.id),
  );
};

export default automationRoutes;
