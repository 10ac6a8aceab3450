import type { StarboostResource } from './types';

export type Business = {
  id: number;
  name: string;
  streetName: string;
  streetNumber: string;
  country: string;
  city: string;
  postalCode: string;
  reviewLink: string | null;
};

export const businessesResource: StarboostResource = {
  name: 'businesses',
  create: '/add-new-business',
  meta: { label: 'Businesses', hide: true },
};
