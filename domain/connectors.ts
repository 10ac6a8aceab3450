import * as z from 'zod/mini';
import { maxMessage } from './rules';

/**
 * Connected systems (issue 23): a point-of-sale or shop (Square, Stripe, Shopify) posts its
 * completed payments or orders to a webhook address of the business's own, signed with a secret the
 * owner pastes on Business settings; each one is a visit of the customer it names.
 */

export const CONNECTOR_PROVIDERS = ['square', 'stripe', 'shopify'] as const;
export type ConnectorProvider = (typeof CONNECTOR_PROVIDERS)[number];

export const CONNECTOR_LABELS: Record<ConnectorProvider, string> = { square: 'Square', stripe: 'Stripe', shopify: 'Shopify' };

/** The events each provider is subscribed to; any other is answered and recorded as ignored. */
export const CONNECTOR_EVENTS: Record<ConnectorProvider, readonly string[]> = {
  square: ['payment.updated'],
  stripe: ['checkout.session.completed', 'charge.succeeded'],
  shopify: ['orders/fulfilled'],
};

/** What each provider calls the secret it signs with, as its dashboard names it. */
export const CONNECTOR_SECRET_NAMES: Record<ConnectorProvider, string> = {
  square: 'signature key',
  stripe: 'signing secret',
  shopify: 'webhook signing key',
};

export const CONNECTOR_SECRET_MAX = 200;
/**
 * Each provider's secret as its dashboard issues it: Stripe's endpoint signing secret (whsec_ and
 * at least 24 more characters), Square's subscription signature key (22 characters of base64url),
 * Shopify's webhook signing key (64 hexadecimal digits) or an app's client secret (32, after
 * shpss_ in newer apps). A secret of another shape is a copying mistake: it would refuse every post.
 */
const SECRET_SHAPES: Record<ConnectorProvider, RegExp> = {
  stripe: /^whsec_[A-Za-z0-9+/=_-]{24,}$/,
  square: /^[A-Za-z0-9_-]{20,}$/,
  shopify: /^(?:[0-9a-f]{64}|(?:shpss_)?[0-9a-f]{32})$/i,
};
// Secrets are letters, digits and symbols; a space inside one is a copying mistake.
const PRINTABLE = /^[\x21-\x7e]*$/;

export const connectorMessages = {
  providerInvalid: `Provider must be one of ${CONNECTOR_PROVIDERS.join(', ')}`,
  secretRequired: 'Signing secret is required',
  secretCharacters: 'Signing secret must be letters, digits and symbols without spaces: copy it again from the provider',
  secretMax: maxMessage('Signing secret', CONNECTOR_SECRET_MAX),
  secretShape: {
    stripe: "A Stripe signing secret is whsec_ and at least 24 more letters and digits: copy it from the endpoint's page in Stripe (Developers, Webhooks, your endpoint, Signing secret, Reveal)",
    square: 'A Square signature key is at least 20 letters and digits: copy it from the Square Developer Dashboard (your application, Webhooks, Subscriptions, your subscription, Signature key)',
    shopify: "A Shopify webhook signing key is 64 hexadecimal characters (Shopify admin, Settings, Notifications, Webhooks, at the bottom), or your app's client secret (32 hexadecimal characters, after shpss_ in newer apps): copy it again from Shopify",
  } satisfies Record<ConnectorProvider, string>,
  notConnected: (provider: ConnectorProvider) => `${CONNECTOR_LABELS[provider]} is not connected.`,
  connected: (provider: ConnectorProvider) => ({
    message: `${CONNECTOR_LABELS[provider]} Connected`,
    description: `Paste the webhook address into ${CONNECTOR_LABELS[provider]} to start receiving its ${provider === 'shopify' ? 'orders' : 'payments'}.`,
  }),
  disconnected: (provider: ConnectorProvider) => ({
    message: `${CONNECTOR_LABELS[provider]} Disconnected`,
    description: `Starboost no longer takes visits from ${CONNECTOR_LABELS[provider]}.`,
  }),
} as const;

