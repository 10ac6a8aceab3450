import type { FastifySchemaCompiler } from 'fastify';
import * as z from 'zod/mini';
import { brokenCharacterMessage, fieldErrors, isWellFormedText, type FieldErrors } from '#domain';
import { badRequest } from './errors';

const BROKEN_TEXT = brokenCharacterMessage('Text');

/**
 * The path (as `errors` names fields: `reviewSites.0.name`) of the first text in a request part,
 * key or value, that holds an unpaired surrogate; undefined when there is none. Every string of
 * every request is checked here, whatever the route's schema says of it, so none reaches a column.
 * A loop over a stack, not recursion: JSON nested 100,000 deep must not overflow the call stack.
 */
function brokenTextPath(part: unknown): string[] | undefined {
  const pending: Array<{ value: unknown; path: string[] }> = [{ value: part, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (!isWellFormedText(value)) return path;
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const key in value) {
        if (!isWellFormedText(key)) return [...path, key.replace(/\p{Cs}/gu, '\uFFFD')];
        const child = (value as Record<string, unknown>)[key];
        // Numbers and the like need no path: a list of 200,000 contact ids makes no 200,000 arrays.
        if (typeof child === 'string' || (child !== null && typeof child === 'object')) pending.push({ value: child, path: [...path, key] });
      }
    }
  }
  return undefined;
}

/**
 * Validates each request part with the route's zod schema. fastify-type-provider-zod's own compiler
 * would answer zod's issue list; this one answers 400 with the spec's message per field. A request
 * without a body is checked as an empty object, so every missing field gets its own message. Text
 * with a broken character (a lone surrogate, which JSON can carry) is refused first, in any part.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodMiniType> =
  ({ schema, httpPart }) =>
  (value) => {
    const broken = brokenTextPath(value);
    if (broken) {
      const field = broken.join('.') || '_';
      return { error: badRequest(`${BROKEN_TEXT}.`, { [field]: BROKEN_TEXT }) };
    }
    const result = z.safeParse(schema, httpPart === 'body' ? (value ?? {}) : value);
    if (result.success) return { value: result.data };
    return { error: invalidFields(fieldErrors(result.error)) };
  };

/** The 400 of invalid fields: every field's message as a sentence, and each by its field. */
export function invalidFields(errors: FieldErrors) {
  const sentences = Object.values(errors).map((message) => (/[.!?]$/.test(message) ? message : `${message}.`));
  return badRequest(sentences.join(' '), errors);
}
