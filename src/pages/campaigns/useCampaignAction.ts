import { useDelete } from '@refinedev/core';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { type Campaign } from '#domain/campaign-schemas';
import { actionConfirmationMessage, type CampaignAction } from '#domain/campaign-status';
import { toasts } from '#domain/messages';
import { useResourceAction } from '../../resources/useResourceAction';

const SUCCESS: Record<Exclude<CampaignAction, 'edit' | 'delete'>, { message: string; description: string }> = {
  start: toasts.campaignStarted,
  pause: { message: 'Campaign Paused', description: 'The campaign has been paused; start it again to resume.' },
  cancel: { message: 'Campaign Canceled', description: 'The campaign has been canceled.' },
  duplicate: { message: 'Campaign Duplicated', description: 'A copy of the campaign has been created as a draft.' },
};
const RESUMED = { message: 'Campaign Resumed', description: 'The campaign is sending again.' };

/**
 * A campaign action from the card's menu: edit opens the wizard; every other action asks first
 * (the spec's dialog), then calls the server, which enforces the action table.
 */
export function useCampaignAction(onDone: () => void) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<{ campaign: Campaign; action: CampaignAction } | null>(null);
  // The card's menu button that asked, for focus to return to once the dialog has closed.
  const opener = useRef<HTMLElement | null>(null);
  const calls = {
    start: useResourceAction('campaigns', 'start'),
    pause: useResourceAction('campaigns', 'pause'),
    cancel: useResourceAction('campaigns', 'cancel'),
    duplicate: useResourceAction('campaigns', 'duplicate'),
  };
  const { mutate: deleteCampaign, mutation: deletion } = useDelete();

  const request = (campaign: Campaign, action: CampaignAction, openedBy: HTMLElement | null = null) => {
    if (action === 'edit') return navigate(`/campaigns/create-new-campaign?edit=${campaign.id}`);
    opener.current = openedBy;
    setPending({ campaign, action });
  };

  const finish = () => {
    setPending(null);
    onDone();
  };

  const confirm = () => {
    if (!pending) return;
    const { campaign, action } = pending;
    if (action === 'delete') {
      return deleteCampaign(
        {
          resource: 'campaigns',
          id: campaign.id,
          successNotification: () => ({ type: 'success', message: 'Campaign Deleted', description: 'The campaign has been deleted.' }),
        },
        { onSuccess: finish, onError: () => setPending(null) },
      );
    }
    if (action === 'edit') return;
    const success = action === 'start' && campaign.status === 'PAUSED' ? RESUMED : SUCCESS[action];
    calls[action].mutate(
      { id: campaign.id, successNotification: () => ({ type: 'success', ...success }) },
      { onSuccess: finish, onError: () => setPending(null) },
    );
  };

  return {
    pending,
    confirmationText: pending ? actionConfirmationMessage(pending.action, pending.campaign.status) : '',
    request,
    confirm,
    cancel: () => setPending(null),
    confirming: Object.values(calls).some((call) => call.mutation.isPending) || deletion.isPending,
    /** The opener when it is still on the page (a deleted campaign's card is gone). */
    returnFocusTo: () => (opener.current?.isConnected ? opener.current : null),
  };
}
