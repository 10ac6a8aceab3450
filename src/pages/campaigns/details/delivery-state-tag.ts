import { DELIVERY_STATE_LABELS, type DeliveryState } from '../../../domain/delivery';

const COLORS: Record<DeliveryState, string> = {
  queued: 'default',
  sending: 'processing',
  sent: 'blue',
  delivered: 'green',
  failed: 'red',
  canceled: 'default',
  skipped: 'orange',
  outbox: 'gold',
};

/** A delivery state's label and tag colour. */
export const deliveryStateTag = (state: DeliveryState) => ({ label: DELIVERY_STATE_LABELS[state], color: COLORS[state] });
