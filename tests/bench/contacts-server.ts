import { get, type IncomingHttpHeaders } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { brotliDecompressSync, constants as zlibConstants, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { from as copyFrom } from 'pg-copy-streams';
import { openDatabase, postgresPool, queryRows, type Database } from '../../server/db/client';
import { CONTACT_IMPORT_COLUMNS } from '#domain';
import { postgresReachable, postgresTestUrl } from '../support/postgres-url';
import { contactsCsv, contactsXlsx } from '../support/import-files';
import { createScratchDatabase } from '../support/scratch-database';
import { withInProcessOwner } from './in-process-app';
import { median, runWhenMain, type BenchRow } from './table';


const ROWS = 100_000;
const IMPORT_RUNS = 3;
const COPY_RUNS = 3;
const LIST_RUNS = 5;
const EXPORT_RUNS = 3;
const REVALIDATE_RUNS = 21;


const importFiles = (count: number) => ({ csv: contactsCsv(count), xlsx: contactsXlsx(count) });

/**
 * The limit an import is measured against, in the same run: the file's rows COPYed as they are
 * (CSV, text columns) into a scratch table with the contacts' unique index on (business id,
 * lowercased email); rows per second, median of COPY_RUNS, each into a fresh table.
 */
async function copyLimit(database: Database, csv: Buffer): Promise<number> {
  const columns = CONTACT_IMPORT_COLUMNS.map((column) => column.key.replace(/[A-Z]/g, (char) => `_${char.toLowerCase()}`));
  const copy = `copy bench_copy_limit (${columns.join(', ')}) from ${database.kind === 'postgres' ? 'stdin' : "'/dev/blob'"} with (format csv, header true)`;
  const times: number[] = [];
  for (let run = 0; run < COPY_RUNS; run += 1) {
    await database.db.execute(sql.raw('drop table if exists bench_copy_limit'));
    await database.db.execute(
      sql.raw(`create table bench_copy_limit (
        id int generated always as identity primary key, business_id int not null default 1, ${columns.map((column) => `${column} text`).join(', ')})`),
    );
    await database.db.execute(sql.raw('create unique index on bench_copy_limit (business_id, lower(email))'));
    const started = performance.now();
    const pool = postgresPool(database);
    if (pool) {
      const client = await pool.connect();
      try {
        await pipeline(Readable.from([csv]), client.query(copyFrom(copy)));
      } finally {
        client.release();
      }
    } else {
      await (database.db as unknown as { $client: PGlite }).$client.query(copy, [], { blob: new Blob([new Uint8Array(csv)]) });
    }
    times.push(performance.now() - started);
  }
  await database.db.execute(sql.raw('drop table bench_copy_limit'));
  return Math.round(ROWS / (median(times) / 1000));
}

/**
 * The limit the list is measured against, in the same run: the business's contacts as one
 * `json_agg` of their columns in id order, compressed with gzip level 1 and inflated again
 * (what any server and client must at least do); milliseconds, median of LIST_RUNS.
 */
async function listLimit(database: Database, businessId: number): Promise<number> {
  const times = await timedRuns(LIST_RUNS, async () => {
    const [row] = await queryRows<{ json: string }>(
      database.db,
      sql`select json_agg(c)::text as json from (select id, first_name, last_name, email, phone_number, birth_date, gender, status, tags, last_visited
          from contacts where business_id = ${businessId} order by id) c`,
    );
    gunzipSync(gzipSync(row!.json, { level: 1, flush: zlibConstants.Z_NO_FLUSH }));
  });
  return median(times);
}

/** Imports and lists 100,000 contacts through the API on one database; `label` names it in the rows. */
async function benchDatabase(database: Database, label: string, files: ReturnType<typeof importFiles>): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  await withInProcessOwner(database, { AUTH_RATE_LIMIT_PER_MINUTE: '100000' }, async (owner, app) => {
    const limit = await copyLimit(database, files.csv);
    rows.push({ name: `${label}: COPY ${ROWS.toLocaleString('en-US')}-row CSV into a table with the same unique index (the limit)`, value: limit, unit: 'rows/s', note: `median of ${COPY_RUNS}` });
    let listBusiness = 0;
    for (const [format, file] of [['CSV', files.csv], ['XLSX', files.xlsx]] as const) {
      const times: number[] = [];
      for (let run = 0; run < IMPORT_RUNS; run += 1) {
        const businessId = (await owner.createBusiness()).id;
        listBusiness ||= businessId;
        const payload = { businessId, file: file.toString('base64') };
        const started = performance.now();
        const response = await owner.post('/api/contact/import-contacts', payload);
        times.push((performance.now() - started) / 1000);
        const result = response.json() as { created: number; rejected: unknown[] };
        if (response.statusCode !== 200 || result.created !== ROWS) {
          throw new Error(`${format} import on ${label} failed: ${response.statusCode} ${response.body.slice(0, 300)}`);
        }
      }
      const rate = Math.round(ROWS / median(times));
      rows.push({
        name: `${label}: import ${ROWS.toLocaleString('en-US')}-row ${format} (${(file.length / 1e6).toFixed(1)} MB), median of ${IMPORT_RUNS}`,
        value: rate,
        unit: 'rows/s',
        note: `${(rate / limit).toFixed(2)}x the COPY limit`,
      });
    }

    // Over a real loopback port, time to the last byte: what a browser waits for, without inject's
    // buffering of the whole payload.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const cookie = Object.entries(owner.cookies).map(([name, value]) => `${name}=${value}`).join('; ');
    const limitMs = await listLimit(database, listBusiness);
    rows.push({ name: `${label}: json_agg of the same ${ROWS.toLocaleString('en-US')} contacts + gzip 1 + inflate (the list's limit)`, value: Math.round(limitMs), unit: 'ms', note: `median of ${LIST_RUNS}` });
    for (const encoding of ['identity', 'gzip', 'br'] as const) {
      const times: number[] = [];
      let bytes = 0;
      for (let run = 0; run < LIST_RUNS; run += 1) {
        const started = performance.now();
        const download = await downloadFile(`${address}/api/contact/get-contacts/${listBusiness}`, { cookie, 'accept-encoding': encoding });
        // Inflated too, as the limit is: the list is usable only then.
        if (encoding === 'gzip') gunzipSync(download.body);
        times.push(performance.now() - started);
        bytes = download.body.length;
        // Timed is only a complete, correct answer: every contact, in the encoding asked for.
        expectContactList(download, encoding, label);
      }
      const how = encoding === 'identity' ? 'uncompressed' : encoding;
      const versusLimit = encoding === 'gzip' ? `${(median(times) / limitMs).toFixed(2)}x the limit; aim <= 1.0x` : undefined;
      rows.push({ name: `${label}: list ${ROWS.toLocaleString('en-US')} contacts, ${how}, median of ${LIST_RUNS}`, value: Math.round(median(times)), unit: 'ms', note: versusLimit });
      rows.push({ name: `${label}: list ${ROWS.toLocaleString('en-US')} contacts, ${how}, response size`, value: bytes / 1000, unit: 'KB' });
    }
    // The browser holds the list: revalidating it (If-None-Match) answers 304 from the business's
    // revision alone, and a delta after one check-in carries that one contact.
    const listUrl = `${address}/api/contact/get-contacts/${listBusiness}`;
    const cold = await downloadFile(listUrl, { cookie, 'accept-encoding': 'br' });
    const tag = cold.headers.etag!;
    const revalidations = await timedRuns(REVALIDATE_RUNS, async () => {
      const answer = await downloadFile(listUrl, { cookie, 'accept-encoding': 'br', 'if-none-match': tag }, 304);
      if (answer.body.length) throw new Error(`${label}: a 304 with a body`);
    });
    rows.push({ name: `${label}: list ${ROWS.toLocaleString('en-US')} contacts unchanged (If-None-Match), 304, median of ${REVALIDATE_RUNS}`, value: round1(median(revalidations)), unit: 'ms', note: 'next to the cold list above; aim <= 50 ms' });
    const [first] = JSON.parse(decodedText(cold)) as Array<{ id: number }>;
    await owner.patch('/api/contact/check-in-contacts', { contactIds: [first!.id] });
    const since = cold.headers['contacts-revision'];
    const deltas = await timedRuns(REVALIDATE_RUNS, async () => {
      const answer = await downloadFile(`${listUrl}?since=${since}`, { cookie, 'accept-encoding': 'br' });
      const delta = JSON.parse(decodedText(answer)) as { contacts: unknown[]; deletedIds: unknown[] };
      if (delta.contacts.length !== 1 || delta.deletedIds.length !== 0) throw new Error(`${label}: the delta after one check-in is wrong`);
    });
    rows.push({ name: `${label}: delta of 1 checked-in contact out of ${ROWS.toLocaleString('en-US')} (?since=), median of ${REVALIDATE_RUNS}`, value: round1(median(deltas)), unit: 'ms' });

    // The export, streamed page by page: time to the last byte of the whole business's file.
    for (const format of ['csv', 'xlsx'] as const) {
      const times: number[] = [];
      let bytes = 0;
      for (let run = 0; run < EXPORT_RUNS; run += 1) {
        const started = performance.now();
        const download = await downloadFile(`${address}/api/contact/export-contacts/${listBusiness}?format=${format}`, { cookie, 'accept-encoding': 'identity' });
        times.push(performance.now() - started);
        bytes = download.body.length;
        expectExport(download.body, format, label);
      }
      rows.push({ name: `${label}: export ${ROWS.toLocaleString('en-US')} contacts as ${format.toUpperCase()}, median of ${EXPORT_RUNS}`, value: Math.round(median(times)), unit: 'ms' });
      rows.push({ name: `${label}: export ${ROWS.toLocaleString('en-US')} contacts as ${format.toUpperCase()}, file size`, value: bytes / 1000, unit: 'KB' });
    }
  });
  return rows;
}

