/** PostgreSQL's `integer` range: ids outside it cannot exist, and comparing with them is an error. */
const INT4_MAX = 2_147_483_647;

export const isStorableId = (id: unknown): id is number =>
  typeof id === 'number' && Number.isSafeInteger(id) && id > 0 && id <= INT4_MAX;

/**
 * The one id parser: a value from a path, query or body (digits or a number) as a row id, or
 * undefined when it cannot name a row, so callers answer "not found" without asking the database.
 */
export function parseId(value: unknown): number | undefined {
  const id = typeof value === 'string' ? (/^\d{1,10}$/.test(value) ? Number(value) : undefined) : value;
  return isStorableId(id) ? id : undefined;
}
