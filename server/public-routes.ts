/**
 * The only routes a caller reaches without a signed-in session, each group with what stands in for
 * one. Every other route needs a signed-in owner (server/plugins/authentication.ts adds the check
 * to each route registered in the app's routes scope, server/app.ts). A route is `METHOD /path` as
 * Fastify registers it; a path ending in `*` names every route below it. A GET route's HEAD twin is
 * public with it. tests/api/public-routes.test.ts calls every registered route anonymously and
 * expects 401 from all but these.
 */
export const PUBLIC_ROUTES: ReadonlyArray<{ routes: readonly string[]; credential: string }> = [
  { routes: ['GET /api/health'], credential: 'none: says only whether the server and its database are up' },
  {
    routes: ['POST /api/auth/sign-up', 'POST /api/auth/sign-in', 'POST /api/auth/forgot-password', 'POST /api/auth/reset-password'],
    credential: "none: they lead to a session (the reset link's token is the credential of a reset)",
  },
  { routes: ['POST /api/auth/refresh-token', 'POST /api/auth/sign-out'], credential: 'the refresh cookie (the access token may have expired)' },
  { routes: ['GET /api/unsubscribe/:token', 'POST /api/unsubscribe/:token'], credential: "the campaign email's unguessable token" },
  {
    routes: ['GET /r/:token', 'GET /r/:token/go/:site', 'POST /r/:token/rating', 'POST /r/:token/feedback'],
    credential: "the review request's unguessable token",
  },
  { routes: ['GET /k/:slug', 'POST /k/:slug'], credential: "the check-in page's random slug (on the poster) and its form's token" },
  { routes: ['POST /api/webhooks/twilio/status', 'POST /api/webhooks/twilio/inbound'], credential: "Twilio's request signature" },
  {
    routes: [
      'POST /api/webhooks/inbound-email',
      'POST /api/webhooks/email-events/ses',
      'POST /api/webhooks/email-events/sendgrid',
      'POST /api/webhooks/email-events/postmark',
      'POST /api/webhooks/email-events/mailgun',
    ],
    credential: "the email provider's signature or shared secret",
  },
  { routes: ['POST /api/webhooks/:provider/:connectorId'], credential: "the connected system's signature with the connection's own secret" },
  { routes: ['GET /api/v1/key', 'POST /api/v1/visits'], credential: "a business's API key (Authorization: Bearer), not a session" },
  { routes: ['GET /api/openapi.json', 'GET /api/docs*'], credential: 'none: the API documentation' },
  {
    routes: [
      'GET /',
      'GET /index.html*',
      'GET /assets/*',
      'GET /files/contacts-import-example.csv',
      'GET /files/contacts-import-example.xlsx',
      'GET /favicon.svg',
      'GET /favicon.ico',
    ],
    credential: 'none: the browser app, its icon and the import example files, the same for everyone',
  },
];

const matches = (declared: string, route: string) => (declared.endsWith('*') ? route.startsWith(declared.slice(0, -1)) : route === declared);

/** The declaration that makes a route (`method` and `url` as registered) public, or undefined for a private one. */
export function publicRoute(method: string, url: string): { route: string; credential: string } | undefined {
  const route = `${method === 'HEAD' ? 'GET' : method} ${url}`;
  for (const { routes, credential } of PUBLIC_ROUTES) {
    const declared = routes.find((candidate) => matches(candidate, route));
    if (declared) return { route: declared, credential };
  }
  return undefined;
}
