import { sql } from 'drizzle-orm';
import { readPhoneNumber, regionFromCountryName } from '#domain/phone-numbers';
import { queryRows, type Db } from './client';

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
        from contacts c join businesses b on b.id = c.business_id order by c.id`,
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

const DATA_MIGRATIONS: Array<{ name: string; run: (tx: Db) => Promise<void> }> = [
  { name: '0007_phone_numbers_international', run: phoneNumbersInInternationalForm },
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
