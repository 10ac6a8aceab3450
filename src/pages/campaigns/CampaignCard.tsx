import { MailOutlined, MessageOutlined, MoreOutlined } from '@ant-design/icons';
import { Button, Card, Dropdown, Flex, Progress, Tag, Typography, theme, type MenuProps } from 'antd';
import { memo } from 'react';
import { Link } from 'react-router';
import { CAMPAIGN_ACTION_NAMES, CAMPAIGN_TYPE_LABELS, isActionAllowed, type Campaign, type CampaignAction } from '../../domain/campaigns';
import { BRAND_COLOR } from '../../theme';
import { badgeColor, scheduleLine, statusBadge } from './campaign-view';

const ACTION_LABELS: Record<CampaignAction, string> = {
  start: 'Start',
  pause: 'Pause',
  cancel: 'Cancel',
  duplicate: 'Duplicate',
  edit: 'Edit',
  delete: 'Delete',
};

type Props = { campaign: Campaign; onAction(campaign: Campaign, action: CampaignAction): void };

/** One campaign: name, schedule, type and status badges, recipients filter, progress and its actions. */
export const CampaignCard = memo(function CampaignCard({ campaign, onAction }: Props) {
  const { token } = theme.useToken();
  const badge = statusBadge(campaign);
  const { recipients, sent, failed } = campaign.counts;
  const items: MenuProps['items'] = CAMPAIGN_ACTION_NAMES.map((action) => ({
    key: action,
    label: ACTION_LABELS[action],
    disabled: !isActionAllowed(action, campaign.status),
    danger: action === 'delete',
  }));

  return (
    <Card size="small" data-testid="campaign-card" data-campaign-name={campaign.name}>
      <Flex justify="space-between" align="start" gap={12}>
        <Flex vertical gap={4} style={{ minWidth: 0 }}>
          <Typography.Text strong style={{ fontSize: 16 }} ellipsis>
            {campaign.name}
          </Typography.Text>
          <Typography.Text type="secondary">{scheduleLine(campaign)}</Typography.Text>
          <Flex gap={6} wrap>
            <Tag icon={campaign.type === 'EMAIL' ? <MailOutlined /> : <MessageOutlined />}>{CAMPAIGN_TYPE_LABELS[campaign.type]}</Tag>
            <Tag color={badgeColor(badge.status, { primary: token.colorPrimary, brand: BRAND_COLOR })} data-testid="status-badge">
              {badge.label}
            </Tag>
          </Flex>
          <Typography.Text type="secondary">Recipients: {campaign.contactFilterName}</Typography.Text>
          {campaign.failureReason && <Typography.Text type="danger">{campaign.failureReason}</Typography.Text>}
        </Flex>
        <Flex vertical align="end" gap={8}>
          <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => onAction(campaign, key as CampaignAction) }}>
            <Button icon={<MoreOutlined />} aria-label="Campaign actions">
              Campaign actions
            </Button>
          </Dropdown>
          <Link to={`/campaigns/${campaign.id}`}>View details</Link>
        </Flex>
      </Flex>
      {recipients > 0 && (
        <Flex vertical style={{ marginTop: 8 }}>
          <Progress
            percent={Math.round(((sent + failed) / recipients) * 100)}
            success={{ percent: Math.round((sent / recipients) * 100) }}
            size="small"
            status={campaign.status === 'IN_PROGRESS' ? 'active' : 'normal'}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {sent} sent, {failed} failed, of {recipients} recipients
          </Typography.Text>
        </Flex>
      )}
    </Card>
  );
});
