import pino from 'pino';
import { loadConfigOrExit } from './config';
import { openDatabase } from './db/client';
import { DeliveryWorker } from './sending/engine';
import { DeliveryQueue } from './sending/queue';
import { loggerOptions } from './lib/logging';

/**
 * `npm run worker`: a delivery worker without the web server, for more sending capacity next to
 * `npm start`. Workers share the work through the PostgreSQL job queue, so it needs DATABASE_URL.
 */
async function main() {
  const config = loadConfigOrExit();
  if (!config.databaseUrl) {
    console.error('npm run worker needs DATABASE_URL: the embedded database belongs to one process (npm start runs a worker itself).');
    process.exit(1);
  }
  // The same JSON lines as the web process (Fastify logs through pino too).
  const log = pino({ ...loggerOptions(config.logLevel), name: 'worker' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: config.delivery.concurrency + 4 });
  await database.migrate();
  const queue = new DeliveryQueue(database, config.delivery, { supervise: true });
  await queue.start((error) => log.error({ err: error }, 'job queue error'));
  const worker = new DeliveryWorker(database.db, queue, config, log);
  await worker.start();
  log.info({ concurrency: config.delivery.concurrency }, 'delivery worker started');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'finishing the current batches and stopping');
    const timer = setTimeout(() => process.exit(1), 30_000).unref();
    await worker.stop();
    await queue.stop();
    await database.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
