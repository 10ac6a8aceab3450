import { Alert, Button, Typography } from 'antd';
import { LIFTABLE_REASONS, SUPPRESSION_REASON_LABELS, type Suppression } from '#domain/suppressions';
import { useResourceAction } from '../../resources/useResourceAction';

/** A contact's suppressions: an owner lifts a hard bounce or an invalid number; a STOP or complaint only the contact can undo. */
export function ContactSuppressions({ suppressions, onLifted }: { suppressions: Suppression[] | undefined; onLifted(): void }) {
  const lift = useResourceAction('contacts', 'liftSuppression');
  if (!suppressions?.length) return <Typography.Text type="secondary">Not suppressed</Typography.Text>;
  return suppressions.map((suppression) => (
    <Alert
      key={suppression.id}
      type="warning"
      showIcon
      message={`${suppression.channel === 'EMAIL' ? 'Email' : 'Text messages'} suppressed: ${SUPPRESSION_REASON_LABELS[suppression.reason]}`}
      description={suppression.evidence ?? undefined}
      action={
        LIFTABLE_REASONS.includes(suppression.reason) && (
          <Button
            size="small"
            onClick={() =>
              lift.mutate(
                { id: suppression.id, successNotification: () => ({ type: 'success', message: 'Suppression lifted', description: `${suppression.address} can be sent to again.` }) },
                { onSuccess: onLifted },
              )
            }
          >
            Lift
          </Button>
        )
      }
    />
  ));
}
