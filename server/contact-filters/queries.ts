import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  FILTER_ATTRIBUTE_TYPE,
  isRowId,
  type CampaignType,
  type Contact,
  type ContactFilter,
  type ContactFilterCount,
  type FilterAttribute,
  type FilterCondition,
} from '#domain';
import { queryRows, type Db } from '../db/client';
import { campaigns, contactFilterItems, contactFilters, contacts } from '../db/schema';
import { canReceive, recipientAddress } from '../sending/addresses';

/**
 * The only place a filter attribute becomes SQL: a fixed map, so no column name ever comes from a
 * request. lastVisited is compared by its calendar day in UTC (dates carry no time zone).
 */
const COLUMN_OF: Record<FilterAttribute, SQL> = {
  firstName: sql`${contacts.firstName}`,
  lastName: sql`${contacts.lastName}`,
  email: sql`${contacts.email}`,
  phoneNumber: sql`${contacts.phoneNumber}`,
  tags: sql`${contacts.tags}`,
  birthDate: sql`${contacts.birthDate}`,
  lastVisited: sql`(${contacts.lastVisited} at time zone 'UTC')::date`,
  gender: sql`${contacts.gender}`,
};

/** The value taken literally inside a LIKE pattern (backslash is the escape character). */
const likeLiteral = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`);

const like = (column: SQL, pattern: string, negated = false) =>
  sql`lower(${column}) ${sql.raw(negated ? 'not like' : 'like')} lower(${pattern}) escape '\\'`;

function conditionSql({ attribute, operator, value }: FilterCondition): SQL {
  const column = COLUMN_OF[attribute];
  if (!column) throw new Error(`Unknown filter attribute ${attribute}`);
  const type = FILTER_ATTRIBUTE_TYPE[attribute];
  const literal = likeLiteral(value);
  // A missing email or phone number is text that contains nothing: DOES_NOT_CONTAIN holds for it.
  const text = sql`coalesce(${column}, '')`;
  if (type === 'text' && operator === 'BEGINS_WITH') return like(text, `${literal}%`);
  if (type === 'text' && operator === 'ENDS_WITH') return like(text, `%${literal}`);
  if (type === 'text' && operator === 'CONTAINS') return like(text, `%${literal}%`);
  if (type === 'text' && operator === 'DOES_NOT_CONTAIN') return like(text, `%${literal}%`, true);
  // A NULL birth date or last visit (not known, never checked in) compares as unknown: no date condition holds for it.
  if (type === 'date' && operator === 'LESS_THAN') return sql`${column} < ${value}::date`;
  if (type === 'date' && operator === 'LESS_THAN_EQUALS') return sql`${column} <= ${value}::date`;
  if (type === 'date' && operator === 'GREATER_THAN') return sql`${column} > ${value}::date`;
  if (type === 'date' && operator === 'GREATER_THAN_EQUALS') return sql`${column} >= ${value}::date`;
  if (type === 'select' && operator === 'EQUALS') return sql`${column} = ${value}`;
  if (type === 'select' && operator === 'NOT_EQUALS') return sql`${column} <> ${value}`;
  throw new Error(`Operator ${operator} does not apply to ${attribute}`);
}

/**
 * A WHERE fragment on `contacts` (not aliased) that holds for the contacts matching every
 * condition; values are always parameters. The tests check it against the reference evaluator in tests/support/filter-evaluator.ts.
 */
export function contactFilterCondition(items: readonly FilterCondition[]): SQL {
  if (items.length === 0) return sql`true`;
  return sql.join(
    items.map((item) => sql`(${conditionSql(item)})`),
    sql` and `,
  );
}

/**
 * How many contacts of the business match, and the first of them (lowest id) as the list answers it,
 * for the campaign wizard's preview: the count and the sample come from one statement. With a
 * campaign type, only those a campaign of that type would send to (ACTIVE, with a usable address),
 * each address counted once, as when its recipients are fixed.
 */
export async function matchingContactsPreview(
  db: Db,
  businessId: number,
  items: readonly FilterCondition[],
  type?: CampaignType,
): Promise<{ count: number; sample: Contact | null }> {
  const matching = sql`${contacts.businessId} = ${businessId} and ${contactFilterCondition(items)}${type ? sql` and ${canReceive(type)}` : sql``}`;
  const counted = type ? sql`count(distinct lower(${recipientAddress(type)}))::int` : sql`count(*)::int`;
  const [row] = await queryRows<{ count: number; sample: string | null }>(
    db,
    sql`select (select ${counted} from ${contacts} where ${matching}) as count,
               (select ${contacts.apiJson} from ${contacts} where ${matching} order by ${contacts.id} limit 1) as sample`,
  );
  return { count: row!.count, sample: row!.sample === null ? null : (JSON.parse(row!.sample) as Contact) };
}

/** True when another filter of the business (not `exceptId`) has this name, in any case. */
export async function contactFilterNameTaken(db: Db, businessId: number, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: contactFilters.id })
    .from(contactFilters)
    .where(
      and(
        eq(contactFilters.businessId, businessId),
        sql`lower(${contactFilters.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(contactFilters.id, exceptId),
      ),
    );
  return row !== undefined;
}

