import { Card, Col, Row, Typography } from 'antd';
import type { CampaignDetails } from '#domain/delivery';
import { counted } from '#domain/words';
import { CountBars } from '../../../components/reviews/CountBars';
import { funnelBars, ratingsLine } from '../../../components/reviews/review-steps';

type Props = Pick<CampaignDetails, 'funnel' | 'ratings' | 'capped' | 'sites'>;

/** What the review requests brought: the funnel with its ratings, and the clicks per review site. */
export function ReviewResults({ funnel, ratings, capped, sites }: Props) {
  return (
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
  );
}
