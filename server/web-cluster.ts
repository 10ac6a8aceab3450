import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { AppConfig } from './config';

/** Set in each web process of the cluster: its place, 0 … WEB_CONCURRENCY-1, kept by a replacement. */
export const WEB_PROCESS_INDEX_VARIABLE = 'STARBOOST_WEB_PROCESS';
const RESTART_DELAY_MS = 1000;
const STOP_TIMEOUT_MS = 15_000;

/** Whether this process runs the web app's delivery worker: the lone process, or the cluster's first. */
export function runsDeliveryWorker(config: AppConfig): boolean {
  return config.delivery.workerInWeb && (cluster.isPrimary || process.env[WEB_PROCESS_INDEX_VARIABLE] === '0');
}

/**
 * `npm start` with WEB_CONCURRENCY > 1: this process only supervises `config.webConcurrency` web
 * processes that share its port (node's cluster hands connections to them in turn). A process that
 * dies is replaced; SIGTERM and SIGINT are passed on and each process drains its requests.
 */
export function runWebCluster(config: AppConfig, log: Logger) {
  // Every process must sign and check access tokens with the same secret, including a generated one.
  const sharedEnv = { SESSION_SECRET: config.sessionSecret };
  const running = new Set<Worker>();
  let stopping = false;

  const start = (index: number) => {
    const worker = cluster.fork({ ...sharedEnv, [WEB_PROCESS_INDEX_VARIABLE]: String(index) });
    running.add(worker);
    worker.on('exit', (code, signal) => {
      running.delete(worker);
      if (stopping) {
        if (running.size === 0) process.exit(0);
        return;
      }
      log.error({ index, code, signal }, 'a web process stopped; starting another');
      setTimeout(() => start(index), RESTART_DELAY_MS);
    });
  };
  for (let index = 0; index < config.webConcurrency; index += 1) start(index);
  log.info({ processes: config.webConcurrency, port: config.port }, 'web processes started');

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping the web processes');
    setTimeout(() => process.exit(1), STOP_TIMEOUT_MS).unref();
    if (running.size === 0) process.exit(0);
    for (const worker of running) worker.process.kill(signal);
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
