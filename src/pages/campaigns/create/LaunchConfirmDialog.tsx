import { Alert, Flex, Typography } from 'antd';
import type { DeliveryChannel } from '#domain/campaign-schemas';
import type { CampaignType } from '#domain/campaign-status';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useBusinessTime } from '../../../business/business-time';
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
  const times = useBusinessTime();
  // Launched now to nobody it could only fail; scheduled, contacts may still be added before it starts.
  const nobodyNow = recipients === 0 && !scheduling;
  return (
    <ConfirmDialog
      open={submission !== null}
      title={scheduling ? 'Schedule campaign' : 'Launch campaign'}
      confirmText={scheduling ? 'Schedule campaign' : 'Launch'}
      confirmDisabled={recipients === undefined || nobodyNow}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <Flex vertical gap={8}>
        <Typography.Text strong data-testid="launch-question">
          {recipients === undefined ? 'Counting recipients...' : launchQuestion(recipients, type, scheduling ? startTime : null, times)}
        </Typography.Text>
        <Typography.Text>Campaign: {name}</Typography.Text>
        {recipients === 0 && (
          <Alert
            type="warning"
            showIcon
            data-testid="launch-nobody"
            message={
              nobodyNow
                ? 'No contact matches the recipients’ filter, so there is nobody to send it to. Add contacts that match it, or choose another filter, then launch.'
                : 'No contact matches the recipients’ filter yet: unless matching contacts are added before it starts, the campaign will fail for want of recipients.'
            }
          />
        )}
        {channel && !channel.delivers && <Alert type="warning" showIcon message={channel.note} data-testid="launch-outbox-note" />}
      </Flex>
    </ConfirmDialog>
  );
}
