import { buildBrowserAppIfStale } from '../../scripts/build-if-stale';
import { initialJavaScriptBytes } from '../../scripts/bundle-size';
import { startAppProcess } from '../support/app-process';
import { benchContactsBrowser } from './contacts-browser';
import { contactsServerBenchmark } from './contacts-server';
import { deliveryBenchmark } from './delivery';
import { median, printTable, type BenchRow } from './table';

/** `npm run bench`: every benchmark, each printed as a table (medians; the machines are noisy). */
async function appBenchmarks(): Promise<BenchRow[]> {
  buildBrowserAppIfStale();
  const login = initialJavaScriptBytes('dist', ['src/pages/login/LoginPage.tsx']);
  const startups: number[] = [];
  for (let run = 0; run < 3; run++) {
    const app = await startAppProcess();
    startups.push(app.startupMs);
    await app.stop();
  }
  return [
    { name: '/login initial JavaScript, gzipped', value: login.gzip / 1024, unit: 'KiB', note: `${login.files} files; aim <= 300 KB` },
    { name: '`npm start` to first answer (built, fresh PGlite)', value: median(startups), unit: 'ms', note: 'median of 3' },
  ];
}

const only = process.argv[2];
const suites: Array<[string, () => Promise<BenchRow[]>]> = [
  ['app', appBenchmarks],
  ['contacts-server', () => contactsServerBenchmark((line) => console.error(`[bench] ${line}`))],
  ['contacts-browser', benchContactsBrowser],
  ['delivery', () => deliveryBenchmark((line) => console.error(`[bench] ${line}`))],
];
for (const [name, run] of suites) {
  if (only && only !== name) continue;
  console.error(`[bench] ${name}...`);
  printTable(name, await run());
}
