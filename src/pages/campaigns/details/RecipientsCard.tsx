import { Card, Flex, Select, Table, Typography } from 'antd';
import type { CampaignType } from '#domain/campaign-status';
import { DELIVERY_STATES, type CampaignDetails, type DeliveryState, type RecipientDelivery } from '#domain/delivery';
import type { BusinessTime } from '../../../business/business-time';
import { searchableSelect } from '../../../components/forms/searchable-select';
import { deliveryStateTag } from './delivery-state-tag';
import { recipientColumns } from './recipient-columns';
import { PAGE_SIZE } from './useCampaignDetails';

/** An outbox recipient's message as it was rendered for them, while it is kept. */
function DeliveryMessage({ delivery }: { delivery: RecipientDelivery }) {
  return (
    <Flex vertical gap={4}>
      {delivery.message?.subject && <Typography.Text strong>{delivery.message.subject}</Typography.Text>}
      {delivery.message?.body ? (
        <span style={{ whiteSpace: 'pre-wrap' }}>{delivery.message.body}</span>
      ) : (
        // Emptied after DELIVERY_TEXT_RETENTION_DAYS, or when the contact was erased.
        <Typography.Text type="secondary">The text of this message is no longer kept.</Typography.Text>
      )}
    </Flex>
  );
}

type Props = {
  recipients: CampaignDetails['recipients'];
  type: CampaignType;
  region: string | null;
  times: BusinessTime;
  /** The delivery state listed; undefined: all. */
  state: DeliveryState | undefined;
  onState(state: DeliveryState | undefined): void;
  page: number;
  onPage(page: number): void;
  /** Another page or state is being fetched. */
  loading: boolean;
};

/** Every recipient, a page at a time, optionally only those in one delivery state. */
export function RecipientsCard({ recipients, type, region, times, state, onState, page, onPage, loading }: Props) {
  return (
    <Card
      title="Recipients"
      size="small"
      extra={
        <Select
          {...searchableSelect}
          allowClear
          placeholder="All states"
          aria-label="Delivery state"
          style={{ width: 220 }}
          value={state}
          onChange={onState}
          options={DELIVERY_STATES.map((name) => ({ value: name, label: deliveryStateTag(name).label }))}
        />
      }
    >
      <Table<RecipientDelivery>
        size="small"
        rowKey="id"
        // On a phone the table scrolls inside its card instead of widening the page.
        scroll={{ x: 'max-content' }}
        dataSource={recipients.items}
        loading={loading}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: recipients.total, showSizeChanger: false, onChange: onPage }}
        expandable={{
          rowExpandable: (delivery) => Boolean(delivery.message),
          expandedRowRender: (delivery) => <DeliveryMessage delivery={delivery} />,
        }}
        columns={recipientColumns(type, region, times)}
      />
    </Card>
  );
}
