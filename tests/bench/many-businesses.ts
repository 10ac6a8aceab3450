import { sql } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { openDatabase, queryRows, type Database, type Db } from '../../server/db/client';
import { fixRecipients } from '../../server/sending/recipients';
import { createFilter, launchCampaign, signedInOwner } from '../support/delivery-app';
import { contactsCsv } from '../support/import-files';
import { postgresReachable, postgresTestUrl } from '../support/postgres-url';
import { createScratchDatabase } from '../support/scratch-database';
import { withInProcessOwner } from './in-process-app';
import { median, runWhenMain, type BenchRow } from './table';

/** The issue's scale by default; smaller through the environment for a smoke run. */
const BUSINESSES = Number(process.env.BENCH_BUSINESSES ?? 1000);
const CONTACTS_PER_BUSINESS = Number(process.env.BENCH_CONTACTS_PER_BUSINESS ?? 5000);
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 2_000_000);
/** Businesses seeded per statement: each statement is one transaction of this many × contacts. */
const SEED_CHUNK = 20;
const RUNS = 3;

type Log = (line: string) => void;
type Figures = { list: number; import: number; count: number; start: number };

const FIGURES: Array<[keyof Figures, string]> = [
  ['list', `one business's contact list (${CONTACTS_PER_BUSINESS.toLocaleString('en-US')} contacts)`],
  ['import', `import of a ${CONTACTS_PER_BUSINESS.toLocaleString('en-US')}-row CSV`],
  ['count', 'filter count (recipients of a filter)'],
  ['start', 'campaign start (launch and recipients fixed)'],
];

const timed = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};

/**
 * The work an owner does on one business, on a fresh business each run (an import fills an empty
 * business; the list, count and start then read its contacts): medians of RUNS.
 */
async function measureOneBusiness(database: Database, label: string, log: Log): Promise<Figures> {
  const samples: Record<keyof Figures, number[]> = { list: [], import: [], count: [], start: [] };
  const delivery = loadConfig({}).delivery;
  // The app closes the database it is given: this one is measured twice, and closed by its opener.
  const keptOpen = { ...database, close: async () => {} };
  await withInProcessOwner(keptOpen, { AUTH_RATE_LIMIT_PER_MINUTE: '100000', IMPORT_RATE_LIMIT_PER_HOUR: '100000' }, async (_owner, app) => {
    // Run 0 warms up (JIT, caches, connections) and is not counted.
    for (let run = 0; run <= RUNS; run += 1) {
      const record = (key: keyof Figures, ms: number) => run > 0 && samples[key].push(ms);
      const owner = await signedInOwner(app);
      const file = contactsCsv(CONTACTS_PER_BUSINESS, `${label}-${run}`).toString('base64');
      record(
        'import',
        await timed(async () => {
          const response = await owner.client.post('/api/contact/import-contacts', { businessId: owner.businessId, file });
          if (response.statusCode !== 200) throw new Error(`import failed: ${response.statusCode} ${response.body.slice(0, 200)}`);
        }),
      );
      record(
        'list',
        await timed(async () => {
          const response = await owner.client.get(`/api/contact/get-contacts/${owner.businessId}`);
          const listed = (response.json() as unknown[]).length;
          if (listed !== CONTACTS_PER_BUSINESS) throw new Error(`the list has ${listed} contacts, not ${CONTACTS_PER_BUSINESS}`);
        }),
      );
      const filter = await createFilter(owner, [{ attribute: 'email', operator: 'CONTAINS', value: '@' }]);
      record(
        'count',
        await timed(async () => {
          const response = await owner.client.post('/api/contact-filter/count-matching-contacts', { businessId: owner.businessId, contactFilterId: filter.id });
          if (response.statusCode !== 200) throw new Error(`count failed: ${response.body}`);
        }),
      );
      record(
        'start',
        await timed(async () => {
          const campaign = await launchCampaign(owner, filter);
          if (!(await fixRecipients(app.db, campaign.id, delivery))) throw new Error('the campaign did not start');
        }),
      );
      log(`${label}: run ${run} of ${RUNS} done`);
    }
  });
  return { list: median(samples.list), import: median(samples.import), count: median(samples.count), start: median(samples.start) };
}

/**
 * BUSINESSES businesses of one owner with CONTACTS_PER_BUSINESS contacts each, and DELIVERIES
 * sent messages spread over one finished campaign per business, written by SQL in chunks (the
 * contacts trigger runs as for any write), then `analyze`.
 */
