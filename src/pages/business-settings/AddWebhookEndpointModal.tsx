import type { HttpError } from '@refinedev/core';
import { Checkbox, Flex, Form, Input, Modal } from 'antd';
import type { FieldErrors } from '#domain/rules';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, webhookEndpointSchema, type WebhookEndpointPayload } from '#domain/webhooks';
import { schemaRule } from '../../components/forms/schema-rule';
import { showFieldErrors } from '../../components/forms/show-field-errors';
import { useResourceAction } from '../../resources/useResourceAction';

// http is the server's to refuse (it allows it where private and test addresses are allowed).
const schema = webhookEndpointSchema({ allowHttp: true });
const rule = (field: keyof WebhookEndpointPayload) => [schemaRule<WebhookEndpointPayload>(schema, (values) => values, [field])];

const ADDED = {
  message: 'Webhook endpoint added',
  description: 'It receives the events you chose from now on. Copy its signing secret to check each message.',
};

/** Adds an endpoint: its URL and the events it receives (all of them to begin with). */
export function AddWebhookEndpointModal({ open, onClose, onAdded }: { open: boolean; onClose(): void; onAdded(): void }) {
  const [form] = Form.useForm<WebhookEndpointPayload>();
  const { mutate: create, mutation } = useResourceAction('businessSettings', 'createWebhookEndpoint');

  const submit = (values: WebhookEndpointPayload) =>
    create(
      { values, successNotification: () => ({ type: 'success', ...ADDED }) },
      {
        onSuccess: () => {
          onAdded();
          onClose();
        },
        onError: (error: HttpError) => showFieldErrors(form, error.errors as FieldErrors | undefined),
      },
    );

  return (
    <Modal
      open={open}
      title="Add webhook endpoint"
      okText="Add endpoint"
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<WebhookEndpointPayload>
        form={form}
        name="webhook-endpoint"
        layout="vertical"
        requiredMark={false}
        preserve={false}
        initialValues={{ url: '', events: [...WEBHOOK_EVENT_TYPES] }}
        onFinish={submit}
      >
        <Form.Item label="Endpoint URL" name="url" rules={rule('url')} extra="An https address of your own system that accepts POST requests.">
          <Input inputMode="url" autoComplete="off" placeholder="https://hooks.example.com/starboost" />
        </Form.Item>
        <Form.Item label="Events to send" name="events" rules={rule('events')}>
          <Checkbox.Group>
            <Flex vertical gap={4}>
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <Checkbox key={type} value={type}>
                  {WEBHOOK_EVENT_LABELS[type]} <code>{type}</code>
                </Checkbox>
              ))}
            </Flex>
          </Checkbox.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}
