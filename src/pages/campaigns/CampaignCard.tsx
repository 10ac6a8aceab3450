import { MailOutlined, MessageOutlined, MoreOutlined } from '@ant-design/icons';
import { Button, Card, Dropdown, Flex, Progress, Tag, Typography, type MenuProps } from 'antd';
import { memo, useRef } from 'react';
import { Link } from 'react-router';
import { type Campaign } from '#domain/campaign-schemas';
import { CAMPAIGN_ACTION_NAMES, CAMPAIGN_TYPE_LABELS, campaignActionLabel, isActionAllowed, type CampaignAction } from '#domain/campaign-status';
import { useBusinessTime } from '../../business/business-time';
import { badgeColor, scheduleLine, statusBadge } from './campaign-view';
import { counted } from '#domain/words';

type Props = { campaign: Campaign; onAction(campaign: Campaign, action: CampaignAction, opener: HTMLElement | null): void };

/** '12 sent, 1 failed, 6 in the outbox (not delivered), of 19 recipients': the outbox only when used. */
export function progressLine({ recipients, sent, failed, outbox }: Campaign['counts']) {
  const parts = [`${sent} sent`, `${failed} failed`, ...(outbox > 0 ? [`${outbox} in the outbox (not delivered)`] : [])];
  return `${parts.join(', ')}, of ${recipients} recipients`;
}

/** One campaign: name, schedule, type and status badges, recipients filter, progress and its actions. */
export const CampaignCard = memo(function CampaignCard({ campaign, onAction }: Props) {
  const badge = statusBadge(campaign);
  const times = useBusinessTime();
  const { recipients, sent, failed, outbox } = campaign.counts;
  // Focus goes back to this card's menu button once the action's dialog has closed.
  const actionsButton = useRef<HTMLButtonElement>(null);
  const items: MenuProps['items'] = CAMPAIGN_ACTION_NAMES.map((action) => ({
    key: action,
    label: campaignActionLabel(action, campaign.status),
    disabled: !isActionAllowed(action, campaign.status),
    danger: action === 'delete',
  }));

  return (
    <Card size="small" data-testid="campaign-card" data-campaign-name={campaign.name}>
      {/* On a phone the actions go below the text rather than squeeze it into a narrow column. */}
      <Flex justify="space-between" align="start" gap={12} wrap>
        <Flex vertical gap={4} style={{ minWidth: 0, flex: '1 1 240px' }} data-testid="campaign-card-text">
          <Typography.Text strong style={{ fontSize: 16 }} ellipsis>
            {campaign.name}
          </Typography.Text>
          <Typography.Text type="secondary">{scheduleLine(campaign, times)}</Typography.Text>
          <Flex gap={6} wrap>
            <Tag icon={campaign.type === 'EMAIL' ? <MailOutlined /> : <MessageOutlined />}>{CAMPAIGN_TYPE_LABELS[campaign.type]}</Tag>
            <Tag color={badgeColor(badge.status)} data-testid="status-badge">
              {badge.label}
            </Tag>
          </Flex>
          <Typography.Text type="secondary">Recipients: {campaign.contactFilterName}</Typography.Text>
          {campaign.reminderDueAt ? (
            <Typography.Text type="secondary" data-testid="reminder-line">
              Reminder due {times.dateTime(campaign.reminderDueAt)}, to those who have not opened the review page
            </Typography.Text>
          ) : (
            campaign.followUp && (
              <Typography.Text type="secondary" data-testid="reminder-line">
                Reminder after {counted(campaign.followUp.afterDays, 'day')} to those who have not opened the review page
              </Typography.Text>
            )
          )}
          {campaign.failureReason && <Typography.Text type="danger">{campaign.failureReason}</Typography.Text>}
          {campaign.waitingFor && <Typography.Text type="warning">{campaign.waitingFor}</Typography.Text>}
        </Flex>
        <Flex vertical align="end" gap={8}>
          {/* autoFocus: opened from the keyboard, the arrow keys move through the actions. */}
          <Dropdown autoFocus trigger={['click']} menu={{ items, onClick: ({ key }) => onAction(campaign, key as CampaignAction, actionsButton.current) }}>
            <Button ref={actionsButton} icon={<MoreOutlined />} aria-label={`Campaign actions for ${campaign.name}`}>
              Campaign actions
            </Button>
          </Dropdown>
          <Link to={`/campaigns/${campaign.id}`}>View details</Link>
        </Flex>
      </Flex>
      {recipients > 0 && (
        <Flex vertical style={{ marginTop: 8 }}>
          {/* Done = sent, failed or stored in the outbox; only sent ones count as success (green). */}
          <Progress
            percent={Math.round(((sent + failed + outbox) / recipients) * 100)}
            success={{ percent: Math.round((sent / recipients) * 100) }}
            size="small"
            status={campaign.status === 'IN_PROGRESS' ? 'active' : 'normal'}
            aria-label={`Progress of ${campaign.name}`}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="campaign-progress">
            {progressLine(campaign.counts)}
          </Typography.Text>
        </Flex>
      )}
    </Card>
  );
});
