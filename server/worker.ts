import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DeliveryWorker, type Log } from './delivery/engine';
import { DeliveryQueue } from './delivery/queue';

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;

/** One JSON line per event on stdout, like the web process's logger. */
function jsonLog(level: string): Log {
  const threshold = level === 'silent' ? Infinity : LEVELS.indexOf(level as (typeof LEVELS)[number]);
  const write = (name: (typeof LEVELS)[number]) => (object: unknown, message?: string) => {
    if (LEVELS.indexOf(name) < threshold) return;
    const fields = typeof object === 'string' ? { msg: object } : { ...(object as object), msg: message };
    const err = (fields as { err?: unknown }).err;
    const entry = err instanceof Error ? { ...fields, err: { message: err.message, stack: err.stack } } : fields;
    console.log(JSON.stringify({ level: name, time: Date.now(), pid: process.pid, name: 'worker', ...entry }));
  };
  return { info: write('info'), warn: write('warn'), error: write('error') } as Log;
}

/**
 * `npm run worker`: a delivery worker without the web server, for more sending capacity next to
 * `npm start`. Workers share the work through the PostgreSQL job queue, so it needs DATABASE_URL.
 */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (!config.databaseUrl) {
    console.error('npm run worker needs DATABASE_URL: the embedded database belongs to one process (npm start runs a worker itself).');
    process.exit(1);
  }
  const log = jsonLog(config.logLevel);
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
