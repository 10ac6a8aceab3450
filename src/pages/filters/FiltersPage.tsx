import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import { useDelete } from '@refinedev/core';
import { Button, Empty, Flex, Grid, Table, Typography } from 'antd';
import { useRef, useState } from 'react';
import { describeConditions, type ContactFilter, type ContactFilterCount } from '#domain/filters';
import { toasts } from '#domain/messages';
import { counted } from '#domain/words';
import { useSelectedBusiness } from '../../business/selected-business';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadError } from '../../components/ListStates';
import { useResourceQuery } from '../../resources/useResourceAction';
import { FilterDialog } from './FilterDialog';

/** Contacts come and go while the screen is open: the counts follow. */
const COUNTS_REFRESH_MS = 15_000;

/** The filter dialog: what it edits (nothing: a new filter), and a key that gives each opening a fresh form. */
type Dialog = { open: boolean; filter?: ContactFilter; key: number };

function DeleteQuestion({ filter, campaigns }: { filter: ContactFilter; campaigns: number | undefined }) {
  if (campaigns) {
    return (
      <>
        {counted(campaigns, 'campaign')} {campaigns === 1 ? 'uses' : 'use'} “{filter.name}”, so it cannot be deleted. Delete{' '}
        {campaigns === 1 ? 'that campaign' : 'those campaigns'} first, or keep the filter.
      </>
    );
  }
  return <>Delete the filter “{filter.name}”? New campaigns can no longer choose it. No contact is changed.</>;
}

/**
 * The business's saved filters (recipient segments): each with its conditions in words, how many
 * contacts it matches now and how many campaigns use it; created, edited (with the count as the
 * conditions change) and deleted here. Refine's useTable reads the list; the counts come beside it.
 */
export default function FiltersPage() {
  const business = useSelectedBusiness();
  const { tableProps, tableQuery } = useTable<ContactFilter>({
    resource: 'contactFilters',
    pagination: { mode: 'off' },
    syncWithLocation: false,
  });
  const counts = useResourceQuery('contactFilters', 'counts', { queryOptions: { refetchInterval: COUNTS_REFRESH_MS } });
  const countOf = new Map<number, ContactFilterCount>((counts.data?.data ?? []).map((count) => [count.id, count]));
  const contactsNow = (filter: ContactFilter) => {
    const count = countOf.get(filter.id);
    return count ? counted(count.count, 'contact') : counts.isError ? 'Not counted' : 'Counting…';
  };
  // On a phone the count goes under the name, so the name keeps the width to be read whole.
  const narrow = !Grid.useBreakpoint().sm;
  const { mutate: remove, mutation: removal } = useDelete<ContactFilter>();
  const [dialog, setDialog] = useState<Dialog>({ open: false, key: 0 });
  const openDialog = (filter?: ContactFilter) => setDialog(({ key }) => ({ open: true, filter, key: key + 1 }));
  const closeDialog = () => setDialog((current) => ({ ...current, open: false }));
  // The filter asked about stays named while its dialog closes.
  const [deleting, setDeleting] = useState<ContactFilter | null>(null);
  const [confirming, setConfirming] = useState(false);
  const createButton = useRef<HTMLButtonElement>(null);

  // Refine's create, update and delete already invalidate the list; the counts are ours to refresh.
  const refreshCounts = () => void counts.refetch();
  const retry = () => {
    void tableQuery.refetch();
    refreshCounts();
  };
  const campaignsUsing = deleting ? countOf.get(deleting.id)?.campaigns : undefined;
  const confirmDelete = () =>
    remove(
      { resource: 'contactFilters', id: deleting!.id, successNotification: () => ({ type: 'success', ...toasts.contactFilterDeleted }) },
      {
        onSuccess: () => {
          setConfirming(false);
          refreshCounts();
        },
        // The server's reason (a campaign started using it meanwhile) is in the toast.
        onError: () => setConfirming(false),
      },
    );

  const createFilter = (
    <Button ref={createButton} type="primary" icon={<PlusOutlined />} onClick={() => openDialog()}>
      Create filter
    </Button>
  );

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Filters
        </Typography.Title>
        {createFilter}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        A filter picks the contacts a campaign goes to. Campaigns not started yet use a filter’s conditions as they are when the campaign starts.
      </Typography.Paragraph>

      {tableQuery.isError ? (
        <LoadError what="filters" error={tableQuery.error} onRetry={retry} />
      ) : (
        <Table<ContactFilter>
          {...tableProps}
          rowKey="id"
          data-testid="filters-table"
          locale={{
            emptyText: (
              <Empty description={<Typography.Text type="secondary">No filters yet. Create one to choose who a campaign goes to.</Typography.Text>} />
            ),
          }}
          columns={[
            {
              key: 'name',
              title: 'Filter',
              render: (_, filter) => (
                <Flex vertical gap={2}>
                  <Typography.Text strong>{filter.name}</Typography.Text>
                  <Typography.Text type="secondary">{describeConditions(filter.items)}</Typography.Text>
                  {narrow && <Typography.Text data-testid="filter-count">{contactsNow(filter)} now</Typography.Text>}
                </Flex>
              ),
            },
            {
              key: 'contacts',
              title: 'Contacts now',
              width: 130,
              responsive: ['sm'],
              render: (_, filter) => <span data-testid="filter-count">{contactsNow(filter)}</span>,
            },
            {
              key: 'campaigns',
              title: 'Used by',
              width: 140,
              responsive: ['md'],
              render: (_, filter) => {
                const count = countOf.get(filter.id);
                return count ? (count.campaigns ? counted(count.campaigns, 'campaign') : 'No campaign') : '';
              },
            },
            {
              key: 'actions',
              title: 'Actions',
              width: 104,
              render: (_, filter) => (
                <Flex gap={8}>
                  <Button icon={<EditOutlined />} aria-label={`Edit filter ${filter.name}`} onClick={() => openDialog(filter)} />
                  <Button
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`Delete filter ${filter.name}`}
                    onClick={() => {
                      setDeleting(filter);
                      setConfirming(true);
                    }}
                  />
                </Flex>
              ),
            },
          ]}
        />
      )}

      {business && (
        <FilterDialog
          key={dialog.key}
          open={dialog.open}
          businessId={business.id}
          filter={dialog.filter}
          onClose={closeDialog}
          onSaved={() => {
            closeDialog();
            refreshCounts();
          }}
        />
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete filter"
        confirmText="Delete filter"
        danger
        confirming={removal.isPending}
        confirmDisabled={Boolean(campaignsUsing)}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
        returnFocusTo={() => createButton.current}
      >
        {deleting && <DeleteQuestion filter={deleting} campaigns={campaignsUsing} />}
      </ConfirmDialog>
    </Flex>
  );
}
