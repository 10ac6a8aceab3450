import { Alert, Flex, Typography } from 'antd';
import type { DeliveryChannel } from '#domain/campaign-schemas';
import type { CampaignType } from '#domain/campaign-status';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { launchQuestion } from '../campaign-view';

type Props = {
  /** Which button asked: Launch (now) or Schedule campaign (at `startTime`); null when closed. */
  submission: 'launch' | 'schedule' | null;
  name: string;
  type: CampaignType;
  startTime: string | null;
  /** How many would receive it; undefined while still counted. */
  recipients: number | undefined;
  channel: DeliveryChannel | undefined;
  onConfirm(): void;
  onCancel(): void;
};

/** Launch and Schedule first say what will happen: how many, by which channel, when, and whether it is delivered. */
export function LaunchConfirmDialog({ submission, name, type, startTime, recipients, channel, onConfirm, onCancel }: Props) {
  const scheduling = submission === 'schedule';
  return (
    <ConfirmDialog
      open={submission !== null}
      title={scheduling ? 'Schedule campaign' : 'Launch campaign'}
      confirmText={scheduling ? 'Schedule campaign' : 'Launch'}
      confirmDisabled={recipients === undefined}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <Flex vertical gap={8}>
        <Typography.Text strong data-testid="launch-question">
          {recipients === undefined ? 'Counting recipients...' : launchQuestion(recipients, type, scheduling ? startTime : null)}
        </Typography.Text>
        <Typography.Text>Campaign: {name}</Typography.Text>
        {recipients === 0 && (
          <Alert type="warning" showIcon message="No contact would receive it yet: the campaign will fail for want of recipients." />
        )}
        {channel && !channel.delivers && <Alert type="warning" showIcon message={channel.note} data-testid="launch-outbox-note" />}
      </Flex>
    </ConfirmDialog>
  );
}
