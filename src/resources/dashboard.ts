import { defineResource } from './define';

export const dashboardResource = defineResource({
  name: 'dashboard',
  list: '/dashboard',
  meta: { label: 'Dashboard', iconName: 'dashboard' },
});
