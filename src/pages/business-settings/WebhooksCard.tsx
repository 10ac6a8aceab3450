import { DeleteOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Card, Flex, List, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { WEBHOOK_ENDPOINTS_MAX, WEBHOOK_EVENT_LABELS, type WebhookEndpoint } from '#domain/webhooks';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadError } from '../../components/ListStates';
import { AddWebhookEndpointModal } from './AddWebhookEndpointModal';
import { SigningSecret } from './SigningSecret';
import { useWebhooks } from './useWebhooks';
import { WebhookDeliveryLog } from './WebhookDeliveryLog';

const DELETED = { message: 'Webhook endpoint deleted', description: 'Nothing more is sent to it.' };
const TEST_QUEUED = { message: 'Test event sent', description: 'Its delivery shows in the log below in a moment.' };

/**
 * Outbound webhooks: the addresses of the owner's own systems that receive the business's events
 * (signed, retried), each with its signing secret, a test event and deletion, and the delivery log.
 */
export function WebhooksCard() {
  const { endpoints, deliveries, remove, sendTest } = useWebhooks();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // The Delete button that opened the dialog gets focus back, unless its endpoint is gone.
  const deleteOpener = useRef<HTMLElement | null>(null);
  const list = endpoints.data?.data;
  const full = (list?.length ?? 0) >= WEBHOOK_ENDPOINTS_MAX;

  const refresh = () => Promise.all([endpoints.refetch(), deliveries.refetch()]);
  const test = (endpoint: WebhookEndpoint) =>
    sendTest.mutate({ id: endpoint.id, successNotification: () => ({ type: 'success', ...TEST_QUEUED }) }, { onSuccess: () => void deliveries.refetch() });
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { id: deleting.id, successNotification: () => ({ type: 'success', ...DELETED }) },
      {
        onSuccess: () => {
          setDeleting(null);
          void refresh();
        },
      },
    );
  };

  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Webhooks
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Your own systems hear about it at once when a customer rates their visit, clicks a review site or sends private feedback, and when a contact
        unsubscribes: each event is posted to your endpoints as JSON, signed with the endpoint&apos;s secret as Standard Webhooks says, and tried again
        for about a day if your system does not answer.
      </Typography.Paragraph>
      {endpoints.isError ? (
        <LoadError what="webhook endpoints" error={endpoints.error} onRetry={() => void endpoints.refetch()} />
      ) : (
        <List<WebhookEndpoint>
          loading={endpoints.isLoading}
          dataSource={list}
          itemLayout="vertical"
          locale={{ emptyText: <Typography.Text type="secondary">No webhook endpoints yet.</Typography.Text> }}
          renderItem={(endpoint) => (
            <EndpointItem
              endpoint={endpoint}
              onTest={() => test(endpoint)}
              onDelete={(opener) => {
                deleteOpener.current = opener;
                setDeleting(endpoint);
              }}
            />
          )}
        />
      )}
      <Flex vertical align="start" gap={4}>
        <Button ref={addButton} icon={<PlusOutlined />} disabled={!list || full} onClick={() => setAdding(true)}>
          Add endpoint
        </Button>
        {full && <Typography.Text type="secondary">A business has at most {WEBHOOK_ENDPOINTS_MAX} webhook endpoints.</Typography.Text>}
      </Flex>
      <Typography.Title level={4}>Delivery log</Typography.Title>
      <WebhookDeliveryLog
        deliveries={deliveries.data?.data}
        loading={deliveries.isLoading}
        error={deliveries.isError ? deliveries.error : null}
        onRetry={() => void deliveries.refetch()}
      />
      <AddWebhookEndpointModal open={adding} onClose={() => setAdding(false)} onAdded={() => void refresh()} />
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete webhook endpoint"
        confirmText="Delete endpoint"
        danger
        confirming={remove.mutation.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
        returnFocusTo={() => (deleteOpener.current?.isConnected ? deleteOpener.current : addButton.current)}
      >
        Nothing more will be sent to <span className="webhook-url">{deleting?.url}</span>, and its deliveries leave the log.
      </ConfirmDialog>
    </Card>
  );
}

/** One endpoint: its address, events and signing secret, with its test and delete buttons. */
function EndpointItem({ endpoint, onTest, onDelete }: { endpoint: WebhookEndpoint; onTest(): void; onDelete(opener: HTMLElement): void }) {
  return (
    <List.Item
      data-testid="webhook-endpoint"
      actions={[
        <Button key="test" icon={<SendOutlined />} aria-label={`Send test event to ${endpoint.url}`} onClick={onTest}>
          Send test event
        </Button>,
        <Button key="delete" icon={<DeleteOutlined />} danger aria-label={`Delete ${endpoint.url}`} onClick={(event) => onDelete(event.currentTarget)}>
          Delete
        </Button>,
      ]}
    >
      <Flex vertical gap={4}>
        <Typography.Text strong className="webhook-url">
          {endpoint.url}
        </Typography.Text>
        <Flex wrap gap={4} aria-label="Events">
          {endpoint.events.map((type) => (
            <Tag key={type}>{WEBHOOK_EVENT_LABELS[type]}</Tag>
          ))}
        </Flex>
        <SigningSecret secret={endpoint.secret} url={endpoint.url} />
      </Flex>
    </List.Item>
  );
}
