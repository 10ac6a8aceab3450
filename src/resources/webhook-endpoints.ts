import type { WebhookEndpoint } from '#domain/webhooks';
import { defineResource, endpoint } from './define';

/**
 * The selected business's outbound webhook endpoints, as the list Refine's useTable reads on the
 * business settings screen (its Webhooks card); no screen or menu item of its own. Adding,
 * testing and deleting one, and the delivery log, are actions of the business settings
 * (src/resources/business-settings.ts).
 */
export const webhookEndpointsResource = defineResource({
  name: 'webhookEndpoints',
  meta: { label: 'Webhook endpoints', hide: true, requiresBusiness: true },
  endpoints: {
    list: endpoint.get<WebhookEndpoint[]>('/business/get-webhook-endpoints/{businessId}'),
  },
});
