import { Card, Col, Empty, Flex, List, Row, Segmented, Statistic, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_REPUTATION_PERIOD, LOW_RATING_MAX, REPUTATION_PERIODS, type ReputationSummary } from '#domain/reviews';
import { LoadError, LoadingState } from '../../components/ListStates';
import { CountBars } from '../../components/reviews/CountBars';
import { ratingText } from '../../components/reviews/review-steps';
import { useResourceQuery } from '../../resources/useResourceAction';
import { ScrollsSideways } from '../../components/ScrollsSideways';
import { useBusinessTime } from '../../business/business-time';
import { DailyChart } from './DailyChart';

/** The last `days` whole days up to today, as the API's from/to. */
const periodQuery = (days: number) => ({
  from: dayjs().subtract(days - 1, 'day').format('YYYY-MM-DD'),
  to: dayjs().format('YYYY-MM-DD'),
});

/** The business's review dashboard: requests, visits, clicks per site, private feedback, per campaign, over a period. */
export default function ReputationPage() {
  const [days, setDays] = useState<number>(DEFAULT_REPUTATION_PERIOD);
  const query = useResourceQuery('reputation', 'summary', {
    query: periodQuery(days),
    queryOptions: { placeholderData: (previous) => previous },
  });
  const summary = query.data?.data;

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Reputation
        </Typography.Title>
        <Segmented
          aria-label="Period"
          value={days}
          onChange={(value) => setDays(Number(value))}
          options={REPUTATION_PERIODS.map((period) => ({ value: period, label: `Last ${period} days` }))}
        />
      </Flex>
      {query.isLoading ? (
        <LoadingState text="Loading reputation" />
      ) : query.isError || !summary ? (
        <LoadError what="the reputation summary" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Dashboard summary={summary} />
      )}
    </Flex>
  );
}

/** The rows of the campaigns table: the review automation first (when it asked anyone in the period), then each campaign. */
const requestSources = ({ automation, campaigns }: ReputationSummary) => [
  ...(automation ? [{ key: 'automation', name: 'Review automation', to: '/automations', ...automation }] : []),
  ...campaigns.map((campaign) => ({ ...campaign, key: `campaign-${campaign.id}`, to: `/campaigns/${campaign.id}` })),
];

/** The period's totals, one card each. */
function Totals({ summary }: { summary: ReputationSummary }) {
  const { feedback, ratings } = summary;
  return (
    <Row gutter={[16, 16]} data-testid="reputation-totals">
      {[
        { title: 'Review requests sent', value: summary.requests },
        { title: 'Review page visits', value: summary.visits },
        { title: 'Review site clicks', value: summary.clicks },
        { title: 'Private feedback', value: feedback.count },
        { title: 'Ratings', value: ratings.count },
        { title: 'Average rating', value: ratings.averageRating ?? '–', suffix: ratings.averageRating === null ? undefined : '/ 5' },
      ].map(({ title, value, suffix }) => (
        <Col xs={12} md={8} xl={4} key={title}>
          <Card size="small">
            <Statistic title={title} value={value} suffix={suffix} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function Dashboard({ summary }: { summary: ReputationSummary }) {
  const times = useBusinessTime();
  return (
    <>
      <Totals summary={summary} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card title="Over time" size="small">
            <DailyChart days={summary.days} />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title="Clicks per review site" size="small">
            {summary.sites.length === 0 ? (
              <Flex vertical gap={4}>
                <Typography.Text type="secondary">No review sites yet.</Typography.Text>
                <Link to="/business-settings">Add review sites in Business settings</Link>
              </Flex>
            ) : (
              <CountBars label="Clicks per review site" bars={summary.sites.map((site) => ({ label: site.name, value: site.clicks }))} />
            )}
          </Card>
        </Col>
      </Row>
      <Card title="Campaigns" size="small">
        <ScrollsSideways label="Campaigns, scrolls sideways">
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={requestSources(summary)}
            // Secondary text, not the table's pale placeholder colour: it must stay readable (4.5:1).
            locale={{ emptyText: <Typography.Text type="secondary">No review requests in this period.</Typography.Text> }}
            columns={[
              { title: 'Campaign', dataIndex: 'name', render: (name: string, row) => <Link to={row.to}>{name}</Link> },
              { title: 'Requests', dataIndex: 'requests' },
              { title: 'Visits', dataIndex: 'visits' },
              { title: 'Clicks', dataIndex: 'clicks' },
              { title: 'Feedback', dataIndex: 'feedback' },
            ]}
          />
        </ScrollsSideways>
      </Card>
      <Card title="Private feedback" size="small">
        {summary.inbox.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No private feedback in this period." />
        ) : (
          <List
            aria-label="Private feedback"
            dataSource={summary.inbox}
            renderItem={(item) => (
              <List.Item data-testid="feedback-item">
                <Flex vertical gap={4}>
                  <Flex gap={8} wrap align="center">
                    <Typography.Text strong>{ratingText(item.rating)}</Typography.Text>
                    {item.rating <= LOW_RATING_MAX && <Tag color="red">Low rating</Tag>}
                    <Typography.Text type="secondary">
                      {item.contactName ?? 'Deleted contact'} · {item.campaignName} · {times.dateTime(item.createdAt)}
                    </Typography.Text>
                  </Flex>
                  {item.message ? (
                    <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{item.message}</Typography.Paragraph>
                  ) : (
                    <Typography.Text type="secondary">No message.</Typography.Text>
                  )}
                </Flex>
              </List.Item>
            )}
          />
        )}
      </Card>
    </>
  );
}
