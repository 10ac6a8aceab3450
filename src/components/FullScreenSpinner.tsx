import { Flex, Spin, Typography } from 'antd';

/** Covers the screen while the session check or a business switch runs. */
export function FullScreenSpinner({ tip }: { tip?: string }) {
  return (
    <Flex vertical align="center" justify="center" gap={16} style={{ minHeight: '100vh' }} data-testid="full-screen-spinner">
      <Spin size="large" />
      {tip && <Typography.Text type="secondary">{tip}</Typography.Text>}
    </Flex>
  );
}
