import { and, eq, sql } from 'drizzle-orm';
import { isRowId, limits, type Contact, type ContactFields, type ContactTagChangeResult } from '#domain';
import { visitsHappened, type RecordedVisits } from '../automation/visits';
import type { AppConfig } from '../config';
import { queryRows, type Db } from '../db/client';
import { contacts } from '../db/schema';
import { notFound } from '../lib/errors';
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
