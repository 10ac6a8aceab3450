import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Input, Modal, Typography, type InputRef } from 'antd';
import { useRef, useState } from 'react';
import { API_KEY_NAME_MAX, newApiKeySchema, type NewApiKey, type NewApiKeyPayload } from '#domain/api-keys';
import type { FieldErrors } from '#domain/rules';
import { showFieldErrors } from '../../components/forms/show-field-errors';
import { zodRule } from '../../components/forms/zod-rule';
import { useResourceAction } from '../../resources/useResourceAction';

type Props = {
  open: boolean;
  /** A key was created: the list shows it (its secret stays in this dialog). */
  onCreated(): void;
  onClose(): void;
  /** Where focus goes when the dialog has closed. */
  returnFocusTo(): HTMLElement | null | undefined;
};

/**
 * Names a new key, then shows its secret: the only time anyone sees it (the server keeps its hash),
 * with a button that copies it.
 */
export function CreateApiKeyModal({ open, onCreated, onClose, returnFocusTo }: Props) {
  const [form] = Form.useForm<NewApiKeyPayload>();
  const { mutate: create, mutation } = useResourceAction('businessSettings', 'createApiKey');
  const [created, setCreated] = useState<NewApiKey | null>(null);
  const nameInput = useRef<InputRef>(null);

  const submit = (values: NewApiKeyPayload) =>
    create(
      { values, errorNotification: (error) => (error?.errors ? false : undefined) },
      {
        onSuccess: ({ data }) => {
          setCreated(data);
          onCreated();
        },
        onError: (error) => showFieldErrors(form, error.errors as FieldErrors | undefined),
      },
    );

  const reset = () => {
    setCreated(null);
    returnFocusTo()?.focus();
  };

  return (
    <Modal
      open={open}
      title={created ? `API key “${created.name}”` : 'Create API key'}
      destroyOnHidden
      afterClose={reset}
      // The dialog takes focus as it opens: the name field gets it once it has opened.
      afterOpenChange={(opened) => opened && nameInput.current?.focus()}
      onCancel={onClose}
      footer={
        created ? (
          <Button type="primary" onClick={onClose}>
            Done
          </Button>
        ) : (
          [
            <Button key="cancel" onClick={onClose}>
              Cancel
            </Button>,
            <Button key="create" type="primary" loading={mutation.isPending} onClick={() => form.submit()}>
              Create key
            </Button>,
          ]
        )
      }
    >
      {created ? (
        <NewKeySecret secret={created.secret} />
      ) : (
        <Form<NewApiKeyPayload> form={form} layout="vertical" requiredMark={false} onFinish={submit} name="create-api-key">
          <Form.Item label="Name" name="name" rules={[zodRule(newApiKeySchema, 'name')]} extra="Where the key is used, such as “Front desk till” or “Online shop”.">
            <Input ref={nameInput} maxLength={API_KEY_NAME_MAX} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** The new key's secret, shown this once, with a button that copies it and says whether it could. */
function NewKeySecret({ secret }: { secret: string }) {
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Flex vertical gap={12}>
      <Alert type="warning" showIcon message="Copy the key now. You will not see it again." description="Paste it into the system that reports visits. Lost it? Delete it and create another." />
      <label htmlFor="new-api-key-secret">Your new API key</label>
      {/* One line that scrolls (a self-sizing text area would set inline styles, which the CSP refuses). */}
      <Input id="new-api-key-secret" value={secret} readOnly spellCheck={false} onFocus={(event) => event.target.select()} />
      <Flex gap={12} align="center" wrap>
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          Copy key
        </Button>
        <Typography.Text type="secondary" role="status">
          {copied === 'copied' ? 'Copied.' : copied === 'failed' ? 'This browser did not let us copy: select the key above and copy it yourself.' : ''}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
