import type { ReputationSummary } from '#domain/reviews';
import { defineResource, endpoint, lazyPage, type ResourcePages } from './define';

const pages: ResourcePages = { list: lazyPage(() => import('../pages/reputation/ReputationPage')) };

export const reputationResource = defineResource({
  name: 'reputation',
  list: '/reputation',
  meta: { label: 'Reputation', iconName: 'reputation', requiresBusiness: true },
  pages,
  endpoints: {
    actions: {
      summary: endpoint.get<ReputationSummary>('/reputation/get-summary/{businessId}'),
    },
  },
});
