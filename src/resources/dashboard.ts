import { lazy } from 'react';
import { defineResource, type ResourcePages } from './define';

const pages: ResourcePages = { list: lazy(() => import('../pages/dashboard/DashboardPage')) };

export const dashboardResource = defineResource({
  name: 'dashboard',
  list: '/dashboard',
  meta: { label: 'Dashboard', iconName: 'dashboard' },
  pages,
});
