import { Empty, Flex, theme } from 'antd';
import { useBusinessTime } from '../../../business/business-time';
import type { CampaignDetails } from '#domain/delivery';

const HEIGHT = 160;

/** Sends per minute as stacked bars (sent, outbox, failed, reminders): a small SVG, no chart library needed. */
export function SendsChart({ timeline }: { timeline: CampaignDetails['timeline'] }) {
  const times = useBusinessTime();
  const { token } = theme.useToken();
  if (timeline.length === 0) return <Empty description="Nothing has been sent yet." image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const max = Math.max(...timeline.map((point) => point.sent + point.outbox + point.failed + point.reminders), 1);
  const barWidth = Math.max(4, Math.min(32, Math.floor(640 / timeline.length) - 2));
  const width = timeline.length * (barWidth + 2);
  const series = [
    { key: 'sent', color: token.colorSuccess },
    { key: 'outbox', color: token.colorWarning },
    { key: 'failed', color: token.colorError },
    { key: 'reminders', color: token.colorPrimary },
  ] as const;
  return (
    <Flex vertical gap={4}>
      <div style={{ overflowX: 'auto' }}>
        <svg width={width} height={HEIGHT} role="img" aria-label="Sends per minute" data-testid="sends-chart">
          {timeline.map((point, index) => {
            let top = HEIGHT;
            return (
              <g key={point.minute}>
                <title>{`${times.stamp(point.minute)}: ${point.sent} sent, ${point.outbox} in outbox, ${point.failed} failed${point.reminders ? `, ${point.reminders} reminders` : ''}`}</title>
                {series.map(({ key, color }) => {
                  const height = (point[key] / max) * (HEIGHT - 4);
                  top -= height;
                  return <rect key={key} x={index * (barWidth + 2)} y={top} width={barWidth} height={height} fill={color} />;
                })}
              </g>
            );
          })}
        </svg>
      </div>
      <span style={{ color: token.colorTextSecondary, fontSize: 12 }}>
        {times.time(timeline[0]!.minute)} – {times.titled(times.time(timeline.at(-1)!.minute))}, most in one minute: {max}
      </span>
    </Flex>
  );
}
