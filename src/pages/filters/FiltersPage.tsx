import { PlusOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import { Button, Flex, Typography } from 'antd';
import { useRef, useState } from 'react';
import type { ContactFilter } from '#domain/filters';
import { useSelectedBusiness } from '../../business/selected-business';
import { LoadError } from '../../components/ListStates';
import { DeleteFilterDialog } from './DeleteFilterDialog';
import { FilterDialog } from './FilterDialog';
import { FiltersTable } from './FiltersTable';
import { useFilterCounts } from './useFilterCounts';
import { useFilterDeletion } from './useFilterDeletion';

/** The filter dialog: what it edits (nothing: a new filter), and a key that gives each opening a fresh form. */
type Dialog = { open: boolean; filter?: ContactFilter; key: number };

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
  const counts = useFilterCounts();
  const deletion = useFilterDeletion(counts);
  const [dialog, setDialog] = useState<Dialog>({ open: false, key: 0 });
  const openDialog = (filter?: ContactFilter) => setDialog(({ key }) => ({ open: true, filter, key: key + 1 }));
  const closeDialog = () => setDialog((current) => ({ ...current, open: false }));
  const createButton = useRef<HTMLButtonElement>(null);
  const retry = () => {
    void tableQuery.refetch();
    counts.refresh();
  };

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Filters
        </Typography.Title>
        <Button ref={createButton} type="primary" icon={<PlusOutlined />} onClick={() => openDialog()}>
          Create filter
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        A filter picks the contacts a campaign goes to. Campaigns not started yet use a filter’s conditions as they are when the campaign starts.
      </Typography.Paragraph>

      {tableQuery.isError ? (
        <LoadError what="filters" error={tableQuery.error} onRetry={retry} />
      ) : (
        <FiltersTable tableProps={tableProps} counts={counts} onEdit={openDialog} onDelete={deletion.ask} />
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
            counts.refresh();
          }}
        />
      )}
      <DeleteFilterDialog deletion={deletion} returnFocusTo={() => createButton.current} />
    </Flex>
  );
}
