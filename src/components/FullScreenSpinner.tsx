import { Flex, Spin, theme } from 'antd';

/** Covers the screen while the session check or a business switch runs. */
export function FullScreenSpinner({ tip }: { tip?: string }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" justify="center" gap={16} style={{ minHeight: '100vh' }} data-testid="full-screen-spinner">
      <Spin size="large" />
      {/* Outside any antd component nothing sets the app's font: the token does (not the browser's serif). */}
      {tip && <span style={{ color: token.colorTextSecondary, fontFamily: token.fontFamily }}>{tip}</span>}
    </Flex>
  );
}
