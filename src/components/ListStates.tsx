import { Alert, Button, Flex, Spin, Typography } from 'antd';

/** A list's loading state: a spinner and the spec's text (e.g. 'Loading campaigns'). */
export function LoadingState({ text, testId }: { text: string; testId?: string }) {
  return (
    <Flex vertical align="center" gap={12} style={{ padding: 48 }} data-testid={testId}>
      <Spin size="large" />
      <Typography.Text type="secondary">{text}</Typography.Text>
    </Flex>
  );
}

/** A list that could not be loaded says so and offers to try again. */
export function LoadError({ what, error, onRetry }: { what: string; error?: { message?: string } | null; onRetry(): void }) {
  return (
    <Alert
      type="error"
      showIcon
      message={`The ${what} could not be loaded.`}
      description={error?.message}
      action={<Button onClick={onRetry}>Try again</Button>}
    />
  );
}
