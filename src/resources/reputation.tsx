import { StarOutlined } from '@ant-design/icons';
import type { StarboostResource } from './types';

export const reputationResource: StarboostResource = {
  name: 'reputation',
  list: '/reputation',
  meta: { label: 'Reputation', icon: <StarOutlined />, requiresBusiness: true },
};
