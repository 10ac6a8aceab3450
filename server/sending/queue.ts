import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { DeliveryConfig } from '../config';
import type { Database } from '../db/client';
import { timerDelay } from '../lib/timers';

/** The job queues: a scheduled campaign's start, and the lanes that send a running campaign's messages. */
export const QUEUES = { start: 'campaign-start', lane: 'campaign-lane' } as const;

export type StartJob = { campaignId: number };
/** `automation`: the lane of a review automation's campaign, whose jobs are keyed by their time too (see runLane). */
export type LaneJob = { campaignId: number; lane: number; automation?: boolean };

/**
 * pg-boss speaks to the app's own database. On PostgreSQL it shares the node-postgres pool. PGlite
 * (one in-process connection) works through pg-boss's `db` adapter: its schema script is one
 * multi-statement text without parameters, which only `exec` runs.
 */
function queueConnection(database: Database): PgBoss.Db {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'pglite') {
    const pglite = client as PGlite;
    return {
      async executeSql(text: string, values?: unknown[]) {
        if (values && values.length > 0) return pglite.query(text, values);
        const results = await pglite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    };
  }
  const pool = client as pg.Pool;
  return { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) };
}

/** A connection that keeps the queries under way, so a stop can wait for the last of them. */
function trackedConnection(connection: PgBoss.Db, underWay: Set<Promise<unknown>>): PgBoss.Db {
  return {
    executeSql(text: string, values: unknown[]) {
      const query = connection.executeSql(text, values);
      underWay.add(query);
      void query.then(
        () => underWay.delete(query),
        () => underWay.delete(query),
      );
      return query;
    },
  };
}

type Handler<T> = (data: T) => Promise<void>;

/**
 * The campaign jobs on pg-boss. Each lane job has a singleton key per campaign and lane on a
 * 'short' queue: at most one waits per lane, so kicking a campaign twice does not double its work,
 * while a lane that is running can always queue its successor.
 */
