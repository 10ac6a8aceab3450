import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { validRegistration } from '../support/test-app';

const dataDir = mkdtempSync(join(tmpdir(), 'starboost-shutdown-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The real server process (server/main.ts) on this project's database. */
async function startServer(env: Record<string, string> = {}) {
  const port = await freePort();
  const database =
    process.env.STARBOOST_TEST_DB === 'postgres' ? { DATABASE_URL: inject('postgresUrl') } : { DATA_DIR: dataDir };
  const { DATABASE_URL: _inherited, ...environment } = process.env;
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/main.ts'], {
    env: { ...environment, ...database, PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: '', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 200 && child.exitCode === null; attempt++) {
    if (await fetch(`${url}/api/health`).then((response) => response.ok, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, child, exited, stderr: () => stderr };
}

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
  });

  it('refuses to start on a wrong setting, naming it', async () => {
    const server = await startServer({ PORT: 'not-a-port' });
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain('PORT');
  });
});
