import { CopyOutlined } from '@ant-design/icons';
import { useNotification, type HttpError } from '@refinedev/core';
import { Button, Card, Flex, Form, Input, List, Space, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import {
  CONNECTOR_EVENTS,
  CONNECTOR_LABELS,
  CONNECTOR_PROVIDERS,
  CONNECTOR_SECRET_NAMES,
  connectorMessages,
  connectorPayloadSchema,
  isVisitOutcome,
  type Connector,
  type ConnectorProvider,
} from '#domain/connectors';
import type { FieldErrors } from '#domain/rules';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { schemaRule } from '../../components/forms/schema-rule';
import { showFieldErrors } from '../../components/forms/show-field-errors';
import { useValidateOnSubmitThenChange } from '../../components/forms/useValidateOnSubmitThenChange';
import { LoadError, LoadingState } from '../../components/ListStates';
import { useResourceAction, useResourceQuery } from '../../resources/useResourceAction';
import { useBusinessTime } from '../../business/business-time';

// New events show while the owner is setting a provider up (a test event from its dashboard).
const REFRESH_MS = 10_000;

const events = (provider: ConnectorProvider) => CONNECTOR_EVENTS[provider].join(' and ');

/** Where each provider shows its secret, and where its webhook address goes, in its dashboard's words. */
const SETUP: Record<ConnectorProvider, { secretFrom: string; pasteAddress: string }> = {
  square: {
    secretFrom: `In the Square Developer Console, open your application's Webhooks and add a subscription for ${events('square')}. Square asks for an address first: enter https://example.com for now. Then paste its Signature key here.`,
    pasteAddress: `In Square, edit the subscription and set its Notification URL to this address, exactly as shown. Event: ${events('square')}.`,
  },
  stripe: {
    secretFrom: `In Stripe, open Developers, Webhooks, Add endpoint, for ${events('stripe')}. Stripe asks for an address first: enter https://example.com for now. Then reveal its Signing secret (whsec_…) and paste it here.`,
    pasteAddress: `In Stripe, open the endpoint, Update details, and set its Endpoint URL to this address. Events: ${events('stripe')}.`,
  },
  shopify: {
    secretFrom: 'In Shopify admin, open Settings, Notifications, Webhooks and paste the key shown under the list ("Your webhooks will be signed with …") here.',
    pasteAddress: `In Shopify, Settings, Notifications, Webhooks, Create webhook: event Order fulfillment (${events('shopify')}), format JSON, URL this address.`,
  },
};

type SecretValues = { secret: string };

/** The provider's signing secret, pasted to connect it or to replace the one saved. */
function SecretForm({ provider, onSaved, onCancel }: { provider: ConnectorProvider; onSaved(): void; onCancel?: () => void }) {
  const [form] = Form.useForm<SecretValues>();
  const validation = useValidateOnSubmitThenChange();
  const { mutate: connect, mutation } = useResourceAction('businessSettings', 'connect');
  const label = `${CONNECTOR_LABELS[provider]} ${CONNECTOR_SECRET_NAMES[provider]}`;
  const save = ({ secret }: SecretValues) =>
    connect(
      { values: { provider, secret }, successNotification: () => ({ type: 'success', ...connectorMessages.connected(provider) }) },
      { onSuccess: onSaved, onError: (error: HttpError) => showFieldErrors(form, error.errors as FieldErrors | undefined) },
    );
  return (
    <Form<SecretValues>
      form={form}
      // A form per provider: its name keeps the fields' ids (and so their labels) apart.
      name={`${provider}-connection`}
      layout="vertical"
      requiredMark={false}
      validateTrigger={validation.validateTrigger}
      onSubmitCapture={validation.onSubmitCapture}
      onFinish={save}
    >
      <Form.Item label={label} name="secret" rules={[schemaRule(connectorPayloadSchema, (values: SecretValues) => ({ provider, secret: values.secret ?? '' }), ['secret'])]}>
        <Input.Password autoComplete="off" />
      </Form.Item>
      <Flex gap={8} wrap>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          {onCancel ? 'Save secret' : `Connect ${CONNECTOR_LABELS[provider]}`}
        </Button>
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
      </Flex>
    </Form>
  );
}

/** The webhook address, read-only, with a button that copies it. */
function WebhookAddress({ provider, url }: { provider: ConnectorProvider; url: string }) {
  const { open } = useNotification();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      open?.({ type: 'success', key: 'copy', message: 'Copied', description: `Paste the address into ${CONNECTOR_LABELS[provider]}.` });
    } catch {
      open?.({ type: 'error', key: 'copy', message: 'Could not copy', description: 'Select the address and copy it with your keyboard.' });
    }
  };
  return (
    <Space.Compact block>
      <Input readOnly value={url} aria-label={`${CONNECTOR_LABELS[provider]} webhook address`} onFocus={(event) => event.target.select()} />
      <Button icon={<CopyOutlined />} onClick={() => void copy()} aria-label={`Copy the ${CONNECTOR_LABELS[provider]} webhook address`}>
        Copy
      </Button>
    </Space.Compact>
  );
}

