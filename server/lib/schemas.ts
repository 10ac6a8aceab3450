import * as z from 'zod/mini';

/**
 * Schemas every module's routes use for their OpenAPI description. Schemas registered with an id
 * become named components of the document (server/plugins/api-docs.ts).
 */

/** Every error answer: the error handler's shape (server/plugins/error-handler.ts). */
export const errorAnswer = z
  .object({
    statusCode: z.int(),
    error: z.string(),
    message: z.string(),
    /** Field name -> the spec's message, on validation errors. */
    errors: z.optional(z.record(z.string(), z.string())),
  })
  .register(z.globalRegistry, { id: 'Error', description: 'Every error answer. `errors` names each invalid field with its message.' });

/**
 * A row id in a path. Any text is accepted: one that names no row of the signed-in owner (not a
 * number, too large, missing, another owner's) answers 404, never 400, so nothing can be probed.
 */
export const pathId = (description: string) => z.string().register(z.globalRegistry, { description, examples: ['42'] });

/** Answers that are one sentence for the user. */
export const messageAnswer = z.object({ message: z.string() });

/** `{ success: true }` answers. */
export const successAnswer = z.object({ success: z.boolean() });

/** A file or page answered as it is (not JSON). */
export const fileAnswer = (contentType: string, description: string) => ({
  description,
  content: { [contentType]: { schema: z.string() } },
});
