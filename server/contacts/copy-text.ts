import type { ContactRow } from '#domain/contact-rows';

/** The fields of a contact in a COPY row, in the order of `CONTACT_COPY_COLUMNS`. */
const COPY_FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber', 'birthDate', 'gender', 'tags'] as const satisfies ReadonlyArray<keyof ContactRow>;

/** The table columns a COPY row fills, in the order the row has them. */
export const CONTACT_COPY_COLUMNS = ['first_name', 'last_name', 'email', 'phone_number', 'birth_date', 'gender', 'tags'] as const;

const SPECIAL = /[\\\t\n\r]/;
const SPECIAL_ALL = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * One value in PostgreSQL's COPY text format: a backslash, tab, newline or carriage return would
 * end the field or the row or start an escape, so each is written as its backslash escape; a
 * missing value is `\N`. Everything else (quotes, commas, any Unicode) is taken as it is.
 */
export function copyTextValue(value: string | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  return SPECIAL.test(value) ? value.replace(SPECIAL_ALL, (char) => ESCAPES[char]!) : value;
}

/** Contacts as COPY text rows (tab between fields, a newline after each row). */
export function contactsCopyText(contacts: readonly ContactRow[]): string {
  let text = '';
  for (const contact of contacts) {
    text += COPY_FIELDS.map((field) => copyTextValue(contact[field])).join('\t') + '\n';
  }
  return text;
}
