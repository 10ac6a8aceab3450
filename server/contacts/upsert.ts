/**
 * Writing contacts by rows (an import's, a check-in's, a connector's, the visits API's): matched by
 * email, else by phone number, else new, in one statement per batch. The statement computes each
 * written contact's status, api_json and revision itself (migration 0019); an import lets it, in
 * place of the per-row triggers every other write runs.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { ContactRow } from '#domain/contact-rows';
import { queryRows, type Db } from '../db/client';
import { CONTACT_COPY_COLUMNS } from './copy-text';

/** Rows per INSERT: big enough to amortise the round trip, small enough to keep each JSON parameter a few MB. */
export const UPSERT_BATCH = 5000;

/**
 * How a row changes the contact it matches: a name part, email, phone number or birth date it
 * brings replaces the stored one, and what it lacks keeps the stored value (an import never
 * blanks a field); gender and tags are written when the row's source has them (a file's column).
 */
type ReplacedField = 'gender' | 'tags';
const allReplaced: readonly ReplacedField[] = ['gender', 'tags'];

/**
 * Column -> its new value, from the row `row` (with the insert's defaults) over the contact `old`.
 * With `keepNames` (a customer checking in at the counter, whom nobody vouches for), a contact
 * found keeps its name.
 */
function changes(row: string, old: string, replaced: readonly ReplacedField[], keepNames: boolean): Array<[string, string]> {
  const names: Array<[string, string]> = keepNames
    ? []
    : [
        ['first_name', `coalesce(nullif(${row}.first_name, ''), ${old}.first_name)`],
        ['last_name', `coalesce(nullif(${row}.last_name, ''), ${old}.last_name)`],
      ];
  return [
    ...names,
    ['email', `coalesce(${row}.email, ${old}.email)`],
    ['phone_number', `coalesce(${row}.phone_number, ${old}.phone_number)`],
    ['birth_date', `coalesce(${row}.birth_date, ${old}.birth_date)`],
    ...(replaced.includes('gender') ? [['gender', `coalesce(${row}.gender, 'NOT_SPECIFIED')`] as [string, string]] : []),
    ...(replaced.includes('tags') ? [['tags', `coalesce(${row}.tags, '')`] as [string, string]] : []),
  ];
}

/*
 * What the per-row triggers would make of a written contact (migration 0019), for the statement to
 * write itself. `value` gives each column's written value; the statement's `state` holds the
 * business's facts: whether it has any opt-out, and this transaction's contacts revision (null
 * while the business is being deleted).
 */

/** Its status: UNSUBSCRIBED when it was ACTIVE and an address it did not have (`old`: null for a new contact) is opted out. */
function statusAfter(businessId: number, value: (column: string) => string, old: string | null): string {
  const was = (column: string) => (old ? `${old}.${column}` : 'null');
  const status = old ? `${old}.status` : `'ACTIVE'`;
  return `case when (select opt_outs from state)
    then contact_status_after(${businessId}, ${status}, ${value('email')}, ${value('phone_number')}, ${was('email')}, ${was('phone_number')})
    else ${status} end`;
}

const API_JSON_COLUMNS = ['id', 'business_id', 'first_name', 'last_name', 'email', 'phone_number', 'birth_date', 'gender', 'status', 'tags', 'last_visited'];

/** Its api_json, as the list sends it. */
const apiJson = (value: (column: string) => string) => `contact_api_json(${API_JSON_COLUMNS.map(value).join(', ')})`;

/** Its revision: the transaction's, or what it had when the business is going. */
const revision = (otherwise: string) => `coalesce((select revision from state), ${otherwise})`;

/**
 * `set …` for a contact `old` matched by the row `row` (also phone_problem: a number written now was
 * read as an international one; and the derived columns), and the test that something differs.
 */
