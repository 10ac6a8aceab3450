import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, queryRows } from '../../server/db/client';
import { contactFilterItems } from '../../server/db/schema';
import {
  addContacts,
  createCampaign,
  createFilter,
  finishedCampaign,
  launchCampaign,
  listedCampaign,
  signedInOwner,
  testDatabaseKind,
  waitFor,
  type Owner,
} from '../support/delivery-app';
import { isolatedPostgresDatabase } from '../support/test-app';
import type { FastifyInstance } from 'fastify';

/**
 * A campaign whose sending keeps failing for a reason of its own (here: a filter value stored
 * before dates were checked, which PostgreSQL refuses) ends FAILED after a bounded number of
 * tries, is logged once, and no sweep queues it again.
 */

const SWEEP_MS = 300;
let app: FastifyInstance;
let owner: Owner;
let dropDatabase: (() => Promise<void>) | undefined;
const logLines: string[] = [];
const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);

beforeAll(async () => {
  const isolated = testDatabaseKind() === 'postgres' ? await isolatedPostgresDatabase() : null;
  dropDatabase = isolated?.drop;
  const database = await openDatabase(isolated ? { databaseUrl: isolated.url, poolSize: 8 } : { dataDir: 'memory://' });
  const config = {
    ...loadConfig({
      LOG_LEVEL: 'info',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      DELIVERY_POLL_MS: '500',
      DELIVERY_SWEEP_MS: String(SWEEP_MS),
      DELIVERY_RETRY_BASE_MS: '50',
      DELIVERY_MAX_ATTEMPTS: '3',
    }),
    staticDir: null,
  };
  process.on('warning', onWarning);
  app = await buildApp(config, { database, worker: true, logStream: { write: (line: string) => void logLines.push(line) } });
  await app.ready();
  owner = await signedInOwner(app);
});
afterAll(async () => {
  process.off('warning', onWarning);
  await app?.close();
  await dropDatabase?.();
});

const laneJobs = async (campaignId: number) =>
  (
    await queryRows<{ count: number }>(
      app.db,
      sql`select count(*)::int as count from pgboss.job where name = 'campaign-lane' and (data->>'campaignId')::int = ${campaignId}`,
    )
  )[0]!.count;

/** Lane jobs of the campaign that wait or run (pg-boss states created, retry, active). */
const pendingLaneJobs = async (campaignId: number) =>
  (
    await queryRows<{ count: number }>(
      app.db,
      sql`select count(*)::int as count from pgboss.job
          where name = 'campaign-lane' and (data->>'campaignId')::int = ${campaignId} and state in ('created', 'retry', 'active')`,
    )
  )[0]!.count;

describe('a campaign that cannot be sent', () => {
  it('ends FAILED with a reason after a bounded number of tries, is logged once, and is not queued again', async () => {
    await addContacts(app, owner.businessId, 3);
    const filter = await createFilter(owner, [{ attribute: 'birthDate', operator: 'LESS_THAN', value: '2000-01-01' }]);
    // As an older version stored it: year 0, which PostgreSQL cannot compare with a date.
    await app.db.update(contactFilterItems).set({ value: '0000-01-01' }).where(eq(contactFilterItems.contactFilterId, filter.id));

    const launched = await launchCampaign(owner, filter);
    const failed = await finishedCampaign(owner, launched.id, 30_000);
    expect(failed.status).toBe('FAILED');
    const reason = /^Sending stopped after (\d+) failed attempts because of an error on our side \(error code \w{5}\)\. Nothing more will be sent; duplicate the campaign to try again\.$/.exec(failed.failureReason ?? '');
    expect(reason, failed.failureReason ?? '').not.toBeNull();
    // DELIVERY_MAX_ATTEMPTS runs in a row; a sweep's lane failing at the same moment as the last
    // retry may count one more before the campaign is FAILED, never more.
    expect(Number(reason![1])).toBeGreaterThanOrEqual(3);
    expect(Number(reason![1])).toBeLessThanOrEqual(4);

    // Another lane may have queued its retry a moment before the campaign failed: that job finds
    // the campaign over and ends. Once no lane job of it waits or runs, none may ever come again.
    await waitFor(async () => (await pendingLaneJobs(launched.id)) === 0, 30_000, 'the lanes in flight at the failure to end');
    const jobsWhenFailed = await laneJobs(launched.id);
    // Several sweeps later (not a timing assertion: it holds however long they take): nothing
    // queued for it, still FAILED, logged once.
    await new Promise((resolve) => setTimeout(resolve, SWEEP_MS * 4));
    expect(await laneJobs(launched.id)).toBe(jobsWhenFailed);
    expect(await pendingLaneJobs(launched.id)).toBe(0);
    expect((await listedCampaign(owner, launched.id)).status).toBe('FAILED');
    const failureLogs = logLines.map((line) => JSON.parse(line)).filter((entry) => entry.level >= 50);
    expect(failureLogs).toHaveLength(1);
    expect(failureLogs[0]).toMatchObject({ campaignId: launched.id, msg: 'campaign failed: its sending kept failing', err: { sqlState: expect.any(String) } });
  });
});

describe('timers', () => {
  it('a campaign scheduled 30 days ahead sets no timer longer than Node allows', async () => {
    const filter = await createFilter(owner);
    const startTime = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const campaign = await createCampaign(owner, filter, { startTime });
    expect(campaign).toMatchObject({ status: 'CREATED', startTime });
    // Node reports an overlong timer with a warning on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((warning) => warning.name === 'TimeoutOverflowWarning')).toEqual([]);
  });
});
