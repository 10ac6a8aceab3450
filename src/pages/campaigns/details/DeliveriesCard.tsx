import { Card, Col, Row, Statistic, Typography } from 'antd';
import type { CampaignType } from '#domain/campaign-status';
import { DELIVERY_STATES, type CampaignDetails } from '#domain/delivery';
import { deliveryStateTag } from './delivery-state-tag';
import { SendsChart } from './SendsChart';

type Props = Pick<CampaignDetails, 'counts' | 'bounces' | 'segments' | 'timeline'> & { type: CampaignType };

/** Counts per delivery state (sent, failed and queued always), segments or bounces, and sends per minute. */
export function DeliveriesCard({ type, counts, bounces, segments, timeline }: Props) {
  return (
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
        {type === 'SMS' ? (
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
  );
}
