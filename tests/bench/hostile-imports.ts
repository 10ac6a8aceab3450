import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openDatabase } from '../../server/db/client';
import { startAppProcess } from '../support/app-process';
import { contactsCsv, contactsXlsx, hostileWorkbook } from '../support/import-files';
import { postgresReachable, postgresTestUrl } from '../support/postgres-url';
import { createScratchDatabase } from '../support/scratch-database';
import { HttpOwner } from './http-client';
import { withInProcessOwner } from './in-process-app';
import { runWhenMain, type BenchRow } from './table';

type Log = (line: string) => void;

/** A probe starts this often (or as soon as the last one answered, when it took longer). */
const PROBE_EVERY_MS = 50;

/** The latencies of `probe`, called every PROBE_EVERY_MS until `done` settles. */
export async function latenciesDuring(done: Promise<unknown>, probe: () => Promise<unknown>): Promise<number[]> {
  let finished = false;
  void done.finally(() => (finished = true));
  const times: number[] = [];
  while (!finished) {
    const started = performance.now();
    await probe();
    const took = performance.now() - started;
    times.push(took);
    if (took < PROBE_EVERY_MS) await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS - took));
  }
  return times;
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/**
 * While one owner imports a hostile or a huge file, how long `/api/health` and another owner's
 * 2,000-contact list take (each probed every 50 ms for the whole import), on `npm start` as it
 * runs: the embedded PGlite, then PostgreSQL. Aims: at most 200 ms on PostgreSQL; on PGlite no
 * request waits more than 2 s.
 */
export async function hostileImportsBenchmark(log: Log = () => {}): Promise<BenchRow[]> {
  log('generating files');
  const files: Array<[string, Buffer]> = [
    ['190-sheet hostile workbook', hostileWorkbook()],
    ['200,000-row CSV', contactsCsv(200_000, 'hostile-csv')],
    ['20 MB XLSX', contactsXlsx(170_000, { seed: 'hostile-xlsx' })],
  ];
  const rows: BenchRow[] = [];
  const databases: Array<[string, Record<string, string>, (() => Promise<void>) | undefined]> = [['PGlite', {}, undefined]];
  const serverUrl = postgresTestUrl();
  if (await postgresReachable(serverUrl)) {
    const scratch = await createScratchDatabase(serverUrl, 'starboost_bench_imports');
    databases.push(['PostgreSQL', { DATABASE_URL: scratch.url }, scratch.drop]);
  } else {
    log(`PostgreSQL at ${new URL(serverUrl).host} not reachable: skipped`);
  }

  for (const [label, env, drop] of databases) {
    log(`${label}: request-thread stalls`);
    rows.push(...(await requestThreadStalls(label, env.DATABASE_URL, files)));
    log(label);
    const app = await startAppProcess({ ...env, DELIVERY_WORKER: 'false' });
    try {
      const importer = new HttpOwner(app.baseUrl);
      const neighbour = new HttpOwner(app.baseUrl);
      const neighbourBusiness = await neighbour.signUpWithBusiness('neighbour');
      await neighbour.importFile(neighbourBusiness, contactsCsv(2000, 'neighbour'));
      const probeHealth = () => fetch(`${app.baseUrl}/api/health`).then((response) => response.arrayBuffer());
      const probeList = () => neighbour.call('GET', `/api/contact/get-contacts/${neighbourBusiness}`).then((response) => response.arrayBuffer());
      // The same probes for 10 s without an import: what this (shared, noisy) machine gives anyway.
      const quiet = new Promise((resolve) => setTimeout(resolve, 10_000));
      const [quietHealth, quietList] = await Promise.all([latenciesDuring(quiet, probeHealth), latenciesDuring(quiet, probeList)]);
      rows.push({ name: `${label}, no import: /api/health max`, value: Math.max(...quietHealth), unit: 'ms', note: `p99 ${percentile(quietHealth, 99).toFixed(0)} ms, ${quietHealth.length} calls` });
      rows.push({ name: `${label}, no import: other business's list max`, value: Math.max(...quietList), unit: 'ms', note: `p99 ${percentile(quietList, 99).toFixed(0)} ms, ${quietList.length} calls` });
      for (const [name, file] of files) {
        const businessId = await importer.signUpWithBusiness('importer');
        const started = performance.now();
        const importing = importer.importFile(businessId, file).then(async (response) => ({ status: response.status, body: await response.text() }));
        const [health, list] = await Promise.all([latenciesDuring(importing, probeHealth), latenciesDuring(importing, probeList)]);
        const result = await importing;
        const seconds = (performance.now() - started) / 1000;
        const outcome = result.status === 200 ? `${(JSON.parse(result.body) as { created: number }).created.toLocaleString('en-US')} created` : `${result.status}: ${JSON.parse(result.body).message.slice(0, 60)}`;
        rows.push({ name: `${label}, ${name}: import`, value: seconds, unit: 's', note: `${(file.length / 1024 / 1024).toFixed(1)} MB; ${outcome}` });
        rows.push({ name: `${label}, ${name}: /api/health max`, value: Math.max(...health), unit: 'ms', note: `p99 ${percentile(health, 99).toFixed(0)} ms, ${health.length} calls` });
        rows.push({ name: `${label}, ${name}: other business's list max`, value: Math.max(...list), unit: 'ms', note: `p99 ${percentile(list, 99).toFixed(0)} ms, ${list.length} calls` });
        log(rows.slice(-3).map((row) => `${row.name} ${row.value.toFixed(1)} ${row.unit} ${row.note}`).join('\n'));
      }
    } finally {
      await app.stop();
      await drop?.();
    }
  }
  return rows;
}

/**
 * The same imports with the server in this process: the longest stall of its request thread
 * (event-loop delay) while each import runs. Unlike the latencies above, this does not depend on
 * what else the machine is busy with.
 */
async function requestThreadStalls(label: string, databaseUrl: string | undefined, files: Array<[string, Buffer]>): Promise<BenchRow[]> {
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: 'memory://' });
  const rows: BenchRow[] = [];
  await withInProcessOwner(database, { DELIVERY_WORKER: 'false' }, async (owner) => {
    for (const [name, file] of files) {
      const businessId = (await owner.createBusiness()).id;
      const payload = { businessId, file: file.toString('base64') };
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      const response = await owner.post('/api/contact/import-contacts', payload);
      delay.disable();
      rows.push({ name: `${label}, ${name}: longest request-thread stall`, value: delay.max / 1e6, unit: 'ms', note: `p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms; answer ${response.statusCode}` });
    }
  });
  return rows;
}

runWhenMain(import.meta.url, 'Requests during hostile imports', hostileImportsBenchmark);
