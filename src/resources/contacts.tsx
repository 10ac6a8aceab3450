import { TeamOutlined } from '@ant-design/icons';
import type { StarboostResource } from './types';

export const contactsResource: StarboostResource = {
  name: 'contacts',
  list: '/contacts',
  meta: { label: 'Contacts', icon: <TeamOutlined />, requiresBusiness: true },
};
