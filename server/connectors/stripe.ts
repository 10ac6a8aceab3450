import Stripe from 'stripe';
import { connectorOutcomes } from '#domain/connectors';
import type { ContactRowInput } from '#domain/contact-rows';
import { splitFullName } from '../contacts/import-values';
import { badRequest } from '../lib/errors';
import { paidAt, purchaseKey, textAt, valueAt, type PostReading, type SignedPost } from './post';

/** Stripe's advice, and the library's default: a signature older than 5 minutes is a replay. */
export const STRIPE_TOLERANCE_SECONDS = 300;

const STRIPE_REFUSED =
  "The Stripe signature (Stripe-Signature) is missing, more than 5 minutes away from now, or does not match this connection's signing secret.";

/** The `t=` of a Stripe-Signature header (seconds), as the library read it. */
const signedAtSeconds = (header: string) => Number(/(?:^|,)\s*t=(\d+)/.exec(header)?.[1] ?? 0);

/** A signed body is still only what the sender wrote: an event has an object with a text id and type. */
const isStripeEvent = (event: unknown): event is Stripe.Event => textAt(event, 'id') !== undefined && textAt(event, 'type') !== undefined;

/** Stripe's contact block (`customer_details`, `billing_details`) as a contact row. */
function customerIn(details: unknown, otherEmail: string | undefined): ContactRowInput {
  const name = textAt(details, 'name');
  return {
    ...(name ? splitFullName(name) : {}),
    email: [textAt(details, 'email'), otherEmail].filter((email) => email !== undefined),
    phoneNumber: textAt(details, 'phone'),
  };
}

/**
 * Stripe's `checkout.session.completed` and `charge.succeeded` (docs.stripe.com/webhooks): the
 * `Stripe-Signature` header (t=, v1=) is checked by the official library, within 5 minutes. A
 * purchase is taken once by its PaymentIntent, which both events name, so an owner who subscribes
 * to both gets one visit per payment.
 */
export function readStripePost(post: SignedPost): PostReading {
  const header = post.header('stripe-signature') ?? '';
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(post.body, header, post.secret, STRIPE_TOLERANCE_SECONDS);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) return { refused: STRIPE_REFUSED };
    throw badRequest('The body is not JSON.');
  }
  // The library checks only the past side of the tolerance: a time ahead of ours is as suspect.
  if (signedAtSeconds(header) > Date.now() / 1000 + STRIPE_TOLERANCE_SECONDS) return { refused: STRIPE_REFUSED };
  if (!isStripeEvent(event)) throw badRequest('The body is not a Stripe event (an object with a text "id" and "type").');
  const object: unknown = event.data?.object;
  const time = paidAt(event.created);
  const key = (payment: string | undefined) => purchaseKey('payment', textAt(object, 'payment_intent') ?? payment, event.id);
  switch (event.type) {
    case 'checkout.session.completed': {
      // Paid later (a bank debit): the charge.succeeded of that payment is the purchase.
      const status = textAt(object, 'payment_status') ?? '';
      if (status === 'unpaid') return { key: event.id, ignored: connectorOutcomes.notCompleted(status) };
      return { key: key(textAt(object, 'id')), purchase: { customer: customerIn(valueAt(object, 'customer_details'), textAt(object, 'customer_email')), paidAt: time } };
    }
    case 'charge.succeeded':
      return { key: key(textAt(object, 'id')), purchase: { customer: customerIn(valueAt(object, 'billing_details'), textAt(object, 'receipt_email')), paidAt: time } };
    default:
      return { key: event.id, ignored: connectorOutcomes.notTaken(event.type) };
  }
}
