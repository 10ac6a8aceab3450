import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Card, Col, Descriptions, Flex, Row, Select, Statistic, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { INTERVAL_OPTIONS } from '#domain/campaign-schemas';
import { CAMPAIGN_TYPE_LABELS } from '#domain/campaign-status';
import { LoadError, LoadingState } from '../../../components/ListStates';
import { useResourceQuery } from '../../../resources/useResourceAction';
import { badgeColor, scheduleLine, statusBadge } from '../campaign-view';
import { SendsChart } from './SendsChart';
import { BOUNCE_LABELS, DELIVERY_STATES, isNoAddressSkip, type DeliveryState, type RecipientDelivery } from '#domain/delivery';
import type { CampaignType } from '#domain/campaign-status';
import { useBusinessTime } from '../../../business/business-time';
import { useBusinessRegion } from '../../../business/useBusinesses';
import { formatPhoneNumber } from '../../../phone-numbers';
import { deliveryStateTag, pendingNote } from './delivery-state-tag';
import { CountBars } from '../../../components/reviews/CountBars';
import { funnelBars, ratingsLine, ratingText, REVIEW_STEP_LABELS } from '../../../components/reviews/review-steps';
import { LOW_RATING_MAX, type ReviewStep } from '#domain/reviews';
import { counted } from '#domain/words';
import { searchableSelect } from '../../../components/forms/searchable-select';

const PAGE_SIZE = 100;
const REFRESH_MS = 5000;

/** A recipient's address as people read it: a number nationally in the business's country; "—" for a contact without one. */
function shownAddress(delivery: RecipientDelivery, type: CampaignType, region: string | null): string {
  if (isNoAddressSkip(delivery.error)) return '—';
  return type === 'SMS' && /^\+\d+$/.test(delivery.address) ? formatPhoneNumber(delivery.address.slice(1), region) : delivery.address;
}

/** 'View details': the setup, counts per delivery state, sends over time and every recipient. */
export default function CampaignDetailsPage() {
  const id = Number(useParams().id);
  const region = useBusinessRegion();
  const times = useBusinessTime();
  const [state, setState] = useState<DeliveryState | undefined>();
  const [page, setPage] = useState(1);
  const query = useResourceQuery('campaigns', 'details', {
    id,
    query: { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE, ...(state ? { state } : {}) },
    // A running campaign's numbers move: keep them current while the page is open.
    queryOptions: { refetchInterval: REFRESH_MS, placeholderData: (previous) => previous },
  });

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
        </Col>
        <Col xs={24} xl={14}>
          <Card title="Deliveries" size="small">
            <Row gutter={[12, 12]} data-testid="delivery-counts">
              <Col span={6}>
                <Statistic title="Recipients" value={counts.recipients} />
              </Col>
              {DELIVERY_STATES.filter((name) => counts[name] > 0 || ['sent', 'failed', 'queued'].includes(name)).map((name) => (
                <Col span={6} key={name}>
                  <Statistic title={deliveryStateTag(name).label} value={counts[name]} />
                </Col>
              ))}
              {campaign.type === 'SMS' ? (
                <Col span={6}>
                  <Statistic title="Segments sent" value={segments} />
                </Col>
              ) : (
                <>
                  <Col span={6}>
                    <Statistic title="Hard bounces" value={bounces.hard} />
                  </Col>
                  <Col span={6}>
                    <Statistic title="Soft bounces" value={bounces.soft} />
                  </Col>
                  <Col span={6}>
                    <Statistic title="Complaints" value={bounces.complaints} />
                  </Col>
                </>
              )}
            </Row>
            <Typography.Title level={5}>Sends per minute</Typography.Title>
            <SendsChart timeline={timeline} />
          </Card>
        </Col>
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card title="Review funnel" size="small">
            <CountBars label="Review funnel" bars={funnelBars(funnel)} />
            <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }} data-testid="funnel-ratings">
              {ratingsLine(ratings)}
            </Typography.Paragraph>
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }} data-testid="funnel-automated">
              {counted(funnel.automated, 'automated opening')} (link previews and mail scanners) not counted.
              {capped > 0 && ` ${counted(capped, 'contact was', 'contacts were')} skipped: asked for a review recently.`}
            </Typography.Paragraph>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title="Clicks per review site" size="small">
            {sites.length === 0 ? (
              <Typography.Text type="secondary">The business has no review sites.</Typography.Text>
            ) : (
              <CountBars label="Clicks per review site" bars={sites.map((site) => ({ label: site.name, value: site.clicks }))} />
            )}
          </Card>
        </Col>
      </Row>

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
            onChange={(value) => {
              setState(value);
              setPage(1);
            }}
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
          loading={query.isFetching && query.isPlaceholderData}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: recipients.total, showSizeChanger: false, onChange: setPage }}
          expandable={{
            rowExpandable: (delivery) => Boolean(delivery.message),
            expandedRowRender: (delivery) => (
              <Flex vertical gap={4}>
                {delivery.message?.subject && <Typography.Text strong>{delivery.message.subject}</Typography.Text>}
                {delivery.message?.body ? (
                  <span style={{ whiteSpace: 'pre-wrap' }}>{delivery.message.body}</span>
                ) : (
                  // Emptied after DELIVERY_TEXT_RETENTION_DAYS, or when the contact was erased.
                  <Typography.Text type="secondary">The text of this message is no longer kept.</Typography.Text>
                )}
              </Flex>
            ),
          }}
          columns={[
            { title: 'Name', dataIndex: 'name', render: (name: string | null) => name ?? 'Deleted contact' },
            { title: 'Address', dataIndex: 'address', render: (_: string, delivery: RecipientDelivery) => shownAddress(delivery, campaign.type, region) },
            {
              title: 'State',
              dataIndex: 'state',
              render: (value: DeliveryState, delivery: RecipientDelivery) => (
                <>
                  <Tag color={deliveryStateTag(value).color}>{deliveryStateTag(value).label}</Tag>
                  {delivery.bounce && <Tag color="volcano">{BOUNCE_LABELS[delivery.bounce]}</Tag>}
                </>
              ),
            },
            { title: 'Attempts', dataIndex: 'attempts', width: 90 },
            {
              title: times.titled('Reason / next try'),
              render: (_: unknown, delivery: RecipientDelivery) => pendingNote(delivery, times),
            },
            { title: times.titled('Sent at'), dataIndex: 'sentAt', render: (sentAt: string | null) => (sentAt ? times.stamp(sentAt) : '') },
            {
              title: 'Furthest step',
              dataIndex: 'step',
              render: (step: ReviewStep | null, delivery: RecipientDelivery) => (
                <Flex gap={4} wrap>
                  {step && <Tag color={REVIEW_STEP_LABELS[step].color}>{REVIEW_STEP_LABELS[step].label}</Tag>}
                  {delivery.rating !== null && <Tag color={delivery.rating <= LOW_RATING_MAX ? 'red' : 'gold'}>Rated {ratingText(delivery.rating)}</Tag>}
                  {delivery.feedback && <Tag color="purple">Sent feedback</Tag>}
                </Flex>
              ),
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
