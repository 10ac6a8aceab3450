import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, queryRows } from '../../server/db/client';
import { automationRequests, automationSettings, checkIn, requestsOnceAll, saveAutomation } from '../support/automation';
import { addContacts, signedInOwner, startDeliveryApp, testDatabaseKind, waitFor, type DeliveryApp, type Owner } from '../support/delivery-app';
import { isolatedPostgresDatabase } from '../support/test-app';
import { SmtpSink } from '../support/smtp-sink';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process';

/**
 * The review automation's requests are deliveries and jobs in the database: they outlive the
 * process that scheduled them, and several worker processes send each once (the claims of
 * tests/api/delivery-workers.test.ts, on an automation's campaign).
 */
// One per test: businesses of separate databases have the same ids, and so the same addresses.
let sink: SmtpSink;
beforeEach(async () => {
  sink = await SmtpSink.start();
});
afterEach(() => sink?.close());

const receivedFor = (businessId: number) => [...sink.countByRecipient.entries()].filter(([address]) => address.endsWith(`.${businessId}@example.com`));

describe('a restart', () => {
  it('between a check-in and its request’s time loses nothing: the request goes once, when due', async () => {
    const isolated = testDatabaseKind() === 'postgres' ? await isolatedPostgresDatabase() : null;
    const dataDir = isolated ? null : await mkdtemp(join(tmpdir(), 'starboost-automation-'));
    // A delay "minute" of 1 s: due 3 s after the check-in, after the first process stopped.
    const config = { ...loadConfig({ LOG_LEVEL: 'silent', SMTP_URL: sink.url, AUTOMATION_MINUTE_MS: '1000', DELIVERY_POLL_MS: '500', DELIVERY_SWEEP_MS: '1000' }), staticDir: null };
    const start = async (worker: boolean) => {
      const database = await openDatabase(isolated ? { databaseUrl: isolated.url, poolSize: 4 } : { dataDir: dataDir! });
      const app = await buildApp(config, { database, logger: false, worker });
      await app.ready();
      return app;
    };
    try {
      const first = await start(false);
      const shop = await signedInOwner(first);
      const ids = await addContacts(first, shop.businessId, 1);
      await saveAutomation(shop, automationSettings({ delayMinutes: 3 }));
      await checkIn(shop, ids);
      const [scheduled] = await automationRequests(first, shop.businessId);
      await first.close();
      expect(scheduled).toMatchObject({ state: 'queued' });

      const second = await start(true);
      try {
        const [sent] = await requestsOnceAll(second, shop.businessId, 'sent', 1, 30_000);
        expect(sent).toMatchObject({ id: scheduled!.id });
        expect(Date.parse(sent!.sentAt!)).toBeGreaterThanOrEqual(Date.parse(scheduled!.nextAttemptAt));
        expect(receivedFor(shop.businessId)).toEqual([[`ann0.${shop.businessId}@example.com`, 1]]);
      } finally {
        await second.close();
      }
    } finally {
      await isolated?.drop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    }
  });
});

// Several worker processes share one PostgreSQL database (an embedded PGlite belongs to one process).
describe.skipIf(testDatabaseKind() !== 'postgres')('several worker processes', () => {
  const VISITS = 600;
  const SENDING_MS = 240_000;
  const CONCURRENCY = 4;
  const BATCH_SIZE = 50;
  let web: DeliveryApp;
  const workers: WorkerProcess[] = [];
  const sharedEnv = () => ({
    SMTP_URL: sink.url,
    AUTOMATION_MINUTE_MS: '200',
    DELIVERY_LANES: '8',
    DELIVERY_CONCURRENCY: String(CONCURRENCY),
    DELIVERY_BATCH_SIZE: String(BATCH_SIZE),
    DELIVERY_LEASE_MS: '3000',
    DELIVERY_SEND_TIMEOUT_MS: '1000',
    DELIVERY_POLL_MS: '500',
    DELIVERY_SWEEP_MS: '1000',
  });
  const startWorker = async (name: string) => {
    const worker = await startWorkerProcess({ ...sharedEnv(), DATABASE_URL: web.databaseUrl!, MAIL_FROM: `${name}@workers.example` });
    workers.push(worker);
    return worker;
  };

  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.kill('SIGKILL')));
    await web?.close();
  });

  /** A business whose automation is on, with `count` contacts checked in at once. */
  async function checkedIn(count: number): Promise<Owner> {
    const shop = await signedInOwner(web.app);
    const ids = await addContacts(web.app, shop.businessId, count);
    await saveAutomation(shop, automationSettings({ delayMinutes: 2 }));
    await checkIn(shop, ids);
    return shop;
  }

  it(`two workers send ${VISITS} requests, each exactly once; kill -9 of both and a new worker lose none`, async () => {
    // The web process only records visits: the worker processes send.
    web = await startDeliveryApp(sharedEnv(), { worker: false });
    const [one, two] = await Promise.all([startWorker('one'), startWorker('two')]);
    const shop = await checkedIn(VISITS);
    await waitFor(async () => receivedFor(shop.businessId).length === VISITS, SENDING_MS, 'every request');
    expect(receivedFor(shop.businessId).filter(([, count]) => count !== 1)).toEqual([]);
    expect(sink.countBySender.get('one@workers.example')).toBeGreaterThan(0);
    expect(sink.countBySender.get('two@workers.example')).toBeGreaterThan(0);

    const killedShop = await checkedIn(VISITS);
    await waitFor(async () => receivedFor(killedShop.businessId).length >= VISITS / 4, SENDING_MS, 'a quarter of the requests');
    sink.gate.hold();
    const atKill = await (async () => {
      try {
        await sink.gate.whenHeld(1);
        await Promise.all([one!.kill('SIGKILL'), two!.kill('SIGKILL')]);
        return receivedFor(killedShop.businessId).length;
      } finally {
        // The sink read those messages; their senders died before hearing so.
        sink.gate.release();
      }
    })();
    const [{ sending } = { sending: 0 }] = await queryRows<{ sending: number }>(
      web.app.db,
      sql`select count(*)::int as sending from deliveries d join campaigns c on c.id = d.campaign_id
          where c.business_id = ${killedShop.businessId} and d.state = 'sending'`,
    );
    await startWorker('three');
    await waitFor(async () => receivedFor(killedShop.businessId).length === VISITS, SENDING_MS, 'every request after the kill');
    await waitFor(async () => (await automationRequests(web.app, killedShop.businessId)).every((request) => request.state === 'sent'), SENDING_MS, 'every request recorded');
    const repeated = receivedFor(killedShop.businessId).reduce((total, [, count]) => total + count - 1, 0);
    // Only what the dead workers had claimed and not recorded can go out twice.
    expect(repeated).toBeLessThanOrEqual(sending);
    expect(repeated).toBeLessThanOrEqual(2 * CONCURRENCY * BATCH_SIZE);
    expect(atKill).toBeLessThan(VISITS);
    console.info(`kill -9 at ${atKill}/${VISITS} received; ${sending} claimed in flight; ${repeated} sent twice`);
  }, 3 * SENDING_MS);
});
