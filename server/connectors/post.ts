import { createHash } from 'node:crypto';
import type { ContactRowInput } from '#domain/contact-rows';
import { isIsoInstant } from '#domain/rules';
import { badRequest } from '../lib/errors';

/** One post to a connection's webhook address, with what checking its signature needs. */
export type SignedPost = {
  /** The raw body, as signed. */
  body: Buffer;
  /** A request header by its lower-case name (the first, when repeated). */
  header(name: string): string | undefined;
  /** The connection's signing secret. */
  secret: string;
  /** The address the owner gave the provider (Square signs it with the body). */
  webhookUrl: string;
};

/** A completed payment or order: the customer it names and when it happened. */
export type Purchase = { customer: ContactRowInput; paidAt?: Date };

/**
 * What a provider's post is, once its signature is checked. `key` is what makes it count once: the
 * purchase's own id (signed, and the same in every event the provider sends about it), or the
 * event's id for a post that is not taken.
 */
export type ProviderEvent = { key: string } & ({ purchase: Purchase } | { ignored: string });

/** A refused post (a signature missing, wrong or stale) says why; anything else is an event. */
export type PostReading = { refused: string } | ProviderEvent;

/** The signed body as JSON; a provider posts nothing else. */
export function parsedJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw badRequest('The body is not JSON.');
  }
}

/** The value at a path of nested JSON objects, or undefined. */
export function valueAt(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** The text at a path, or undefined when it is missing, empty or not text. */
export function textAt(value: unknown, ...path: string[]): string | undefined {
  const found = valueAt(value, ...path);
  return typeof found === 'string' && found.trim() !== '' ? found : undefined;
}

/** A purchase's id as its key: the same whichever event of the provider's names it. */
export const purchaseKey = (kind: 'payment' | 'order', id: string | number | undefined, eventKey: string) =>
  id === undefined || id === '' ? eventKey : `${kind} ${id}`;

/** A signed body's own key, for a post whose id is not signed (a header): a replay under another id is the same post. */
export const contentKey = (body: Buffer) => `content ${createHash('sha256').update(body).digest('base64url')}`;

/**
 * The first place that names the customer (a first or last name), so a name is never half from the
 * billing address and half from the shipping one.
 */
export function firstNamed(...names: Array<{ firstName?: string; lastName?: string }>): { firstName?: string; lastName?: string } {
  return names.find((name) => name.firstName || name.lastName) ?? {};
}

/**
 * When a payment happened: ISO 8601 text or seconds since 1970. A time that cannot be read is
 * none (the visit is now); one in the future (a clock ahead of ours) is now.
 */
export function paidAt(value: unknown): Date | undefined {
  const time =
    typeof value === 'number' && Number.isFinite(value) ? value * 1000 : typeof value === 'string' && isIsoInstant(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(time)) return undefined;
  return new Date(Math.min(time, Date.now()));
}
