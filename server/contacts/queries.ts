import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Contact, ContactInput } from '#domain';
import { queryRows, type Db } from '../db/client';
import { contacts } from '../db/schema';
import { notFound } from '../lib/errors';
import { isStorableId } from '../lib/ids';
import { CONTACT_COPY_COLUMNS } from './copy-text';
import { eraseOwnedContacts } from './erase';

/** An `int[]` parameter as a text literal: the same on node-postgres and PGlite, one parameter for any count. */
const intArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

/**
 * Rows per query of the contacts list: the first page is small so that the browser can show the
 * first rows at once; the others are big enough to keep queries few, small enough to overlap.
 */
export const CONTACTS_JSON_PAGES = { first: 1_000, rest: 20_000 };

/** One page of the list: the next `limit` contacts after `afterId`, read in id order from the (business_id, id) index. */
export const contactsJsonPage = (businessId: number, afterId: number, limit: number) =>
  sql`select string_agg(api_json, ',') as json, max(id) as "lastId"
      from (select id, api_json from contacts
            where business_id = ${businessId} and id > ${afterId}
            order by id limit ${limit}) page`;

/**
 * A business's contacts after an import that created this many: the planner's statistics are
 * refreshed at once (PostgreSQL's autovacuum would do it only later). With a count from before
 * the import, the list's pages were read by scanning and sorting all the business's contacts
 * (65 ms a page at 100,000 on PostgreSQL, 300 ms on the embedded one) instead of walking the index.
 */
export const ANALYZE_AFTER_CREATED = 10_000;

export async function refreshContactStatistics(db: Db) {
  await db.execute(sql`analyze contacts`);
}

/**
 * Every contact of a business as JSON array text, in pages of ids. Each row's JSON is kept current
 * by a trigger (migration 0002), so a page is an index range scan and one string_agg: no JSON
 * building per request and no parse-and-stringify in Node. Yielding page by page lets the
 * response be compressed and sent while the next page is read. Each page ends its line (JSON
 * allows the newline; row JSON never holds one), so a reader can parse page by page as they
 * arrive (src/providers/list-pages.ts). Pages are separate statements: a contact written during
 * the read may or may not be in the answer, but none appears twice.
 */
export async function* contactsJsonPages(db: Db, businessId: number, pages = CONTACTS_JSON_PAGES): AsyncGenerator<string> {
  yield '[';
  let afterId = 0;
  for (let first = true; ; first = false) {
    const [page] = await queryRows<{ json: string | null; lastId: number | null }>(db, contactsJsonPage(businessId, afterId, first ? pages.first : pages.rest));
    if (!page?.json || page.lastId === null) break;
    yield `${first ? '' : ','}${page.json}\n`;
    afterId = page.lastId;
  }
  yield ']';
}

/** The business's contacts revision (migration 0010): one row of businesses, no contact read. */
export async function contactsRevision(db: Db, businessId: number): Promise<number> {
  const [row] = await queryRows<{ revision: string | number }>(
    db,
    sql`select contacts_revision as revision from businesses where id = ${businessId}`,
  );
  return Number(row?.revision ?? 0);
}

/**
 * The delta after `since` as JSON text: contacts whose revision is above it (from the
 * (business_id, revision) index) and the ids deleted since. Read after `revision`, so a change that
 * lands in between may come again in the next delta, which applies it once more: nothing is missed.
 */
