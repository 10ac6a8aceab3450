import type { Contact } from '#domain/contacts';
import type { ContactFilter, ContactFilterCount, CountMatchingContactsPayload, NewContactFilterPayload, UpdateContactFilterPayload } from '#domain/filters';
import { defineResource, endpoint } from './define';

/** How many contacts a filter matches, and one of them to preview a message with. */
type MatchingContacts = { count: number; sample: Contact | null };

/** Recipient segments: listed, edited and deleted on the Filters screen; also created from the campaign wizard. */
export const contactFiltersResource = defineResource({
  name: 'contactFilters',
  list: '/filters',
  meta: { label: 'Filters', iconName: 'filters', requiresBusiness: true },
  endpoints: {
    list: endpoint.get<ContactFilter[]>('/contact-filter/get-contact-filters/{businessId}'),
    create: endpoint.post<NewContactFilterPayload, ContactFilter>('/contact-filter/create-contact-filter-with-items'),
    update: endpoint.put<UpdateContactFilterPayload, ContactFilter>('/contact-filter/update-contact-filter/{id}'),
    deleteOne: endpoint.delete<undefined, ContactFilter>('/contact-filter/delete-contact-filter/{id}'),
    actions: {
      countMatching: endpoint.post<CountMatchingContactsPayload, MatchingContacts>('/contact-filter/count-matching-contacts'),
      counts: endpoint.get<ContactFilterCount[]>('/contact-filter/get-contact-filter-counts/{businessId}'),
    },
  },
});
