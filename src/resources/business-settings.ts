import type { Business, BusinessFormValues } from '#domain/businesses';
import { defineResource, endpoint, lazyPage, type ResourcePages } from './define';

const pages: ResourcePages = { list: lazyPage(() => import('../pages/business-settings/BusinessSettingsPage')) };

/** The selected business's settings: its fields, review sites and contact cap (reached from the switcher and the user menu). */
export const businessSettingsResource = defineResource({
  name: 'businessSettings',
  list: '/business-settings',
  meta: { label: 'Business settings', hide: true, requiresBusiness: true },
  pages,
  endpoints: {
    actions: {
      update: endpoint.put<BusinessFormValues, Business>('/business/update-business/{businessId}'),
    },
  },
});
