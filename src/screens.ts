import type { ResourceName } from './resources';
import { lazyPage, type ResourcePages, type StarboostResource } from './resources/define';

/**
 * The screen of each resource's routes (list, create, show...), each its own chunk loaded on its
 * first visit. Apart from the resource files: the screens use hooks typed by the resource list
 * (useResourceAction), so the list importing them would be an import circle.
 */
export const resourceScreens: Record<ResourceName, ResourcePages> = {
  dashboard: { list: lazyPage(() => import('./pages/dashboard/DashboardPage')) },
  contacts: { list: lazyPage(() => import('./pages/contacts/ContactsPage')) },
  contactFilters: { list: lazyPage(() => import('./pages/filters/FiltersPage')) },
  campaigns: {
    list: lazyPage(() => import('./pages/campaigns/CampaignsPage')),
    // The wizard also edits: /campaigns/create-new-campaign?edit={id}.
    create: lazyPage(() => import('./pages/campaigns/create/CreateCampaignPage')),
    show: lazyPage(() => import('./pages/campaigns/details/CampaignDetailsPage')),
  },
  automations: { list: lazyPage(() => import('./pages/automations/AutomationPage')) },
  reputation: { list: lazyPage(() => import('./pages/reputation/ReputationPage')) },
  businesses: { create: lazyPage(() => import('./pages/add-new-business/AddNewBusinessPage')) },
  businessSettings: { list: lazyPage(() => import('./pages/business-settings/BusinessSettingsPage')) },
  checkInPoster: { list: lazyPage(() => import('./pages/check-in-poster/CheckInPosterPage')) },
  // Read on the business settings screen.
  apiKeys: {},
  webhookEndpoints: {},
};

/** The screens of a resource from the list: a record's its own, the others' above. */
export const screensOf = (resource: StarboostResource): ResourcePages => resource.pages ?? resourceScreens[resource.name as ResourceName];
