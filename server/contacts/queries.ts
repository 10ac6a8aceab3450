import { and, eq, sql } from 'drizzle-orm';
import type { Contact, ContactInput } from '../../src/domain';
import { requireOwnedBusiness } from '../businesses/queries';
import { queryRows, type Db } from '../db/client';
import { contacts } from '../db/schema';
import { HttpError, notFound } from '../lib/errors';

/** PostgreSQL's `integer` range: ids outside it cannot exist, and comparing with them is an error. */
const INT4_MAX = 2_147_483_647;
const isStorableId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= INT4_MAX;

/** requireOwnedBusiness for an id from a request, which may not even fit the column. */
export async function ownedBusiness(db: Db, ownerId: number, businessId: number) {
  if (!isStorableId(businessId)) throw notFound('Business not found.');
  return requireOwnedBusiness(db, ownerId, businessId);
}

/** An `int[]` parameter as a text literal: the same on node-postgres and PGlite, one parameter for any count. */
const intArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

/** Rows per query of the contacts list: big enough to keep queries few, small enough to overlap. */
export const CONTACTS_JSON_PAGE = 20_000;

/**
 * Every contact of a business as JSON array text, in pages of ids. Each row's JSON is kept current
 * by a trigger (migration 0002), so a page is an index range scan and one string_agg: no JSON
 * building per request and no parse-and-stringify in Node. Yielding page by page lets the
 * response be compressed and sent while the next page is read. Pages are separate statements: a
 * contact written during the read may or may not be in the answer, but none appears twice.
 */
export async function* contactsJsonPages(db: Db, businessId: number, pageSize = CONTACTS_JSON_PAGE): AsyncGenerator<string> {
  yield '[';
  let afterId = 0;
  for (let first = true; ; first = false) {
    const [page] = await queryRows<{ json: string | null; lastId: number | null }>(
      db,
      sql`select string_agg(api_json, ',') as json, max(id) as "lastId"
          from (select id, api_json from contacts
                where business_id = ${businessId} and id > ${afterId}
                order by id limit ${pageSize}) page`,
    );
    if (!page?.json || page.lastId === null) break;
    yield first ? page.json : `,${page.json}`;
    afterId = page.lastId;
  }
  yield ']';
}

const contactColumns = {
  id: contacts.id,
  firstName: contacts.firstName,
  lastName: contacts.lastName,
  email: contacts.email,
  phoneNumber: contacts.phoneNumber,
  birthDate: contacts.birthDate,
  gender: contacts.gender,
  status: contacts.status,
  tags: contacts.tags,
  lastVisited: contacts.lastVisited,
  businessId: contacts.businessId,
};

export async function contactEmailTaken(db: Db, businessId: number, email: string) {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.businessId, businessId), sql`lower(${contacts.email}) = lower(${email})`));
  return row !== undefined;
}

export async function insertContact(db: Db, businessId: number, values: ContactInput): Promise<Contact> {
  const [contact] = await db
    .insert(contacts)
    .values({ ...values, businessId })
    .returning(contactColumns);
  return { ...contact!, lastVisited: contact!.lastVisited?.toISOString() ?? null };
}

const notFoundMessage = (missing: number) =>
  `${missing} of the selected contacts ${missing === 1 ? 'was' : 'were'} not found; nothing was changed.`;

/**
 * Runs `change` on the requested contacts that belong to the owner's businesses, all or nothing:
 * when any id is unknown or another owner's, the transaction is rolled back and the answer is 404.
 */
async function changeOwnedContacts(
  db: Db,
  ownerId: number,
  contactIds: readonly number[],
  change: (tx: Db, ids: string, businessIds: string) => Promise<number>,
): Promise<number> {
  const requested = [...new Set(contactIds)];
  const ids = requested.filter(isStorableId);
  return db.transaction(async (tx) => {
    const businessRows = await queryRows<{ business_id: number }>(
      tx as unknown as Db,
      sql`select distinct business_id from contacts where id = any(${intArray(ids)}::int[])`,
    );
    const owned: number[] = [];
    for (const { business_id: businessId } of businessRows) {
      try {
        await requireOwnedBusiness(tx as unknown as Db, ownerId, businessId);
        owned.push(businessId);
      } catch (error) {
        if (!(error instanceof HttpError && error.statusCode === 404)) throw error;
      }
    }
    const changed = owned.length ? await change(tx as unknown as Db, intArray(ids), intArray(owned)) : 0;
    if (changed !== requested.length) throw notFound(notFoundMessage(requested.length - changed));
    return changed;
  });
}

