import { isRowId } from '#domain';

/**
 * The one id parser: a value from a path, query or body (digits or a number) as a row id, or
 * undefined when it cannot name a row, so callers answer "not found" without asking the database.
 */
export function parseId(value: unknown): number | undefined {
  const id = typeof value === 'string' ? (/^\d{1,10}$/.test(value) ? Number(value) : undefined) : value;
  return isRowId(id) ? id : undefined;
}
