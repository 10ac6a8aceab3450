import cluster from 'node:cluster';
import { buildApp } from './app';
import { loadConfigOrExit } from './config';
import { runsDeliveryWorker, runWebCluster } from './web-cluster';

/**
 * `npm start`: validated configuration, migrations, then the browser app and API on one port, and
 * a delivery worker in the same process unless DELIVERY_WORKER=false. With WEB_CONCURRENCY > 1 this
 * process supervises that many such web processes instead (only the first runs the worker).
 */
async function main() {
  const config = loadConfigOrExit();
  if (cluster.isPrimary && config.webConcurrency > 1) return runWebCluster(config);
  const app = await buildApp(config, { worker: runsDeliveryWorker(config) });
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
