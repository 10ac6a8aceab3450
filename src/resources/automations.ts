import type { Automation, AutomationLogItem, AutomationSettingsPayload } from '#domain/automation';
import { defineResource, endpoint } from './define';

/**
 * The business's review automation: one record per business (its id is the business's), edited on
 * its page, and the log of visits it acted on as the list.
 */
export const automationsResource = defineResource({
  name: 'automations',
  list: '/automations',
  meta: { label: 'Automations', iconName: 'automations', requiresBusiness: true },
  endpoints: {
    list: endpoint.get<AutomationLogItem[]>('/automation/get-automation-log/{businessId}'),
    getOne: endpoint.get<Automation>('/automation/get-automation/{businessId}'),
    update: endpoint.put<AutomationSettingsPayload, Automation>('/automation/update-automation/{businessId}'),
  },
});
