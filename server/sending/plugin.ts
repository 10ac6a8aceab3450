import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import type { Clock } from '../lib/clock';
import { DeliveryWorker } from './engine';
import { DeliveryQueue } from './queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** The campaign job queue: routes queue starts and lanes on it. */
    delivery: DeliveryQueue;
  }
}

/**
 * The job queue every web process needs to start campaigns, and, when `worker` is set (`npm start`),
 * a delivery worker in the same process. `npm run worker` runs workers alone (server/worker.ts).
 */
export default fp(async function delivery(app: FastifyInstance, opts: { config: AppConfig; worker: boolean; clock: Clock }) {
  const queue = new DeliveryQueue(app.database, opts.config.delivery, { supervise: opts.worker });
  await queue.start((error) => app.log.error({ err: error }, 'job queue error'));
  app.decorate('delivery', queue);

  const worker = opts.worker ? new DeliveryWorker(app.db, queue, opts.config, app.log, opts.clock) : null;
  app.addHook('onReady', async () => {
    await worker?.start();
  });
  // preClose runs before any onClose hook, so the database is still open while lanes finish.
  app.addHook('preClose', async () => {
    await worker?.stop();
    await queue.stop();
  });
});
