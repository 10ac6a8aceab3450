import type {
  Contact,
  ContactIdsPayload,
  ContactTagChange,
  ContactTagChangeResult,
  ContactUpdatePayload,
  ImportContactsPayload,
  ImportContactsResult,
  NewContactPayload,
} from '#domain/contacts';
import type { ContactHistory, Suppression } from '#domain/suppressions';
import { defineResource, endpoint } from './define';

export const contactsResource = defineResource({
  name: 'contacts',
  list: '/contacts',
  meta: { label: 'Contacts', iconName: 'contacts', requiresBusiness: true },
  endpoints: {
    // A refetch (after a write, on focus) asks only for what changed since the list the browser holds.
    list: endpoint.get<Contact[]>('/contact/get-contacts/{businessId}', {
      deltas: true,
      // 100,000 contacts are parsed and indexed for the search box off the main thread; the first page shows at once.
      listWorker: () => new Worker(new URL('../pages/contacts/contacts-list.worker.ts', import.meta.url), { type: 'module' }),
    }),
    create: endpoint.post<NewContactPayload, Contact>('/contact/create-new-contact'),
    deleteMany: endpoint.delete<ContactIdsPayload, { deleted: number }>('/contact/delete-contacts', { idsField: 'contactIds' }),
    actions: {
      checkIn: endpoint.patch<ContactIdsPayload, { checkedIn: number }>('/contact/check-in-contacts'),
      addTag: endpoint.put<ContactTagChange, ContactTagChangeResult>('/contact/add-tag/{businessId}'),
      removeTag: endpoint.put<ContactTagChange, ContactTagChangeResult>('/contact/remove-tag/{businessId}'),
      import: endpoint.post<ImportContactsPayload, ImportContactsResult>('/contact/import-contacts'),
      update: endpoint.put<ContactUpdatePayload, Contact>('/contact/update-contact/{id}'),
      history: endpoint.get<ContactHistory>('/contact/get-contact-history/{businessId}/{id}'),
      suppressions: endpoint.get<Suppression[]>('/suppression/get-suppressions/{businessId}'),
      liftSuppression: endpoint.delete<undefined, undefined>('/suppression/lift-suppression/{businessId}/{id}'),
    },
  },
});