/** A connected provider: where its address goes, its last event and recent outcomes; replace the secret or disconnect. */
function Connected({ connector, onChanged }: { connector: Connector; onChanged(): void }) {
  const { provider } = connector;
  const label = CONNECTOR_LABELS[provider];
  const times = useBusinessTime();
  const [replacing, setReplacing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const disconnectButton = useRef<HTMLButtonElement>(null);
  const { mutate: disconnect, mutation } = useResourceAction('businessSettings', 'disconnect');
  const confirmDisconnect = () =>
    disconnect(
      { id: provider, successNotification: () => ({ type: 'success', ...connectorMessages.disconnected(provider) }) },
      {
        onSuccess: () => {
          setConfirming(false);
          onChanged();
        },
      },
    );

  return (
    <Flex vertical gap={12}>
      <WebhookAddress provider={provider} url={connector.webhookUrl} />
      <Typography.Text type="secondary">{SETUP[provider].pasteAddress}</Typography.Text>
      <Typography.Text data-testid={`${provider}-last-event`}>
        {connector.lastEventAt ? `Last event: ${times.short(connector.lastEventAt)}` : `No events yet: ${label} posts one with its next ${provider === 'shopify' ? 'fulfilled order' : 'payment'}.`}
      </Typography.Text>
      {connector.events.length > 0 && (
        <List
          size="small"
          bordered
          header={<Typography.Text strong>{times.titled('Recent events')}</Typography.Text>}
          dataSource={connector.events}
          renderItem={(event) => (
            <List.Item data-testid={`${provider}-event`}>
              <Flex gap={8} wrap align="center">
                <Typography.Text type="secondary">{times.short(event.receivedAt)}</Typography.Text>
                <Tag color={isVisitOutcome(event.outcome) ? 'green' : undefined}>{isVisitOutcome(event.outcome) ? 'Visit' : 'Ignored'}</Tag>
                <Typography.Text>{event.outcome}</Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      )}
      {replacing ? (
        <SecretForm
          provider={provider}
          onSaved={() => {
            setReplacing(false);
            onChanged();
          }}
          onCancel={() => setReplacing(false)}
        />
      ) : (
        <Flex gap={8} wrap align="center">
          {connector.secretEnding && <Typography.Text type="secondary">Secret ending in …{connector.secretEnding}</Typography.Text>}
          <Button onClick={() => setReplacing(true)}>Replace secret</Button>
          <Button danger ref={disconnectButton} onClick={() => setConfirming(true)}>
            Disconnect
          </Button>
        </Flex>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Disconnect ${label}`}
        confirmText="Disconnect"
        danger
        confirming={mutation.isPending}
        returnFocusTo={() => disconnectButton.current}
        onConfirm={confirmDisconnect}
        onCancel={() => setConfirming(false)}
      >
        <Typography.Paragraph>
          Starboost will refuse {label}&apos;s posts to this address and forget its secret and events. Visits already recorded stay. Connecting
          again gives a new address to paste into {label}.
        </Typography.Paragraph>
      </ConfirmDialog>
    </Flex>
  );
}

/** One provider: connected, or how to connect it. */
function ProviderConnection({ provider, connector, onChanged }: { provider: ConnectorProvider; connector?: Connector; onChanged(): void }) {
  const container = useRef<HTMLDivElement>(null);
  const [changes, setChanges] = useState(0);
  const changed = () => {
    setChanges((count) => count + 1);
    onChanged();
  };
  // The button that was pressed is gone once the connection changes: focus goes to the first control shown instead.
  useEffect(() => {
    if (changes > 0) container.current?.querySelector<HTMLElement>('input, button')?.focus();
  }, [changes, connector]);

  return (
    <Card
      ref={container}
      size="small"
      data-testid={`connector-${provider}`}
      title={CONNECTOR_LABELS[provider]}
      extra={connector ? <Tag color="green">Connected</Tag> : <Tag>Not connected</Tag>}
    >
      {connector ? (
        <Connected connector={connector} onChanged={changed} />
      ) : (
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">{SETUP[provider].secretFrom}</Typography.Text>
          <SecretForm provider={provider} onSaved={changed} />
        </Flex>
      )}
    </Card>
  );
}

/**
 * Connected systems: Square, Stripe and Shopify post each completed payment or order to a webhook
 * address of this business's own, signed with the secret pasted here; its customer is a visit.
 */
export function ConnectorsCard() {
  const query = useResourceQuery('businessSettings', 'connectors', { queryOptions: { refetchInterval: REFRESH_MS } });
  const refetch = () => void query.refetch();
  const connectors = new Map(query.data?.data.map((connector) => [connector.provider, connector]));

  return (
    <Card data-testid="connectors-card">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        Connected systems
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Your till or shop can tell Starboost about every completed payment or order: its customer counts as a visit, and the review automation
        asks them for a review when it is on. A payment without the customer&apos;s name and email or phone number is left out.
      </Typography.Paragraph>
      {query.isLoading ? (
        <LoadingState text="Loading connected systems" />
      ) : query.isError ? (
        <LoadError what="connected systems" error={query.error} onRetry={refetch} />
      ) : (
        <Flex vertical gap={16}>
          {CONNECTOR_PROVIDERS.map((provider) => (
            <ProviderConnection key={provider} provider={provider} connector={connectors.get(provider)} onChanged={refetch} />
          ))}
        </Flex>
      )}
    </Card>
  );
}
