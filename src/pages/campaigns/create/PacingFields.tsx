import { Card, Flex, Form, Select, Switch, Typography } from 'antd';
import { DEFAULT_SEND_ALL_AT_ONCE, INTERVAL_OPTIONS, INTERVAL_SIZE_OPTIONS } from '#domain/campaign-schemas';
import { searchableSelect } from '../../../components/forms/searchable-select';
import type { SetupRules, SetupValues } from './setup-values';

/** Send pacing: all at once, or a custom interval (so many recipients every so many minutes). */
export function PacingFields({ rules }: { rules: SetupRules }) {
  const form = Form.useFormInstance<SetupValues>();
  const sendAllAtOnce = Form.useWatch('sendAllAtOnce', form) ?? DEFAULT_SEND_ALL_AT_ONCE;
  return (
    <Card size="small" title="Send pacing" style={{ marginBottom: 16 }}>
      <Flex vertical gap={12}>
        <Flex gap={8} align="center">
          <Form.Item name="sendAllAtOnce" valuePropName="checked" noStyle>
            <Switch aria-label="Send all at once" />
          </Form.Item>
          <Typography.Text>Send all at once</Typography.Text>
        </Flex>
        <Flex gap={8} align="center">
          <Switch
            aria-label="Custom interval"
            checked={!sendAllAtOnce}
            onChange={(custom) => form.setFieldValue('sendAllAtOnce', !custom)}
          />
          <Typography.Text>Custom interval</Typography.Text>
        </Flex>
        {!sendAllAtOnce && (
          <Flex gap={12} wrap>
            <Form.Item label="Interval (minutes)" name="interval" rules={rules('interval')} style={{ marginBottom: 0 }}>
              <Select {...searchableSelect} style={{ width: 160 }} options={INTERVAL_OPTIONS.map((minutes) => ({ value: minutes, label: `${minutes} min` }))} />
            </Form.Item>
            <Form.Item label="Recipients per interval" name="intervalSize" rules={rules('intervalSize')} style={{ marginBottom: 0 }}>
              <Select {...searchableSelect} style={{ width: 160 }} options={INTERVAL_SIZE_OPTIONS.map((size) => ({ value: size, label: String(size) }))} />
            </Form.Item>
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
