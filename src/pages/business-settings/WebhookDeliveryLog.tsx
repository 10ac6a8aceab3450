import { Flex, Table, Tag, Typography } from 'antd';
import { WEBHOOK_EVENT_LABELS, type WebhookDelivery } from '#domain/webhooks';
import { LoadError } from '../../components/ListStates';
import { ScrollsSideways } from '../../components/ScrollsSideways';
import { useBusinessTime, type BusinessTime } from '../../business/business-time';

const LOG_PAGE_SIZE = 10;

/** A delivery's state in words: waiting for its first try, being retried, delivered, or given up. */
function StateTag({ delivery, times }: { delivery: WebhookDelivery; times: BusinessTime }) {
  if (delivery.state === 'delivered') return <Tag color="success">Delivered</Tag>;
  if (delivery.state === 'failed') return <Tag color="error">Failed</Tag>;
  const next = delivery.nextAttemptAt ? ` ${times.short(delivery.nextAttemptAt)}` : '';
  return <Tag color="processing">{delivery.attempts === 0 ? 'Sending' : `Retrying${next}`}</Tag>;
}

type Props = { deliveries: WebhookDelivery[] | undefined; loading: boolean; error: { message?: string } | null; onRetry(): void };

/** The delivery log, newest first: which event went to which endpoint, how it went and when. */
export function WebhookDeliveryLog({ deliveries, loading, error, onRetry }: Props) {
  const times = useBusinessTime();
  if (error) return <LoadError what="delivery log" error={error} onRetry={onRetry} />;
  return (
    <ScrollsSideways label="Delivery log, scrolls sideways">
      <Table<WebhookDelivery>
        dataSource={deliveries}
        loading={loading}
        rowKey="id"
        size="small"
        pagination={{ pageSize: LOG_PAGE_SIZE, hideOnSinglePage: true }}
        locale={{ emptyText: <Typography.Text type="secondary">No events sent yet. Send a test event to check your receiver.</Typography.Text> }}
        columns={[
          {
            key: 'event',
            title: 'Event',
            render: (_, delivery) => (
              <Flex vertical>
                <span>{WEBHOOK_EVENT_LABELS[delivery.eventType]}</span>
                <Typography.Text type="secondary" className="webhook-url">
                  {delivery.endpointUrl}
                </Typography.Text>
              </Flex>
            ),
          },
          { key: 'state', title: 'State', width: 130, render: (_, delivery) => <StateTag delivery={delivery} times={times} /> },
          { key: 'attempts', title: 'Attempts', dataIndex: 'attempts', width: 90 },
          {
            key: 'answer',
            title: 'Last answer',
            render: (_, delivery) => (
              <Flex vertical>
                <span>{delivery.lastStatus ?? '—'}</span>
                {delivery.lastError && <Typography.Text type="secondary">{delivery.lastError}</Typography.Text>}
              </Flex>
            ),
          },
          { key: 'time', title: times.titled('Time'), width: 130, render: (_, delivery) => times.short(delivery.deliveredAt ?? delivery.createdAt) },
        ]}
      />
    </ScrollsSideways>
  );
}