function setChanged(businessId: number, row: string, old: string, replaced: readonly ReplacedField[], keepNames: boolean): { set: string; differs: string } {
  const set = changes(row, old, replaced, keepNames);
  const value = (column: string) => set.find(([written]) => written === column)?.[1] ?? `${old}.${column}`;
  const status = statusAfter(businessId, value, old);
  const derived: Array<[string, string]> = [
    ['status', status],
    ['api_json', apiJson((column) => (column === 'status' ? status : value(column)))],
    ['revision', revision(`${old}.revision`)],
  ];
  return {
    set: `set ${[...set, ...derived].map(([column, expression]) => `${column} = ${expression}`).join(', ')}, phone_problem = case when ${row}.phone_number is null then ${old}.phone_problem end`,
    differs: `(${set.map(([column]) => `${old}.${column}`).join(', ')}) is distinct from (${set.map(([, expression]) => expression).join(', ')})`,
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
function upsertStatement(businessId: number, rows: { relation: SQL } | { cte: SQL }, replaced: readonly ReplacedField[], answer: SQL, keepNames = false): SQL {
  const samePhone = sql.raw(`m.business_id = ${businessId} and m.phone_number = r.phone_number`);
  const byPhone = setChanged(businessId, 'r', 'c', replaced, keepNames);
  const byEmail = setChanged(businessId, 'excluded', 'contacts', replaced, keepNames);
  const from = 'relation' in rows ? rows.relation : sql`r`;
  // A new contact's id is taken here (as the column's default would), for its api_json.
  const inserted = (column: string) => (column === 'business_id' ? `${businessId}` : column === 'last_visited' ? 'null::timestamptz' : `n.${column}`);
  return sql`with ${'cte' in rows ? sql`r as materialized (select * from ${rows.cte}),` : sql``}
    state as materialized (select business_has_opt_outs(${businessId}) as opt_outs, contacts_revision_of(${businessId}) as revision),
    by_phone as (
      update contacts c ${sql.raw(byPhone.set)}
      from ${from}
      where r.email is null and r.phone_number is not null
        and c.id = (select m.id from contacts m where ${samePhone} order by m.id limit 1)
        and ${sql.raw(byPhone.differs)}
      returning c.id, false as inserted, c.email, c.phone_number
    ),
    by_email as (
      insert into contacts (id, business_id, first_name, last_name, email, phone_number, birth_date, gender, tags, status, api_json, revision)
      overriding system value
      select n.id, ${businessId}::int, n.first_name, n.last_name, n.email, n.phone_number, n.birth_date, n.gender, n.tags, n.status,
             ${sql.raw(apiJson(inserted))}, ${sql.raw(revision('0'))}
      from (select nextval('contacts_id_seq')::int as id, r.first_name, r.last_name, r.email, r.phone_number, r.birth_date,
                   coalesce(r.gender, 'NOT_SPECIFIED') as gender, coalesce(r.tags, '') as tags,
                   ${sql.raw(statusAfter(businessId, (column) => `r.${column}`, null))} as status
            from ${from}
            where r.email is not null or not exists (select 1 from contacts m where ${samePhone})) n
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

export type Counts = { created: number; updated: number };

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
/**
 * Lets the transaction's contact writes skip the three per-row triggers, whose work the upsert
 * statement does itself (migration 0019); not in a business that keeps suppressions as hashes
 * (rare), which the opt-out trigger brings back row by row. It ends with the transaction.
 */
const deriveInStatement = (tx: Db, businessId: number) =>
  tx.execute(sql`select set_config('starboost.contacts_derived', case when business_has_kept_suppressions(${businessId}) then '' else 'on' end, true)`);

export async function upsertContacts(
  db: Db,
  businessId: number,
  batches: Iterable<ContactBatch>,
  { replaced = allReplaced, commitEachBatch = false }: UpsertOptions = {},
): Promise<Counts> {
  const upsert = (target: Db, batch: ContactBatch) =>
    queryRows<Counts>(target, countedUpsert(businessId, { cte: jsonRows(typeof batch === 'string' ? batch : JSON.stringify(batch)) }, replaced));
  const inTransaction = <T>(write: (tx: Db) => Promise<T>) =>
    db.transaction(async (tx) => {
      await deriveInStatement(tx as unknown as Db, businessId);
      return write(tx as unknown as Db);
    });
  const totals: Counts = { created: 0, updated: 0 };
  const add = (counts: Counts | undefined) => {
    totals.created += counts!.created;
    totals.updated += counts!.updated;
  };

  if (commitEachBatch) {
    try {
      for (const batch of batches) {
        add((await inTransaction((tx) => upsert(tx, batch)))[0]);
        // A turn of the event loop: requests that arrived meanwhile queue their queries before the next batch.
        await sendPendingQueries();
      }
    } catch (error) {
      if (totals.created + totals.updated === 0) throw error;
      throw new PartlyWrittenError({ ...totals }, { cause: error });
    }
    return totals;
  }

  await inTransaction(async (tx) => {
    let inFlight: Promise<Counts[]> | undefined;
    for (const batch of batches) {
      if (inFlight) add((await inFlight)[0]);
      inFlight = upsert(tx, batch);
      // A failed batch must not be an unhandled rejection while the next one is prepared.
      inFlight.catch(() => {});
      await sendPendingQueries();
    }
    if (inFlight) add((await inFlight)[0]);
  });
  return totals;
}

/**
 * The same write as `upsertContacts`, for PostgreSQL and all or nothing: each batch of rows (COPY
 * text, see copy-text.ts) is streamed with COPY into a temporary table and written from there by
 * one upsert, in one transaction. COPY skips the per-statement parse and JSON decoding of the
 * batched INSERTs. While one batch is written, the import's worker checks the next (`batches`
 * yields them as they come); a batch that fails to come rolls everything back.
 */
export async function copyUpsertContacts(
  pool: pg.Pool,
  businessId: number,
  batches: Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
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
      await deriveInStatement(target, businessId);
      const totals: Counts = { created: 0, updated: 0 };
      for await (const batch of batches) {
        await pipeline(Readable.from([batch]), client.query(copyFrom(`copy contacts_import (${CONTACT_COPY_COLUMNS.join(', ')}) from stdin`)));
        const [counts] = await queryRows<Counts>(target, countedUpsert(businessId, { relation: sql`contacts_import r` }, replaced));
        totals.created += counts!.created;
        totals.updated += counts!.updated;
        await target.execute(sql`truncate contacts_import`);
      }
      return totals;
    });
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    // A connection whose COPY failed part way is not handed to the next request.
    client.release(broken);
  }
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
 * Contacts from outside the forms (check-ins, connectors' customers, the visits API), read with
 * `readContactRow` (domain/contact-rows.ts) and written as an import writes its rows: the
 * business's contact with the row's email, else the first with its phone number, is updated (what
 * the row lacks keeps its value; gender and tags only when the row has them); anyone else is
 * created. One statement when the rows can share one (one after the other otherwise); answers
 * each row's contact and whether it was created, in order.
 */
export async function saveContactRows(
  db: Db,
  businessId: number,
  rows: readonly ContactRow[],
  { keepNames = false }: { keepNames?: boolean } = {},
): Promise<Array<{ id: number; created: boolean }>> {
  if (rows.length > 1 && !writableTogether(rows)) {
    const saved: Array<{ id: number; created: boolean }> = [];
    for (const row of rows) saved.push((await saveContactRows(db, businessId, [row], { keepNames }))[0]!);
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
      keepNames,
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
