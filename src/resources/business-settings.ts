import type { NewApiKey, NewApiKeyPayload } from '#domain/api-keys';
import type { Business, BusinessFormValues } from '#domain/businesses';
import type { Connector, ConnectorPayload } from '#domain/connectors';
import type { CheckInPageLink } from '#domain/check-in-page';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointPayload } from '#domain/webhooks';
import { defineResource, endpoint } from './define';

/** The selected business's settings: its fields, review sites and contact cap (reached from the switcher and the user menu). */
export const businessSettingsResource = defineResource({
  name: 'businessSettings',
  list: '/business-settings',
  meta: { label: 'Business settings', hide: true, requiresBusiness: true },
  endpoints: {
    actions: {
      update: endpoint.put<BusinessFormValues, Business>('/business/update-business/{businessId}'),
      // Connected systems: `{id}` is the provider (a business has one connection per provider).
      connectors: endpoint.get<Connector[]>('/business/get-connectors/{businessId}'),
      connect: endpoint.put<ConnectorPayload, { webhookUrl: string }>('/business/update-connector/{businessId}'),
      disconnect: endpoint.delete<undefined, undefined>('/business/delete-connector/{businessId}/{id}'),
      checkInPage: endpoint.get<CheckInPageLink>('/business/get-check-in-page/{businessId}'),
      // Outbound webhooks (the Webhooks card); the endpoints' list is the webhookEndpoints resource's.
      createWebhookEndpoint: endpoint.post<WebhookEndpointPayload, WebhookEndpoint>('/business/create-webhook-endpoint/{businessId}'),
      deleteWebhookEndpoint: endpoint.delete<undefined, undefined>('/business/delete-webhook-endpoint/{businessId}/{id}'),
      sendTestWebhook: endpoint.post<undefined, WebhookDelivery>('/business/send-test-webhook/{businessId}/{id}'),
      webhookDeliveries: endpoint.get<WebhookDelivery[]>('/business/get-webhook-deliveries/{businessId}'),
      // API keys (the API keys card); their list is the apiKeys resource's.
      createApiKey: endpoint.post<NewApiKeyPayload, NewApiKey>('/business/create-api-key/{businessId}'),
      deleteApiKey: endpoint.delete<undefined, undefined>('/business/delete-api-key/{businessId}/{id}'),
    },
  },
});
