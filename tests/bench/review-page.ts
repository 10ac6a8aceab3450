import autocannon from 'autocannon';
import { startAppProcess } from '../support/app-process';
import { contactsCsv } from '../support/import-files';
import { postgresReachable, postgresTestUrl } from '../support/postgres-url';
import { createScratchDatabase } from '../support/scratch-database';
import { HttpOwner } from './http-client';
import { runWhenMain, type BenchRow } from './table';

type Log = (line: string) => void;

const CONNECTIONS = 200;
const SECONDS = 30;
const RECIPIENTS = 500;
// A person's browser: every request is recorded as a visit or a click (the write path is measured).
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

type Details = { recipients: { items: Array<{ message: { body: string } | null }> } };

/**
 * The public review page and a site button's redirect, each under 200 concurrent clients for 30 s,
 * against `npm start` on PostgreSQL, over the links of a 500-recipient review request (each request
 * records a visit or a click), beside the trivial `/api/health` in the same run as the machine's
 * limit. Aims: each at least 1/3 of the trivial route's throughput, its p99 at most 3x the trivial
 * route's, and no errors.
 */
export async function reviewPageBenchmark(log: Log = () => {}): Promise<BenchRow[]> {
  const serverUrl = postgresTestUrl();
  if (!(await postgresReachable(serverUrl))) {
    log(`PostgreSQL at ${new URL(serverUrl).host} not reachable: skipped`);
    return [];
  }
  const scratch = await createScratchDatabase(serverUrl, 'starboost_bench_review');
  // No SMTP: the messages stay in the outbox, where the details page shows each one's link.
  const app = await startAppProcess({ DATABASE_URL: scratch.url, LOG_LEVEL: 'warn' });
  try {
    const owner = new HttpOwner(app.baseUrl);
    const businessId = await owner.signUpWithBusiness('review');
    await owner.json('PUT', `/api/business/update-business/${businessId}`, {
      name: 'Review Bench Bakery', streetName: 'Main Street', streetNumber: '1', country: 'Germany', city: 'Berlin', postalCode: '10115',
      reviewSites: [{ name: 'Google', url: 'https://g.page/r/bench/review' }, { name: 'Yelp', url: 'https://yelp.example/bench' }],
    });
    const imported = await owner.importFile(businessId, contactsCsv(RECIPIENTS, 'review'));
    if (!imported.ok) throw new Error(`import failed: ${imported.status}`);
    const filter = await owner.json<{ id: number }>('POST', '/api/contact-filter/create-contact-filter-with-items', {
      contactFilter: { name: 'Everyone', businessId },
      contactFilterItems: [{ attribute: 'email', operator: 'CONTAINS', value: '@' }],
    });
    const campaign = await owner.json<{ id: number }>('POST', '/api/campaign/launch-new-campaign', {
      name: 'Review request', type: 'EMAIL', subject: 'How was it?', messageBody: 'Hi ${firstName}, tell us: ${reviewLink}',
      businessId, contactFilterId: filter.id, interval: 1, intervalSize: 5,
    });
    let paths: string[] = [];
    for (let attempt = 0; paths.length < RECIPIENTS && attempt < 120; attempt += 1) {
      const details = await owner.json<Details>('GET', `/api/campaign/get-campaign-details/${campaign.id}?state=outbox&limit=${RECIPIENTS}`);
      paths = details.recipients.items.flatMap((item) => (item.message ? [new URL(/http\S+\/r\/\S+/.exec(item.message.body)![0]).pathname] : []));
      if (paths.length < RECIPIENTS) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    if (paths.length === 0) throw new Error('no review links: the campaign did not send');
    // Before the runs: every message left long ago, so no visit counts as "just sent".
    await new Promise((resolve) => setTimeout(resolve, 2500));

    const load = async (what: string, requests: string[]) => {
      log(`${what}: ${CONNECTIONS} connections for ${SECONDS} s over ${requests.length} paths`);
      const result = await autocannon({
        url: app.baseUrl,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: { 'user-agent': BROWSER, 'accept-encoding': 'gzip, br' },
        requests: requests.map((path) => ({ method: 'GET', path })),
      });
      const expected = what === 'redirect' ? 302 : 200;
      const answered = result.statusCodeStats?.[`${expected}`]?.count ?? 0;
      return { what, expected, result, unexpected: Math.max(0, result.errors + result.timeouts + (result.requests.total - answered)) };
    };
    // The limit first, on the same process, clients and machine: a route that does nothing.
    const trivial = await load('/api/health', ['/api/health']);
    const page = await load('review page', paths);
    const redirect = await load('redirect', paths.map((path, i) => `${path}/go/${(i % 2) + 1}`));
    const rows = (measured: Awaited<ReturnType<typeof load>>): BenchRow[] => {
      const { what, expected, result, unexpected } = measured;
      const limit = trivial.result;
      const rows: BenchRow[] = [
        { name: `${what}: requests per second (mean)`, value: result.requests.average, unit: 'req/s', note: `${result.requests.total.toLocaleString('en-US')} requests in ${SECONDS} s, ${CONNECTIONS} connections` },
        { name: `${what}: latency p50`, value: result.latency.p50, unit: 'ms' },
        { name: `${what}: latency p99`, value: result.latency.p99, unit: 'ms', note: `max ${result.latency.max} ms` },
        { name: `${what}: unexpected answers`, value: unexpected, unit: 'requests', note: `not ${expected}, errors and timeouts; aim 0` },
      ];
      if (measured === trivial) return rows;
      return [
        ...rows,
        { name: `${what}: throughput / /api/health's`, value: result.requests.average / limit.requests.average, unit: 'ratio', note: 'aim >= 0.33' },
        { name: `${what}: p99 / /api/health's`, value: result.latency.p99 / Math.max(1, limit.latency.p99), unit: 'ratio', note: 'aim <= 3' },
      ];
    };
    const size = (await (await fetch(`${app.baseUrl}${paths[0]}`, { headers: { 'user-agent': BROWSER } })).text()).length;
    return [...rows(trivial), ...rows(page), ...rows(redirect), { name: 'review page size', value: size / 1000, unit: 'KB', note: 'uncompressed HTML, the whole page; aim < 30 KB' }];
  } finally {
    await app.stop();
    await scratch.drop();
  }
}

runWhenMain(import.meta.url, 'Review page and redirect on PostgreSQL', reviewPageBenchmark);
