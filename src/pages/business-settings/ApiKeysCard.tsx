import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import { Button, Card, Empty, Flex, Table, Typography, type TableProps } from 'antd';
import { useRef, useState } from 'react';
import { apiKeyMessages, type ApiKey } from '#domain/api-keys';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadError, LoadingState } from '../../components/ListStates';
import { useResourceAction } from '../../resources/useResourceAction';
import { useBusinessTime } from '../../business/business-time';
import { CreateApiKeyModal } from './CreateApiKeyModal';

/** A key's name, the start of its secret, and when it was created and last used. */
function KeyDetails({ apiKey }: { apiKey: ApiKey }) {
  const { dateTime } = useBusinessTime();
  return (
    <Flex vertical gap={2}>
      <Typography.Text strong>{apiKey.name}</Typography.Text>
      <Typography.Text code>{apiKey.prefix}…</Typography.Text>
      <Typography.Text type="secondary">
        Created {dateTime(apiKey.createdAt)} · {apiKey.lastUsedAt ? `Last used ${dateTime(apiKey.lastUsedAt)}` : 'Never used'}
      </Typography.Text>
    </Flex>
  );
}

/** The keys (rows from Refine's useTable), each with its delete button. */
function KeysTable({ tableProps, onDelete }: { tableProps: TableProps<ApiKey>; onDelete(apiKey: ApiKey): void }) {
  return (
    <Table<ApiKey>
      {...tableProps}
      rowKey="id"
      showHeader={false}
      scroll={undefined}
      columns={[
        { key: 'key', title: 'API key', render: (_, apiKey) => <KeyDetails apiKey={apiKey} /> },
        {
          key: 'actions',
          title: 'Actions',
          align: 'end',
          render: (_, apiKey) => (
            <Button danger icon={<DeleteOutlined />} aria-label={`Delete API key ${apiKey.name}`} onClick={() => onDelete(apiKey)}>
              Delete
            </Button>
          ),
        },
      ]}
    />
  );
}

/**
 * The business's API keys: the till, shop system or script that reports visits to the review
 * automation (POST /api/v1/visits) uses one. Listed (through Refine's useTable) by name and the
 * secret's first characters; created with a name (the secret is shown once), deleted after a confirmation.
 */
export function ApiKeysCard() {
  const { tableProps, tableQuery: keys } = useTable<ApiKey>({ resource: 'apiKeys', pagination: { mode: 'off' }, syncWithLocation: false });
  const { mutate: remove, mutation: removal } = useResourceAction('businessSettings', 'deleteApiKey');
  const [creating, setCreating] = useState(false);
  // The key asked about stays named while its dialog closes.
  const [deleting, setDeleting] = useState<ApiKey | null>(null);
  const [confirming, setConfirming] = useState(false);
  const createButton = useRef<HTMLButtonElement>(null);
  const refetch = () => void keys.refetch();
  const askToDelete = (apiKey: ApiKey) => {
    setDeleting(apiKey);
    setConfirming(true);
  };

  const confirmDelete = () =>
    remove(
      { id: deleting!.id, successNotification: () => ({ type: 'success', ...apiKeyMessages.deleted }) },
      {
        onSuccess: () => {
          setConfirming(false);
          refetch();
        },
      },
    );

  const list = keys.data?.data;
  return (
    <Card
      title="API keys"
      extra={
        <Button ref={createButton} icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          Create API key
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        Your till, booking or shop system can report each visit with a key, and the review automation asks those customers for a review. A key works
        for this business only; give each system its own.
      </Typography.Paragraph>
      {keys.isLoading ? (
        <LoadingState text="Loading API keys" />
      ) : keys.isError ? (
        <LoadError what="API keys" error={keys.error} onRetry={refetch} />
      ) : list?.length ? (
        <KeysTable tableProps={tableProps} onDelete={askToDelete} />
      ) : (
        <Empty description="No API keys yet. Create one for each system that reports visits." />
      )}

      <CreateApiKeyModal open={creating} onCreated={refetch} onClose={() => setCreating(false)} returnFocusTo={() => createButton.current} />
      <ConfirmDialog
        open={confirming}
        title="Delete API key"
        confirmText="Delete key"
        danger
        confirming={removal.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
        returnFocusTo={() => createButton.current}
      >
        Calls with “{deleting?.name}” are refused from now on: the system using it stops reporting visits until it gets a new key.
      </ConfirmDialog>
    </Card>
  );
}
