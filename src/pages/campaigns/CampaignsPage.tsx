import { PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { Card, Col, Empty, Flex, Input, Row, Select, Statistic, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { CAMPAIGN_STATUS_FILTERS, CAMPAIGN_TYPE_LABELS, CAMPAIGN_TYPES } from '#domain/campaign-status';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LinkButton } from '../../components/LinkButton';
import { LoadError, LoadingState } from '../../components/ListStates';
import { CampaignCard } from './CampaignCard';
import { campaignSummary, matchesFilters, NO_FILTERS, type CampaignFilters } from './campaign-view';
import { useCampaignAction } from './useCampaignAction';
import { useBusinessTime } from '../../business/business-time';
import { useCampaignsOverview } from './useCampaignsOverview';
import { searchableSelect } from '../../components/forms/searchable-select';

const typeOptions = [
  { value: 'ALL', label: 'All types' },
  ...CAMPAIGN_TYPES.map((type) => ({ value: type, label: CAMPAIGN_TYPE_LABELS[type] })),
];
const statusOptions = [{ value: 'ALL', label: 'All statuses' }, ...CAMPAIGN_STATUS_FILTERS];

export default function CampaignsPage() {
  const times = useBusinessTime();
  const overview = useCampaignsOverview();
  const actions = useCampaignAction(() => void overview.refetch());
  const [filters, setFilters] = useState<CampaignFilters>(NO_FILTERS);
  const shown = useMemo(() => overview.campaigns.filter((campaign) => matchesFilters(campaign, filters)), [overview.campaigns, filters]);
  const summary = campaignSummary(overview.campaigns);

  const syncText = overview.syncing
    ? 'Syncing...'
    : overview.lastSynced
      ? `Synced at ${times.time(overview.lastSynced.toISOString())}`
      : 'Not synced yet';


  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Flex align="baseline" gap={12}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            Campaigns
          </Typography.Title>
          <Typography.Text type="secondary" data-testid="sync-indicator">
            <SyncOutlined spin={overview.syncing} /> {syncText}
          </Typography.Text>
        </Flex>
        <LinkButton to="/campaigns/create-new-campaign" type="primary" icon={<PlusOutlined />}>
          Create new campaign
        </LinkButton>
      </Flex>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={6}>
          <Card title="Summary" data-testid="campaign-summary">
            <Row gutter={[12, 12]}>
              <Col span={12}><Statistic title="Total" value={summary.total} /></Col>
              <Col span={12}><Statistic title="Active" value={summary.active} /></Col>
              <Col span={12}><Statistic title="Email" value={summary.email} /></Col>
              <Col span={12}><Statistic title="SMS" value={summary.sms} /></Col>
            </Row>
          </Card>
        </Col>
        <Col xs={24} lg={18}>
          <Card>
            <Flex gap={8} wrap style={{ marginBottom: 16 }}>
              <Select
                {...searchableSelect}
                aria-label="Campaign type"
                style={{ width: 160 }}
                options={typeOptions}
                value={filters.type}
                onChange={(type) => setFilters({ ...filters, type })}
              />
              <Select
                {...searchableSelect}
                aria-label="Campaign status"
                style={{ width: 160 }}
                options={statusOptions}
                value={filters.status}
                onChange={(status) => setFilters({ ...filters, status })}
              />
              <Input.Search
                placeholder="Search campaigns by name"
                allowClear
                style={{ maxWidth: 280 }}
                value={filters.name}
                onChange={(event) => setFilters({ ...filters, name: event.target.value })}
              />
            </Flex>
            {overview.isLoading ? (
              <LoadingState text="Loading campaigns" />
            ) : overview.isError ? (
              <LoadError what="campaigns" error={overview.error} onRetry={() => void overview.refetch()} />
            ) : overview.campaigns.length === 0 ? (
              <Empty description="You don't have any campaigns created">
                <LinkButton to="/campaigns/create-new-campaign" type="primary" icon={<PlusOutlined />}>
                  Create your first campaign
                </LinkButton>
              </Empty>
            ) : shown.length === 0 ? (
              <Empty description="No matching results were found" />
            ) : (
              <Flex vertical gap={12}>
                {shown.map((campaign) => (
                  <CampaignCard key={campaign.id} campaign={campaign} onAction={actions.request} />
                ))}
              </Flex>
            )}
          </Card>
        </Col>
      </Row>

      <ConfirmDialog
        open={Boolean(actions.pending)}
        title="Confirm campaign action"
        confirmText="Confirm action"
        danger={actions.pending?.action === 'delete' || actions.pending?.action === 'cancel'}
        confirming={actions.confirming}
        onConfirm={actions.confirm}
        onCancel={actions.cancel}
        returnFocusTo={actions.returnFocusTo}
      >
        <Flex vertical gap={8}>
          <span>{actions.confirmationText}</span>
          {/* Which card it acts on, for owners with several similar ones. */}
          <Typography.Text strong data-testid="confirm-campaign-name">
            Campaign: {actions.pending?.campaign.name}
          </Typography.Text>
        </Flex>
      </ConfirmDialog>
    </Flex>
  );
}
