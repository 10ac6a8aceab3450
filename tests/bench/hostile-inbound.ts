import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openDatabase } from '../../server/db/client';
import { INBOUND_EMAIL_PATH } from '../../server/sending/paths';
import { startAppProcess } from '../support/app-process';
import { readFixture } from '../support/report-fixtures';
import { latenciesDuring, percentile } from './hostile-imports';
import { withInProcessOwner } from './in-process-app';
import { runWhenMain, type BenchRow } from './table';

type Log = (line: string) => void;

const SECRET = 'bench-inbound-secret-0123456789';
const authorization = `Basic ${Buffer.from(`inbound:${SECRET}`).toString('base64')}`;

/** The messages a stranger with the inbound secret (or a broken mail server) might post. */
function hostileMessages(): Array<[string, Buffer]> {
  let open = 'From: MAILER-DAEMON@mx.example\r\nSubject: Undelivered Mail Returned to Sender\r\nMIME-Version: 1.0\r\n';
  let close = '';
  for (let level = 0; level < 2000; level += 1) {
    open += `Content-Type: multipart/mixed; boundary="b${level}"\r\n\r\n--b${level}\r\n`;
    close = `\r\n--b${level}--\r\n${close}`;
  }
  const bounce = readFixture('bounces', 'rfc3464-postfix.eml').replace(/\r?\n/g, '\r\n');
  const attachment = Buffer.alloc(7 * 1024 * 1024, 7).toString('base64').replace(/.{76}/g, '$&\r\n');
  const closing = '--6D1E2A01.1772443805/mx1.relay.example--';
  const withAttachment = bounce.replace(closing, `--6D1E2A01.1772443805/mx1.relay.example\r\nContent-Type: application/octet-stream\r\nContent-Transfer-Encoding: base64\r\n\r\n${attachment}\r\n${closing}`);
  const text = `From: MAILER-DAEMON@mx.example\r\nSubject: failure notice\r\n\r\n${'Hi. This is the qmail-send program at mx.example. user unknown 550 <a@b.example>\r\n'.repeat(120_000)}`;
  return [
    ['2,000 nested multipart/mixed', Buffer.from(`${open}Content-Type: text/plain\r\n\r\nhello${close}`)],
    ['9.5 MB DSN with an attachment', Buffer.from(withAttachment)],
    ['9.7 MB text bounce', Buffer.from(text)],
  ];
}

/**
 * While hostile or huge messages are posted to the inbound-email webhook, the longest stall of the
 * request thread (in process), and how long /api/health takes (over HTTP, probed every 50 ms while
 * the same message is posted 5 times in a row) on `npm start` with the embedded database. Aim: no
 * stall over 100 ms; /api/health like the quiet machine's.
 */
export async function hostileInboundBenchmark(log: Log = () => {}): Promise<BenchRow[]> {
  const messages = hostileMessages();
  const rows: BenchRow[] = [];
  log('request-thread stalls');
  const database = await openDatabase({ dataDir: 'memory://' });
  await withInProcessOwner(database, { DELIVERY_WORKER: 'false', INBOUND_EMAIL_SECRET: SECRET }, async (_owner, app) => {
    for (const [name, message] of messages) {
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      const started = performance.now();
      const answer = await app.inject({ method: 'POST', url: INBOUND_EMAIL_PATH, payload: message, headers: { 'content-type': 'message/rfc822', authorization } });
      const took = performance.now() - started;
      delay.disable();
      rows.push({ name: `${name}: longest request-thread stall`, value: delay.max / 1e6, unit: 'ms', note: `answer ${answer.statusCode} in ${took.toFixed(0)} ms` });
    }
  });
  log('over HTTP');
  const server = await startAppProcess({ DELIVERY_WORKER: 'false', INBOUND_EMAIL_SECRET: SECRET });
  try {
    const probeHealth = () => fetch(`${server.baseUrl}/api/health`).then((response) => response.arrayBuffer());
    const quiet = await latenciesDuring(new Promise((resolve) => setTimeout(resolve, 5000)), probeHealth);
    rows.push({ name: 'no post: /api/health max', value: Math.max(...quiet), unit: 'ms', note: `p99 ${percentile(quiet, 99).toFixed(0)} ms, ${quiet.length} calls` });
    for (const [name, message] of messages) {
      const posting = (async () => {
        for (let post = 0; post < 5; post += 1) {
          await fetch(`${server.baseUrl}${INBOUND_EMAIL_PATH}`, { method: 'POST', body: new Uint8Array(message), headers: { 'content-type': 'message/rfc822', authorization } }).then((response) => response.arrayBuffer());
        }
      })();
      const health = await latenciesDuring(posting, probeHealth);
      rows.push({ name: `${name}, posted 5 times: /api/health max`, value: Math.max(...health), unit: 'ms', note: `p99 ${percentile(health, 99).toFixed(0)} ms, ${health.length} calls` });
      log(`${name}: done`);
    }
  } finally {
    await server.stop();
  }
  return rows;
}

runWhenMain(import.meta.url, 'Requests while hostile mail is posted to the inbound-email webhook', hostileInboundBenchmark);