export class DeliveryQueue {
  readonly boss: PgBoss;
  private readonly localWorkers = new Map<string, string[]>();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Handlers of this process's jobs still running. */
  private readonly running = new Set<Promise<void>>();
  /** pg-boss's queries under way: a fetch may still bring jobs after the stop. */
  private readonly queriesUnderWay = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly config: DeliveryConfig,
    options: { supervise: boolean },
  ) {
    this.boss = new PgBoss({
      db: trackedConnection(queueConnection(database), this.queriesUnderWay),
      schedule: false,
      supervise: options.supervise,
      // Expired lane jobs (their worker died) are retried soon; the sweep restarts lanes anyway.
      maintenanceIntervalSeconds: 30,
      // Finished jobs are bookkeeping only (the deliveries table is the record): keep them a day.
      archiveCompletedAfterSeconds: 3600,
      deleteAfterDays: 1,
    });
  }

  async start(onError: (error: Error) => void) {
    this.boss.on('error', onError);
    // pg-boss creates its schema on first start, which two processes cannot do at the same moment.
    await this.database.exclusively(() => this.setUp());
  }

  private async setUp() {
    await this.boss.start();
    await this.boss.createQueue(QUEUES.start, { name: QUEUES.start, policy: 'standard', retryLimit: 5, retryDelay: 5, expireInSeconds: 300 });
    await this.boss.createQueue(QUEUES.lane, {
      name: QUEUES.lane,
      policy: 'short',
      retryLimit: 3,
      retryDelay: 1,
      // A lane hands over to a successor after a slice of sending; this only catches dead workers.
      expireInSeconds: Math.ceil((LANE_SLICE_MS + this.config.leaseMs) / 1000) + 30,
    });
  }

  /** This process takes no more jobs (the ones running finish). */
  async stopWorking() {
    this.localWorkers.clear();
    await this.boss.offWork(QUEUES.lane);
    await this.boss.offWork(QUEUES.start);
  }

  async stop() {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.boss.stop({ graceful: true, close: false, timeout: 10_000 });
    // pg-boss stops waiting after its timeout, does not wait for a fetch under way (whose jobs it
    // still hands to their handler), and records a job's end without awaiting it: any of these on
    // a closed database is an unhandled rejection. So wait until no handler runs and no query is
    // under way, one turn after the last (a handler's end is recorded a few ticks after it).
    while (this.running.size > 0 || this.queriesUnderWay.size > 0) {
      await Promise.allSettled([...this.running, ...this.queriesUnderWay]);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Runs `count` handlers of a queue in this process; they are woken at once for local work. */
  async work<T extends object>(queue: string, count: number, handler: Handler<T>) {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      ids.push(
        await this.boss.work<T>(queue, { batchSize: 1, pollingIntervalSeconds: this.config.pollMs / 1000 }, async ([job]) => {
          if (!job) return;
          const run = handler(job.data);
          this.running.add(run);
          try {
            await run;
          } finally {
            this.running.delete(run);
          }
        }),
      );
    }
    this.localWorkers.set(queue, [...(this.localWorkers.get(queue) ?? []), ...ids]);
  }

  /** Queues every lane of a running campaign now (a lane already waiting is not doubled). */
  async runCampaign(campaignId: number, paced: boolean, automation = false) {
    await this.runLanes({ campaignId, lane: 0, automation }, paced);
  }

  /** Queues the lanes of a review automation's campaign for when a request falls due. */
  async runAutomation(campaignId: number, at: Date) {
    await this.runLanes({ campaignId, lane: 0, automation: true }, false, at);
  }

  /**
   * Queues lanes of their own for a campaign's reminder: the first round's lanes may still have a
   * successor waiting (for a lease to run out), which would swallow a new job of the same key.
   */
  async runReminder(campaignId: number, paced: boolean) {
    await this.runLanes({ campaignId, lane: this.config.lanes }, paced);
  }

  /** Lanes `first.lane` onwards, now or at `at`. */
  private async runLanes(first: LaneJob, paced: boolean, at?: Date) {
    // A paced campaign's batches are counted in one place, so one lane is enough.
    const lanes = paced ? 1 : this.config.lanes;
    for (let lane = first.lane; lane < first.lane + lanes; lane += 1) await this.runLane({ ...first, lane }, at);
  }

  /**
   * Queues one lane, now or at `at`. A campaign's lane waits once (its key); an automation's lane
   * once per second it is due at: its requests keep arriving, each due at its own time, and one
   * waiting for a later time must not swallow an earlier one. Claims keep lanes that run at once apart.
   */
  async runLane(job: LaneJob, at?: Date) {
    const key = `${job.campaignId}:${job.lane}`;
    const singletonKey = job.automation ? `${key}@${Math.ceil((at ?? new Date()).getTime() / 1000)}` : key;
    await this.send(QUEUES.lane, job, { singletonKey, ...(at ? { startAfter: at } : {}) }, at);
  }

  /** Starts a scheduled campaign at its start time; a job for an outdated time finds nothing to do. */
  async scheduleStart(campaignId: number, at: Date) {
    await this.send(QUEUES.start, { campaignId } satisfies StartJob, { startAfter: at }, at);
  }

  private async send(queue: string, data: object, options: PgBoss.SendOptions, at?: Date) {
    await this.boss.send(queue, data, options);
    this.wakeLocalWorkers(queue, at);
  }

  /** Workers poll; one in this process is woken when its job is due instead (pacing needs the precision). */
  private wakeLocalWorkers(queue: string, at?: Date) {
    const ids = this.localWorkers.get(queue);
    if (!ids || this.stopped) return;
    const notify = () => ids.forEach((id) => this.boss.notifyWorker(id));
    const delay = at ? at.getTime() - Date.now() : 0;
    if (delay <= 0) return notify();
    // Due means start_after < now() in the database: a few milliseconds late is on time. A start
    // weeks away wakes the workers early, once, and they find nothing due yet (polling goes on).
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      notify();
    }, timerDelay(delay + 15));
    timer.unref();
    this.timers.add(timer);
  }
}

/** How long a lane sends before it hands over to a successor job (keeps jobs short and fair). */
export const LANE_SLICE_MS = 10_000;