export async function contactsDeltaJson(db: Db, businessId: number, since: number, revision: number): Promise<string> {
  const [row] = await queryRows<{ json: string }>(
    db,
    sql`select '{"revision":' || ${revision}::bigint
          || ',"contacts":[' || coalesce((select string_agg(api_json, ',' order by id) from contacts
                                         where business_id = ${businessId} and revision > ${since}::bigint), '')
          || '],"deletedIds":[' || coalesce((select string_agg(contact_id::text, ',' order by contact_id) from contact_tombstones
                                            where business_id = ${businessId} and revision > ${since}::bigint), '')
          || ']}' as json`,
  );
  return row!.json;
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

/** Sets a contact's form fields; undefined when it is not a contact of the business. */
export async function updateContact(db: Db, businessId: number, id: number, values: ContactInput): Promise<Contact | undefined> {
  // A number saved now was read as an international one: an old problem with it is gone.
  const [contact] = await db
    .update(contacts)
    .set({ ...values, phoneProblem: null })
    .where(and(eq(contacts.id, id), eq(contacts.businessId, businessId)))
    .returning(contactColumns);
  return contact && { ...contact, lastVisited: contact.lastVisited?.toISOString() ?? null };
}

const notFoundMessage = (missing: number) =>
  `${missing} of the selected contacts ${missing === 1 ? 'was' : 'were'} not found; nothing was changed.`;

/**
 * Runs `change` on the requested contacts, all or nothing. `change` touches only those in the
 * owner's businesses; when that is fewer than requested (an id unknown or another owner's), the
 * transaction is rolled back and the answer is 404, the same for both.
 */
async function changeOwnedContacts(
  db: Db,
  ownerId: number,
  contactIds: readonly number[],
  change: (tx: Db, ids: string) => Promise<number>,
): Promise<number> {
  const requested = [...new Set(contactIds)];
  return db.transaction(async (tx) => {
    const ids = intArray(requested.filter(isStorableId));
    // The contacts may span several businesses: take their revisions (row locks) in business id
    // order first, so two such changes at once cannot deadlock in the rows' order.
    await tx.execute(
      sql`select contacts_revision_of(business_id) from (
            select distinct c.business_id from contacts c join businesses b on b.id = c.business_id
            where c.id = any(${ids}::int[]) and b.owner_id = ${ownerId} order by c.business_id
          ) affected`,
    );
    const changed = await change(tx as unknown as Db, ids);
    if (changed !== requested.length) throw notFound(notFoundMessage(requested.length - changed));
    return changed;
  });
}

/** Deleting contacts erases them everywhere (erase.ts), all or nothing. */
export function deleteOwnedContacts(db: Db, ownerId: number, contactIds: readonly number[]) {
  return changeOwnedContacts(db, ownerId, contactIds, (tx, ids) => eraseOwnedContacts(tx, ownerId, ids));
}

export function checkInOwnedContacts(db: Db, ownerId: number, contactIds: readonly number[]) {
  return changeOwnedContacts(db, ownerId, contactIds, async (tx, ids) => {
    const [row] = await queryRows<{ count: number }>(
      tx,
      sql`with checked_in as (
            update contacts c set last_visited = now() from businesses b
            where c.id = any(${ids}::int[]) and b.id = c.business_id and b.owner_id = ${ownerId}
            returning 1
          ) select count(*)::int as count from checked_in`,
    );
    return row!.count;
  });
}

/** Rows per INSERT: big enough to amortise the round trip, small enough to keep each JSON parameter a few MB. */
export const UPSERT_BATCH = 5000;

/** Contact fields an upsert may overwrite; a column the file does not have keeps its stored value. */
type UpsertableField = 'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'birthDate' | 'gender' | 'tags';
const columnOf: Record<UpsertableField, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  phoneNumber: 'phone_number',
  birthDate: 'birth_date',
  gender: 'gender',
  tags: 'tags',
};

const allFields = Object.keys(columnOf) as UpsertableField[];

/** A JSON array of contacts as rows `r` with the table's column names. */
const jsonRows = (json: string) =>
  sql`(select "firstName" as first_name, "lastName" as last_name, email, "phoneNumber" as phone_number,
              "birthDate" as birth_date, gender, tags
       from json_to_recordset(${json}::json) as j(
         "firstName" text, "lastName" text, email text, "phoneNumber" text, "birthDate" date, gender text, tags text
       )) r`;

/**
 * The one statement that writes contacts from `rows` (a relation `r` with the table's column names)
 * and answers how many were created and how many updated. A contact the rows leave as they are is
 * not written (nor counted as updated).
 */
function upsertStatement(businessId: number, rows: SQL, updateFields: readonly UpsertableField[]): SQL {
  // The email is always in the file, so the set list is never empty.
  const columns = updateFields.map((field) => columnOf[field]);
  const onConflict = sql.raw(
    `do update set ${columns.map((column) => `${column} = excluded.${column}`).join(', ')}` +
      // A number written now was read as an international one: an old problem with it is gone.
      (updateFields.includes('phoneNumber') ? ', phone_problem = null' : '') +
      ` where (${columns.map((column) => `contacts.${column}`).join(', ')}) is distinct from (${columns.map((column) => `excluded.${column}`).join(', ')})`,
  );
  return sql`with upserted as (
      insert into contacts (business_id, first_name, last_name, email, phone_number, birth_date, gender, tags)
      select ${businessId}::int, r.first_name, r.last_name, r.email, r.phone_number, r.birth_date, r.gender, r.tags
      from ${rows}
      on conflict (business_id, lower(email)) ${onConflict}
      returning (xmax = 0) as inserted
    )
    select (count(*) filter (where inserted))::int as created, (count(*) filter (where not inserted))::int as updated
    from upserted`;
}

