import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { isRowId, limits, type Contact, type ContactFields, type ContactTagChangeResult } from '#domain';
import type { ContactRow } from '#domain/contact-rows';
import { visitsHappened, type RecordedVisits } from '../automation/visits';
import type { AppConfig } from '../config';
import { queryRows, type Db } from '../db/client';
import { contacts } from '../db/schema';
import { notFound } from '../lib/errors';
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

/** The fields a form sets. */
const fieldColumns = {
  firstName: contacts.firstName,
  lastName: contacts.lastName,
  email: contacts.email,
  phoneNumber: contacts.phoneNumber,
  birthDate: contacts.birthDate,
  gender: contacts.gender,
  tags: contacts.tags,
};

const contactColumns = {
  id: contacts.id,
  ...fieldColumns,
  status: contacts.status,
  lastVisited: contacts.lastVisited,
  businessId: contacts.businessId,
};

/** The fields of a contact of the business, or undefined. */
export async function findContact(db: Db, businessId: number, id: number): Promise<ContactFields | undefined> {
  const [contact] = await db
    .select(fieldColumns)
    .from(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.businessId, businessId)));
  return contact;
}

export async function contactEmailTaken(db: Db, businessId: number, email: string) {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.businessId, businessId), sql`lower(${contacts.email}) = lower(${email})`));
  return row !== undefined;
}

export async function insertContact(db: Db, businessId: number, values: ContactFields): Promise<Contact> {
  const [contact] = await db
    .insert(contacts)
    .values({ ...values, businessId })
    .returning(contactColumns);
  return { ...contact!, lastVisited: contact!.lastVisited?.toISOString() ?? null };
}

