import { once } from 'node:events';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { DeliveryQueue, QUEUES, type StartJob } from '../../server/sending/queue';
import { testDatabaseKind } from '../support/delivery-app';
import { isolatedPostgresDatabase } from '../support/test-app';

/**
 * A worker's fetch can be under way when the process stops; pg-boss still hands the jobs it brings
 * to their handler and records their end. The queue's stop waits for all of it, so none of it
 * meets a closed database. Holding a lock on the job table keeps a fetch under way for as long as
 * the test needs, which takes a second connection (PostgreSQL only: PGlite has one).
 */
describe.skipIf(testDatabaseKind() !== 'postgres')('stopping the job queue', () => {
  const cleanUp: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const step of cleanUp.splice(0).reverse()) await step();
  });

  it('a job fetched while the queue stops is handled and recorded before the stop returns', async () => {
    const isolated = await isolatedPostgresDatabase();
    cleanUp.push(() => isolated.drop());
    const database: Database = await openDatabase({ databaseUrl: isolated.url, poolSize: 4 });
    cleanUp.push(() => database.close());
    const queue = new DeliveryQueue(database, loadConfig({ DELIVERY_POLL_MS: '500' }).delivery, { supervise: false });
    await queue.start((error) => {
      throw error;
    });

    const locker = new pg.Client({ connectionString: isolated.url });
    await locker.connect();
    cleanUp.push(() => locker.end());
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE pgboss.job IN ACCESS EXCLUSIVE MODE');
    const [job] = (
      await locker.query<{ id: string }>(`INSERT INTO pgboss.job (name, data) VALUES ($1, $2) RETURNING id`, [
        QUEUES.start,
        { campaignId: 7 },
      ])
    ).rows;

    const handled: StartJob[] = [];
    await queue.work<StartJob>(QUEUES.start, 1, async (data) => {
      handled.push(data);
    });
    // The worker's fetch now waits on the lock.
    const fetchIsWaiting = async () => {
      const { rows } = await locker.query<{ waiting: number }>(
        `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
      );
      return rows[0]!.waiting > 0;
    };
    while (!(await fetchIsWaiting())) await new Promise((resolve) => setImmediate(resolve));

    await queue.stopWorking();
    const stopped = queue.stop();
    await once(queue.boss, 'stopped');
    await locker.query('COMMIT');
    await stopped;

    expect(handled).toEqual([{ campaignId: 7 }]);
    const { rows } = await locker.query<{ state: string }>('SELECT state FROM pgboss.job WHERE id = $1', [job!.id]);
    expect(rows).toEqual([{ state: 'completed' }]);
  });
});