export function* inBatches<T>(rows: readonly T[], size = UPSERT_BATCH): Generator<T[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

/** Lets the driver put a query on the wire before the caller goes on with synchronous work. */
const sendPendingQueries = () => new Promise((resolve) => setImmediate(resolve));

/** A batch of contacts to write, or the same already as a JSON array (as an import's worker makes it). */
export type ContactBatch = readonly ContactInput[] | string;

export type UpsertOptions = {
  /** Fields an existing contact gets from the batch; the others keep their stored value. */
  updateFields?: readonly UpsertableField[];
  /**
   * One transaction for everything (the default), or a commit after each batch. The embedded
   * database has one connection: a transaction there holds up every other request until it ends,
   * so a long import writes batch by batch and lets other requests in between.
   */
  commitEachBatch?: boolean;
};

type Counts = { created: number; updated: number };

/** A batch-by-batch write failed: `written` counts the batches committed before it; `cause` is the error. */
export class PartlyWrittenError extends Error {
  constructor(
    readonly written: Counts,
    options: { cause: unknown },
  ) {
    super('Contacts were written in part', options);
  }
}

/**
 * Inserts contacts, or updates the business's contact with the same email (any case) where a field
 * differs; `updated` counts the contacts that changed. Emails must
 * not repeat across the batches: one INSERT cannot touch a row twice. While PostgreSQL writes one
 * batch, the next is taken from `batches` (for an import: validated). With `commitEachBatch`, a
 * failure leaves the batches before it written and throws a PartlyWrittenError.
 */
export async function upsertContacts(
  db: Db,
  businessId: number,
  batches: Iterable<ContactBatch>,
  { updateFields = allFields, commitEachBatch = false }: UpsertOptions = {},
): Promise<Counts> {
  const upsert = (target: Db, batch: ContactBatch) =>
    queryRows<Counts>(target, upsertStatement(businessId, jsonRows(typeof batch === 'string' ? batch : JSON.stringify(batch)), updateFields));
  const totals: Counts = { created: 0, updated: 0 };
  const add = (counts: Counts | undefined) => {
    totals.created += counts!.created;
    totals.updated += counts!.updated;
  };

  if (commitEachBatch) {
    try {
      for (const batch of batches) {
        add((await upsert(db, batch))[0]);
        // A turn of the event loop: requests that arrived meanwhile queue their queries before the next batch.
        await sendPendingQueries();
      }
    } catch (error) {
      if (totals.created + totals.updated === 0) throw error;
      throw new PartlyWrittenError({ ...totals }, { cause: error });
    }
    return totals;
  }

  await db.transaction(async (tx) => {
    let inFlight: Promise<Counts[]> | undefined;
    for (const batch of batches) {
      if (inFlight) add((await inFlight)[0]);
      inFlight = upsert(tx as unknown as Db, batch);
      // A failed batch must not be an unhandled rejection while the next one is prepared.
      inFlight.catch(() => {});
      await sendPendingQueries();
    }
    if (inFlight) add((await inFlight)[0]);
  });
  return totals;
}

/**
 * The same write as `upsertContacts`, for PostgreSQL and all or nothing: the rows (COPY text, see
 * copy-text.ts) are streamed with COPY into a temporary table and written from there by one
 * upsert, in one transaction. COPY skips the per-statement parse and JSON decoding of the batched
 * INSERTs and one statement over all rows replaces their round trips.
 */
export async function copyUpsertContacts(
  pool: pg.Pool,
  businessId: number,
  copyText: Iterable<Uint8Array>,
  { updateFields = allFields }: Pick<UpsertOptions, 'updateFields'> = {},
): Promise<Counts> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const db = drizzlePg(client) as unknown as Db;
    return await db.transaction(async (tx) => {
      const target = tx as unknown as Db;
      // Dropped at commit or rollback; invisible to every other session.
      await target.execute(
        sql`create temp table contacts_import (
              first_name text, last_name text, email text, phone_number text, birth_date date, gender text, tags text
            ) on commit drop`,
      );
      await pipeline(Readable.from(copyText), client.query(copyFrom(`copy contacts_import (${CONTACT_COPY_COLUMNS.join(', ')}) from stdin`)));
      const [counts] = await queryRows<Counts>(target, upsertStatement(businessId, sql`contacts_import r`, updateFields));
      return counts!;
    });
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    // A connection whose COPY failed part way is not handed to the next request.
    client.release(broken);
  }
}
