import type { StarboostResource } from './types';

export const campaignsResource: StarboostResource = {
  name: 'campaigns',
  list: '/campaigns',
  create: '/campaigns/create-new-campaign',
  meta: { label: 'Campaigns', iconName: 'campaigns', requiresBusiness: true },
};
