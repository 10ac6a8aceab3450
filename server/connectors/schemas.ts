import * as z from 'zod/mini';
import { CONNECTOR_PROVIDERS } from '#domain/connectors';

const text = (description: string) => z.string().register(z.globalRegistry, { description });
const maybeText = (description: string) => z.nullable(z.string()).register(z.globalRegistry, { description });

/** PUT /business/update-connector/{businessId}. */
export const webhookUrlAnswer = z.object({
  webhookUrl: text("The address to paste into the provider's dashboard: APP_URL + /api/webhooks/{provider}/{connectorId}."),
});

/** GET /business/get-connectors/{businessId}: one per connected provider. */
export const connectorAnswer = z
  .object({
    provider: z.enum(CONNECTOR_PROVIDERS),
    webhookUrl: z.string(),
    createdAt: text('ISO 8601 UTC'),
    lastEventAt: maybeText('ISO 8601 UTC: the last post with a valid signature'),
    secretEnding: maybeText("The signing secret's last 4 characters (never the secret)"),
    events: z.array(
      z.object({
        receivedAt: text('ISO 8601 UTC'),
        outcome: text('What became of it: "visit recorded; review request scheduled", "ignored: no email or phone"…'),
      }),
    ),
  })
  .register(z.globalRegistry, { id: 'Connector', description: 'A connected system (Square, Stripe, Shopify) and its newest events.' });

/** POST /api/webhooks/{provider}/{connectorId}: what became of the post. */
export const postAnswer = z.object({
  outcome: text('The outcome recorded, or "already taken" for a retried event or purchase.'),
});
