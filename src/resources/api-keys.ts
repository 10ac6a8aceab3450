import type { ApiKey } from '#domain/api-keys';
import { defineResource, endpoint } from './define';

/**
 * The selected business's API keys, as the list Refine's useTable reads on the business settings
 * screen (its API keys card); no screen or menu item of its own. Creating and deleting a key are
 * actions of the business settings (src/resources/business-settings.ts).
 */
export const apiKeysResource = defineResource({
  name: 'apiKeys',
  meta: { label: 'API keys', hide: true, requiresBusiness: true },
  endpoints: {
    list: endpoint.get<ApiKey[]>('/business/get-api-keys/{businessId}'),
  },
});
