import { parseArgs } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { findUserByEmail, insertUser } from '../server/auth/queries';
import { loadConfig } from '../server/config';
import { inBatches, upsertContacts } from '../server/contacts/upsert';
import { openDatabase } from '../server/db/client';
import { businesses } from '../server/db/schema';
import { hashPassword } from '../server/lib/passwords';
import { GENDERS, joinTags, type ContactInput } from '#domain';

export const DEMO_OWNER = { email: 'demo@starboost.app', password: 'Demo!2345' };
const DEMO_BUSINESS = 'Demo Bakery';

const FIRST_NAMES = ['Anna', 'Ben', 'Chloé', 'David', 'Emma', 'Felix', 'Greta', 'Hugo', 'Ida', 'Jonas', 'Klara', 'Luca', 'Mia', 'Noah', 'Olivia', 'Paul'];
const LAST_NAMES = ['Schmidt', 'Okafor', 'Martin', 'Novak', 'Rossi', 'García', 'Kowalski', 'Jensen', 'Dubois', 'Weber', 'Silva', 'Nguyen'];
const TAGS = ['vip', 'newsletter', 'regular', 'birthday-club', 'wholesale', 'catering', 'new'];

/**
 * `count` made-up but valid contacts, the same for the same `seed`: names and tags cycle,
 * emails are unique (`seed` keeps two batches apart), birth dates spread over 1950-2005.
 */
export function demoContacts(count: number, seed = 'demo'): ContactInput[] {
  return Array.from({ length: count }, (_, i) => {
    const firstName = FIRST_NAMES[i % FIRST_NAMES.length]!;
    const lastName = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]!;
    const day = new Date(Date.UTC(1950, 0, 1) + ((i * 7919) % (55 * 365)) * 86_400_000);
    return {
      firstName,
      lastName,
      email: `${firstName.normalize('NFD').replace(/[^a-zA-Z]/g, '').toLowerCase()}.${lastName.normalize('NFD').replace(/[^a-zA-Z]/g, '').toLowerCase()}.${seed}${i}@example.com`,
      phoneNumber: `49151${String(10_000_000 + ((i * 104_729) % 89_999_999)).padStart(8, '0')}`,
      birthDate: day.toISOString().slice(0, 10),
      gender: GENDERS[i % GENDERS.length]!,
      tags: joinTags(i % 3 === 0 ? [] : [TAGS[i % TAGS.length]!, TAGS[(i * 3) % TAGS.length]!].filter((tag, k, all) => all.indexOf(tag) === k)),
    };
  });
}

/** `npm run demo [-- --contacts 100000]`: a demo owner with a business full of contacts, on the server's database. */
async function main() {
  const { values } = parseArgs({ options: { contacts: { type: 'string', default: '2000' } } });
  const count = Number(values.contacts);
  if (!Number.isInteger(count) || count < 0) throw new Error('--contacts must be a whole number, such as 100000');

  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const { db } = database;
    const owner =
      (await findUserByEmail(db, DEMO_OWNER.email)) ??
      (await insertUser(db, {
        firstName: 'Demo',
        lastName: 'Owner',
        email: DEMO_OWNER.email,
        passwordHash: await hashPassword(DEMO_OWNER.password),
        birthDate: '1985-06-15',
        phoneNumber: '4915100000000',
      }))!;
    const [existing] = await db
      .select({ id: businesses.id })
      .from(businesses)
      .where(and(eq(businesses.ownerId, owner.id), eq(businesses.name, DEMO_BUSINESS)));
    const business =
      existing ??
      (
        await db
          .insert(businesses)
          .values({ ownerId: owner.id, name: DEMO_BUSINESS, streetName: 'Main Street', streetNumber: '1', country: 'Germany', city: 'Berlin', postalCode: '10115' })
          .returning({ id: businesses.id })
      )[0]!;

    const started = performance.now();
    // The importer's own upsert: running the script again updates these contacts instead of adding copies.
    const { created, updated } = await upsertContacts(db, business.id, inBatches(demoContacts(count)));
    const seconds = (performance.now() - started) / 1000;
    const where = config.databaseUrl ? `PostgreSQL (${new URL(config.databaseUrl).host})` : `PGlite in ${config.dataDir}`;
    console.log(`${DEMO_BUSINESS} (business ${business.id}) on ${where}: ${created} contacts created, ${updated} updated in ${seconds.toFixed(1)} s.`);
    console.log(`Start the app (npm start), open it and sign in as ${DEMO_OWNER.email} with the password ${DEMO_OWNER.password}`);
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
