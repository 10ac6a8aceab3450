import { Card, Descriptions, Flex } from 'antd';
import { INTERVAL_OPTIONS, type Campaign } from '#domain/campaign-schemas';
import type { CampaignDetails } from '#domain/delivery';
import { counted } from '#domain/words';
import type { BusinessTime } from '../../../business/business-time';
import { scheduleLine } from '../campaign-view';

type Props = { campaign: Campaign; reminders: CampaignDetails['reminders']; times: BusinessTime };

/** How the campaign was set up: recipients, schedule, pacing, subject, message and its reminder's progress. */
export function CampaignSetupCard({ campaign, reminders, times }: Props) {
  return (
    <Card title="Setup" size="small">
      <Descriptions column={1} size="small">
        <Descriptions.Item label="Recipients">{campaign.contactFilterName}</Descriptions.Item>
        <Descriptions.Item label="Schedule">{scheduleLine(campaign, times)}</Descriptions.Item>
        <Descriptions.Item label="Pacing">
          {campaign.sendAllAtOnce
            ? 'All at once'
            : `${campaign.intervalSize} recipients every ${campaign.interval} minute${campaign.interval === INTERVAL_OPTIONS[0] ? '' : 's'}`}
        </Descriptions.Item>
        {campaign.subject && <Descriptions.Item label="Subject">{campaign.subject}</Descriptions.Item>}
        <Descriptions.Item label="Message">
          <span style={{ whiteSpace: 'pre-wrap' }}>{campaign.messageBody}</span>
        </Descriptions.Item>
        {campaign.followUp && (
          <Descriptions.Item label="Reminder">
            <Flex vertical gap={4} data-testid="details-reminder">
              <span>
                After {counted(campaign.followUp.afterDays, 'day')}, to those who have not opened the
                review page: {reminders.sent} of {reminders.recipients} sent
              </span>
              <span style={{ whiteSpace: 'pre-wrap' }}>{campaign.followUp.messageBody}</span>
            </Flex>
          </Descriptions.Item>
        )}
      </Descriptions>
    </Card>
  );
}
