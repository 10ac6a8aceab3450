import { Flex, Tag, type TableColumnsType } from 'antd';
import type { CampaignType } from '#domain/campaign-status';
import { BOUNCE_LABELS, isNoAddressSkip, type DeliveryState, type RecipientDelivery } from '#domain/delivery';
import { LOW_RATING_MAX, type ReviewStep } from '#domain/reviews';
import type { BusinessTime } from '../../../business/business-time';
import { ratingText, REVIEW_STEP_LABELS } from '../../../components/reviews/review-steps';
import { formatPhoneNumber } from '../../../phone-numbers';
import { deliveryStateTag, pendingNote } from './delivery-state-tag';

/** A recipient's address as people read it: a number nationally in the business's country; "—" for a contact without one. */
function shownAddress(delivery: RecipientDelivery, type: CampaignType, region: string | null): string {
  if (isNoAddressSkip(delivery.error)) return '—';
  return type === 'SMS' && /^\+\d+$/.test(delivery.address) ? formatPhoneNumber(delivery.address.slice(1), region) : delivery.address;
}

/** The recipients table's columns: who, where, the delivery's state and tries, and how far the review request got. */
export function recipientColumns(type: CampaignType, region: string | null, times: BusinessTime): TableColumnsType<RecipientDelivery> {
  return [
    { title: 'Name', dataIndex: 'name', render: (name: string | null) => name ?? 'Deleted contact' },
    { title: 'Address', dataIndex: 'address', render: (_: string, delivery: RecipientDelivery) => shownAddress(delivery, type, region) },
    {
      title: 'State',
      dataIndex: 'state',
      render: (value: DeliveryState, delivery: RecipientDelivery) => (
        <>
          <Tag color={deliveryStateTag(value).color}>{deliveryStateTag(value).label}</Tag>
          {delivery.bounce && <Tag color="volcano">{BOUNCE_LABELS[delivery.bounce]}</Tag>}
        </>
      ),
    },
    { title: 'Attempts', dataIndex: 'attempts', width: 90 },
    {
      title: times.titled('Reason / next try'),
      render: (_: unknown, delivery: RecipientDelivery) => pendingNote(delivery, times),
    },
    { title: times.titled('Sent at'), dataIndex: 'sentAt', render: (sentAt: string | null) => (sentAt ? times.stamp(sentAt) : '') },
    {
      title: 'Furthest step',
      dataIndex: 'step',
      render: (step: ReviewStep | null, delivery: RecipientDelivery) => (
        <Flex gap={4} wrap>
          {step && <Tag color={REVIEW_STEP_LABELS[step].color}>{REVIEW_STEP_LABELS[step].label}</Tag>}
          {delivery.rating !== null && <Tag color={delivery.rating <= LOW_RATING_MAX ? 'red' : 'gold'}>Rated {ratingText(delivery.rating)}</Tag>}
          {delivery.feedback && <Tag color="purple">Sent feedback</Tag>}
        </Flex>
      ),
    },
  ];
}
