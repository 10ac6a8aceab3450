import type { z } from 'zod/mini';
import { fieldErrors } from '../../src/domain';
import { badRequest } from './errors';

/** Parses a request part with a shared schema; a failure is a 400 carrying the spec's messages per field. */
export function validate<S extends z.ZodMiniType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const errors = fieldErrors(result.error);
  const sentences = Object.values(errors).map((message) => (/[.!?]$/.test(message) ? message : `${message}.`));
  throw badRequest(sentences.join(' '), errors);
}
