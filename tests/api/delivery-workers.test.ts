import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client';
import {
  addContacts,
  createFilter,
  finishedCampaign,
  launchCampaign,
  signedInOwner,
  startDeliveryApp,
  testDatabaseKind,
  waitFor,
  type DeliveryApp,
  type Owner,
} from '../support/delivery-app';
import { SmtpSink } from '../support/smtp-sink';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process';

/**
 * Several `npm run worker` processes on one PostgreSQL database (PGlite is one process's, so
 * these run on the PostgreSQL project only).
 */
const RECIPIENTS = 2000;
/** Waits long enough for a loaded 2-core machine: correctness is checked here, speed in `npm run bench`. */
const SENDING_MS = 240_000;
const LEASE_MS = 3000;
const CONCURRENCY = 4;
const BATCH_SIZE = 50;

let sink: SmtpSink;
let web: DeliveryApp;
const workers: WorkerProcess[] = [];

const sharedEnv = () => ({
  SMTP_URL: sink.url,
  DELIVERY_LANES: '8',
  DELIVERY_CONCURRENCY: String(CONCURRENCY),
  DELIVERY_BATCH_SIZE: String(BATCH_SIZE),
  DELIVERY_LEASE_MS: String(LEASE_MS),
  DELIVERY_SEND_TIMEOUT_MS: '1000',
  DELIVERY_POLL_MS: '500',
  DELIVERY_SWEEP_MS: '1000',
});

/** A worker process whose emails come from its own address, so the sink can tell who sent what. */
async function startWorker(name: string, env: Record<string, string> = {}) {
  const worker = await startWorkerProcess({ ...sharedEnv(), DATABASE_URL: web.databaseUrl!, MAIL_FROM: `${name}@workers.example`, ...env });
  workers.push(worker);
  return worker;
}

/** A business of a fresh owner with `count` contacts, and a filter for all of them. */
async function audience(count: number): Promise<{ shop: Owner; filter: Awaited<ReturnType<typeof createFilter>> }> {
  const shop = await signedInOwner(web.app);
  await addContacts(web.app, shop.businessId, count);
  return { shop, filter: await createFilter(shop) };
}

const receivedFor = (businessId: number) =>
  [...sink.countByRecipient.entries()].filter(([address]) => address.endsWith(`.${businessId}@example.com`));

// Runs in the api-postgres project only: an embedded PGlite database belongs to one process, so
// several worker processes can only share a PostgreSQL server.
describe.skipIf(testDatabaseKind() !== 'postgres')('several worker processes', () => {
  beforeAll(async () => {
    sink = await SmtpSink.start();
    sink.keepEmails = false;
    // The web process only queues: every message is sent by the worker processes.
    web = await startDeliveryApp(sharedEnv(), { worker: false });
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.kill('SIGKILL')));
    await web?.close();
    await sink?.close();
  });

  it(`two workers on one ${RECIPIENTS}-recipient campaign send each recipient exactly once`, async () => {
    // Messages are held for a while here: a send timeout they cannot reach.
    const patient = { DELIVERY_SEND_TIMEOUT_MS: '30000', DELIVERY_LEASE_MS: '60000' };
    const [first, second] = await Promise.all([startWorker('one', patient), startWorker('two', patient)]);
    const { shop, filter } = await audience(RECIPIENTS);
    // A worker has at most SMTP_MAX_CONNECTIONS (5) messages in flight: with the sink holding
    // them, more than 5 held means both workers are sending.
    sink.gate.hold();
    const launched = await launchCampaign(shop, filter);
    try {
      await sink.gate.whenHeld(6, SENDING_MS);
    } finally {
      sink.gate.release();
    }
    const finished = await finishedCampaign(shop, launched.id, SENDING_MS);
    expect(finished).toMatchObject({ status: 'COMPLETED', counts: { recipients: RECIPIENTS, sent: RECIPIENTS, failed: 0 } });

    const received = receivedFor(shop.businessId);
    expect(received).toHaveLength(RECIPIENTS);
    expect(received.filter(([, count]) => count !== 1)).toEqual([]);
    // Both took part.
    expect(sink.countBySender.get('one@workers.example')).toBeGreaterThan(0);
    expect(sink.countBySender.get('two@workers.example')).toBeGreaterThan(0);
    expect(sink.countBySender.get('one@workers.example')! + sink.countBySender.get('two@workers.example')!).toBe(RECIPIENTS);
    await Promise.all([first!.kill(), second!.kill()]);
  }, 2 * SENDING_MS);

  it('kill -9 of every worker mid-campaign, then a restart: the campaign completes, nobody is lost, only in-flight messages repeat', async () => {
    const killed = await Promise.all([startWorker('three'), startWorker('four')]);
    try {
      const { shop, filter } = await audience(RECIPIENTS);
      const launched = await launchCampaign(shop, filter);
      await waitFor(async () => receivedFor(shop.businessId).length >= RECIPIENTS / 4, SENDING_MS, 'a quarter of the messages');
      // Killed with messages in flight: the sink holds what arrives from now on.
      sink.gate.hold();
      await sink.gate.whenHeld(1);
      await Promise.all(killed.map((worker) => worker.kill('SIGKILL')));
      const atKill = receivedFor(shop.businessId).length;
      expect(atKill).toBeLessThan(RECIPIENTS);
      // The sink read those messages; their senders died before hearing so.
      sink.gate.release();

      const [{ sending } = { sending: 0 }] = await queryRows<{ sending: number }>(
        web.app.db,
        sql`select count(*)::int as sending from deliveries where campaign_id = ${launched.id} and state = 'sending'`,
      );
      await startWorker('five');
      const finished = await finishedCampaign(shop, launched.id, SENDING_MS);
      expect(finished).toMatchObject({ status: 'COMPLETED', counts: { recipients: RECIPIENTS, sent: RECIPIENTS, failed: 0 } });

      const received = receivedFor(shop.businessId);
      expect(received).toHaveLength(RECIPIENTS);
      const repeated = received.reduce((total, [, count]) => total + count - 1, 0);
      // Only what the dead workers had claimed and not recorded can go out twice.
      expect(repeated).toBeLessThanOrEqual(sending);
      expect(repeated).toBeLessThanOrEqual(killed.length * CONCURRENCY * BATCH_SIZE);
      console.info(`kill -9 at ${atKill}/${RECIPIENTS} received; ${sending} claimed in flight; ${repeated} sent twice`);
    } finally {
      sink.gate.release();
    }
  }, 3 * SENDING_MS);
});
