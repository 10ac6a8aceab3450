import type { Contact } from '#domain/contacts';
import type { ContactFilter, CountMatchingContactsPayload, NewContactFilterPayload } from '#domain/filters';
import { defineResource, endpoint } from './define';

/** How many contacts a filter matches, and one of them to preview a message with. */
type MatchingContacts = { count: number; sample: Contact | null };

/** Recipient segments; created from the campaign wizard, so no screen of their own. */
export const contactFiltersResource = defineResource({
  name: 'contactFilters',
  meta: { label: 'Contact filters', hide: true, requiresBusiness: true },
  endpoints: {
    list: endpoint.get<ContactFilter[]>('/contact-filter/get-contact-filters/{businessId}'),
    create: endpoint.post<NewContactFilterPayload, ContactFilter>('/contact-filter/create-contact-filter-with-items'),
    actions: {
      countMatching: endpoint.post<CountMatchingContactsPayload, MatchingContacts>('/contact-filter/count-matching-contacts'),
    },
  },
});
