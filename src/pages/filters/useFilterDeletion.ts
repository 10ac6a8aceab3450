import { useDelete } from '@refinedev/core';
import { useState } from 'react';
import type { ContactFilter } from '#domain/filters';
import { toasts } from '#domain/messages';
import type { FilterCounts } from './useFilterCounts';

/** Deleting a filter after asking: which filter is asked about, and how many campaigns use it (they forbid it). */
export function useFilterDeletion({ countOf, refresh }: Pick<FilterCounts, 'countOf' | 'refresh'>) {
  const { mutate: remove, mutation: removal } = useDelete<ContactFilter>();
  // The filter asked about stays named while its dialog closes.
  const [deleting, setDeleting] = useState<ContactFilter | null>(null);
  const [confirming, setConfirming] = useState(false);
  const campaignsUsing = deleting ? countOf.get(deleting.id)?.campaigns : undefined;
  const confirm = () =>
    remove(
      { resource: 'contactFilters', id: deleting!.id, successNotification: () => ({ type: 'success', ...toasts.contactFilterDeleted }) },
      {
        onSuccess: () => {
          setConfirming(false);
          refresh();
        },
        // The server's reason (a campaign started using it meanwhile) is in the toast.
        onError: () => setConfirming(false),
      },
    );
  const ask = (filter: ContactFilter) => {
    setDeleting(filter);
    setConfirming(true);
  };
  return { deleting, confirming, campaignsUsing, pending: removal.isPending, ask, cancel: () => setConfirming(false), confirm };
}

export type FilterDeletion = ReturnType<typeof useFilterDeletion>;
