import { createHmac } from 'node:crypto';
import { sameSecret } from '../lib/constant-time';

/**
 * The check-in form's token: when the page was opened, signed for that page. A post whose token is
 * missing, forged, for another page, younger than the minimum fill time, older than
 * FORM_TOKEN_TTL_MS or already used for a check-in is a bot's (or a page left open too long): no
 * CAPTCHA service, nothing to load.
 */

export const FORM_TOKEN_TTL_MS = 2 * 60 * 60 * 1000;

const signature = (secret: string, slug: string, issuedAt: number) =>
  createHmac('sha256', secret).update(`check-in-form:${slug}:${issuedAt}`).digest('base64url');

export function issueFormToken(secret: string, slug: string, now: Date): string {
  const issuedAt = now.getTime();
  return `${issuedAt}.${signature(secret, slug, issuedAt)}`;
}

/**
 * When `token` is this page's, issued between FORM_TOKEN_TTL_MS and `minFillMs` before `now`: the
 * time it expires (until then a used one is remembered, server/check-in-page/queries.ts); else null.
 */
export function formTokenExpiry(secret: string, slug: string, token: string, now: Date, minFillMs: number): Date | null {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(signature(secret, slug, issuedAt));
  if (!sameSecret(Buffer.from(match[2]!), expected)) return null;
  const age = now.getTime() - issuedAt;
  return age >= minFillMs && age <= FORM_TOKEN_TTL_MS ? new Date(issuedAt + FORM_TOKEN_TTL_MS) : null;
}
