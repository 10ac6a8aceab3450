import type { ReputationSummary } from '#domain/reviews';
import { defineResource, endpoint } from './define';

export const reputationResource = defineResource({
  name: 'reputation',
  list: '/reputation',
  meta: { label: 'Reputation', iconName: 'reputation', requiresBusiness: true },
  endpoints: {
    actions: {
      summary: endpoint.get<ReputationSummary>('/reputation/get-summary/{businessId}'),
    },
  },
});
