import { useDeleteMany } from '@refinedev/core';
import { useCallback, useState } from 'react';
import { parseTags } from '#domain/contacts';
import { toasts } from '#domain/messages';
import { useResourceAction } from '../../resources/useResourceAction';
import type { ContactsTableState } from './useContactsTable';
import type { TagChange } from './TagDialog';

export type BulkDialog = 'delete' | 'checkIn' | TagChange;

/** Tags of these contacts, each once, in the order first met. */
function tagsOf(contacts: Iterable<{ tags: string }>): string[] {
  const tags = new Set<string>();
  for (const contact of contacts) for (const tag of parseTags(contact.tags)) tags.add(tag);
  return [...tags];
}

/**
 * What the screen does with the selection: delete, check in, add or remove a tag, each behind its
 * dialog. The list is refetched after each (a delta); deleting and checking in clear the selection,
 * a tag change keeps it, so another tag can follow.
 */
export function useBulkActions(table: ContactsTableState) {
  const [dialog, setDialog] = useState<BulkDialog | null>(null);
  const { mutate: deleteContacts, mutation: deletion } = useDeleteMany();
  const { mutate: checkInContacts, mutation: checkIn } = useResourceAction('contacts', 'checkIn');
  const { selected, rows, refetch } = table;

  const afterBulkAction = () => {
    setDialog(null);
    table.clearSelection();
    void table.refetch();
  };
  const confirmDelete = () =>
    deleteContacts(
      { resource: 'contacts', ids: [...selected], successNotification: () => ({ type: 'success', ...toasts.contactsDeleted }) },
      { onSuccess: afterBulkAction },
    );
  const confirmCheckIn = () =>
    checkInContacts(
      { values: { contactIds: [...selected] }, successNotification: () => ({ type: 'success', ...toasts.contactsCheckedIn }) },
      { onSuccess: afterBulkAction },
    );

  const selectedIds = useCallback(() => [...selected], [selected]);
  // Adding offers every tag of the business; removing, the tags the selected contacts have.
  const offeredTags = useCallback(
    () => (dialog === 'remove' ? tagsOf(rows.filter((row) => selected.has(row.id))) : tagsOf(rows)).sort((a, b) => a.localeCompare(b)),
    [dialog, rows, selected],
  );

  return {
    dialog,
    open: setDialog,
    close: useCallback(() => setDialog(null), []),
    confirmDelete,
    deleting: deletion.isPending,
    confirmCheckIn,
    checkingIn: checkIn.isPending,
    selectedIds,
    offeredTags,
    afterTagChange: useCallback(() => void refetch(), [refetch]),
  };
}
