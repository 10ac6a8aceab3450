import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether an Authorization header carries `secret` as its HTTP Basic password (the user name is
 * free): how providers call a webhook URL written `https://user:SECRET@host/…`. Compared in constant time.
 */
export function hasBasicPassword(authorization: string | undefined, secret: string | null): boolean {
  const [scheme, encoded] = (authorization ?? '').split(' ');
  const password = scheme?.toLowerCase() === 'basic' && encoded ? Buffer.from(encoded, 'base64').toString('utf8').replace(/^[^:]*:/, '') : '';
  const given = createHash('sha256').update(password).digest();
  const expected = createHash('sha256').update(secret ?? '').digest();
  return !!secret && !!password && timingSafeEqual(given, expected);
}
