import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { PRODUCT_NAME } from '#domain';
import { ACCESS_COOKIE } from './authentication';
import { errorAnswer } from '../lib/schemas';
import { cspAllowing } from './security-headers';

const OPENAPI_PATH = '/api/openapi.json';
const DOCS_PATH = '/api/docs';

/**
 * Every schema registered with an id becomes a component twice, as input and as output; only those
 * the operations refer to (directly or through another component) are kept.
 */
function withoutUnusedSchemas<D extends object>(document: D): D {
  const { paths, components } = document as { paths?: unknown; components?: { schemas?: Record<string, unknown> } };
  const schemas = components?.schemas ?? {};
  const referenced = (value: unknown) =>
    [...JSON.stringify(value ?? null).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!);
  const used = new Set(referenced(paths));
  for (const name of used) for (const inner of referenced(schemas[name])) used.add(inner);
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...components, schemas: kept } };
}

/**
 * The OpenAPI 3.1 document, built from the schemas the routes validate and answer with (so it
 * cannot drift from the code), and a reference UI. Registered before the routes, which it collects.
 */
export default fp(async function apiDocs(app: FastifyInstance, opts: { secure: boolean }) {
  // Swagger UI injects styles as it renders: its pages alone allow inline styles, without nonces
  // (a nonce would make browsers ignore 'unsafe-inline'); scripts stay this origin's files only.
  const docsHelmet = { enableCSPNonces: false, contentSecurityPolicy: cspAllowing(opts.secure, { 'style-src': ["'unsafe-inline'"] }) };
  app.addHook('onRoute', (route) => {
    // Every documented route answers its errors in the error handler's one shape.
    if (route.schema?.response && !route.schema.hide) {
      route.schema.response = { '4xx': errorAnswer, '5xx': errorAnswer, ...route.schema.response };
    }
    // Helmet reads a route's own policy from its config when a request arrives.
    if (route.url.startsWith(DOCS_PATH)) route.config = { ...route.config, helmet: docsHelmet } as typeof route.config;
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${PRODUCT_NAME} API`,
        version: '1',
        description:
          'Sign in with POST /api/auth/sign-in: the session is an httpOnly cookie. Calls that change data must come from the app’s own origin with Content-Type: application/json.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: ACCESS_COOKIE },
          // The inbound-email webhook: HTTP Basic with INBOUND_EMAIL_SECRET as the password.
          inboundEmailSecret: { type: 'http', scheme: 'basic' },
          // Postmark's event webhook: HTTP Basic with POSTMARK_WEBHOOK_SECRET as the password.
          postmarkSecret: { type: 'http', scheme: 'basic' },
          // The visits API (/api/v1): an API key an owner creates in Business settings, `Authorization: Bearer sb_live_…`.
          apiKey: { type: 'http', scheme: 'bearer', description: 'An API key of a business (sb_live_…), created in Business settings.' },
        },
      },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (document) => withoutUnusedSchemas(jsonSchemaTransformObject(document)),
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PATH, uiConfig: { validatorUrl: null } });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
});
