import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, queryRows, type Database } from '../../server/db/client';
import { businesses, contacts } from '../../server/db/schema';
import type { Campaign } from '#domain';
import { FakeTwilio } from '../support/fake-twilio';
import { postgresReachable, postgresTestUrl } from '../support/postgres-url';
import { createScratchDatabase } from '../support/scratch-database';
import { SmtpSink } from '../support/smtp-sink';
import { ApiClient } from '../support/test-app';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process';
import { printTable, type BenchRow } from './table';

const RECIPIENTS = 10_000;
const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = 'bench-auth-token';

type Log = (line: string) => void;
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `done` holds; throws after `timeoutMs`. */
async function until(done: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

/**
 * Emails/s into a loopback SMTP sink and SMS/s into a fake Twilio server for a 10,000-recipient
 * campaign sent all at once, with one worker process and with two (on PostgreSQL; PGlite, one
 * process's database, gets the in-process worker only), and the time from a pause call to the
 * last message out.
 */
export async function deliveryBenchmark(log: Log = () => {}): Promise<BenchRow[]> {
  const sink = await SmtpSink.start();
  sink.keepEmails = false;
  const twilio = await FakeTwilio.start({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
  twilio.keepRequests = false;
  const env = {
    SMTP_URL: sink.url,
    TWILIO_ACCOUNT_SID: ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_BASE_URL: twilio.baseUrl,
    SMS_FROM: '+15005550006',
    DELIVERY_LANES: '8',
  };
  const serverUrl = postgresTestUrl();
  const postgres = (await postgresReachable(serverUrl)) ? await createScratchDatabase(serverUrl, 'starboost_bench') : null;
  const database: Database = postgres
    ? await openDatabase({ databaseUrl: postgres.url, poolSize: 4 })
    : await openDatabase({ dataDir: 'memory://' });
  const config = { ...loadConfig({ ...env, LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_PER_MINUTE: '100000' }), staticDir: null };
  // On PostgreSQL the web process only queues and worker processes send; PGlite sends in-process.
  const app = await buildApp(config, { database, logger: false, worker: !postgres });
  await app.ready();
  const rows: BenchRow[] = [];
  const workers: WorkerProcess[] = [];
  try {
    const owner = new ApiClient(app);
    await owner.signUpAndIn();
    const businessId = (await owner.createBusiness()).id;
    // Every run asks the same contacts for a review: the per-contact cap would skip all but the first.
    await app.db
      .update(businesses)
      .set({ reviewSites: [{ name: 'Google', url: 'https://g.page/r/bench/review' }], reviewRequestCapDays: 0 })
      .where(sql`${businesses.id} = ${businessId}`);
    for (let start = 0; start < RECIPIENTS; start += 2000) {
      await app.db.insert(contacts).values(
        Array.from({ length: 2000 }, (_, offset) => {
          const i = start + offset;
          return {
            businessId,
            firstName: `Guest${i}`,
            lastName: 'Bench',
            email: `guest${i}@bench.example`,
            phoneNumber: String(491510000000 + i),
            birthDate: '1990-01-01',
            gender: 'NOT_SPECIFIED' as const,
          };
        }),
      );
    }
    const filterResponse = await owner.post('/api/contact-filter/create-contact-filter-with-items', {
      contactFilter: { name: 'Everyone', businessId },
      contactFilterItems: [{ attribute: 'email', operator: 'CONTAINS', value: '@' }],
    });
    const filterId = (filterResponse.json() as { id: number }).id;

    let campaignNumber = 0;
    const launch = async (type: 'EMAIL' | 'SMS') => {
      campaignNumber += 1;
      const response = await owner.post('/api/campaign/launch-new-campaign', {
        name: `Bench ${campaignNumber}`,
        type,
        interval: 1,
        intervalSize: 5,
        subject: 'Thank you, ${firstName}',
        messageBody: 'Hi ${firstName}, thanks for visiting ${businessName}! A review would help us: ${reviewLink}',
        businessId,
        contactFilterId: filterId,
        sendAllAtOnce: true,
      });
      if (response.statusCode !== 201) throw new Error(`launch failed: ${response.body}`);
      return response.json() as Campaign;
    };
    const status = async (id: number) =>
      (await queryRows<{ status: string }>(app.db, sql`select status from campaigns where id = ${id}`))[0]!.status;

    const startWorkers = async (count: number) => {
      if (!postgres) return;
      const started = await Promise.all(
        Array.from({ length: count }, () => startWorkerProcess({ ...env, DATABASE_URL: postgres.url, DELIVERY_POLL_MS: '500' })),
      );
      workers.push(...started);
    };
    const stopWorkers = async () => {
      await Promise.all(workers.splice(0).map((worker) => worker.kill('SIGTERM')));
    };

    // The limit: nodemailer's pool alone, in a process of its own, into the same sink.
    const poolBefore = sink.received;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'tests/bench/smtp-pool-sender.ts', String(RECIPIENTS)], {
      env: { ...process.env, SMTP_URL: sink.url },
    });
    if (sink.received - poolBefore !== RECIPIENTS) throw new Error(`the pool alone delivered ${sink.received - poolBefore} of ${RECIPIENTS}`);
    const poolRate = RECIPIENTS / (Number(stdout.trim()) / 1000);
    rows.push({ name: `limit: nodemailer's pool alone → loopback SMTP, ${RECIPIENTS.toLocaleString('en-US')}`, value: poolRate, unit: 'emails/s', note: 'its own process, same pool size and message shape' });

    const workerCounts = postgres ? [1, 2] : [1];
    for (const [type, target, unit] of [['EMAIL', sink, 'emails/s'], ['SMS', twilio, 'SMS/s']] as const) {
      for (const count of workerCounts) {
        await startWorkers(count);
        const before = target.received;
        log(`${type}: ${RECIPIENTS} recipients, ${count} worker${count > 1 ? 's' : ''}`);
        const started = performance.now();
        const campaign = await launch(type);
        await until(() => target.received > before, 60_000, 'the first message');
        const firstAt = performance.now();
        await until(() => target.received - before >= RECIPIENTS, 300_000, 'every message');
        const seconds = (performance.now() - started) / 1000;
        await until(async () => (await status(campaign.id)) === 'COMPLETED', 60_000, 'COMPLETED');
        const where = postgres ? `${count} worker process${count > 1 ? 'es' : ''}` : 'in-process worker, PGlite';
        rows.push({
          name: `${type === 'EMAIL' ? 'email → loopback SMTP' : 'SMS → fake Twilio'}, ${RECIPIENTS.toLocaleString('en-US')} at once, ${where}`,
          value: RECIPIENTS / seconds,
          unit,
          note: `launch to last message ${seconds.toFixed(1)} s (recipients fixed, first out after ${Math.round(firstAt - started)} ms)${type === 'EMAIL' ? `; ${(RECIPIENTS / seconds / poolRate).toFixed(2)}× the pool alone (aim >= 0.7×)` : ''}`,
        });
        await stopWorkers();
      }
    }

    // Pause: from the moment the call is made to the last message the sink accepts after it.
    await startWorkers(workerCounts.at(-1)!);
    const before = sink.received;
    const campaign = await launch('EMAIL');
    await until(() => sink.received - before >= RECIPIENTS / 5, 60_000, 'a fifth of the messages');
    const pauseCalledAt = Date.now();
    const response = await owner.put(`/api/campaign/pause-campaign/${campaign.id}`);
    const pauseAnsweredAt = Date.now();
    if (response.statusCode !== 200) throw new Error(`pause failed: ${response.body}`);
    const atAnswer = sink.received;
    // Quiet for two seconds: nothing more is coming.
    for (let seen = sink.received, quietSince = Date.now(); Date.now() - quietSince < 2000; await sleep(5)) {
      if (sink.received !== seen) [seen, quietSince] = [sink.received, Date.now()];
    }
    rows.push({
      name: `pause call → last email out (${workerCounts.at(-1)} worker${workerCounts.at(-1)! > 1 ? 's' : ''}, all at once)`,
      value: Math.max(0, sink.lastReceivedAt - pauseCalledAt),
      unit: 'ms',
      note: `the call took ${pauseAnsweredAt - pauseCalledAt} ms; ${sink.received - atAnswer} emails after it answered (claimed before it); ${sink.received - before} of ${RECIPIENTS} sent`,
    });
    await owner.put(`/api/campaign/cancel-campaign/${campaign.id}`);
    await stopWorkers();
  } catch (error) {
    for (const worker of workers) log(`worker output:\n${worker.output().slice(-3000)}`);
    throw error;
  } finally {
    await Promise.all(workers.map((worker) => worker.kill('SIGKILL')));
    await app.close();
    await postgres?.drop();
    await sink.close();
    await twilio.close();
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printTable('delivery', await deliveryBenchmark((line) => console.error(`[bench] ${line}`)));
  process.exit(0);
}
