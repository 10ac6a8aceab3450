import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { campaigns } from '../../server/db/schema';
import type { Campaign } from '#domain';
import { PortClient, spawnServer as spawnServerOn, startServer as startServerOn, STARTUP_MS } from '../support/server-process';
import { testDatabaseKind } from '../support/delivery-app';
import { createScratchDatabase } from '../support/scratch-database';
import { SmtpSink } from '../support/smtp-sink';
import { validRegistration } from '../support/test-app';


// Each server process runs a delivery worker: on PostgreSQL it gets a database of its own, so it
// never sends other test files' campaigns.
const dataDir = mkdtempSync(join(tmpdir(), 'starboost-shutdown-'));
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
beforeAll(async () => {
  if (testDatabaseKind() === 'postgres') scratch = await createScratchDatabase(inject('postgresUrl'), 'starboost_shutdown');
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await scratch?.drop();
});

const databaseSettings = (): Record<string, string> => (scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir });
const spawnServer = (env: Record<string, string> = {}) => spawnServerOn({ ...databaseSettings(), ...env });
const startServer = (env: Record<string, string> = {}) => startServerOn({ ...databaseSettings(), ...env });

const post = (url: string, path: string, body: unknown) =>
  fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify(body) });

describe('the server process', () => {
  it('drains on SIGTERM, exits 0, and keeps its data for the next start', async () => {
    const first = await startServer();
    const owner = validRegistration();
    expect((await post(first.url, '/api/auth/sign-up', owner)).status).toBe(201);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = await startServer();
    try {
      const signIn = await post(second.url, '/api/auth/sign-in', { email: owner.email, password: owner.password });
      expect(signIn.status).toBe(200);
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  }, 3 * STARTUP_MS);

  it('refuses to start on a wrong setting, naming it', async () => {
    const server = await spawnServer({ PORT: 'not-a-port' });
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain('PORT');
  }, STARTUP_MS);

  it('campaign jobs survive a restart: a batch in flight at SIGTERM goes out, the rest after the next start; a schedule that fell due meanwhile starts', async () => {
    const sink = await SmtpSink.start();
    // One lane claiming two at a time, so the campaign is mid-way when the server stops.
    const env = { SMTP_URL: sink.url, DELIVERY_LANES: '1', DELIVERY_BATCH_SIZE: '2', DELIVERY_POLL_MS: '500' };
    try {
      const first = await startServer(env);
      const client = new PortClient(first.url);
      const owner = validRegistration();
      await client.json('POST', '/api/auth/sign-up', owner, 201);
      await client.json('POST', '/api/auth/sign-in', { email: owner.email, password: owner.password });
      const business = await client.json<{ id: number }>('POST', '/api/business/create-new-business', {
        name: 'Corner Bakery', streetName: 'Main Street', streetNumber: '1', country: 'Germany', city: 'Berlin', postalCode: '10115',
      }, 201);
      const rows = Array.from({ length: 6 }, (_, i) => `Guest${i},Visitor,guest${i}@restart.example,491510000000${i},1990-01-01,Female,`);
      const csv = ['First name,Last name,Email,Phone number,Birth date,Gender,Tags', ...rows].join('\n');
      await client.json('POST', '/api/contact/import-contacts', { businessId: business.id, file: Buffer.from(csv).toString('base64') });
      const filter = await client.json<{ id: number }>('POST', '/api/contact-filter/create-contact-filter-with-items', {
        contactFilter: { name: 'Everyone', businessId: business.id },
        contactFilterItems: [{ attribute: 'email', operator: 'CONTAINS', value: '@' }],
      }, 201);
      const campaign = (name: string) => ({
        name, type: 'EMAIL', interval: 1, intervalSize: 5, subject: 'Thank you', messageBody: 'Hi ${firstName}!',
        businessId: business.id, contactFilterId: filter.id, sendAllAtOnce: true,
      });
      const scheduled = await client.json<Campaign>('POST', '/api/campaign/create-new-campaign', {
        ...campaign('Scheduled'), startTime: new Date(Date.now() + 3_600_000).toISOString(),
      }, 201);

      sink.gate.hold();
      const running = await client.json<Campaign>('POST', '/api/campaign/launch-new-campaign', campaign('Running'), 201);
      await sink.gate.whenHeld(2);
      first.child.kill('SIGTERM');
      // 503 means the server is closing, and its worker has been told to stop: the lane hands
      // over after this batch instead of claiming the next.
      await waitForStatus(first.url, 503);
      sink.gate.release();
      expect(await first.exited).toBe(0);
      expect(sink.received).toBe(2);

      // While the server is down, the scheduled campaign's time comes.
      const database = await openDatabase(scratch ? { databaseUrl: scratch.url } : { dataDir });
      await database.db.update(campaigns).set({ startTime: new Date(Date.now() - 1000) }).where(eq(campaigns.id, scheduled.id));
      await database.close();

      const second = await startServer(env);
      try {
        const again = new PortClient(second.url);
        await again.json('POST', '/api/auth/sign-in', { email: owner.email, password: owner.password });
        const finished = async (id: number) => {
          for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 200))) {
            const listed = await again.json<Campaign[]>('GET', `/api/campaign/get-campaigns/${business.id}`);
            const found = listed.find((entry) => entry.id === id)!;
            if (found.status !== 'IN_PROGRESS' && found.status !== 'CREATED') return found;
          }
          throw new Error(`campaign ${id} did not finish`);
        };
        expect(await finished(running.id)).toMatchObject({ status: 'COMPLETED', counts: { recipients: 6, sent: 6, failed: 0 } });
        expect(await finished(scheduled.id)).toMatchObject({ status: 'COMPLETED', counts: { recipients: 6, sent: 6, failed: 0 } });
        // Every guest got each campaign once: nothing was lost or sent twice across the restart.
        expect([...sink.countByRecipient.values()]).toEqual(Array(6).fill(2));
      } finally {
        second.child.kill('SIGTERM');
        expect(await second.exited).toBe(0);
      }
    } finally {
      sink.gate.release();
      await sink.close();
    }
  }, 4 * STARTUP_MS);
});

/** Polls the health check until it answers `status`. */
async function waitForStatus(url: string, status: number, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  const seen: string[] = [];
  while (Date.now() < deadline) {
    const started = Date.now();
    const answer = await fetch(`${url}/api/health`).then((response) => response.status, (error: Error) => `${error.message} ${(error.cause as Error)?.message}`);
    seen.push(`${answer}@${Date.now() - started}`);
    if (answer === status) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the server did not answer ${status} within ${timeoutMs} ms: ${[...new Set(seen)].slice(0, 20).join(', ')} (${seen.length})`);
}
