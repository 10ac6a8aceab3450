import * as z from 'zod/mini';
import { WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from '#domain/webhooks';

const instant = z.string().register(z.globalRegistry, { description: 'ISO 8601 UTC' });

export const webhookEndpointAnswer = z
  .object({
    id: z.int(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    secret: z.string().register(z.globalRegistry, {
      description: 'whsec_ + base64 of the signing key: verify each message’s webhook-signature with it (Standard Webhooks).',
    }),
    createdAt: instant,
  })
  .register(z.globalRegistry, { id: 'WebhookEndpoint', description: 'An address that receives the business’s events, and the secret that signs them.' });

export const webhookDeliveryAnswer = z
  .object({
    id: z.int(),
    endpointId: z.int(),
    endpointUrl: z.string(),
    messageId: z.string().register(z.globalRegistry, { description: 'The webhook-id header, the same on every attempt.' }),
    eventType: z.enum([...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT]),
    state: z.enum(WEBHOOK_DELIVERY_STATES),
    attempts: z.int(),
    lastStatus: z.nullable(z.int()),
    lastError: z.nullable(z.string()),
    createdAt: instant,
    nextAttemptAt: z.nullable(instant),
    deliveredAt: z.nullable(instant),
  })
  .register(z.globalRegistry, { id: 'WebhookDelivery', description: 'One event sent, or being retried, to one endpoint.' });