export async function insertContactFilter(
  db: Db,
  businessId: number,
  name: string,
  items: readonly FilterCondition[],
): Promise<ContactFilter> {
  return db.transaction(async (tx) => {
    const [filter] = await tx
      .insert(contactFilters)
      .values({ businessId, name })
      .returning({ id: contactFilters.id, name: contactFilters.name, businessId: contactFilters.businessId });
    await tx
      .insert(contactFilterItems)
      .values(items.map((item, position) => ({ contactFilterId: filter!.id, position, ...item })));
    return { ...filter!, items: items.map(({ attribute, operator, value }) => ({ attribute, operator, value })) };
  });
}

const itemsJson = sql`coalesce(
  (select json_agg(json_build_object('attribute', i.attribute, 'operator', i.operator, 'value', i.value) order by i.position)
   from contact_filter_items i where i.contact_filter_id = f.id),
  '[]'::json)`;

/** Every filter of a business with its conditions, in one query, by name. */
export function listContactFilters(db: Db, businessId: number): Promise<ContactFilter[]> {
  return queryRows<ContactFilter>(
    db,
    sql`select f.id, f.name, f.business_id as "businessId", ${itemsJson} as items
        from contact_filters f where f.business_id = ${businessId}
        order by lower(f.name), f.id`,
  );
}

/** The business of a filter (for the ownership hook), or undefined when there is none of that id. */
export async function businessOfContactFilter(db: Db, id: number): Promise<number | undefined> {
  const [filter] = await db.select({ businessId: contactFilters.businessId }).from(contactFilters).where(eq(contactFilters.id, id));
  return filter?.businessId;
}

/** Renames a filter and replaces its conditions in one transaction; campaigns not started yet read the new ones. */
export async function updateContactFilter(db: Db, id: number, name: string, items: readonly FilterCondition[]): Promise<ContactFilter | undefined> {
  return db.transaction(async (tx) => {
    const [filter] = await tx
      .update(contactFilters)
      .set({ name })
      .where(eq(contactFilters.id, id))
      .returning({ id: contactFilters.id, name: contactFilters.name, businessId: contactFilters.businessId });
    // Deleted since the ownership check (another tab): nothing to save.
    if (!filter) return undefined;
    await tx.delete(contactFilterItems).where(eq(contactFilterItems.contactFilterId, id));
    await tx.insert(contactFilterItems).values(items.map((item, position) => ({ contactFilterId: id, position, ...item })));
    return { ...filter, items: items.map(({ attribute, operator, value }) => ({ attribute, operator, value })) };
  });
}

/** The names of the campaigns (not the automation's) that use a filter, oldest first. */
export async function campaignsUsingFilter(db: Db, id: number): Promise<string[]> {
  const rows = await db
    .select({ name: campaigns.name })
    .from(campaigns)
    .where(eq(campaigns.contactFilterId, id))
    .orderBy(campaigns.id);
  return rows.map((row) => row.name);
}

export async function deleteContactFilter(db: Db, id: number) {
  await db.delete(contactFilters).where(eq(contactFilters.id, id));
}

/**
 * Each filter's matching contacts now and the campaigns using it, for the Filters screen: one
 * statement, a count per filter (each condition as the wizard's count reads it).
 */
export async function contactFilterCounts(db: Db, businessId: number): Promise<ContactFilterCount[]> {
  const filters = await listContactFilters(db, businessId);
  if (filters.length === 0) return [];
  return queryRows<ContactFilterCount>(
    db,
    sql.join(
      filters.map(
        (filter) =>
          sql`(select ${filter.id}::int as id,
                      (select count(*)::int from ${contacts} where ${contacts.businessId} = ${businessId} and ${contactFilterCondition(filter.items)}) as count,
                      (select count(*)::int from ${campaigns} where ${campaigns.contactFilterId} = ${filter.id}) as campaigns)`,
      ),
      sql` union all `,
    ),
  );
}

/** The filter when it belongs to the business, else undefined. */
export async function contactFilterOfBusiness(db: Db, businessId: number, contactFilterId: number) {
  if (!isRowId(contactFilterId)) return undefined;
  const [filter] = await queryRows<ContactFilter>(
    db,
    sql`select f.id, f.name, f.business_id as "businessId", ${itemsJson} as items
        from contact_filters f where f.id = ${contactFilterId} and f.business_id = ${businessId}`,
  );
  return filter;
}
