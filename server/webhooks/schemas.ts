import * as z from 'zod/mini';
import { webhookDeliverySchema, webhookEndpointAnswerSchema } from '#domain/webhooks';

/** The answers' schemas are the domain's: here they are named in the OpenAPI document. */
export const webhookEndpointAnswer = webhookEndpointAnswerSchema.register(z.globalRegistry, {
  id: 'WebhookEndpoint',
  description: 'An address that receives the business’s events, and the secret that signs them.',
});

export const webhookDeliveryAnswer = webhookDeliverySchema.register(z.globalRegistry, {
  id: 'WebhookDelivery',
  description: 'One event sent, or being retried, to one endpoint.',
});
