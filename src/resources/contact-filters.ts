import type { StarboostResource } from './types';

/** Recipient segments; created from the campaign wizard, so no screen of their own. */
export const contactFiltersResource: StarboostResource = {
  name: 'contactFilters',
  meta: { label: 'Contact filters', hide: true },
};
