import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Col, Flex, Row, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { CAMPAIGN_TYPE_LABELS } from '#domain/campaign-status';
import { useBusinessTime } from '../../../business/business-time';
import { useBusinessRegion } from '../../../business/useBusinesses';
import { LoadError, LoadingState } from '../../../components/ListStates';
import { badgeColor, statusBadge } from '../campaign-view';
import { CampaignSetupCard } from './CampaignSetupCard';
import { DeliveriesCard } from './DeliveriesCard';
import { RecipientsCard } from './RecipientsCard';
import { ReviewResults } from './ReviewResults';
import { useCampaignDetails } from './useCampaignDetails';

/** 'View details': the setup, counts per delivery state, sends over time and every recipient. */
export default function CampaignDetailsPage() {
  const region = useBusinessRegion();
  const times = useBusinessTime();
  const details = useCampaignDetails();
  const { query } = details;

  if (query.isLoading) return <LoadingState text="Loading campaign" />;
  if (query.isError || !query.data) {
    return <LoadError what="campaign details" error={query.error} onRetry={() => void query.refetch()} />;
  }
  const { campaign, channel, counts, bounces, segments, timeline, recipients, funnel, sites, capped, reminders, ratings } = query.data.data;
  const badge = statusBadge(campaign);

  return (
    <Flex vertical gap={16}>
      <Link to="/campaigns">
        <ArrowLeftOutlined /> Campaigns
      </Link>
      <Flex align="center" gap={12} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {campaign.name}
        </Typography.Title>
        <Tag>{CAMPAIGN_TYPE_LABELS[campaign.type]}</Tag>
        <Tag color={badgeColor(badge.status)} data-testid="details-status">
          {badge.label}
        </Tag>
      </Flex>
      {!channel.delivers && <Alert type="warning" showIcon message={channel.note} />}
      {campaign.failureReason && <Alert type="error" showIcon message={campaign.failureReason} />}

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <CampaignSetupCard campaign={campaign} reminders={reminders} times={times} />
        </Col>
        <Col xs={24} xl={14}>
          <DeliveriesCard type={campaign.type} counts={counts} bounces={bounces} segments={segments} timeline={timeline} />
        </Col>
      </Row>

      <ReviewResults funnel={funnel} ratings={ratings} capped={capped} sites={sites} />

      <RecipientsCard
        recipients={recipients}
        type={campaign.type}
        region={region}
        times={times}
        state={details.state}
        onState={details.showState}
        page={details.page}
        onPage={details.setPage}
        loading={query.isFetching && query.isPlaceholderData}
      />
    </Flex>
  );
}
