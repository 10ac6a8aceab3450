import * as z from 'zod/mini';
import { apiKeySchema, idempotencyKeyRule } from '#domain';

const instant = (description: string) => z.string().register(z.globalRegistry, { description });

/** GET /business/get-api-keys/{businessId}: one key, never its secret (the schema is the domain's). */
export const apiKeyAnswer = apiKeySchema.register(z.globalRegistry, {
  id: 'ApiKey',
  description: 'An API key of the business. Its secret was shown once, when it was created.',
});

/** POST /business/create-api-key/{businessId}: the only answer that holds the secret. */
export const newApiKeyAnswer = z
  .object({
    id: z.int(),
    name: z.string(),
    secret: z.string().register(z.globalRegistry, { description: 'sb_live_ and 43 more characters. Shown only in this answer: only its SHA-256 is stored.' }),
  })
  .register(z.globalRegistry, { id: 'NewApiKey', description: 'A new API key, with its secret (shown this once).' });

/** GET /v1/key: which business a key posts visits to. */
export const keyCheckAnswer = z.object({
  business: z.object({ id: z.int(), name: z.string() }),
  key: z.object({ id: z.int(), name: z.string() }),
});

/** POST /v1/visits: the contact the visit was recorded for, and what the review automation made of it. */
export const visitAnswer = z
  .object({
    contact: z.object({
      id: z.int(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.nullable(z.string()),
      phoneNumber: z.nullable(z.string().register(z.globalRegistry, { description: 'International digits, without +' })),
      created: z.boolean().register(z.globalRegistry, { description: 'true when this visit created the contact; false when it was found by email or phone number' }),
    }),
    visit: z.object({
      recorded: z.boolean().register(z.globalRegistry, { description: "true: the review automation took the visit (it is in the automation's log); false: the automation is off, so the visit only set the contact's Last visited" }),
      requestDueAt: z.nullable(instant('ISO 8601 UTC: when the review request will be sent; null when none was scheduled')),
      skipped: z.nullable(z.string().register(z.globalRegistry, { description: 'Why no review request was scheduled, in words ("skipped: asked 12 days ago"); null otherwise' })),
    }),
  })
  .register(z.globalRegistry, { id: 'VisitAnswer', description: 'A recorded visit. A retry with the same Idempotency-Key or externalId answers the same, with Idempotent-Replayed: true.' });

/** The headers POST /v1/visits reads (others pass through untouched). */
export const visitHeaders = z.looseObject({
  'idempotency-key': z.optional(
    idempotencyKeyRule.register(z.globalRegistry, { description: 'Makes a retried call a no-op: a second call with the same key (within 7 days) answers what the first answered and records nothing.' }),
  ),
});
