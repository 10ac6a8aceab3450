import cluster from 'node:cluster';
import { buildApp } from './app';
import { loadConfigOrExit } from './config';
import { processLogger } from './lib/human-logs';
import { startupSummary } from './startup-summary';
import { DataDirInUseError } from './db/data-dir-lock';
import { runsDeliveryWorker, runWebCluster } from './web-cluster';

/**
 * `npm start`: validated configuration, migrations, then the browser app and API on one port, and
 * a delivery worker in the same process unless DELIVERY_WORKER=false. With WEB_CONCURRENCY > 1 this
 * process supervises that many such web processes instead (only the first runs the worker).
 * At a terminal the logs are short lines for a person, otherwise JSON lines; the first ones say
 * where the app is, its database and where messages go (said once, by the process npm start ran).
 */
async function main() {
  const config = loadConfigOrExit();
  const humanLogs = process.stdout.isTTY === true;
  if (cluster.isPrimary) {
    const log = processLogger(config.logLevel, humanLogs);
    for (const { level, message } of startupSummary(config)) log[level](message);
    if (config.webConcurrency > 1) return runWebCluster(config, log.child({ name: 'web-cluster' }));
  }
  const app = await buildApp(config, { worker: runsDeliveryWorker(config), humanLogs });
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
  // A refusal meant for the person starting the server says it all in its message.
  console.error(error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