export function deleteOwnedContacts(db: Db, ownerId: number, contactIds: readonly number[]) {
  return changeOwnedContacts(db, ownerId, contactIds, async (tx, ids, businessIds) => {
    const [row] = await queryRows<{ count: number }>(
      tx,
      sql`with deleted as (
            delete from contacts
            where id = any(${ids}::int[]) and business_id = any(${businessIds}::int[])
            returning 1
          ) select count(*)::int as count from deleted`,
    );
    return row!.count;
  });
}

export function checkInOwnedContacts(db: Db, ownerId: number, contactIds: readonly number[]) {
  return changeOwnedContacts(db, ownerId, contactIds, async (tx, ids, businessIds) => {
    const [row] = await queryRows<{ count: number }>(
      tx,
      sql`with checked_in as (
            update contacts set last_visited = now()
            where id = any(${ids}::int[]) and business_id = any(${businessIds}::int[])
            returning 1
          ) select count(*)::int as count from checked_in`,
    );
    return row!.count;
  });
}

/** Rows per INSERT: big enough to amortise the round trip, small enough to keep each JSON parameter a few MB. */
export const UPSERT_BATCH = 5000;

/** Contact fields an upsert may overwrite; a column the file does not have keeps its stored value. */
export type UpsertableField = 'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'birthDate' | 'gender' | 'tags';
const columnOf: Record<UpsertableField, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  phoneNumber: 'phone_number',
  birthDate: 'birth_date',
  gender: 'gender',
  tags: 'tags',
};

export function* inBatches<T>(rows: readonly T[], size = UPSERT_BATCH): Generator<T[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

/** Lets the driver put a query on the wire before the caller goes on with synchronous work. */
const sendPendingQueries = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Inserts contacts, or updates the business's contact with the same email (any case), in one
 * transaction. Emails must not repeat across the batches: one INSERT cannot touch a row twice.
 * While PostgreSQL writes one batch, the next is taken from `batches` (for an import: validated).
 */
export async function upsertContacts(
  db: Db,
  businessId: number,
  batches: Iterable<readonly ContactInput[]>,
  updateFields: readonly UpsertableField[] = Object.keys(columnOf) as UpsertableField[],
): Promise<{ created: number; updated: number }> {
  // The email is always in the file, so the set list is never empty.
  const onConflict = sql.raw(
    `do update set ${updateFields.map((field) => `${columnOf[field]} = excluded.${columnOf[field]}`).join(', ')}`,
  );
  const totals = { created: 0, updated: 0 };
  const add = (counts: { created: number; updated: number } | undefined) => {
    totals.created += counts!.created;
    totals.updated += counts!.updated;
  };
  await db.transaction(async (tx) => {
    let inFlight: Promise<Array<{ created: number; updated: number }>> | undefined;
    for (const batch of batches) {
      if (inFlight) add((await inFlight)[0]);
      inFlight = queryRows<{ created: number; updated: number }>(
        tx as unknown as Db,
        sql`with upserted as (
              insert into contacts (business_id, first_name, last_name, email, phone_number, birth_date, gender, tags)
              select ${businessId}::int, r."firstName", r."lastName", r.email, r."phoneNumber", r."birthDate", r.gender, r.tags
              from json_to_recordset(${JSON.stringify(batch)}::json) as r(
                "firstName" text, "lastName" text, email text, "phoneNumber" text, "birthDate" date, gender text, tags text
              )
              on conflict (business_id, lower(email)) ${onConflict}
              returning (xmax = 0) as inserted
            )
            select (count(*) filter (where inserted))::int as created, (count(*) filter (where not inserted))::int as updated
            from upserted`,
      );
      // A failed batch must not be an unhandled rejection while the next one is prepared.
      inFlight.catch(() => {});
      await sendPendingQueries();
    }
    if (inFlight) add((await inFlight)[0]);
  });
  return totals;
}
