import { HomeOutlined } from '@ant-design/icons';
import type { StarboostResource } from './types';

export const dashboardResource: StarboostResource = {
  name: 'dashboard',
  list: '/dashboard',
  meta: { label: 'Dashboard', icon: <HomeOutlined /> },
};
