import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { DATA_DIR_LOCK_FILE, DataDirInUseError } from '../../server/db/data-dir-lock';
import { DEMO_OWNER } from '../../scripts/demo';
import { testDatabaseKind } from '../support/delivery-app';
import { createScratchDatabase } from '../support/scratch-database';
import { PortClient, startServer } from '../support/server-process';

/**
 * `npm run demo` while `npm start` runs (issue 22): on the embedded database the demo must not
 * open the server's folder from a second process (its rows were invisible to the server, and two
 * writers can corrupt the folder): it stops with a message naming the server's pid. On PostgreSQL
 * both share the database, and the server sees the demo's rows at once.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'starboost-demo-lock-'));
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
beforeAll(async () => {
  if (testDatabaseKind() === 'postgres') scratch = await createScratchDatabase(inject('postgresUrl'), 'starboost_demo');
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await scratch?.drop();
});
const databaseSettings = (): Record<string, string> => (scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir });

/** `npm run demo -- --contacts N` as a process (tsx, as the npm script runs it), with the server's database settings. */
function runDemo(contacts: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { DATABASE_URL: _inherited, ...environment } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/demo.ts', '--contacts', String(contacts)], {
    env: { ...environment, ...databaseSettings() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

const demoOwnerSignsIn = async (url: string) =>
  (await new PortClient(url).call('POST', '/api/auth/sign-in', { email: DEMO_OWNER.email, password: DEMO_OWNER.password })).status === 200;

describe('npm run demo beside npm start', () => {
  it.skipIf(testDatabaseKind() === 'postgres')('on the embedded database stops, naming the server’s pid, and writes nothing; once the server stops it runs', async () => {
    const server = await startServer(databaseSettings());
    try {
      const demo = await runDemo(5);
      expect(demo.code).toBe(1);
      expect(demo.stderr).toContain(`The embedded database in ${dataDir} is open in process ${server.child.pid}`);
      expect(demo.stderr).toContain('stop `npm start`');
      expect(await demoOwnerSignsIn(server.url)).toBe(false);
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
    expect(existsSync(join(dataDir, DATA_DIR_LOCK_FILE))).toBe(false);
    const demo = await runDemo(5);
    expect(demo.code, demo.stderr).toBe(0);
    expect(demo.stdout).toContain('5 contacts created');
    const again = await startServer(databaseSettings());
    try {
      expect(await demoOwnerSignsIn(again.url)).toBe(true);
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
  }, 300_000);

  it.skipIf(testDatabaseKind() === 'pglite')('on PostgreSQL shares the database: the running server sees the demo’s owner at once', async () => {
    const server = await startServer(databaseSettings());
    try {
      const demo = await runDemo(5);
      expect(demo.code, demo.stderr).toBe(0);
      expect(await demoOwnerSignsIn(server.url)).toBe(true);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 300_000);
});

describe('the embedded database folder lock', () => {
  it('refuses a second open in the same process, and takes over a lock whose process is gone', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'starboost-lock-'));
    try {
      const first = await openDatabase({ dataDir: folder });
      const refused = await openDatabase({ dataDir: folder }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DataDirInUseError);
      expect((refused as Error).message).toContain(`open in process ${process.pid} (this process)`);
      await first.close();
      expect(existsSync(join(folder, DATA_DIR_LOCK_FILE))).toBe(false);

      // A server killed without closing leaves its lock: a pid no process has is taken over.
      writeFileSync(join(folder, DATA_DIR_LOCK_FILE), '2147483646\nserver/main.ts\n');
      const after = await openDatabase({ dataDir: folder });
      await after.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
