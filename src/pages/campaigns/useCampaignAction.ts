import { useCustomMutation, useDelete } from '@refinedev/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { actionConfirmationMessage, type Campaign, type CampaignAction } from '../../domain/campaigns';
import { toasts } from '../../domain/messages';

const SUCCESS: Record<Exclude<CampaignAction, 'edit' | 'delete'>, { message: string; description: string }> = {
  start: toasts.campaignStarted,
  pause: { message: 'Campaign Paused', description: 'The campaign has been paused; start it again to resume.' },
  cancel: { message: 'Campaign Canceled', description: 'The campaign has been canceled.' },
  duplicate: { message: 'Campaign Duplicated', description: 'A copy of the campaign has been created as a draft.' },
};

/**
 * A campaign action from the card's menu: edit opens the wizard; every other action asks first
 * (the spec's dialog), then calls the server, which enforces the action table.
 */
export function useCampaignAction(onDone: () => void) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<{ campaign: Campaign; action: CampaignAction } | null>(null);
  const { mutate: callAction, mutation: actionCall } = useCustomMutation();
  const { mutate: deleteCampaign, mutation: deletion } = useDelete();

  const request = (campaign: Campaign, action: CampaignAction) => {
    if (action === 'edit') return navigate(`/campaigns/create-new-campaign?edit=${campaign.id}`);
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
          meta: { businessId: campaign.businessId },
          successNotification: () => ({ type: 'success', message: 'Campaign Deleted', description: 'The campaign has been deleted.' }),
        },
        { onSuccess: finish, onError: () => setPending(null) },
      );
    }
    if (action === 'edit') return;
    callAction(
      {
        url: '',
        method: 'put',
        values: {},
        meta: { resource: 'campaigns', action, id: campaign.id },
        successNotification: () => ({ type: 'success', ...SUCCESS[action] }),
      },
      { onSuccess: finish, onError: () => setPending(null) },
    );
  };

  return {
    pending,
    confirmationText: pending ? actionConfirmationMessage(pending.action) : '',
    request,
    confirm,
    cancel: () => setPending(null),
    confirming: actionCall.isPending || deletion.isPending,
  };
}
