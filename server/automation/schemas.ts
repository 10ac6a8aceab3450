import * as z from 'zod/mini';
import { automationSchema, CAMPAIGN_TYPES, DELIVERY_STATES, VISIT_SOURCES } from '#domain';

const instant = (description: string) => z.string().register(z.globalRegistry, { description });
const maybeInstant = (description: string) => z.nullable(z.string()).register(z.globalRegistry, { description });

/** GET and PUT /automation/…-automation/{businessId}: the settings, why sending stopped, and the figures (the schema is the domain's). */
export const automationAnswer = automationSchema.register(z.globalRegistry, {
  id: 'ReviewAutomation',
  description: 'A business’s review automation: the defaults (off) until it is first saved.',
});

/** GET /automation/get-automation-log/{businessId}: the newest visits and what became of each. */
export const automationLogAnswer = z.array(
  z
    .object({
      id: z.int(),
      contactId: z.nullable(z.int()),
      contactName: z.nullable(z.string()),
      visitedAt: instant('ISO 8601 UTC'),
      source: z.enum(VISIT_SOURCES),
      skipped: z.nullable(z.string()),
      request: z.nullable(
        z.object({
          channel: z.enum(CAMPAIGN_TYPES),
          dueAt: instant('ISO 8601 UTC'),
          state: z.enum(DELIVERY_STATES),
          sentAt: maybeInstant('ISO 8601 UTC'),
          error: z.nullable(z.string()),
          waitingFor: z.nullable(z.string()),
        }),
      ),
      visited: z.boolean(),
      clicked: z.array(z.string()),
      rating: z.nullable(z.int()),
      reminder: z.nullable(z.object({ state: z.enum(DELIVERY_STATES), sentAt: maybeInstant('ISO 8601 UTC') })),
    })
    .register(z.globalRegistry, { id: 'AutomationLogItem', description: 'One visit while the automation was on, and what became of its request.' }),
);
