import * as z from 'zod/mini';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  campaignMessages,
  campaignNameCheckSchema,
  launchCampaignSchema,
  newCampaignSchema,
  updateCampaignSchema,
  usesTemplateVariable,
  type Campaign,
} from '#domain';
import type { Business } from '../businesses/queries';
import type { AppConfig } from '../config';
import { contactFilterOfBusiness } from '../contact-filters/queries';
import type { Db } from '../db/client';
import { channelSetup, smsSetupRequest } from '../sending/channels';
import { reviewUrl, SAMPLE_REVIEW_TOKEN } from '../sending/paths';
import { channelDetails, deliveryDetails, detailsQuerySchema } from '../sending/details';
import { businessSender, fromLine } from '../sending/sender';
import { badRequest, conflict, notFound } from '../lib/errors';
import { campaignFunnel } from '../reviews/funnel';
import { pathId } from '../lib/schemas';
import {
  businessOfCampaign,
  campaignNameTaken,
  changeCampaignStatus,
  deleteCampaign,
  duplicateCampaign,
  getCampaign,
  insertCampaign,
  insertLaunchedCampaign,
  listCampaigns,
  updateCampaign,
} from './queries';
import { campaignAnswer, campaignDetailsAnswer, campaignNameCheckAnswer, sendersAnswer } from './schemas';

declare module '../businesses/ownership' {
  interface OwnedRecords {
    /** The id of the owner's campaign a route is keyed by (`config.owns.campaign`). */
    campaign: number;
  }
}

type CampaignContent = { name: string; contactFilterId: number; subject: string | null; messageBody: string };

/** The rules that need the database: the business's own filter, a review site for ${reviewLink}, a free name. */
async function checkContent(db: Db, business: Business, campaign: CampaignContent, exceptId?: number) {
  if (!(await contactFilterOfBusiness(db, business.id, campaign.contactFilterId))) {
    throw badRequest(campaignMessages.filterNotInBusiness, { contactFilterId: campaignMessages.filterNotInBusiness });
  }
  if (business.reviewSites.length === 0) {
    const field = usesTemplateVariable(campaign.messageBody, 'reviewLink')
      ? 'messageBody'
      : usesTemplateVariable(campaign.subject, 'reviewLink')
        ? 'subject'
        : undefined;
    if (field) throw badRequest(campaignMessages.reviewLinkMissing, { [field]: campaignMessages.reviewLinkMissing });
  }
  if (await campaignNameTaken(db, business.id, campaign.name, exceptId)) throw conflict(campaignMessages.duplicateName);
}

const tags = ['Campaigns'];
/** Routes keyed by a campaign id in the path: the ownership hook checks the campaign's business is the owner's. */
const byCampaignId = { config: { owns: { campaign: 'params.id' as const } } };
const campaignIdParams = z.object({ id: pathId('The campaign') });

const campaignRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, opts) => {
  // A reminder "day" (REMINDER_DAY_MS): when a campaign's reminder falls due.
  const { dayMs } = opts.config.delivery;
  app.registerOwner('campaign', businessOfCampaign, campaignMessages.notFound);

  /**
   * Queues the sending of a campaign the answer shows running, or its scheduled start. The status
   * change is already stored: if queueing fails, the workers' sweep finds the campaign soon after.
   */
  async function drive(campaign: Campaign) {
    try {
      if (campaign.status === 'IN_PROGRESS') await app.delivery.runCampaign(campaign.id, !campaign.sendAllAtOnce);
      else if (campaign.status === 'CREATED' && campaign.startTime) await app.delivery.scheduleStart(campaign.id, new Date(campaign.startTime));
    } catch (error) {
      app.log.error({ err: error, campaignId: campaign.id }, 'could not queue the campaign; the sweep will');
    }
    return campaign;
  }

  /** The owned campaign as the API answers it; gone when deleted since the ownership check. */
  async function campaignAnswerOf(id: number) {
    const campaign = await getCampaign(app.db, dayMs, id);
    if (!campaign) throw notFound(campaignMessages.notFound);
    return campaign;
  }

  app.get(
    '/campaign/get-sender/:businessId',
    {
      config: { business: 'params.businessId' },
      schema: {
        tags,
        summary: "Who the business's messages are from (SMS: null when not configured, with what to set) and how each type is sent",
        params: z.object({ businessId: pathId('The business') }),
        response: { 200: sendersAnswer },
      },
    },
    async (request) => {
      const sender = (await businessSender(app.db, request.business.id))!;
      return {
        sms: opts.config.smsFrom,
        smsSetupRequest: smsSetupRequest(opts.config),
        email: fromLine(opts.config, sender),
        replyTo: sender.replyTo,
        postalAddress: sender.postalAddress,
        channels: { SMS: channelDetails(channelSetup('SMS', opts.config)), EMAIL: channelDetails(channelSetup('EMAIL', opts.config)) },
        sampleReviewLink: reviewUrl(opts.config.delivery.appUrl, SAMPLE_REVIEW_TOKEN),
      };
    },
  );

  app.post(
    '/campaign/check-campaign-name',
    {
      config: { business: 'body.businessId' },
      schema: {
        tags,
        summary: 'Whether a campaign name is free in the business (the wizard checks it before its last step)',
        body: campaignNameCheckSchema,
        response: { 200: campaignNameCheckAnswer },
      },
    },
    async (request) => {
      const taken = await campaignNameTaken(app.db, request.business.id, request.body.name, request.body.exceptId);
      return { taken, message: taken ? campaignMessages.duplicateName : null };
    },
  );

  app.get(
    '/campaign/get-campaigns/:businessId',
    {
      config: { business: 'params.businessId' },
      schema: {
        tags,
        summary: "A business's campaigns, newest first",
        params: z.object({ businessId: pathId('The business') }),
        response: { 200: z.array(campaignAnswer) },
      },
    },
    async (request) => listCampaigns(app.db, dayMs, request.business.id),
  );

  app.get(
    '/campaign/get-campaign/:id',
    { ...byCampaignId, schema: { tags, summary: 'One campaign, as the list shows it', params: campaignIdParams, response: { 200: campaignAnswer } } },
    async (request) => campaignAnswerOf(request.owned.campaign),
  );

  app.post(
    '/campaign/create-new-campaign',
    {
      config: { business: 'body.businessId' },
      schema: { tags, summary: 'Create a draft, or a scheduled campaign', body: newCampaignSchema, response: { 201: campaignAnswer } },
    },
    async (request, reply) => {
      await checkContent(app.db, request.business, request.body);
      return reply.status(201).send(await drive(await insertCampaign(app.db, dayMs, request.body)));
    },
  );

  app.post(
    '/campaign/launch-new-campaign',
    {
      config: { business: 'body.businessId' },
      schema: { tags, summary: 'Create a campaign and start it now', body: launchCampaignSchema, response: { 201: campaignAnswer } },
    },
    async (request, reply) => {
      await checkContent(app.db, request.business, request.body);
      return reply.status(201).send(await drive(await insertLaunchedCampaign(app.db, dayMs, request.body)));
    },
  );

  app.put(
    '/campaign/update-campaign/:id',
    {
      ...byCampaignId,
      schema: { tags, summary: 'Edit a campaign (CREATED only)', params: campaignIdParams, body: updateCampaignSchema, response: { 200: campaignAnswer } },
    },
    async (request) => {
      await checkContent(app.db, request.business, request.body, request.owned.campaign);
      return drive(await updateCampaign(app.db, dayMs, request.owned.campaign, request.body));
    },
  );

  for (const action of ['start', 'pause', 'cancel'] as const) {
    app.put(
      `/campaign/${action}-campaign/:id`,
      { ...byCampaignId, schema: { tags, summary: `${action[0]!.toUpperCase()}${action.slice(1)} a campaign`, params: campaignIdParams, response: { 200: campaignAnswer } } },
      async (request) => drive(await changeCampaignStatus(app.db, dayMs, request.owned.campaign, action)),
    );
  }

  app.get(
    '/campaign/get-campaign-details/:id',
    {
      ...byCampaignId,
      schema: {
        tags,
        summary: "A campaign's delivery: counts per state, sends per minute, the review funnel and one page of recipients",
        params: campaignIdParams,
        querystring: detailsQuerySchema,
        response: { 200: campaignDetailsAnswer },
      },
    },
    async (request) => {
      const [campaign, details, funnel] = await Promise.all([
        campaignAnswerOf(request.owned.campaign),
        deliveryDetails(app.db, request.owned.campaign, request.query),
        campaignFunnel(app.db, [request.owned.campaign], request.business.reviewSites),
      ]);
      return { campaign, channel: channelDetails(channelSetup(campaign.type, opts.config)), ...details, ...funnel };
    },
  );

  app.put(
    '/campaign/duplicate-campaign/:id',
    { ...byCampaignId, schema: { tags, summary: 'Copy a campaign as a new draft', params: campaignIdParams, response: { 201: campaignAnswer } } },
    async (request, reply) => reply.status(201).send(await duplicateCampaign(app.db, dayMs, request.owned.campaign, request.business.id)),
  );

  app.delete(
    '/campaign/delete-campaign/:id',
    {
      ...byCampaignId,
      schema: { tags, summary: 'Delete a campaign', params: campaignIdParams, response: { 200: z.object({ id: z.int() }) } },
    },
    async (request) => deleteCampaign(app.db, request.owned.campaign),
  );
};

export default campaignRoutes;