async function seed(db: Db, log: Log) {
  const [owner] = await queryRows<{ id: number }>(
    db,
    sql`insert into users (first_name, last_name, email, password_hash, birth_date, phone_number)
        values ('Seed', 'Owner', ${`seed.${Date.now()}@bench.example`}, 'not-a-hash', '1980-01-01', '4915100000000') returning id`,
  );
  const perBusinessDeliveries = Math.min(CONTACTS_PER_BUSINESS, Math.ceil(DELIVERIES / BUSINESSES));
  for (let first = 1; first <= BUSINESSES; first += SEED_CHUNK) {
    const last = Math.min(BUSINESSES, first + SEED_CHUNK - 1);
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await tx.execute(sql`
        with new_businesses as (
          insert into businesses (owner_id, name, street_name, street_number, country, city, postal_code)
          select ${owner!.id}, 'Seeded ' || g, 'Main Street', '1', 'Germany', 'Berlin', '10115'
          from generate_series(${first}::int, ${last}::int) g
          returning id
        )
        insert into contacts (business_id, first_name, last_name, email, phone_number, birth_date, gender, last_visited)
        select b.id, 'Guest' || g, 'Seeded', 'guest' || g || '.' || b.id || '@seed.example', (4915100000000 + g)::text,
               date '1950-01-01' + (g * 7919) % 20000, (array['MALE', 'FEMALE', 'NOT_SPECIFIED'])[1 + g % 3],
               case when g % 2 = 0 then now() - (g % 365) * interval '1 day' end
        from new_businesses b cross join generate_series(1, ${CONTACTS_PER_BUSINESS}::int) g`);
      await tx.execute(sql`
        with seeded as (select id from businesses where owner_id = ${owner!.id} and name in (select 'Seeded ' || g from generate_series(${first}::int, ${last}::int) g)),
        filters as (insert into contact_filters (business_id, name) select id, 'Everyone' from seeded returning id, business_id),
        finished as (
          insert into campaigns (business_id, contact_filter_id, name, type, status, start_time, interval, interval_size, subject, message_body)
          select business_id, id, 'Spring thanks', 'EMAIL', 'COMPLETED', now() - interval '30 days', 1, 5, 'Thanks', 'Thank you for visiting'
          from filters returning id, business_id
        )
        insert into deliveries (campaign_id, contact_id, address, subject, body, state, attempts, sent_at)
        select f.id, c.id, c.email, 'Thanks', 'Thank you for visiting', 'sent', 1, now() - interval '30 days'
        from finished f cross join lateral (
          select id, email from contacts where business_id = f.business_id order by id limit ${perBusinessDeliveries}
        ) c`);
    });
    if (last % 100 < SEED_CHUNK || last === BUSINESSES) log(`seeded ${last} of ${BUSINESSES} businesses`);
  }
  await db.execute(sql`analyze`);
}

/**
 * One business's list, a 5,000-row import, a filter count and a campaign start on an empty
 * database, then the same work after 1,000 businesses with 5,000 contacts each (5 million) and
 * 2 million deliveries share it: each figure with its ratio to the empty database. PostgreSQL only
 * (a database of that size is what DATABASE_URL is for).
 */
export async function manyBusinessesBenchmark(log: Log = () => {}): Promise<BenchRow[]> {
  const serverUrl = postgresTestUrl();
  if (!(await postgresReachable(serverUrl))) {
    return [{ name: 'many businesses', value: 0, unit: '-', note: `not run: no PostgreSQL at ${new URL(serverUrl).host}` }];
  }
  const scratch = await createScratchDatabase(serverUrl, 'starboost_bench_many');
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 8 });
  try {
    await database.migrate();
    const empty = await measureOneBusiness(database, 'empty', log);
    const seeding = await timed(() => seed(database.db, log));
    const [sizes = { contacts: 0, deliveries: 0, contactBytes: 0, deliveryBytes: 0 }] = await queryRows<{ contacts: number; deliveries: number; contactBytes: number; deliveryBytes: number }>(
      database.db,
      sql`select (select count(*) from contacts)::int as contacts, (select count(*) from deliveries)::int as deliveries,
                 pg_total_relation_size('contacts')::float8 as "contactBytes", pg_total_relation_size('deliveries')::float8 as "deliveryBytes"`,
    );
    const { contacts, deliveries } = sizes;
    const scale = `${BUSINESSES.toLocaleString('en-US')} businesses, ${contacts.toLocaleString('en-US')} contacts, ${deliveries.toLocaleString('en-US')} deliveries`;
    log(`seeded ${scale} in ${Math.round(seeding / 1000)} s`);
    const full = await measureOneBusiness(database, 'seeded', log);
    return [
      { name: 'seeding (SQL, then analyze)', value: seeding / 1000, unit: 's', note: scale },
      { name: 'contacts: bytes per row, with indexes and TOAST', value: sizes.contactBytes / contacts, unit: 'B', note: `${(sizes.contactBytes / 1e9).toFixed(2)} GB in all` },
      { name: 'deliveries: bytes per row, with indexes and TOAST', value: sizes.deliveryBytes / deliveries, unit: 'B', note: `${(sizes.deliveryBytes / 1e9).toFixed(2)} GB in all; message texts kept` },
      ...FIGURES.flatMap(([key, what]): BenchRow[] => [
        { name: `${what}: empty database`, value: empty[key], unit: 'ms', note: `median of ${RUNS}` },
        { name: `${what}: shared database`, value: full[key], unit: 'ms', note: `${(full[key] / empty[key]).toFixed(2)}× the empty database (aim <= 1.3×)` },
      ]),
    ];
  } finally {
    await database.close();
    await scratch.drop();
  }
}

runWhenMain(import.meta.url, 'many businesses', manyBusinessesBenchmark);
