import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { startupSummary } from '../../server/startup-summary';
import { freePort, waitForHealth } from '../support/app-process';
import { testDatabaseKind } from '../support/delivery-app';
import { createScratchDatabase } from '../support/scratch-database';
import { STARTUP_MS } from '../support/server-process';
import { runInTerminal } from '../support/terminal';

/**
 * What a person sees after `npm start`: at a terminal, short lines in words, the first ones saying
 * where the app is, which database holds its data and where messages go, then one line per
 * request; without a terminal the same events as JSON lines, for log collectors. Neither shows a
 * password, a token or a query string. (The server as `npm start` runs it, without the browser app.)
 */

const DATABASE_PASSWORD = 'Pg-Secret-4711';
const QUERY_SECRET = 'Query-Secret-2093';
const dataDir = mkdtempSync(join(tmpdir(), 'starboost-terminal-logs-'));
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
let databaseUrl = '';

beforeAll(async () => {
  if (testDatabaseKind() !== 'postgres') return;
  scratch = await createScratchDatabase(inject('postgresUrl'), 'starboost_logs');
  // The test server trusts local connections, so a password in the URL is accepted and ignored.
  const url = new URL(scratch.url);
  url.password = DATABASE_PASSWORD;
  databaseUrl = url.toString();
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await scratch?.drop();
});

/** The server's environment: a free port, this project's database, info-level logs. */
async function serverEnv(extra: Record<string, string> = {}) {
  const port = await freePort();
  const { DATABASE_URL: _inherited, ...environment } = process.env;
  const database = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir };
  return { port, env: { ...environment, ...database, PORT: String(port), STATIC_DIR: '', LOG_LEVEL: 'info', ...extra } };
}

const SERVER_COMMAND = [process.execPath, '--import', 'tsx', 'server/main.ts'];

function expectedDatabaseLine() {
  if (!scratch) return `Database: embedded PGlite, data in ${dataDir} (DATA_DIR; set DATABASE_URL for PostgreSQL)`;
  const { host, pathname } = new URL(scratch.url);
  return `Database: PostgreSQL, database "${pathname.slice(1)}" on ${host} (DATABASE_URL)`;
}

describe('npm start at a terminal', () => {
  it('first says in words where the app is, its database and data, and that mail and SMS stay in the outbox; then one short line per request', async () => {
    const { port, env } = await serverEnv({ HOST: 'localhost' });
    const terminal = runInTerminal(SERVER_COMMAND, env);
    try {
      await waitForHealth(`http://127.0.0.1:${port}`, terminal.child, STARTUP_MS);
      expect((await fetch(`http://127.0.0.1:${port}/api/health?token=${QUERY_SECRET}`)).status).toBe(200);
      await terminal.waitFor(/INFO: GET \/api\/health 200 \d+ ms$/, STARTUP_MS);
    } finally {
      expect(await terminal.stop('SIGTERM')).toBe(0);
    }

    const lines = terminal.lines();
    const messages = lines.map((line) => line.replace(/^\[\d\d:\d\d:\d\d\] (INFO|WARN|ERROR): /, ''));
    expect(messages.slice(0, 4)).toEqual([
      `Starboost is at http://localhost:${port} (Node ${process.version})`,
      expectedDatabaseLine(),
      'Email: kept in the outbox, not delivered (SMTP_URL is not set)',
      'Text messages: kept in the outbox, not delivered (TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are not set)',
    ]);
    // Every line is a timed, levelled sentence for a person, never JSON, and short.
    for (const line of lines) {
      expect(line).toMatch(/^\[\d\d:\d\d:\d\d\] (INFO|WARN|ERROR): \S/);
      expect(line.length).toBeLessThanOrEqual(160);
    }
    // The health checks while it started, then ours: each request is one line, by route pattern.
    expect(messages.filter((message) => message.startsWith('GET /api/health 200 ')).length).toBeGreaterThanOrEqual(2);
    expect(messages.some((message) => message.includes('incoming request'))).toBe(false);
    expect(messages.at(-1)).toMatch(/^draining requests and closing the database/);
    const text = lines.join('\n');
    expect(text).not.toContain(QUERY_SECRET);
    expect(text).not.toContain(DATABASE_PASSWORD);
  });
});

describe('npm start without a terminal', () => {
  it('writes the same first facts as JSON lines, naming mail and SMS providers without their credentials', async () => {
    const secrets = { smtp: 'Smtp-Secret-3178', twilio: 'Twilio-Secret-5521' };
    const { port, env } = await serverEnv({
      HOST: '127.0.0.1',
      SMTP_URL: `smtp://mailer:${secrets.smtp}@127.0.0.1:2525`,
      TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
      TWILIO_AUTH_TOKEN: secrets.twilio,
      SMS_FROM: '+15005550006',
      // Nothing is sent during this test; if it were, it would stay on this machine.
      TWILIO_BASE_URL: 'http://127.0.0.1:9',
    });
    const child = spawn(SERVER_COMMAND[0]!, SERVER_COMMAND.slice(1), { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      await waitForHealth(`http://127.0.0.1:${port}`, child, STARTUP_MS);
      expect((await fetch(`http://127.0.0.1:${port}/api/health?token=${QUERY_SECRET}`)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }

    const entries = output.trim().split('\n').map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(entries.slice(0, 4).map((entry) => entry.msg)).toEqual([
      `Starboost is at http://127.0.0.1:${port} (Node ${process.version})`,
      expectedDatabaseLine(),
      'Email: sent through the SMTP server 127.0.0.1:2525 (SMTP_URL)',
      'Text messages: sent through Twilio from +15005550006',
    ]);
    // Requests as before: an incoming and a completed line each.
    expect(entries.filter((entry) => entry.msg === 'incoming request').length).toBe(entries.filter((entry) => entry.msg === 'request completed').length);
    for (const secret of [secrets.smtp, secrets.twilio, DATABASE_PASSWORD, QUERY_SECRET]) expect(output).not.toContain(secret);
  });
});

describe('the start-up summary', () => {
  it('names the address to open when the server listens on every interface, and an IPv6 host in brackets', () => {
    expect(startupSummary(loadConfig({}))[0]!.message).toBe(`Starboost is at http://localhost:3000 (Node ${process.version})`);
    expect(startupSummary(loadConfig({ HOST: '::1', PORT: '8080' }))[0]!.message).toMatch(/^Starboost is at http:\/\/\[::1\]:8080 /);
  });

  it('warns, with the reason, when text messages are half configured and cannot be sent', () => {
    const config = loadConfig({ TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`, TWILIO_AUTH_TOKEN: 'token-of-the-test' });
    expect(startupSummary(config).at(-1)).toEqual({ level: 'warn', message: 'Text messages cannot be sent: SMS_FROM is not set.' });
  });
});
