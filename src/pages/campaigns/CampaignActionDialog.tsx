import { Flex, Typography } from 'antd';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { useCampaignAction } from './useCampaignAction';

/** Asks before a card's action (delete and cancel as dangerous), naming the campaign it acts on. */
export function CampaignActionDialog({ actions }: { actions: ReturnType<typeof useCampaignAction> }) {
  return (
    <ConfirmDialog
      open={Boolean(actions.pending)}
      title="Confirm campaign action"
      confirmText="Confirm action"
      danger={actions.pending?.action === 'delete' || actions.pending?.action === 'cancel'}
      confirming={actions.confirming}
      onConfirm={actions.confirm}
      onCancel={actions.cancel}
      returnFocusTo={actions.returnFocusTo}
    >
      <Flex vertical gap={8}>
        <span>{actions.confirmationText}</span>
        {/* Which card it acts on, for owners with several similar ones. */}
        <Typography.Text strong data-testid="confirm-campaign-name">
          Campaign: {actions.pending?.campaign.name}
        </Typography.Text>
      </Flex>
    </ConfirmDialog>
  );
}
