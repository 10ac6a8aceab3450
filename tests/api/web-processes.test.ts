import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testDatabaseKind } from '../support/delivery-app';
import { createScratchDatabase } from '../support/scratch-database';
import { PortClient, startServer, STARTUP_MS } from '../support/server-process';
import { validRegistration } from '../support/test-app';

/**
 * The pids of a process's Node children (tsx's loader may have an esbuild child too), known by
 * their executable: Node 24 names its main thread "MainThread", so `comm` is no longer "node".
 */
const nodeChildrenOf = (pid: number) =>
  execFileSync('ps', ['--ppid', String(pid), '-o', 'pid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, executable]) => executable === process.execPath)
    .map(([childPid]) => Number(childPid));

/**
 * Fresh connections for every call: node's cluster hands each new connection to the next web
 * process in turn, so consecutive calls go to different processes.
 */
const onNewConnection = { connection: 'close' };

// Runs in the api-postgres project only: several web processes need PostgreSQL (the embedded
// database belongs to one process, and the configuration refuses WEB_CONCURRENCY > 1 without it).
describe.skipIf(testDatabaseKind() !== 'postgres')('WEB_CONCURRENCY web processes on one PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    scratch = await createScratchDatabase(inject('postgresUrl'), 'starboost_web_processes');
    server = await startServer({ DATABASE_URL: scratch.url, WEB_CONCURRENCY: '2', DELIVERY_WORKER: 'false', AUTH_RATE_LIMIT_PER_MINUTE: '3' });
  }, STARTUP_MS);
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    await scratch?.drop();
  });

  it('serves through two processes: a session works in both, the sign-in limit counts across both', async () => {
    expect(nodeChildrenOf(server.child.pid!)).toHaveLength(2);

    const owner = validRegistration();
    const client = new PortClient(server.url);
    await client.json('POST', '/api/auth/sign-up', owner, 201);
    await client.json('POST', '/api/auth/sign-in', { email: owner.email, password: owner.password });
    // The access token one process signed is good in the other (one shared secret).
    for (let call = 0; call < 4; call += 1) {
      expect((await client.call('POST', '/api/auth/authorize', undefined, onNewConnection)).status).toBe(200);
    }

    // Counted in each process's memory, 3 per minute per process would let 6 through.
    const statuses = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await new PortClient(server.url).call('POST', '/api/auth/sign-in', { email: 'nobody@example.com', password: 'Wr0ng!password' }, onNewConnection);
      statuses.push(answer.status);
    }
    // The owner's sign-in above was the first of this client's 3.
    expect(statuses).toEqual([401, 401, 429, 429, 429]);
  });

  it('passes SIGTERM on: every web process drains and the whole server exits 0', async () => {
    const children = nodeChildrenOf(server.child.pid!);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    for (const pid of children) expect(() => process.kill(pid, 0)).toThrow();
  });
});
