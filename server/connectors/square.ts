import { connectorOutcomes } from '#domain/connectors';
import { splitFullName } from '../contacts/import-values';
import { badRequest } from '../lib/errors';
import { base64HmacMatches } from './hmac';
import { firstNamed, paidAt, parsedJson, purchaseKey, textAt, valueAt, type PostReading, type SignedPost } from './post';

/**
 * Square's `payment.updated` (developer.squareup.com/reference/square/webhooks/payment.updated):
 * signed in `x-square-hmacsha256-signature` as base64 HMAC-SHA256, keyed with the subscription's
 * signature key, of the notification URL followed by the raw body. A payment is taken once it is
 * COMPLETED, once per payment (Square sends it again when fees or refunds update it).
 */
export function readSquarePost(post: SignedPost): PostReading {
  if (!base64HmacMatches(post.secret, [post.webhookUrl, post.body], post.header('x-square-hmacsha256-signature'))) {
    return { refused: "The Square signature (x-square-hmacsha256-signature) is missing or does not match this connection's signature key and webhook address." };
  }
  const event = parsedJson(post.body);
  const eventId = textAt(event, 'event_id');
  if (!eventId) throw badRequest('The Square event has no event_id.');
  const type = textAt(event, 'type') ?? '';
  if (type !== 'payment.updated') return { key: eventId, ignored: connectorOutcomes.notTaken(type) };
  const payment = valueAt(event, 'data', 'object', 'payment');
  const status = textAt(payment, 'status') ?? '';
  if (status !== 'COMPLETED') return { key: eventId, ignored: connectorOutcomes.notCompleted(status) };

  // A Square payment carries no phone number; its names are in the addresses, or on the card.
  const addressName = (address: string) => ({ firstName: textAt(payment, address, 'first_name'), lastName: textAt(payment, address, 'last_name') });
  const cardholder = textAt(payment, 'card_details', 'card', 'cardholder_name');
  return {
    key: purchaseKey('payment', textAt(payment, 'id'), eventId),
    purchase: {
      customer: {
        ...firstNamed(addressName('billing_address'), addressName('shipping_address'), cardholder ? splitFullName(cardholder) : {}),
        email: textAt(payment, 'buyer_email_address'),
      },
      paidAt: paidAt(valueAt(payment, 'created_at')),
    },
  };
}
