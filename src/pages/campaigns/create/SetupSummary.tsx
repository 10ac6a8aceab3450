import { Alert, Descriptions } from 'antd';
import type { CampaignSenders, DeliveryChannel } from '#domain/campaign-schemas';
import { CAMPAIGN_TYPE_LABELS, type CampaignType } from '#domain/campaign-status';
import { senderItems } from './SenderLine';

type Props = { name: string; type: CampaignType; senders: CampaignSenders | null; channel: DeliveryChannel | undefined };

/** What steps 1 and 2 chose, who it is sent from, and a warning when this type's channel does not deliver. */
export function SetupSummary({ name, type, senders, channel }: Props) {
  return (
    <>
      <Descriptions
        size="small"
        column={1}
        bordered
        style={{ marginBottom: 16 }}
        data-testid="campaign-summary-line"
        items={[
          { key: 'name', label: 'Name', children: name },
          { key: 'type', label: 'Type', children: CAMPAIGN_TYPE_LABELS[type] },
          ...senderItems(type, senders),
        ]}
      />
      {channel && !channel.delivers && (
        <Alert type="warning" showIcon className="setup-channel-note" message={channel.note} data-testid="channel-note" />
      )}
    </>
  );
}
