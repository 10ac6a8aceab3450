import { connectorOutcomes } from '#domain/connectors';
import { badRequest } from '../lib/errors';
import { base64HmacMatches } from './hmac';
import { contentKey, firstNamed, paidAt, parsedJson, purchaseKey, textAt, valueAt, type PostReading, type SignedPost } from './post';

/** Shopify's topic of an order fully fulfilled: the customer has what they bought. */
const FULFILLED = 'orders/fulfilled';
/** An order's `financial_status` when the customer paid for it (all or part). */
const PAID = new Set(['paid', 'partially_paid']);

/** The newest fulfilment's time: when the order reached the customer (or was handed over). */
function fulfilledAt(order: unknown): Date | undefined {
  const fulfillments = valueAt(order, 'fulfillments');
  const times = (Array.isArray(fulfillments) ? fulfillments : []).map((fulfillment) => paidAt(valueAt(fulfillment, 'created_at'))).filter((time) => time !== undefined);
  return times.length ? new Date(Math.max(...times.map((time) => time.getTime()))) : paidAt(valueAt(order, 'updated_at'));
}

/**
 * Shopify's `orders/fulfilled` webhook (shopify.dev/docs/apps/build/webhooks): signed in
 * `X-Shopify-Hmac-Sha256` as base64 HMAC-SHA256 of the raw body, keyed with the app's client secret
 * (or the signing key Settings → Notifications → Webhooks shows). The topic and event id come in
 * headers, which are not signed; an order is taken once by its id (a post without one, by its body).
 */
export function readShopifyPost(post: SignedPost): PostReading {
  if (!base64HmacMatches(post.secret, [post.body], post.header('x-shopify-hmac-sha256'))) {
    return { refused: "The Shopify signature (X-Shopify-Hmac-Sha256) is missing or does not match this connection's signing key." };
  }
  if (!post.header('x-shopify-event-id') && !post.header('x-shopify-webhook-id')) throw badRequest('The Shopify post has no X-Shopify-Event-Id or X-Shopify-Webhook-Id.');
  // The headers are not signed: what is not an order's id is keyed by the signed body itself.
  const signedKey = contentKey(post.body);
  const topic = post.header('x-shopify-topic') ?? '';
  if (topic !== FULFILLED) return { key: signedKey, ignored: connectorOutcomes.notTaken(topic) };

  const order = parsedJson(post.body);
  // Only a paid (or partly paid) order that stands is a purchase: not a voided, refunded, cancelled or test one.
  const financialStatus = textAt(order, 'financial_status') ?? '';
  if (valueAt(order, 'test') === true) return { key: signedKey, ignored: connectorOutcomes.testOrder };
  if (valueAt(order, 'cancelled_at')) return { key: signedKey, ignored: connectorOutcomes.orderCancelled };
  if (!PAID.has(financialStatus)) return { key: signedKey, ignored: connectorOutcomes.orderNotPaid(financialStatus) };
  const nameAt = (...path: string[]) => ({ firstName: textAt(order, ...path, 'first_name'), lastName: textAt(order, ...path, 'last_name') });
  const id = valueAt(order, 'id');
  return {
    key: purchaseKey('order', typeof id === 'number' || typeof id === 'string' ? id : undefined, signedKey),
    purchase: {
      customer: {
        ...firstNamed(nameAt('customer'), nameAt('billing_address'), nameAt('shipping_address')),
        email: [textAt(order, 'email'), textAt(order, 'contact_email'), textAt(order, 'customer', 'email')].filter((email) => email !== undefined),
        phoneNumber: [
          textAt(order, 'phone'),
          textAt(order, 'customer', 'phone'),
          textAt(order, 'billing_address', 'phone'),
          textAt(order, 'shipping_address', 'phone'),
        ].filter((phone) => phone !== undefined),
      },
      paidAt: fulfilledAt(order),
    },
  };
}
