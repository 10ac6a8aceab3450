import * as z from 'zod/mini';
import { connectorSchema } from '#domain/connectors';

const text = (description: string) => z.string().register(z.globalRegistry, { description });

/** PUT /business/update-connector/{businessId}. */
export const webhookUrlAnswer = z.object({
  webhookUrl: text("The address to paste into the provider's dashboard: APP_URL + /api/webhooks/{provider}/{connectorId}."),
});

/** GET /business/get-connectors/{businessId}: one per connected provider (the schema is the domain's). */
export const connectorAnswer = connectorSchema.register(z.globalRegistry, {
  id: 'Connector',
  description: 'A connected system (Square, Stripe, Shopify) and its newest events.',
});

/** POST /api/webhooks/{provider}/{connectorId}: what became of the post. */
export const postAnswer = z.object({
  outcome: text('The outcome recorded, or "already taken" for a retried event or purchase.'),
});
