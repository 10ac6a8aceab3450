import { ArrowLeftOutlined } from '@ant-design/icons';
import { useCustom } from '@refinedev/core';
import { Alert, Card, Col, Descriptions, Flex, Row, Select, Statistic, Table, Tag, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { CAMPAIGN_TYPE_LABELS, INTERVAL_OPTIONS } from '../../../domain/campaigns';
import { LoadError, LoadingState } from '../../../components/ListStates';
import { BRAND_COLOR } from '../../../theme';
import { badgeColor, scheduleLine, statusBadge } from '../campaign-view';
import { SendsChart } from './SendsChart';
import { DELIVERY_STATES, type CampaignDetails, type DeliveryState, type RecipientDelivery } from '../../../domain/delivery';
import { deliveryStateTag } from './delivery-state-tag';

const PAGE_SIZE = 100;
const REFRESH_MS = 5000;
const time = (iso: string | null) => (iso ? dayjs(iso).format('DD.MM.YYYY, HH:mm:ss') : '');

/** 'View details': the setup, counts per delivery state, sends over time and every recipient. */
export default function CampaignDetailsPage() {
  const id = Number(useParams().id);
  const [state, setState] = useState<DeliveryState | undefined>();
  const [page, setPage] = useState(1);
  const { token } = theme.useToken();
  const { query } = useCustom<CampaignDetails>({
    url: '',
    method: 'get',
    meta: { resource: 'campaigns', action: 'details', id },
    config: { query: { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE, ...(state ? { state } : {}) } },
    // A running campaign's numbers move: keep them current while the page is open.
    queryOptions: { refetchInterval: REFRESH_MS, placeholderData: (previous) => previous },
  });

  if (query.isLoading) return <LoadingState text="Loading campaign" />;
  if (query.isError || !query.data) {
    return <LoadError what="campaign details" error={query.error} onRetry={() => void query.refetch()} />;
  }
  const { campaign, channel, counts, timeline, recipients } = query.data.data;
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
        <Tag color={badgeColor(badge.status, { primary: token.colorPrimary, brand: BRAND_COLOR })} data-testid="details-status">
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
              <Descriptions.Item label="Schedule">{scheduleLine(campaign)}</Descriptions.Item>
              <Descriptions.Item label="Pacing">
                {campaign.sendAllAtOnce
                  ? 'All at once'
                  : `${campaign.intervalSize} recipients every ${campaign.interval} minute${campaign.interval === INTERVAL_OPTIONS[0] ? '' : 's'}`}
              </Descriptions.Item>
              {campaign.subject && <Descriptions.Item label="Subject">{campaign.subject}</Descriptions.Item>}
              <Descriptions.Item label="Message">
                <span style={{ whiteSpace: 'pre-wrap' }}>{campaign.messageBody}</span>
              </Descriptions.Item>
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
            </Row>
            <Typography.Title level={5}>Sends per minute</Typography.Title>
            <SendsChart timeline={timeline} />
          </Card>
        </Col>
      </Row>

      <Card
        title="Recipients"
        size="small"
        extra={
          <Select
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
          dataSource={recipients.items}
          loading={query.isFetching && query.isPlaceholderData}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: recipients.total, showSizeChanger: false, onChange: setPage }}
          expandable={{
            rowExpandable: (delivery) => Boolean(delivery.message),
            expandedRowRender: (delivery) => (
              <Flex vertical gap={4}>
                {delivery.message?.subject && <Typography.Text strong>{delivery.message.subject}</Typography.Text>}
                <span style={{ whiteSpace: 'pre-wrap' }}>{delivery.message?.body}</span>
              </Flex>
            ),
          }}
          columns={[
            { title: 'Name', dataIndex: 'name', render: (name: string | null) => name ?? 'Deleted contact' },
            { title: 'Address', dataIndex: 'address' },
            {
              title: 'State',
              dataIndex: 'state',
              render: (value: DeliveryState) => <Tag color={deliveryStateTag(value).color}>{deliveryStateTag(value).label}</Tag>,
            },
            { title: 'Attempts', dataIndex: 'attempts', width: 90 },
            {
              title: 'Reason / next try',
              render: (_: unknown, delivery: RecipientDelivery) =>
                delivery.error ?? (delivery.nextAttemptAt ? `Next try ${time(delivery.nextAttemptAt)}` : ''),
            },
            { title: 'Sent at', dataIndex: 'sentAt', render: time },
          ]}
        />
      </Card>
    </Flex>
  );
}
