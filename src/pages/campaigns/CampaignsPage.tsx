import { PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { Card, Col, Flex, Row, Statistic, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { LinkButton } from '../../components/LinkButton';
import { CampaignActionDialog } from './CampaignActionDialog';
import { CampaignFilterBar } from './CampaignFilterBar';
import { CampaignList } from './CampaignList';
import { campaignSummary, matchesFilters, NO_FILTERS, type CampaignFilters } from './campaign-view';
import { useCampaignAction } from './useCampaignAction';
import { useBusinessTime } from '../../business/business-time';
import { useCampaignsOverview } from './useCampaignsOverview';

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
            <CampaignFilterBar filters={filters} onChange={setFilters} />
            <CampaignList overview={overview} shown={shown} onAction={actions.request} />
          </Card>
        </Col>
      </Row>

      <CampaignActionDialog actions={actions} />
    </Flex>
  );
}
