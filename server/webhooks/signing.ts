import { createHmac, randomBytes } from 'node:crypto';

/** Standard Webhooks' secret prefix; the rest is the base64 of the signing key. */
const SECRET_PREFIX = 'whsec_';

/** A new endpoint's secret: `whsec_` + base64 of 32 random bytes (an HMAC-SHA256 key of full strength). */
export const newWebhookSecret = () => `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/**
 * The webhook-signature header (Standard Webhooks): `v1,` + base64 HMAC-SHA256 of
 * `{webhook-id}.{webhook-timestamp}.{body}` with the key the secret carries.
 */
export function webhookSignature(secret: string, messageId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64')}`;
}
