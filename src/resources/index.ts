import { businessesResource } from './businesses';
import { campaignsResource } from './campaigns';
import { contactFiltersResource } from './contact-filters';
import { contactsResource } from './contacts';
import { dashboardResource } from './dashboard';
import { reputationResource } from './reputation';
import type { StarboostResource } from './types';

/** Declared once; the menu, the routes and the data provider read from this list. */
export const resources: StarboostResource[] = [
  dashboardResource,
  contactsResource,
  campaignsResource,
  reputationResource,
  businessesResource,
  contactFiltersResource,
];

/** The sidebar's navigation items, in the spec's order. */
export const navigationResources = resources.filter((resource) => !resource.meta.hide && resource.list);
