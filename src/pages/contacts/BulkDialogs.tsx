import { Typography } from 'antd';
import { counted } from '#domain/words';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { TagDialog } from './TagDialog';
import type { useBulkActions } from './useBulkActions';
import type { ContactsTableState } from './useContactsTable';

type Props = { table: ContactsTableState; bulk: ReturnType<typeof useBulkActions> };

/** The dialogs of the actions on the selection: delete, check in, add and remove a tag. */
export function BulkDialogs({ table, bulk }: Props) {
  const selectedCount = table.selected.size;
  // Selected rows a search hides are still selected: the dialogs say how many of them there are.
  const hiddenCount = bulk.dialog ? table.selectedHiddenBySearch() : 0;
  const hiddenNote =
    hiddenCount > 0 ? (
      <Typography.Paragraph strong data-testid="hidden-selection-note">
        {hiddenCount} of them {hiddenCount === 1 ? 'is' : 'are'} hidden by the search &quot;{table.search}&quot;.
      </Typography.Paragraph>
    ) : null;
  return (
    <>
      <ConfirmDialog
        open={bulk.dialog === 'delete'}
        title="Delete selected contacts"
        confirmText="Confirm Delete"
        danger
        confirming={bulk.deleting}
        onConfirm={bulk.confirmDelete}
        onCancel={bulk.close}
      >
        <Typography.Paragraph>
          Are you sure you want to delete {counted(selectedCount, 'contact')}. This action cannot be undone and all associated data will be
          permanently removed.
        </Typography.Paragraph>
        {hiddenNote}
      </ConfirmDialog>
      <ConfirmDialog
        open={bulk.dialog === 'checkIn'}
        title="Check in selected contacts"
        confirmText="Confirm Check-In"
        confirming={bulk.checkingIn}
        onConfirm={bulk.confirmCheckIn}
        onCancel={bulk.close}
      >
        <Typography.Paragraph>Are you sure you want to check in {counted(selectedCount, 'contact')}.</Typography.Paragraph>
        {hiddenNote}
      </ConfirmDialog>
      <TagDialog
        change={bulk.dialog === 'add' || bulk.dialog === 'remove' ? bulk.dialog : null}
        contactIds={bulk.selectedIds}
        offeredTags={bulk.offeredTags}
        note={hiddenNote}
        onChanged={bulk.afterTagChange}
        onClose={bulk.close}
      />
    </>
  );
}
