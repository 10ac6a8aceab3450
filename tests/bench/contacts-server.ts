import { get } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import Papa from 'papaparse';
import { demoContacts } from '../../scripts/demo';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { CONTACT_IMPORT_COLUMNS } from '../../src/domain';
import { postgresReachable, postgresTestUrl } from '../support/postgres-url';
import { createScratchDatabase } from '../support/scratch-database';
import { ApiClient } from '../support/test-app';
import { median, printTable, type BenchRow } from './table';


const ROWS = 100_000;
const LIST_RUNS = 5;


function importFiles(count: number) {
  const header = CONTACT_IMPORT_COLUMNS.map((column) => column.header);
  const table = (seed: string) =>
    demoContacts(count, seed).map((contact) => CONTACT_IMPORT_COLUMNS.map((column) => contact[column.key]));
  const csv = Buffer.from(Papa.unparse([header, ...table('csv')]));
  const sheet = XLSX.utils.aoa_to_sheet([header, ...table('xlsx')], { dense: true });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Contacts');
  const xlsx = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
  return { csv, xlsx };
}

/** Imports and lists 100,000 contacts through the API on one database; `label` names it in the rows. */
async function benchDatabase(database: Database, label: string, files: ReturnType<typeof importFiles>): Promise<BenchRow[]> {
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_PER_MINUTE: '100000' }), staticDir: null };
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  const rows: BenchRow[] = [];
  try {
    const owner = new ApiClient(app);
    await owner.signUpAndIn();

    let listBusiness = 0;
    for (const [format, file] of [['CSV', files.csv], ['XLSX', files.xlsx]] as const) {
      const businessId = (await owner.createBusiness()).id;
      listBusiness ||= businessId;
      const payload = { businessId, file: file.toString('base64') };
      const started = performance.now();
      const response = await owner.post('/api/contact/import-contacts', payload);
      const seconds = (performance.now() - started) / 1000;
      const result = response.json() as { created: number; rejected: unknown[] };
      if (response.statusCode !== 200 || result.created !== ROWS) {
        throw new Error(`${format} import on ${label} failed: ${response.statusCode} ${response.body.slice(0, 300)}`);
      }
      rows.push({ name: `${label}: import ${ROWS.toLocaleString('en-US')}-row ${format} (${(file.length / 1024 / 1024).toFixed(1)} MB)`, value: Math.round(ROWS / seconds), unit: 'rows/s' });
    }

    // Over a real loopback port, time to the last byte: what a browser waits for, without inject's
    // buffering of the whole payload.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const cookie = Object.entries(owner.cookies).map(([name, value]) => `${name}=${value}`).join('; ');
    for (const encoding of ['identity', 'gzip', 'br']) {
      const times: number[] = [];
      let bytes = 0;
      for (let run = 0; run < LIST_RUNS; run += 1) {
        const started = performance.now();
        bytes = await downloadBytes(`${address}/api/contact/get-contacts/${listBusiness}`, { cookie, 'accept-encoding': encoding });
        times.push(performance.now() - started);
      }
      const how = encoding === 'identity' ? 'uncompressed' : encoding;
      rows.push({ name: `${label}: list ${ROWS.toLocaleString('en-US')} contacts, ${how}, median of ${LIST_RUNS}`, value: Math.round(median(times)), unit: 'ms' });
      rows.push({ name: `${label}: list ${ROWS.toLocaleString('en-US')} contacts, ${how}, response size`, value: Math.round(bytes / 1024), unit: 'KiB' });
    }
  } finally {
    await app.close();
  }
  return rows;
}

/** GETs a URL and answers the bytes received (compressed as sent), after the last one arrived. */
function downloadBytes(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`list failed: ${response.statusCode}`));
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
    }).on('error', reject);
  });
}

/**
 * The contacts server benchmark: on PGlite (in a temporary directory) and, when reachable, on a
 * throw-away PostgreSQL database: 100,000-row CSV and XLSX imports through the API, then the
 * list endpoint for 100,000 contacts with and without gzip.
 */
export async function contactsServerBenchmark(log: (line: string) => void = () => {}): Promise<BenchRow[]> {
  log(`generating ${ROWS.toLocaleString('en-US')}-row CSV and XLSX files`);
  const files = importFiles(ROWS);
  const rows: BenchRow[] = [];

  const dataDir = mkdtempSync(join(tmpdir(), 'starboost-bench-'));
  try {
    log('PGlite');
    rows.push(...(await benchDatabase(await openDatabase({ dataDir }), 'PGlite', files)));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const serverUrl = postgresTestUrl();
  if (!(await postgresReachable(serverUrl))) {
    log(`PostgreSQL at ${new URL(serverUrl).host} not reachable: skipped`);
    return rows;
  }
  const scratch = await createScratchDatabase(serverUrl, 'starboost_bench');
  try {
    log('PostgreSQL');
    rows.push(...(await benchDatabase(await openDatabase({ databaseUrl: scratch.url }), 'PostgreSQL', files)));
  } finally {
    await scratch.drop();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  contactsServerBenchmark((line) => console.error(`[bench] ${line}`))
    .then((rows) => printTable('Contacts server', rows))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
