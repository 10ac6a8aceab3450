import type { StarboostResource } from './types';

export const contactsResource: StarboostResource = {
  name: 'contacts',
  list: '/contacts',
  meta: { label: 'Contacts', iconName: 'contacts', requiresBusiness: true },
};
