import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import * as z from 'zod/mini';
import apiKeyRoutes from './api-keys/routes';
import authRoutes from './auth/routes';
import automationRoutes from './automation/routes';
import ownership from './businesses/ownership';
import businessRoutes from './businesses/routes';
import campaignRoutes from './campaigns/routes';
import connectorRoutes from './connectors/routes';
import checkInPageLinkRoutes from './check-in-page/link-routes';
import checkInPageRoutes from './check-in-page/routes';
import contactFilterRoutes from './contact-filters/routes';
import contactExampleFiles from './contacts/example-files';
import { faviconRoutes } from './lib/favicon';
import contactRoutes from './contacts/routes';
import suppressionRoutes from './suppressions/routes';
import contactHistoryRoutes from './contacts/history';
import type { AppConfig } from './config';
import { databaseState, openDatabase, type Database } from './db/client';
import deliveryPlugin from './sending/plugin';
import reputationRoutes from './reviews/reputation-routes';
import reviewRoutes from './reviews/routes';
import deliveryRoutes from './inbound/routes';
import emailEventRoutes from './inbound/email-events/routes';
import type { AwsFetch } from './inbound/email-events/sns';
import { systemClock, type Clock } from './lib/clock';
import { tooManyAttempts } from './lib/errors';
import { postgresRateLimitStore } from './lib/rate-limit-store';
import { validatorCompiler } from './lib/validate';
import apiDocs from './plugins/api-docs';
import authentication, { signInRequired } from './plugins/authentication';
import browserApp from './plugins/browser-app';
import databasePlugin from './plugins/database';
import { humanLogStream, OneLinePerRequest } from './lib/human-logs';
import { AfterAnswerTasks } from './lib/after-answer';
import { loggerOptions } from './lib/logging';
import errorHandler from './plugins/error-handler';
import requestGuards from './plugins/request-guards';
import securityHeaders from './plugins/security-headers';
import userRoutes from './users/routes';
import webhookRoutes from './webhooks/routes';

export type BuildOptions = {
  /** An already opened database (tests share one per file); otherwise one is opened from the config. */
  database?: Database;
  migrate?: boolean;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
  /** Log for a person at a terminal: one short line per event (server/lib/human-logs.ts). */
  humanLogs?: boolean;
  /** Also run a delivery worker in this process (`npm start`); otherwise campaigns are only queued. */
  worker?: boolean;
  /** Sees every route as it is registered: the tests walk all of them (ownership, OpenAPI). */
  onRoute?: (route: RouteOptions) => void;
  /** The time for access tokens and session lifetimes (tests move it instead of waiting). */
  clock?: Clock;
  /** The time the delivery worker reads the SMS window by (tests move it to any hour and day). */
  deliveryClock?: Clock;
  /** Rate-limit counts are shared by every server with the same namespace on one database (tests keep theirs apart). */
  rateLimitNamespace?: string;
  /** How the SES webhook reaches AWS (SNS certificates, subscription confirmations); tests answer instead. */
  awsFetch?: AwsFetch;
};

const healthAnswer = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), state: z.enum(['up', 'down']) }),
});

/** Builds the whole server: used by `npm start` and by every test. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}) {
  const logStream = options.logStream ?? (options.humanLogs ? humanLogStream() : undefined);
  const app = Fastify({
    logger: options.logger === false ? false : { ...loggerOptions(config.logLevel), ...(logStream ? { stream: logStream } : {}) },
    ...(options.humanLogs ? { logController: new OneLinePerRequest() } : {}),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  // Routes declare zod schemas once: they validate requests, shape answers and feed the OpenAPI document.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.decorate('afterAnswer', new AfterAnswerTasks());
  const database =
    options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  if (options.migrate !== false) await database.migrate();

  // External plugins, then the app's own, then routes (fastify/demo's order).
  await app.register(errorHandler, { browserAppFallback: Boolean(config.staticDir) });
  // Fast settings: the 100,000-contact list is ~24 MB of JSON; brotli quality 1 compresses it about
  // 10:1 in a quarter of the time of the default quality, and gzip level 1 likewise.
  // Each chunk a route streams (a page of the contacts list) is flushed as it is written: the
  // browser can show the list's first page before the next one is read.
  await app.register(compress, {
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 }, flush: zlib.BROTLI_OPERATION_FLUSH },
    zlibOptions: { level: 1, flush: zlib.Z_SYNC_FLUSH },
  });
  await app.register(securityHeaders, { secure: config.cookieSecure });
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(database.db, options.rateLimitNamespace),
    errorResponseBuilder: (_request, context) => {
      const { statusCode, error, message } = tooManyAttempts(Math.ceil(context.ttl / 1000));
      return { statusCode, error, message };
    },
  });
  await app.register(apiDocs, { secure: config.cookieSecure });
  await app.register(databasePlugin, { database });
  await app.register(requestGuards, { appOrigin: config.appOrigin });
  await app.register(authentication, { config, clock: options.clock ?? systemClock });
  await app.register(deliveryPlugin, { config, worker: options.worker ?? false, clock: options.deliveryClock ?? systemClock });
  await app.register(ownership);

  // Every route in this scope needs a signed-in owner, but those server/public-routes.ts declares.
  await app.register(async (routes) => {
    routes.addHook('onRoute', signInRequired(app));
    await routes.register(
      async (api) => {
        api.get(
          '/health',
          {
            schema: {
              tags: ['Health'],
              summary: 'Whether the server and its database are up',
              security: [],
              response: { 200: healthAnswer, 503: healthAnswer },
            },
          },
          async (_request, reply) => {
            const state = await databaseState(app.db);
            return reply
              .status(state === 'up' ? 200 : 503)
              .send({ status: state === 'up' ? 'ok' : 'unavailable', database: { kind: database.kind, state } });
          },
        );
        await api.register(authRoutes, { config });
        await api.register(suppressionRoutes);
        await api.register(userRoutes);
        await api.register(businessRoutes);
        await api.register(contactRoutes, { config });
        await api.register(contactHistoryRoutes);
        await api.register(contactFilterRoutes);
        await api.register(campaignRoutes, { config });
        await api.register(automationRoutes);
        await api.register(checkInPageLinkRoutes, { config });
        await api.register(apiKeyRoutes, { config });
        await api.register(reputationRoutes, { clock: options.clock ?? systemClock });
        await api.register(webhookRoutes, { config });
        // npm run new-resource registers its routes above this line.
      },
      { prefix: '/api' },
    );
    // Called by mail clients and Twilio at the full paths the links and callbacks name (sending/paths.ts).
    await routes.register(deliveryRoutes, { config });
    await routes.register(emailEventRoutes, { config, awsFetch: options.awsFetch });
    // Connected systems: the owner's routes below /api, and the webhook Square, Stripe and Shopify post to.
    await routes.register(connectorRoutes, { config });
    // The short public link of review requests (a text message has little room).
    await routes.register(reviewRoutes, { config });
    // The counter's check-in page behind the poster's QR code (/k/{slug}).
    await routes.register(checkInPageRoutes, { config });
    await routes.register(contactExampleFiles);
    await routes.register(faviconRoutes);
  });

  if (config.staticDir) await app.register(browserApp, { staticDir: config.staticDir });
  return app;
}