/** Sets a contact's form fields; undefined when it is not a contact of the business. */
export async function updateContact(db: Db, businessId: number, id: number, values: ContactFields): Promise<Contact | undefined> {
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

/** Whose contacts a change may touch: those of any of an owner's businesses, or of one business. */
type ContactScope = { ownerId: number } | { businessId: number };
const inScope = (scope: ContactScope) =>
  'businessId' in scope
    ? sql`c.business_id = ${scope.businessId}`
    : sql`c.business_id in (select id from businesses where owner_id = ${scope.ownerId})`;

/**
 * Runs `change` on the requested contacts, all or nothing. `change` touches only those in the
 * scope; when that is fewer than requested (an id unknown, another owner's or, for one business,
 * another business's), the transaction is rolled back and the answer is 404, the same for all.
 */
async function changeContacts(
  db: Db,
  scope: ContactScope,
  contactIds: readonly number[],
  change: (tx: Db, ids: string) => Promise<number>,
): Promise<number> {
  const requested = [...new Set(contactIds)];
  return db.transaction(async (tx) => {
    const ids = intArray(requested.filter(isRowId));
    // The contacts may span several businesses: take their revisions (row locks) in business id
    // order first, so two such changes at once cannot deadlock in the rows' order.
    await tx.execute(
      sql`select contacts_revision_of(business_id) from (
            select distinct c.business_id from contacts c
            where c.id = any(${ids}::int[]) and ${inScope(scope)} order by c.business_id
          ) affected`,
    );
    const changed = await change(tx as unknown as Db, ids);
    if (changed !== requested.length) throw notFound(notFoundMessage(requested.length - changed));
    return changed;
  });
}

/** Deleting contacts erases them everywhere (erase.ts), all or nothing. */
export function deleteOwnedContacts(db: Db, ownerId: number, contactIds: readonly number[]) {
  return changeContacts(db, { ownerId }, contactIds, (tx, ids) => eraseOwnedContacts(tx, ownerId, ids));
}

/**
 * Checking contacts in is a visit of each (all or nothing): Last visited now, and the business's
 * review automation asks for a review. Answers how many, and what to wake once committed.
 */
export async function checkInOwnedContacts(db: Db, ownerId: number, contactIds: readonly number[], config: AppConfig) {
  let recorded: RecordedVisits = { outcomes: [], wakeUps: [] };
  const checkedIn = await changeContacts(db, { ownerId }, contactIds, async (tx, ids) => {
    const owned = await queryRows<{ id: number; businessId: number }>(
      tx,
      sql`select c.id, c.business_id as "businessId" from contacts c join businesses b on b.id = c.business_id
          where c.id = any(${ids}::int[]) and b.owner_id = ${ownerId}
          order by c.id`,
    );
    recorded = await visitsHappened(tx, owned.map((contact) => ({ businessId: contact.businessId, contactId: contact.id, source: 'check-in' })), config);
    return owned.length;
  });
  return { checkedIn, recorded };
}

/** A contact's tags as a text array, trimmed and without empties (stored tags are normalised; older rows may not be). */
const TAG_LIST = sql.raw(`array(select btrim(t) from unnest(string_to_array(c.tags, ',')) t where btrim(t) <> '')`);

/**
 * Adds or removes one tag on contacts of a business, all or nothing (another business's id or an
 * unknown one changes nothing: 404). Only the tags column is written: status and opt-outs stay as
 * they are; the contacts' triggers keep their API JSON and the business's revision. Adding skips
 * a contact that has the tag already, and one at the limit of tags (counted as `full`).
 */
export async function changeContactsTag(
  db: Db,
  businessId: number,
  contactIds: readonly number[],
  tag: string,
  change: 'add' | 'remove',
): Promise<ContactTagChangeResult> {
  let result: ContactTagChangeResult = { changed: 0, unchanged: 0, full: 0 };
  const adding = change === 'add';
  const newTags = adding
    ? sql`case when cardinality(n.tags) = 0 then ${tag}::text else array_to_string(n.tags, ',') || ',' || ${tag}::text end`
    : sql`array_to_string(array_remove(n.tags, ${tag}::text), ',')`;
  const changes = adding ? sql`not n.has and cardinality(n.tags) < ${limits.tagsMax}` : sql`n.has`;
  const unchanged = adding ? sql`n.has` : sql`not n.has`;
  const full = adding ? sql`not n.has and cardinality(n.tags) >= ${limits.tagsMax}` : sql`false`;
  await changeContacts(db, { businessId }, contactIds, async (tx, ids) => {
    const [row] = await queryRows<ContactTagChangeResult & { found: number }>(
      tx,
      sql`with listed as (
            select c.id, ${TAG_LIST} as tags
            from contacts c where c.id = any(${ids}::int[]) and ${inScope({ businessId })}
          ), named as materialized (
            select l.id, l.tags, ${tag}::text = any(l.tags) as has from listed l
          ), written as (
            update contacts c set tags = ${newTags} from named n
            where c.id = n.id and ${changes}
            returning c.id
          )
          select (select count(*) from named)::int as found,
                 (select count(*) from written)::int as changed,
                 (select count(*) from named n where ${unchanged})::int as unchanged,
                 (select count(*) from named n where ${full})::int as full`,
    );
    const { found, ...counts } = row!;
    result = counts;
    return found;
  });
  return result;
}

/** Rows per INSERT: big enough to amortise the round trip, small enough to keep each JSON parameter a few MB. */
export const UPSERT_BATCH = 5000;

/**
 * How a row changes the contact it matches: a name part, email, phone number or birth date it
 * brings replaces the stored one, and what it lacks keeps the stored value (an import never
 * blanks a field); gender and tags are written when the row's source has them (a file's column).
 */
type ReplacedField = 'gender' | 'tags';
const allReplaced: readonly ReplacedField[] = ['gender', 'tags'];

/** Column -> its new value, from the row `row` (with the insert's defaults) over the contact `old`. */
function changes(row: string, old: string, replaced: readonly ReplacedField[]): Array<[string, string]> {
  return [
    ['first_name', `coalesce(nullif(${row}.first_name, ''), ${old}.first_name)`],
    ['last_name', `coalesce(nullif(${row}.last_name, ''), ${old}.last_name)`],
    ['email', `coalesce(${row}.email, ${old}.email)`],
    ['phone_number', `coalesce(${row}.phone_number, ${old}.phone_number)`],
    ['birth_date', `coalesce(${row}.birth_date, ${old}.birth_date)`],
    ...(replaced.includes('gender') ? [['gender', `coalesce(${row}.gender, 'NOT_SPECIFIED')`] as [string, string]] : []),
    ...(replaced.includes('tags') ? [['tags', `coalesce(${row}.tags, '')`] as [string, string]] : []),
  ];
}

/** `set …` (and phone_problem: a number written now was read as an international one), and the test that something differs. */
function setChanged(row: string, old: string, replaced: readonly ReplacedField[]): { set: string; differs: string } {
  const set = changes(row, old, replaced);
  return {
    set: `set ${set.map(([column, value]) => `${column} = ${value}`).join(', ')}, phone_problem = case when ${row}.phone_number is null then ${old}.phone_problem end`,
    differs: `(${set.map(([column]) => `${old}.${column}`).join(', ')}) is distinct from (${set.map(([, value]) => value).join(', ')})`,
  };
}

/** A JSON array of contact rows as rows `r` with the table's column names. */
const jsonRows = (json: string) =>
  sql`(select "firstName" as first_name, "lastName" as last_name, email, "phoneNumber" as phone_number,
              "birthDate" as birth_date, gender, tags
       from json_to_recordset(${json}::json) as j(
         "firstName" text, "lastName" text, email text, "phoneNumber" text, "birthDate" date, gender text, tags text
       )) r`;

/**
 * The one statement that writes contacts from the rows (see ContactRow) and answers (`answer`, a select
 * from `written`) each contact written and whether it was created: a row with an email updates the business's contact with that
 * email (any case); a row without one updates the first contact with its phone number; any other
 * row is a new contact. A contact the row leaves as it is, is not written (nor answered).
 * `rows` is a relation `r` with the table's column names: a table as it is, or rows to read once
 * (`cte`: JSON, parsed once for both parts).
 */
function upsertStatement(businessId: number, rows: { relation: SQL } | { cte: SQL }, replaced: readonly ReplacedField[], answer: SQL): SQL {
  const samePhone = sql.raw(`m.business_id = ${businessId} and m.phone_number = r.phone_number`);
  const byPhone = setChanged('r', 'c', replaced);
  const byEmail = setChanged('excluded', 'contacts', replaced);
  const from = 'relation' in rows ? rows.relation : sql`r`;
  return sql`with ${'cte' in rows ? sql`r as materialized (select * from ${rows.cte}),` : sql``}
    by_phone as (
      update contacts c ${sql.raw(byPhone.set)}
      from ${from}
      where r.email is null and r.phone_number is not null
        and c.id = (select m.id from contacts m where ${samePhone} order by m.id limit 1)
        and ${sql.raw(byPhone.differs)}
      returning c.id, false as inserted, c.email, c.phone_number
    ),
    by_email as (
      insert into contacts (business_id, first_name, last_name, email, phone_number, birth_date, gender, tags)
      select ${businessId}::int, r.first_name, r.last_name, r.email, r.phone_number, r.birth_date,
             coalesce(r.gender, 'NOT_SPECIFIED'), coalesce(r.tags, '')
      from ${from}
      where r.email is not null or not exists (select 1 from contacts m where ${samePhone})
      on conflict (business_id, lower(email)) do update ${sql.raw(byEmail.set)} where ${sql.raw(byEmail.differs)}
      returning contacts.id, (xmax = 0) as inserted, contacts.email, contacts.phone_number
    ),
    written as (select id, inserted, email, phone_number from by_phone union all select id, inserted, email, phone_number from by_email)
    ${answer}`;
}

/** The same statement, counted: how many contacts were created and how many changed. */
const countedUpsert = (businessId: number, rows: Parameters<typeof upsertStatement>[1], replaced: readonly ReplacedField[]) =>
  upsertStatement(
    businessId,
    rows,
    replaced,
    sql`select (count(*) filter (where inserted))::int as created, (count(*) filter (where not inserted))::int as updated from written`,
  );

export function* inBatches<T>(rows: readonly T[], size = UPSERT_BATCH): Generator<T[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

/** Lets the driver put a query on the wire before the caller goes on with synchronous work. */
const sendPendingQueries = () => new Promise((resolve) => setImmediate(resolve));

/** A batch of contacts to write, or the same already as a JSON array (as an import's worker makes it). */
export type ContactBatch = readonly ContactRow[] | string;

export type UpsertOptions = {
  /** Whether the rows' source has gender and tags (a file's columns): only then do they replace a contact's. */
  replaced?: readonly ReplacedField[];
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
 * Writes contact rows (see upsertStatement: matched by email, else by phone number, else new);
 * `updated` counts the contacts that changed. Emails, and phone numbers of rows without one,
 * must not repeat across the batches: one statement cannot touch a row twice. While PostgreSQL
 * writes one batch, the next is taken from `batches` (for an import: read and checked). With
 * `commitEachBatch`, a failure leaves the batches before it written and throws a PartlyWrittenError.
 */
export async function upsertContacts(
  db: Db,
  businessId: number,
  batches: Iterable<ContactBatch>,
  { replaced = allReplaced, commitEachBatch = false }: UpsertOptions = {},
): Promise<Counts> {
  const upsert = (target: Db, batch: ContactBatch) =>
    queryRows<Counts>(target, countedUpsert(businessId, { cte: jsonRows(typeof batch === 'string' ? batch : JSON.stringify(batch)) }, replaced));
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
  { replaced = allReplaced }: Pick<UpsertOptions, 'replaced'> = {},
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
      const [counts] = await queryRows<Counts>(target, countedUpsert(businessId, { relation: sql`contacts_import r` }, replaced));
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

/**
 * One contact from outside the forms (a check-in, a connector's customer), read with
 * `readContactRow` (domain/contact-rows.ts) and written as an import writes its rows: the
 * business's contact with its email, else the first with its phone number, is updated (what the
 * row lacks keeps its value; gender and tags only when the row has them); anyone else is created.
 * Answers the contact's id and whether it was created.
 */
export async function saveContactRow(db: Db, businessId: number, row: ContactRow): Promise<{ id: number; created: boolean }> {
  return (await saveContactRows(db, businessId, [row]))[0]!;
}

/** A row by what finds its contact: its email as given, else its phone number. */
const rowKey = (row: { email: string | null; phoneNumber: string | null }) => (row.email !== null ? `e:${row.email}` : `p:${row.phoneNumber}`);

/**
 * Rows that one statement can write: none shares an email or phone number with another (a
 * statement cannot touch a contact twice, and each row must find the contact an earlier one
 * wrote) and all bring the same fields.
 */
function writableTogether(rows: readonly ContactRow[]): boolean {
  const seen = new Set<string>();
  const replacedOf = (row: ContactRow) => allReplaced.filter((field) => row[field] !== null).join();
  return rows.every((row) => {
    const keys = [row.email && `e:${row.email.toLowerCase()}`, row.phoneNumber && `p:${row.phoneNumber}`].filter((key): key is string => Boolean(key));
    if (keys.some((key) => seen.has(key)) || replacedOf(row) !== replacedOf(rows[0]!)) return false;
    keys.forEach((key) => seen.add(key));
    return true;
  });
}

/**
 * Several rows of one business written as `saveContactRow` writes one, in one statement when they
 * can be (one after the other otherwise); answers each row's contact, in order. The visits API
 * records a burst of visits this way.
 */
export async function saveContactRows(db: Db, businessId: number, rows: readonly ContactRow[]): Promise<Array<{ id: number; created: boolean }>> {
  if (rows.length > 1 && !writableTogether(rows)) {
    const saved: Array<{ id: number; created: boolean }> = [];
    for (const row of rows) saved.push(await saveContactRow(db, businessId, row));
    return saved;
  }
  const replaced = allReplaced.filter((field) => rows[0]![field] !== null);
  // Each written contact with the row that wrote it (its email or phone number as given).
  const written = await queryRows<{ id: number; created: boolean; email: string | null; phoneNumber: string | null }>(
    db,
    upsertStatement(
      businessId,
      { cte: jsonRows(JSON.stringify(rows)) },
      replaced,
      sql`select w.id, w.inserted as created, r.email, r.phone_number as "phoneNumber"
          from r join written w on case when r.email is not null then lower(w.email) = lower(r.email) else w.phone_number = r.phone_number end`,
    ),
  );
  const saved = new Map(written.map((row) => [rowKey(row), { id: row.id, created: row.created }]));
  const unchanged = rows.filter((row) => !saved.has(rowKey(row)));
  if (unchanged.length > 0) {
    // Nothing to change: the contacts they matched (by email, else the first with the phone number).
    const emails = JSON.stringify(unchanged.flatMap((row) => (row.email !== null ? [row.email] : [])));
    const phoneNumbers = JSON.stringify(unchanged.flatMap((row) => (row.email !== null ? [] : [row.phoneNumber])));
    const same = await queryRows<{ id: number; email: string | null; phoneNumber: string | null }>(
      db,
      sql`select c.id, e.value as email, null as "phoneNumber"
          from json_array_elements_text(${emails}::json) e join contacts c on c.business_id = ${businessId} and lower(c.email) = lower(e.value)
          union all
          select (select c.id from contacts c where c.business_id = ${businessId} and c.phone_number = p.value order by c.id limit 1), null, p.value
          from json_array_elements_text(${phoneNumbers}::json) p`,
    );
    for (const row of same) saved.set(rowKey(row), { id: row.id, created: false });
  }
  return rows.map((row) => saved.get(rowKey(row))!);
}
