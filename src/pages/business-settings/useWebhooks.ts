import { useTable } from '@refinedev/antd';
import type { WebhookDelivery, WebhookEndpoint } from '#domain/webhooks';
import { useResourceAction, useResourceQuery } from '../../resources/useResourceAction';

/** While a delivery waits for its first try or a retry, the log is read again this often. */
const LOG_REFRESH_MS = 3000;

const hasPending = (data: unknown) => ((data as { data?: WebhookDelivery[] } | undefined)?.data ?? []).some((delivery) => delivery.state === 'pending');

/**
 * The business's webhook endpoints (Refine's useTable over the webhookEndpoints resource), their
 * delivery log, and the calls that change them (the Webhooks card).
 */
export function useWebhooks() {
  const endpoints = useTable<WebhookEndpoint>({ resource: 'webhookEndpoints', pagination: { mode: 'off' }, syncWithLocation: false });
  const deliveries = useResourceQuery('businessSettings', 'webhookDeliveries', {
    queryOptions: { refetchInterval: (query) => (hasPending(query.state.data) ? LOG_REFRESH_MS : false) },
  });
  const create = useResourceAction('businessSettings', 'createWebhookEndpoint');
  const remove = useResourceAction('businessSettings', 'deleteWebhookEndpoint');
  const sendTest = useResourceAction('businessSettings', 'sendTestWebhook');
  return { endpoints, deliveries, create, remove, sendTest };
}
