import type { Business, BusinessFormValues } from '#domain/businesses';
import { defineResource, endpoint, lazyPage, type ResourcePages } from './define';

export type { Business };

const pages: ResourcePages = { create: lazyPage(() => import('../pages/add-new-business/AddNewBusinessPage')) };

export const businessesResource = defineResource({
  name: 'businesses',
  create: '/add-new-business',
  meta: { label: 'Businesses', hide: true },
  pages,
  endpoints: {
    list: endpoint.get<Business[]>('/business/get-current-users-businesses'),
    create: endpoint.post<BusinessFormValues, Business>('/business/create-new-business'),
  },
});