/** The times of `runs` runs of `run`, in ms. */
async function timedRuns(runs: number, run: () => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times;
}

const round1 = (ms: number) => Math.round(ms * 10) / 10;

/** Throws unless an export holds every contact: a CSV line each (and the header), or a whole .xlsx archive. */
function expectExport(body: Buffer, format: 'csv' | 'xlsx', label: string) {
  const complete =
    format === 'csv'
      ? body.toString('utf8').trimEnd().split('\r\n').length === ROWS + 1
      : body.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) && body.includes(Buffer.from('PK\x05\x06', 'latin1'));
  if (!complete) throw new Error(`${label}: the ${format} export is incomplete`);
}

type Download = { encoding: string | undefined; body: Buffer; headers: IncomingHttpHeaders };

/** GETs a URL and answers the body as sent (compressed), once its last byte arrived. */
function downloadFile(url: string, headers: Record<string, string>, status = 200): Promise<Download> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      if (response.statusCode !== status) return reject(new Error(`GET ${url} failed: ${response.statusCode}`));
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks), headers: response.headers }));
    }).on('error', reject);
  });
}

/** The body as text, decompressed as its content-encoding says. */
function decodedText(download: Download): string {
  const { encoding, body } = download;
  return (encoding === 'gzip' ? gunzipSync(body) : encoding === 'br' ? brotliDecompressSync(body) : body).toString();
}

