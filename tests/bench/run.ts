import { buildBrowserAppIfStale } from '../../scripts/build-if-stale';
import { startAppProcess } from '../support/app-process';
import { benchContactsBrowser } from './contacts-browser';
import { contactsServerBenchmark } from './contacts-server';
import { deliveryBenchmark } from './delivery';
import { hostileImportsBenchmark } from './hostile-imports';
import { hostileInboundBenchmark } from './hostile-inbound';
import { loadBenchmark } from './load';
import { manyBusinessesBenchmark } from './many-businesses';
import { coldLoginTransfer } from './login-transfer';
import { reviewPageBenchmark } from './review-page';
import { median, printTable, type BenchRow } from './table';
import { visitsApiBenchmark } from './visits-api';

/** `npm run bench`: every benchmark, each printed as a table (medians; the machines are noisy). */
async function appBenchmarks(): Promise<BenchRow[]> {
  buildBrowserAppIfStale();
  const startups: number[] = [];
  let login: Awaited<ReturnType<typeof coldLoginTransfer>> | undefined;
  for (let run = 0; run < 3; run++) {
    const app = await startAppProcess();
    try {
      startups.push(app.startupMs);
      login ??= await coldLoginTransfer(app.baseUrl);
    } finally {
      await app.stop();
    }
  }
  return [
    { name: '/login cold load: JavaScript as transferred', value: login!.scriptBytes / 1024, unit: 'KiB', note: `${login!.scripts} files as Chromium fetched them (precompressed brotli); aim <= 200 KiB` },
    { name: '/login cold load: everything transferred (with headers)', value: login!.totalBytes / 1024, unit: 'KiB', note: `${login!.requests} requests: HTML, JavaScript, CSS, the session check` },
    { name: '`npm start` to first answer (built, fresh PGlite)', value: median(startups), unit: 'ms', note: 'median of 3' },
  ];
}

const only = process.argv[2];
const suites: Array<[string, () => Promise<BenchRow[]>]> = [
  ['app', appBenchmarks],
  ['contacts-server', () => contactsServerBenchmark((line) => console.error(`[bench] ${line}`))],
  ['contacts-browser', benchContactsBrowser],
  ['delivery', () => deliveryBenchmark((line) => console.error(`[bench] ${line}`))],
  ['hostile-imports', () => hostileImportsBenchmark((line) => console.error(`[bench] ${line}`))],
  ['hostile-inbound', () => hostileInboundBenchmark((line) => console.error(`[bench] ${line}`))],
  ['load', () => loadBenchmark((line) => console.error(`[bench] ${line}`))],
  ['many-businesses', () => manyBusinessesBenchmark((line) => console.error(`[bench] ${line}`))],
  ['review-page', () => reviewPageBenchmark((line) => console.error(`[bench] ${line}`))],
  ['visits-api', () => visitsApiBenchmark((line) => console.error(`[bench] ${line}`))],
];
for (const [name, run] of suites) {
  if (only && only !== name) continue;
  console.error(`[bench] ${name}...`);
  printTable(name, await run());
}
