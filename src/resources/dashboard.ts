import type { StarboostResource } from './types';

export const dashboardResource: StarboostResource = {
  name: 'dashboard',
  list: '/dashboard',
  meta: { label: 'Dashboard', iconName: 'dashboard' },
};
