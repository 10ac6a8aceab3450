import dayjs from 'dayjs';
import type { BusinessTime } from '../../../business/business-time';
import { DELIVERY_STATE_LABELS, type DeliveryState, type RecipientDelivery } from '#domain/delivery';

const COLORS: Record<DeliveryState, string> = {
  queued: 'default',
  sending: 'geekblue',
  sent: 'blue',
  delivered: 'green',
  failed: 'red',
  canceled: 'default',
  skipped: 'orange',
  outbox: 'gold',
};

/** A delivery state's label and tag colour. */
export const deliveryStateTag = (state: DeliveryState) => ({ label: DELIVERY_STATE_LABELS[state], color: COLORS[state] });

/** Why a recipient has not gone yet: the failure, a retry's time (never one already past), or its turn. */
export function pendingNote(delivery: Pick<RecipientDelivery, 'state' | 'error' | 'nextAttemptAt'>, times: BusinessTime, now = dayjs()) {
  if (delivery.error) return delivery.error;
  if (delivery.state !== 'queued') return '';
  if (!delivery.nextAttemptAt) return 'Waiting for its turn';
  return dayjs(delivery.nextAttemptAt).isAfter(now) ? `Next try ${times.stamp(delivery.nextAttemptAt)}` : 'Retrying now';
}
