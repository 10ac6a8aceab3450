import type { FastifyInstance } from 'fastify';
import {
  campaignMessages,
  launchCampaignSchema,
  newCampaignSchema,
  updateCampaignSchema,
  usesTemplateVariable,
  type Campaign,
  type CampaignSenders,
} from '../../src/domain';
import type { AppConfig } from '../config';
import { contactFilterOfBusiness, idParam } from '../contact-filters/queries';
import { ownedBusiness } from '../contacts/queries';
import type { Db } from '../db/client';
import { channelSetup } from '../delivery/channels';
import { channelDetails, deliveryDetails, detailsQuerySchema, type CampaignDetails } from '../delivery/details';
import { badRequest, conflict } from '../lib/errors';
import { validate } from '../lib/validate';
import {
  campaignNameTaken,
  changeCampaignStatus,
  deleteCampaign,
  duplicateCampaign,
  getCampaign,
  insertCampaign,
  insertLaunchedCampaign,
  listCampaigns,
  ownedCampaign,
  updateCampaign,
} from './queries';

type CampaignContent = { name: string; contactFilterId: number; subject: string | null; messageBody: string };
type Business = { id: number; reviewLink: string | null };

/** The rules that need the database: the business's own filter, its review link, a free name. */
async function checkContent(db: Db, business: Business, campaign: CampaignContent, exceptId?: number) {
  if (!(await contactFilterOfBusiness(db, business.id, campaign.contactFilterId))) {
    throw badRequest(campaignMessages.filterNotInBusiness, { contactFilterId: campaignMessages.filterNotInBusiness });
  }
  if (!business.reviewLink) {
    const field = usesTemplateVariable(campaign.messageBody, 'reviewLink')
      ? 'messageBody'
      : usesTemplateVariable(campaign.subject, 'reviewLink')
        ? 'subject'
        : undefined;
    if (field) throw badRequest(campaignMessages.reviewLinkMissing, { [field]: campaignMessages.reviewLinkMissing });
  }
  if (await campaignNameTaken(db, business.id, campaign.name, exceptId)) throw conflict(campaignMessages.duplicateName);
}

type IdParams = { Params: { id: string } };

export default async function campaignRoutes(app: FastifyInstance, opts: { config: AppConfig }) {
  app.addHook('preHandler', app.authenticate);

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

  app.get('/campaign/get-sender', async (): Promise<CampaignSenders> => ({
    sms: opts.config.smsFrom,
    email: opts.config.mailFrom,
  }));

  app.get<{ Params: { businessId: string } }>('/campaign/get-campaigns/:businessId', async (request) => {
    const businessId = idParam(request.params.businessId);
    await ownedBusiness(app.db, request.user.id, businessId);
    return listCampaigns(app.db, businessId);
  });

  app.post('/campaign/create-new-campaign', async (request, reply) => {
    const campaign = validate(newCampaignSchema, request.body);
    const business = await ownedBusiness(app.db, request.user.id, campaign.businessId);
    await checkContent(app.db, business, campaign);
    return reply.status(201).send(await drive(await insertCampaign(app.db, campaign)));
  });

  app.post('/campaign/launch-new-campaign', async (request, reply) => {
    const campaign = validate(launchCampaignSchema, request.body);
    const business = await ownedBusiness(app.db, request.user.id, campaign.businessId);
    await checkContent(app.db, business, campaign);
    return reply.status(201).send(await drive(await insertLaunchedCampaign(app.db, campaign)));
  });

  app.put<IdParams>('/campaign/update-campaign/:id', async (request) => {
    const { campaign: current, business } = await ownedCampaign(app.db, request.user.id, idParam(request.params.id));
    const campaign = validate(updateCampaignSchema, request.body);
    await checkContent(app.db, business, campaign, current.id);
    return drive(await updateCampaign(app.db, current.id, campaign));
  });

  for (const action of ['start', 'pause', 'cancel'] as const) {
    app.put<IdParams>(`/campaign/${action}-campaign/:id`, async (request) => {
      const { campaign } = await ownedCampaign(app.db, request.user.id, idParam(request.params.id));
      return drive(await changeCampaignStatus(app.db, campaign.id, action));
    });
  }

  app.get<IdParams>('/campaign/get-campaign-details/:id', async (request): Promise<CampaignDetails> => {
    const { campaign } = await ownedCampaign(app.db, request.user.id, idParam(request.params.id));
    const query = validate(detailsQuerySchema, request.query);
    const [answer, details] = await Promise.all([getCampaign(app.db, campaign.id), deliveryDetails(app.db, campaign.id, query)]);
    return { campaign: answer!, channel: channelDetails(channelSetup(answer!.type, opts.config)), ...details };
  });

  app.put<IdParams>('/campaign/duplicate-campaign/:id', async (request, reply) => {
    const { campaign } = await ownedCampaign(app.db, request.user.id, idParam(request.params.id));
    return reply.status(201).send(await duplicateCampaign(app.db, campaign.id, campaign.businessId));
  });

  app.delete<IdParams>('/campaign/delete-campaign/:id', async (request) => {
    const { campaign } = await ownedCampaign(app.db, request.user.id, idParam(request.params.id));
    return deleteCampaign(app.db, campaign.id);
  });
}
