import { defineResource, lazyPage, type ResourcePages } from './define';

const pages: ResourcePages = { list: lazyPage(() => import('../pages/dashboard/DashboardPage')) };

export const dashboardResource = defineResource({
  name: 'dashboard',
  list: '/dashboard',
  meta: { label: 'Dashboard', iconName: 'dashboard' },
  pages,
});
