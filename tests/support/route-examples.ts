import * as z from 'zod/mini';

/**
 * The first example a route's schema declares (`.register(z.globalRegistry, { examples: [...] })`,
 * shown in the API docs too): the route-wide tests send it as a valid body to routes they have no
 * hand-written body for.
 */
export function exampleOf(schema: unknown): unknown {
  if (schema === undefined) return undefined;
  const examples = z.globalRegistry.get(schema as z.core.$ZodType)?.examples as unknown[] | undefined;
  return examples?.[0];
}
