import type { ContactFilter } from '#domain/filters';
import { counted } from '#domain/words';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { FilterDeletion } from './useFilterDeletion';

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

/** 'Delete filter': the question, or why a filter campaigns use cannot be deleted. */
export function DeleteFilterDialog({ deletion, returnFocusTo }: { deletion: FilterDeletion; returnFocusTo(): HTMLElement | null }) {
  const { deleting, campaignsUsing } = deletion;
  return (
    <ConfirmDialog
      open={deletion.confirming}
      title="Delete filter"
      confirmText="Delete filter"
      danger
      confirming={deletion.pending}
      confirmDisabled={Boolean(campaignsUsing)}
      onConfirm={deletion.confirm}
      onCancel={deletion.cancel}
      returnFocusTo={returnFocusTo}
    >
      {deleting && <DeleteQuestion filter={deleting} campaigns={campaignsUsing} />}
    </ConfirmDialog>
  );
}
