import type { StarboostResource } from './types';

export const reputationResource: StarboostResource = {
  name: 'reputation',
  list: '/reputation',
  meta: { label: 'Reputation', iconName: 'reputation', requiresBusiness: true },
};