/** Throws unless the answer is in `encoding` and holds all ROWS contacts with their fields. */
function expectContactList(download: Download, encoding: 'identity' | 'gzip' | 'br', label: string) {
  const sent = download.encoding ?? 'identity';
  if (sent !== encoding) throw new Error(`${label}: asked for ${encoding}, got ${sent}`);
  const text = decodedText(download);
  const contacts = JSON.parse(text) as Array<Record<string, unknown>>;
  const fields = ['id', 'firstName', 'lastName', 'email', 'phoneNumber', 'birthDate', 'gender', 'status', 'tags', 'lastVisited', 'businessId'];
  const complete = (contact: Record<string, unknown> | undefined) => contact && fields.every((field) => field in contact);
  if (contacts.length !== ROWS || !complete(contacts[0]) || !complete(contacts.at(-1))) {
    throw new Error(`${label}: the list answered ${contacts.length} contacts, or without their fields`);
  }
}

/**
 * The contacts server benchmark: on PGlite (in a temporary directory) and, when reachable, on a
 * throw-away PostgreSQL database: COPY of the CSV's rows (the limit), 100,000-row CSV and XLSX
 * imports through the API (each also as a ratio of that limit), then the
 * list endpoint for 100,000 contacts with and without gzip, and their export as CSV and .xlsx.
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

runWhenMain(import.meta.url, 'Contacts server', contactsServerBenchmark);
