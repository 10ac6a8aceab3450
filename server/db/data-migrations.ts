import { sql } from 'drizzle-orm';
import { reviewSiteHref, type ReviewSite } from '#domain/businesses';
import { readPhoneNumber, regionFromCountryName } from '#domain/phone-numbers';
import { queryRows, type Db } from './rows';

/** Rows per update statement (one JSON parameter each). */
const UPDATE_CHUNK = 5000;

/**
 * Migration 0007's data part, done once in code because reading numbers needs libphonenumber:
 * businesses get their region from their country's name, and every contact's phone number is read
 * with it and stored in international digits; one that cannot be read keeps its text and gets
 * `phone_problem` (the reason), so it is listed and skipped for text messages, never sent as +0….
 */
async function phoneNumbersInInternationalForm(tx: Db) {
  const regionless = await queryRows<{ id: number; country: string }>(tx, sql`select id, country from businesses where region is null`);
  const regions = regionless
    .map(({ id, country }) => ({ id, region: regionFromCountryName(country) }))
    .filter((row) => row.region !== null);
  if (regions.length) {
    await tx.execute(
      sql`update businesses b set region = r.region
          from json_to_recordset(${JSON.stringify(regions)}::json) as r(id int, region text) where b.id = r.id`,
    );
  }
  const contacts = await queryRows<{ id: number; phoneNumber: string; region: string | null }>(
    tx,
    sql`select c.id, c.phone_number as "phoneNumber", b.region
        from contacts c join businesses b on b.id = c.business_id where c.phone_number is not null order by c.id`,
  );
  const changes: Array<{ id: number; phone: string | null; problem: string | null }> = [];
  for (const contact of contacts) {
    const reading = readPhoneNumber(contact.phoneNumber, contact.region);
    if ('problem' in reading) changes.push({ id: contact.id, phone: null, problem: reading.problem });
    else if (reading.digits !== contact.phoneNumber) changes.push({ id: contact.id, phone: reading.digits, problem: null });
  }
  for (let start = 0; start < changes.length; start += UPDATE_CHUNK) {
    const chunk = JSON.stringify(changes.slice(start, start + UPDATE_CHUNK));
    await tx.execute(
      sql`update contacts c set phone_number = coalesce(r.phone, c.phone_number), phone_problem = r.problem
          from json_to_recordset(${chunk}::json) as r(id int, phone text, problem text) where c.id = r.id`,
    );
  }
}

/**
 * Migration 0012's data part: review sites saved before addresses were normalised keep them as
 * browsers read them (`new URL(u).href`: non-ASCII paths percent-encoded, hosts in punycode), as
 * the form stores them now. An address the URL parser refuses stays as it is (its button answers 404).
 */
async function reviewSiteAddressesNormalised(tx: Db) {
  const rows = await queryRows<{ id: number; sites: ReviewSite[] }>(tx, sql`select id, review_sites as sites from businesses where review_sites <> '[]'::jsonb`);
  const changes = rows
    .map(({ id, sites }) => ({ id, sites: sites.map((site) => ({ ...site, url: URL.canParse(site.url) ? reviewSiteHref(site.url) : site.url })) }))
    .filter((row, index) => JSON.stringify(row.sites) !== JSON.stringify(rows[index]!.sites));
  for (let start = 0; start < changes.length; start += UPDATE_CHUNK) {
    const chunk = JSON.stringify(changes.slice(start, start + UPDATE_CHUNK));
    await tx.execute(
      sql`update businesses b set review_sites = r.sites from json_to_recordset(${chunk}::json) as r(id int, sites jsonb) where b.id = r.id`,
    );
  }
}

const DATA_MIGRATIONS: Array<{ name: string; run: (tx: Db) => Promise<void> }> = [
  { name: '0007_phone_numbers_international', run: phoneNumbersInInternationalForm },
  { name: '0012_review_site_addresses_normalised', run: reviewSiteAddressesNormalised },
];

/** Runs each data migration not yet recorded, in one transaction with its record (after the SQL migrations). */
export async function migrateData(db: Db) {
  for (const migration of DATA_MIGRATIONS) {
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [claimed] = await queryRows<{ name: string }>(
        tx,
        sql`insert into data_migrations (name) values (${migration.name}) on conflict do nothing returning name`,
      );
      if (claimed) await migration.run(tx);
    });
  }
}
