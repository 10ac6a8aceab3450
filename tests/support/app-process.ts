import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresTestUrl } from './postgres-url';
import { createScratchDatabase } from './scratch-database';

export type AppProcess = { baseUrl: string; dataDir: string; startupMs: number; pid: number; stop(): Promise<void> };

/** A TCP port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Resolves once the server at `url` answers its health check; throws if it exits or stays silent. */
export async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer within ${timeoutMs} ms`);
}

/**
 * Starts the app exactly as `npm start` does (build if stale, migrate, serve) on a free port with
 * a fresh embedded database, unless `env.DATABASE_URL` names a PostgreSQL database.
 */
export async function startAppProcess(env: Record<string, string> = {}): Promise<AppProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'starboost-app-'));
  const port = await freePort();
  const { DATABASE_URL: _inherited, ...environment } = process.env;
  const started = performance.now();
  // As `npm start` runs it: Node with tsx's loader. (The tsx command would run the server in a
  // grandchild and SIGKILL it when it does not acknowledge a relayed SIGTERM within 30 ms.)
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: { ...environment, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, 240_000);
  const startupMs = performance.now() - started;
  return {
    baseUrl,
    dataDir,
    startupMs,
    pid: child.pid!,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * `startAppProcess` on the database a test project runs against: a fresh embedded one, or a new
 * database on the test PostgreSQL server, dropped when the app stops.
 */
export async function startAppProcessOn(database: 'pglite' | 'postgres', env: Record<string, string> = {}): Promise<AppProcess> {
  if (database === 'pglite') return startAppProcess(env);
  const scratch = await createScratchDatabase(process.env.STARBOOST_TEST_PG_URL ?? postgresTestUrl(), 'starboost_e2e');
  try {
    const app = await startAppProcess({ ...env, DATABASE_URL: scratch.url });
    return {
      ...app,
      async stop() {
        await app.stop();
        await scratch.drop();
      },
    };
  } catch (error) {
    await scratch.drop();
    throw error;
  }
}
