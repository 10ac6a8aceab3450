import { DeleteOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Table, Tag, Typography } from 'antd';
import { useRef, useState, type Ref } from 'react';
import { WEBHOOK_ENDPOINTS_MAX, WEBHOOK_EVENT_LABELS, type WebhookEndpoint } from '#domain/webhooks';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadError } from '../../components/ListStates';
import { AddWebhookEndpointModal } from './AddWebhookEndpointModal';
import { SigningSecret } from './SigningSecret';
import { useWebhooks } from './useWebhooks';
import { WebhookDeliveryLog } from './WebhookDeliveryLog';

const DELETED = { message: 'Webhook endpoint deleted', description: 'Nothing more is sent to it.' };
const TEST_QUEUED = { message: 'Test event sent', description: 'Its delivery shows in the log below in a moment.' };

type Webhooks = ReturnType<typeof useWebhooks>;
/** Asks to delete an endpoint; `opener` is the button that asked, which gets focus back. */
type OnDelete = (endpoint: WebhookEndpoint, opener: HTMLElement) => void;

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

  const refresh = () => Promise.all([endpoints.tableQuery.refetch(), deliveries.refetch()]);
  const test = (endpoint: WebhookEndpoint) =>
    sendTest.mutate({ id: endpoint.id, successNotification: () => ({ type: 'success', ...TEST_QUEUED }) }, { onSuccess: () => void deliveries.refetch() });
  const askToDelete: OnDelete = (endpoint, opener) => {
    deleteOpener.current = opener;
    setDeleting(endpoint);
  };

  return (
    <Card>
      <WebhooksIntro />
      <EndpointsTable endpoints={endpoints} onTest={test} onDelete={askToDelete} />
      <AddEndpointButton ref={addButton} endpoints={endpoints.tableQuery.data?.data} onClick={() => setAdding(true)} />
      <Typography.Title level={4}>Delivery log</Typography.Title>
      <WebhookDeliveryLog
        deliveries={deliveries.data?.data}
        loading={deliveries.isLoading}
        error={deliveries.isError ? deliveries.error : null}
        onRetry={() => void deliveries.refetch()}
      />
      <AddWebhookEndpointModal open={adding} onClose={() => setAdding(false)} onAdded={() => void refresh()} />
      <DeleteEndpointDialog
        endpoint={deleting}
        remove={remove}
        onClose={() => setDeleting(null)}
        onDeleted={() => void refresh()}
        returnFocusTo={() => (deleteOpener.current?.isConnected ? deleteOpener.current : addButton.current)}
      />
    </Card>
  );
}

/** The card's title and what webhooks do. */
function WebhooksIntro() {
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Webhooks
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Your own systems hear about it at once when a customer rates their visit, clicks a review site or sends private feedback, and when a contact
        unsubscribes: each event is posted to your endpoints as JSON, signed with the endpoint&apos;s secret as Standard Webhooks says, and tried again
        for about a day if your system does not answer.
      </Typography.Paragraph>
    </>
  );
}

/** The endpoints, read by Refine's useTable (useWebhooks), or why they could not be read. */
function EndpointsTable({ endpoints, onTest, onDelete }: { endpoints: Webhooks['endpoints']; onTest(endpoint: WebhookEndpoint): void; onDelete: OnDelete }) {
  const { tableProps, tableQuery } = endpoints;
  if (tableQuery.isError) return <LoadError what="webhook endpoints" error={tableQuery.error} onRetry={() => void tableQuery.refetch()} />;
  return (
    <Table<WebhookEndpoint>
      {...tableProps}
      rowKey="id"
      showHeader={false}
      scroll={undefined}
      locale={{ emptyText: <Typography.Text type="secondary">No webhook endpoints yet.</Typography.Text> }}
      columns={[
        {
          key: 'endpoint',
          title: 'Endpoint',
          render: (_, endpoint) => <EndpointItem endpoint={endpoint} onTest={() => onTest(endpoint)} onDelete={(opener) => onDelete(endpoint, opener)} />,
        },
      ]}
    />
  );
}

/** One endpoint: its address, events and signing secret, with its test and delete buttons below. */
function EndpointItem({ endpoint, onTest, onDelete }: { endpoint: WebhookEndpoint; onTest(): void; onDelete(opener: HTMLElement): void }) {
  return (
    <Flex vertical gap={12} data-testid="webhook-endpoint">
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
      <Flex wrap gap={8}>
        <Button icon={<SendOutlined />} aria-label={`Send test event to ${endpoint.url}`} onClick={onTest}>
          Send test event
        </Button>
        <Button icon={<DeleteOutlined />} danger aria-label={`Delete ${endpoint.url}`} onClick={(event) => onDelete(event.currentTarget)}>
          Delete
        </Button>
      </Flex>
    </Flex>
  );
}

/** Add endpoint, once the list is read and until the business has as many as it may. */
function AddEndpointButton({ ref, endpoints, onClick }: { ref: Ref<HTMLButtonElement>; endpoints: WebhookEndpoint[] | undefined; onClick(): void }) {
  const full = (endpoints?.length ?? 0) >= WEBHOOK_ENDPOINTS_MAX;
  return (
    <Flex vertical align="start" gap={4}>
      <Button ref={ref} icon={<PlusOutlined />} disabled={!endpoints || full} onClick={onClick}>
        Add endpoint
      </Button>
      {full && <Typography.Text type="secondary">A business has at most {WEBHOOK_ENDPOINTS_MAX} webhook endpoints.</Typography.Text>}
    </Flex>
  );
}

type DeleteProps = { endpoint: WebhookEndpoint | null; remove: Webhooks['remove']; onClose(): void; onDeleted(): void; returnFocusTo(): HTMLElement | null };

/** Deleting the endpoint asked about, once confirmed; it closes when the endpoint is gone. */
function DeleteEndpointDialog({ endpoint, remove, onClose, onDeleted, returnFocusTo }: DeleteProps) {
  const confirm = () => {
    if (!endpoint) return;
    remove.mutate(
      { id: endpoint.id, successNotification: () => ({ type: 'success', ...DELETED }) },
      {
        onSuccess: () => {
          onClose();
          onDeleted();
        },
      },
    );
  };
  return (
    <ConfirmDialog
      open={Boolean(endpoint)}
      title="Delete webhook endpoint"
      confirmText="Delete endpoint"
      danger
      confirming={remove.mutation.isPending}
      onConfirm={confirm}
      onCancel={onClose}
      returnFocusTo={returnFocusTo}
    >
      Nothing more will be sent to <span className="webhook-url">{endpoint?.url}</span>, and its deliveries leave the log.
    </ConfirmDialog>
  );
}
