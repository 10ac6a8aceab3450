import { Flex, theme } from 'antd';
import dayjs from 'dayjs';
import type { ReputationSummary } from '#domain/reviews';
import { ScrollsSideways } from '../../components/ScrollsSideways';

const HEIGHT = 140;

/** Requests, visits and clicks per day as grouped bars: a small SVG, like the sends chart. */
export function DailyChart({ days }: { days: ReputationSummary['days'] }) {
  const { token } = theme.useToken();
  const series = [
    { key: 'requests', label: 'Requests', color: token.colorPrimary },
    { key: 'visits', label: 'Visits', color: token.colorInfo },
    { key: 'clicks', label: 'Clicks', color: token.colorSuccess },
  ] as const;
  const max = Math.max(1, ...days.flatMap((day) => series.map(({ key }) => day[key])));
  const bar = Math.max(2, Math.min(8, Math.floor(600 / (days.length * 3)) - 1));
  const group = bar * 3 + 3;
  return (
    <Flex vertical gap={4}>
      <ScrollsSideways label="Chart, scrolls sideways">
        <svg width={days.length * group} height={HEIGHT} role="img" aria-label="Requests, visits and clicks per day" data-testid="reputation-chart">
          {days.map((day, index) => (
            <g key={day.day}>
              <title>{`${dayjs(day.day).format('DD.MM.YYYY')}: ${day.requests} requests, ${day.visits} visits, ${day.clicks} clicks`}</title>
              {series.map(({ key, color }, position) => {
                const height = (day[key] / max) * (HEIGHT - 4);
                return <rect key={key} x={index * group + position * bar} y={HEIGHT - height} width={bar} height={height} fill={color} />;
              })}
            </g>
          ))}
        </svg>
      </ScrollsSideways>
      <Flex gap={12} wrap style={{ fontSize: 12, color: token.colorTextSecondary }}>
        {series.map(({ key, label, color }) => (
          <span key={key}>
            <svg width={10} height={10} aria-hidden>
              <rect width={10} height={10} fill={color} />
            </svg>{' '}
            {label}
          </span>
        ))}
        <span>
          {dayjs(days[0]?.day).format('DD.MM.')} – {dayjs(days.at(-1)?.day).format('DD.MM.YYYY')}
        </span>
      </Flex>
    </Flex>
  );
}
