import autocannon from 'autocannon';
import { startAppProcess } from '../support/app-process';
import { contactsCsv } from '../support/import-files';
import { postgresReachable, postgresTestUrl } from '../support/postgres-url';
import { createScratchDatabase } from '../support/scratch-database';
import { HttpOwner } from './http-client';
import { runWhenMain, type BenchRow } from './table';

type Log = (line: string) => void;

const CONNECTIONS = 200;
const SECONDS = 60;

/**
 * 200 concurrent clients for 60 s over the signed-in reads a business owner's screens make (the
 * businesses, the 2,000-contact list, the campaigns), against `npm start` on PostgreSQL.
 * Aim: no errors.
 */
export async function loadBenchmark(log: Log = () => {}): Promise<BenchRow[]> {
  const serverUrl = postgresTestUrl();
  if (!(await postgresReachable(serverUrl))) {
    log(`PostgreSQL at ${new URL(serverUrl).host} not reachable: skipped`);
    return [];
  }
  const scratch = await createScratchDatabase(serverUrl, 'starboost_bench_load');
  const app = await startAppProcess({ DATABASE_URL: scratch.url });
  try {
    const owner = new HttpOwner(app.baseUrl);
    const businessId = await owner.signUpWithBusiness('load');
    const imported = await owner.importFile(businessId, contactsCsv(2000, 'load'));
    if (!imported.ok) throw new Error(`import failed: ${imported.status}`);
    const filter = await owner.json<{ id: number }>('POST', '/api/contact-filter/create-contact-filter-with-items', {
      contactFilter: { name: 'Everyone', businessId },
      contactFilterItems: [{ attribute: 'email', operator: 'CONTAINS', value: '@' }],
    });
    for (let i = 1; i <= 10; i += 1) {
      await owner.json('POST', '/api/campaign/create-new-campaign', {
        name: `Campaign ${i}`, type: 'EMAIL', subject: 'Hello', messageBody: 'Hi ${firstName}', businessId, contactFilterId: filter.id, interval: 1, intervalSize: 5,
      });
    }
    const reads = [
      '/api/business/get-current-users-businesses',
      `/api/contact/get-contacts/${businessId}`,
      `/api/campaign/get-campaigns/${businessId}`,
    ];
    log(`${CONNECTIONS} connections for ${SECONDS} s over ${reads.join(', ')}`);
    const result = await autocannon({
      url: app.baseUrl,
      connections: CONNECTIONS,
      duration: SECONDS,
      // As the browser asks: compressed, with the session cookie.
      headers: { cookie: owner.cookie, 'accept-encoding': 'gzip, br' },
      requests: reads.map((path) => ({ method: 'GET', path })),
    });
    const failed = result.errors + result.timeouts + result.non2xx;
    return [
      { name: 'requests per second (mean)', value: result.requests.average, unit: 'req/s', note: `${result.requests.total.toLocaleString('en-US')} requests in ${SECONDS} s, ${CONNECTIONS} connections` },
      { name: 'latency p50', value: result.latency.p50, unit: 'ms' },
      { name: 'latency p99', value: result.latency.p99, unit: 'ms', note: `max ${result.latency.max} ms` },
      { name: 'throughput (mean)', value: result.throughput.average / 1024 / 1024, unit: 'MiB/s', note: 'compressed bytes' },
      { name: 'errors', value: failed, unit: 'requests', note: `${result.errors} connection errors, ${result.timeouts} timeouts, ${result.non2xx} not 2xx; aim 0` },
    ];
  } finally {
    await app.stop();
    await scratch.drop();
  }
}

runWhenMain(import.meta.url, 'Load: signed-in reads on PostgreSQL', loadBenchmark);
