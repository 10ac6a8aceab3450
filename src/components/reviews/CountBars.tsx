import { Flex, Progress, Typography } from 'antd';

export type CountBar = { label: string; value: number; testId?: string };

/**
 * Counts as labelled bars, each against the largest (the funnel's first step, the busiest site):
 * readable at 375 px, and the numbers are text, not only lengths.
 */
export function CountBars({ bars, label }: { bars: CountBar[]; label: string }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <Flex vertical gap={4} role="list" aria-label={label}>
      {bars.map((bar) => (
        <div role="listitem" key={bar.label} data-testid={bar.testId}>
          <Flex justify="space-between" gap={8}>
            <Typography.Text>{bar.label}</Typography.Text>
            <Typography.Text strong>{bar.value}</Typography.Text>
          </Flex>
          <Progress percent={(bar.value / max) * 100} showInfo={false} size="small" aria-hidden />
        </div>
      ))}
    </Flex>
  );
}
