import type {
  Campaign,
  CampaignNameCheck,
  CampaignNameCheckPayload,
  CampaignSenders,
  LaunchCampaignPayload,
  NewCampaignPayload,
  UpdateCampaignPayload,
} from '#domain/campaign-schemas';
import type { CampaignDetails } from '#domain/delivery';
import { defineResource, endpoint } from './define';

export const campaignsResource = defineResource({
  name: 'campaigns',
  list: '/campaigns',
  create: '/campaigns/create-new-campaign',
  show: '/campaigns/:id',
  meta: { label: 'Campaigns', iconName: 'campaigns', requiresBusiness: true },
  endpoints: {
    list: endpoint.get<Campaign[]>('/campaign/get-campaigns/{businessId}'),
    getOne: endpoint.get<Campaign>('/campaign/get-campaign/{id}'),
    create: endpoint.post<NewCampaignPayload, Campaign>('/campaign/create-new-campaign'),
    update: endpoint.put<UpdateCampaignPayload, Campaign>('/campaign/update-campaign/{id}'),
    deleteOne: endpoint.delete<undefined, Campaign>('/campaign/delete-campaign/{id}'),
    actions: {
      launch: endpoint.post<LaunchCampaignPayload, Campaign>('/campaign/launch-new-campaign'),
      start: endpoint.put<undefined, Campaign>('/campaign/start-campaign/{id}'),
      pause: endpoint.put<undefined, Campaign>('/campaign/pause-campaign/{id}'),
      cancel: endpoint.put<undefined, Campaign>('/campaign/cancel-campaign/{id}'),
      duplicate: endpoint.put<undefined, Campaign>('/campaign/duplicate-campaign/{id}'),
      senders: endpoint.get<CampaignSenders>('/campaign/get-sender/{businessId}'),
      checkName: endpoint.post<CampaignNameCheckPayload, CampaignNameCheck>('/campaign/check-campaign-name'),
      details: endpoint.get<CampaignDetails>('/campaign/get-campaign-details/{id}'),
    },
  },
});
