import { buildApp } from './app';
import { loadConfigOrExit } from './config';

/**
 * `npm start`: validated configuration, migrations, then the browser app and API on one port, and
 * a delivery worker in the same process unless DELIVERY_WORKER=false.
 */
async function main() {
  const config = loadConfigOrExit();
  const app = await buildApp(config, { worker: config.delivery.workerInWeb });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'draining requests and closing the database');
    // close() stops accepting connections, waits for in-flight requests, then runs onClose hooks.
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
