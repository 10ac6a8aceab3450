import autocannon from 'autocannon';
import pg from 'pg';
import { startAppProcess } from '../support/app-process';
import { postgresReachable, postgresTestUrl } from '../support/postgres-url';
import { createScratchDatabase } from '../support/scratch-database';
import { HttpOwner } from './http-client';
import { runWhenMain, type BenchRow } from './table';

type Log = (line: string) => void;

const VISITS = 10_000;
const CONNECTIONS = 50;
/** One pacing "minute" (PACING_MINUTE_MS's default): every request should be sent within it of falling due. */
const PACING_WINDOW_MS = 60_000;
const SEND_TIMEOUT_MS = 10 * 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Autocannon's figures as rows, named by what was called. */
function callRows(what: string, result: autocannon.Result, expected: number): BenchRow[] {
  const answered = result.statusCodeStats?.[`${expected}`]?.count ?? 0;
  return [
    { name: `${what}: calls per second (mean)`, value: result.requests.average, unit: 'req/s', note: `${result.requests.total.toLocaleString('en-US')} calls, ${CONNECTIONS} connections, ${result.duration.toFixed(1)} s` },
    { name: `${what}: latency p50`, value: result.latency.p50, unit: 'ms' },
    { name: `${what}: latency p99`, value: result.latency.p99, unit: 'ms', note: `max ${result.latency.max} ms` },
    { name: `${what}: unexpected answers`, value: result.errors + result.timeouts + (result.requests.total - answered), unit: 'calls', note: `not ${expected}, errors and timeouts; aim 0` },
  ];
}

/**
 * 10,000 visits of distinct customers posted to POST /api/v1/visits by 50 concurrent clients with
 * one API key, against `npm start` on PostgreSQL with the review automation on (a 1 ms delay
 * "minute", no SMTP: requests are "sent" into the outbox by the worker in the web process);
 * beside it, in the same run, the trivial key-authenticated route GET /api/v1/key (the same key
 * lookup and per-key rate-limit count, no work). Then the time until every request the visits
 * scheduled is sent. Aims: the trivial route at most 3× the visits' calls/s; every request
 * sent within one pacing window (60 s) of falling due.
 */
export async function visitsApiBenchmark(log: Log = () => {}): Promise<BenchRow[]> {
  const serverUrl = postgresTestUrl();
  if (!(await postgresReachable(serverUrl))) {
    log(`PostgreSQL at ${new URL(serverUrl).host} not reachable: skipped`);
    return [];
  }
  const scratch = await createScratchDatabase(serverUrl, 'starboost_bench_visits');
  const app = await startAppProcess({
    DATABASE_URL: scratch.url,
    LOG_LEVEL: 'warn',
    AUTOMATION_MINUTE_MS: '1',
    // The per-key limit is counted on every call (as in production) but never reached.
    API_RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const database = new pg.Client({ connectionString: scratch.url });
  await database.connect();
  try {
    const owner = new HttpOwner(app.baseUrl);
    const businessId = await owner.signUpWithBusiness('visits');
    await owner.json('PUT', `/api/business/update-business/${businessId}`, {
      name: 'Visits Bench Bakery', streetName: 'Main Street', streetNumber: '1', country: 'Germany', city: 'Berlin', postalCode: '10115',
      reviewSites: [{ name: 'Google', url: 'https://g.page/r/bench/review' }],
    });
    await owner.json('PUT', `/api/automation/update-automation/${businessId}`, {
      enabled: true, delayMinutes: 1, channel: 'EMAIL', subject: 'How was your visit, ${firstName}?', messageBody: 'Hi ${firstName}, tell us: ${reviewLink}',
    });
    const { secret } = await owner.json<{ secret: string }>('POST', `/api/business/create-api-key/${businessId}`, { name: 'Bench till' });
    const headers = { authorization: `Bearer ${secret}`, 'content-type': 'application/json' };

    log(`trivial route: ${VISITS.toLocaleString('en-US')} calls of GET /api/v1/key, ${CONNECTIONS} connections`);
    const trivial = await autocannon({ url: app.baseUrl, connections: CONNECTIONS, amount: VISITS, headers, requests: [{ method: 'GET', path: '/api/v1/key' }] });

    log(`visits: ${VISITS.toLocaleString('en-US')} calls of POST /api/v1/visits, ${CONNECTIONS} connections, distinct customers`);
    let customer = 0;
    const visits = await autocannon({
      url: app.baseUrl,
      connections: CONNECTIONS,
      amount: VISITS,
      headers,
      requests: [
        {
          method: 'POST',
          path: '/api/v1/visits',
          setupRequest: (request) => {
            customer += 1;
            const body = { firstName: `Guest${customer}`, lastName: 'Bench', email: `guest${customer}@bench.example`, externalId: `sale-${customer}` };
            return { ...request, body: JSON.stringify(body) };
          },
        },
      ],
    });
    const postedAt = Date.now();

    log('waiting for every scheduled request to be sent');
    const progress = async () => {
      const { rows } = await database.query<{ scheduled: number; sent: number }>(
        `select (select count(*)::int from visits where business_id = $1 and due_at is not null) as scheduled,
                (select count(*)::int from deliveries d join campaigns c on c.id = d.campaign_id
                 where c.business_id = $1 and c.automation and d.state in ('sent', 'outbox')) as sent`,
        [businessId],
      );
      return rows[0]!;
    };
    let state = await progress();
    while (state.sent < state.scheduled) {
      if (Date.now() - postedAt > SEND_TIMEOUT_MS) throw new Error(`only ${state.sent} of ${state.scheduled} requests sent after ${SEND_TIMEOUT_MS / 1000} s`);
      await sleep(100);
      state = await progress();
    }
    const allSentMs = Date.now() - postedAt;
    const { rows: [lag] } = await database.query<{ p99: number; max: number }>(
      `select percentile_cont(0.99) within group (order by extract(epoch from d.sent_at - d.next_attempt_at) * 1000) as p99,
              max(extract(epoch from d.sent_at - d.next_attempt_at) * 1000)::float8 as max
       from deliveries d join campaigns c on c.id = d.campaign_id where c.business_id = $1 and c.automation`,
      [businessId],
    );

    const times = trivial.requests.average / visits.requests.average;
    return [
      ...callRows('trivial route GET /api/v1/key', trivial, 200),
      ...callRows('visits POST /api/v1/visits', visits, 201),
      { name: 'trivial calls/s ÷ visits/s (same run)', value: times, unit: '×', note: `aim <= 3 (visits within 3× the trivial route): ${times <= 3 ? 'met' : 'not met'}` },
      { name: 'requests scheduled by the visits', value: state.scheduled, unit: 'requests', note: `aim ${VISITS.toLocaleString('en-US')} (distinct customers)` },
      { name: 'every request sent, after the last visit answered', value: allSentMs, unit: 'ms' },
      { name: 'request sent after falling due: p99', value: lag!.p99, unit: 'ms' },
      {
        name: 'request sent after falling due: max',
        value: lag!.max,
        unit: 'ms',
        note: `aim <= ${PACING_WINDOW_MS.toLocaleString('en-US')} ms (one pacing window): ${lag!.max <= PACING_WINDOW_MS ? 'met' : 'not met'}`,
      },
    ];
  } finally {
    await database.end();
    await app.stop();
    await scratch.drop();
  }
}

runWhenMain(import.meta.url, 'Visits API on PostgreSQL', visitsApiBenchmark);