/** PUT /business/update-connector/{businessId}: connects a provider, or replaces its secret. */
export const connectorPayloadSchema = z
  .object({
    provider: z.enum(CONNECTOR_PROVIDERS, { error: connectorMessages.providerInvalid }),
    secret: z.string({ error: connectorMessages.secretRequired }).check(
      z.trim(),
      z.minLength(1, connectorMessages.secretRequired),
      z.maxLength(CONNECTOR_SECRET_MAX, connectorMessages.secretMax),
      z.regex(PRINTABLE, connectorMessages.secretCharacters),
    ),
  })
  .check(
    z.superRefine((payload, ctx) => {
      if (!SECRET_SHAPES[payload.provider].test(payload.secret)) {
        ctx.issues.push({ code: 'custom', message: connectorMessages.secretShape[payload.provider], path: ['secret'], input: payload.secret });
      }
    }),
  );
export type ConnectorPayload = z.infer<typeof connectorPayloadSchema>;

// A provider's word quoted in an outcome: short, and without control characters (PostgreSQL refuses NUL).
// eslint-disable-next-line no-control-regex
const quoted = (text: string) => text.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 100);

/** What became of one post, in the owner's words (kept with its event id; no personal data). */
export const connectorOutcomes = {
  visit: (newContact: boolean, automation: string) => `visit recorded${newContact ? ' (new contact)' : ''}; ${automation}`,
  requestScheduled: 'review request scheduled',
  automationOff: 'the review automation is off',
  notTaken: (eventType: string) => `ignored: ${quoted(eventType) || 'an event without a type'} is not an event Starboost takes`,
  notCompleted: (status: string) => `ignored: the payment is not completed (${quoted(status) || 'no status'})`,
  orderNotPaid: (status: string) => `ignored: the order is not paid (${quoted(status) || 'no financial status'})`,
  orderCancelled: 'ignored: the order was cancelled',
  testOrder: 'ignored: a test order',
  noReach: 'ignored: no email or phone',
  notAContact: (problem: string) => `ignored: ${problem.charAt(0).toLowerCase()}${problem.slice(1).replace(/\.$/, '')}`,
  /** A retried post (same event or purchase): answered, nothing recorded again. */
  alreadyTaken: 'already taken',
} as const;

/** True for an outcome that recorded a visit. */
export const isVisitOutcome = (outcome: string) => outcome.startsWith('visit recorded');

/** A text (an instant, an outcome), with its description for the OpenAPI document. */
const text = (description: string) => z.string().register(z.globalRegistry, { description });
const maybeText = (description: string) => z.nullable(z.string()).register(z.globalRegistry, { description });

/** One post received, newest first. */
export const connectorEventSchema = z.object({
  receivedAt: text('ISO 8601 UTC'),
  outcome: text('What became of it: "visit recorded; review request scheduled", "ignored: no email or phone"…'),
});
export type ConnectorEvent = z.infer<typeof connectorEventSchema>;

/** GET /business/get-connectors/{businessId}: one per connected provider (never its secret). */
export const connectorSchema = z.object({
  provider: z.enum(CONNECTOR_PROVIDERS),
  webhookUrl: z.string(),
  createdAt: text('ISO 8601 UTC'),
  lastEventAt: maybeText('ISO 8601 UTC: the last post with a valid signature'),
  /** The secret's last 4 characters, so the owner can tell which one is saved (null for a short one). */
  secretEnding: maybeText("The signing secret's last 4 characters (never the secret)"),
  /** The newest events (up to CONNECTOR_EVENTS_SHOWN). */
  events: z.array(connectorEventSchema),
});
export type Connector = z.infer<typeof connectorSchema>;

export const CONNECTOR_EVENTS_SHOWN = 20;
