import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

type Directives = Record<string, string[]>;

/**
 * The Content-Security-Policy of every answer: scripts, styles, fonts and data from this origin
 * only, no framing (the confirm dialogs cannot be clickjacked), no plugins. Inline <style>
 * elements (index.html's own and antd's, which it injects with the nonce from ConfigProvider's
 * `csp`) need the per-response nonce that @fastify/helmet adds to script-src and style-src.
 */
export function cspDirectives(secure: boolean): Directives {
  return {
    'default-src': ["'self'"],
    // 'report-sample': a violation report quotes the start of what was blocked.
    'script-src': ["'self'", "'report-sample'"],
    'style-src': ["'self'", "'report-sample'"],
    // antd draws some icons and images from data: URLs; the favicon is one.
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(secure ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * The policy with more sources for one route (e.g. a docs UI that loads its own scripts and
 * styles); use as the route's `helmet` option: `{ helmet: { contentSecurityPolicy: cspAllowing(...) } }`.
 */
export function cspAllowing(secure: boolean, extra: Directives) {
  const directives = cspDirectives(secure);
  for (const [name, sources] of Object.entries(extra)) directives[name] = [...(directives[name] ?? []), ...sources];
  return { useDefaults: false, directives };
}

/**
 * Security headers on every answer (@fastify/helmet): the CSP above with per-response nonces,
 * X-Frame-Options DENY, nosniff, a Referrer-Policy that keeps the Origin header on the app's own
 * calls (the cross-site check needs it), HSTS when cookies are Secure (served over HTTPS); and
 * `Cache-Control: no-store` on every API answer, so no shared or disk cache keeps contacts.
 */
export default fp(async function securityHeaders(app: FastifyInstance, opts: { secure: boolean }) {
  await app.register(helmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(opts.secure) },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: opts.secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
});
