import type { Business, BusinessFormValues, FirstSteps } from '#domain/businesses';
import { defineResource, endpoint } from './define';

export type { Business };

export const businessesResource = defineResource({
  name: 'businesses',
  create: '/add-new-business',
  meta: { label: 'Businesses', hide: true },
  endpoints: {
    list: endpoint.get<Business[]>('/business/get-current-users-businesses'),
    create: endpoint.post<BusinessFormValues, Business>('/business/create-new-business'),
    actions: {
      firstSteps: endpoint.get<FirstSteps>('/business/get-first-steps/{id}'),
    },
  },
});
