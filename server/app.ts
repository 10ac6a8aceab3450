import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import authRoutes from './auth/routes';
import businessRoutes from './businesses/routes';
import campaignRoutes from './campaigns/routes';
import contactFilterRoutes from './contact-filters/routes';
import contactExampleFiles from './contacts/example-files';
import contactRoutes from './contacts/routes';
import type { AppConfig } from './config';
import { databaseState, openDatabase, type Database } from './db/client';
import deliveryPlugin from './delivery/plugin';
import deliveryRoutes from './delivery/routes';
import authentication from './plugins/authentication';
import browserApp from './plugins/browser-app';
import databasePlugin from './plugins/database';
import errorHandler from './plugins/error-handler';
import requestGuards from './plugins/request-guards';
import userRoutes from './users/routes';

export type BuildOptions = {
  /** An already opened database (tests share one per file); otherwise one is opened from the config. */
  database?: Database;
  migrate?: boolean;
  logger?: boolean;
  /** Also run a delivery worker in this process (`npm start`); otherwise campaigns are only queued. */
  worker?: boolean;
};

/** Builds the whole server: used by `npm start` and by every test. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}) {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  const database =
    options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  if (options.migrate !== false) await database.migrate();

  // External plugins, then the app's own, then routes (fastify/demo's order).
  await app.register(errorHandler, { browserAppFallback: Boolean(config.staticDir) });
  // Fast settings: the 100,000-contact list is ~24 MB of JSON; brotli quality 1 compresses it about
  // 10:1 in a quarter of the time of the default quality, and gzip level 1 likewise.
  await app.register(compress, {
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });
  await app.register(databasePlugin, { database });
  await app.register(requestGuards, { appOrigin: config.appOrigin });
  await app.register(authentication, { config });
  await app.register(deliveryPlugin, { config, worker: options.worker ?? false });

  await app.register(
    async (api) => {
      api.get('/health', async (_request, reply) => {
        const state = await databaseState(app.db);
        return reply
          .status(state === 'up' ? 200 : 503)
          .send({ status: state === 'up' ? 'ok' : 'unavailable', database: { kind: database.kind, state } });
      });
      await api.register(authRoutes, { config });
      await api.register(userRoutes);
      await api.register(businessRoutes);
      await api.register(contactRoutes);
      await api.register(contactFilterRoutes);
      await api.register(campaignRoutes, { config });
      await api.register(deliveryRoutes, { config });
    },
    { prefix: '/api' },
  );
  await app.register(contactExampleFiles);

  if (config.staticDir) await app.register(browserApp, { staticDir: config.staticDir });
  return app;
}
