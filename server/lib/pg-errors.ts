// Five characters with a digit (e.g. 23505, 42P01, XX000), unlike Node codes such as EPIPE.
const SQLSTATE = /^(?=.*\d)[0-9A-Z]{5}$/;

/** The PostgreSQL SQLSTATE of an error, whichever driver raised it; undefined when it is not a database error. */
export function sqlState(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  let current: unknown = error;
  // drizzle wraps driver errors; the SQLSTATE sits on the cause.
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && SQLSTATE.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True for PostgreSQL's unique_violation, whichever driver raised it. */
export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';

/** True for PostgreSQL's foreign_key_violation (a row still referenced, or a reference to none). */
export const isForeignKeyViolation = (error: unknown) => sqlState(error) === '23503';
