import { createHmac } from 'node:crypto';
import { sameSecret } from '../lib/constant-time';

/**
 * Whether `signature` (base64) is the HMAC-SHA256 of `parts`, one after the other, keyed with
 * `secret`: Square's and Shopify's rule. Compared in constant time.
 */
export function base64HmacMatches(secret: string, parts: ReadonlyArray<string | Buffer>, signature: string | undefined): boolean {
  if (!signature) return false;
  const hmac = createHmac('sha256', secret);
  for (const part of parts) hmac.update(part);
  const expected = hmac.digest();
  const given = Buffer.from(signature.trim(), 'base64');
  return sameSecret(given, expected);
}
