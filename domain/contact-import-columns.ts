import type { ContactInput, Gender } from './contacts';

/**
 * The contacts import's columns and the one table of headers it recognises, shared by the server
 * (which reads files with it) and the browser (whose mapping step names the same fields).
 */

export type ImportColumnKey = keyof ContactInput;
export type ImportColumn = {
  key: ImportColumnKey;
  /** The header the example file uses. */
  header: string;
  required: boolean;
  /** One value per example row. */
  examples: readonly string[];
};

/** The import file's columns: read by the importer and written into the example files. */
export const CONTACT_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { key: 'firstName', header: 'First name', required: true, examples: ['Anna', 'Ben', 'Chloé'] },
  { key: 'lastName', header: 'Last name', required: true, examples: ['Schmidt', 'Okafor', 'Martin'] },
  { key: 'email', header: 'Email', required: true, examples: ['anna.schmidt@example.com', 'ben.okafor@example.com', 'chloe.martin@example.com'] },
  { key: 'phoneNumber', header: 'Phone number', required: true, examples: ['4915112345678', '447911123456', '33612345678'] },
  { key: 'birthDate', header: 'Birth date', required: true, examples: ['1988-04-12', '1975-11-03', '1996-07-28'] },
  { key: 'gender', header: 'Gender', required: false, examples: ['Female', 'Male', 'Not specified'] },
  { key: 'tags', header: 'Tags', required: false, examples: ['vip,newsletter', 'regular', ''] },
];

/** What a file's column can be imported as: a contact field, or one name split into first and last. */
export const IMPORT_FIELDS = ['firstName', 'lastName', 'fullName', 'email', 'phoneNumber', 'birthDate', 'gender', 'tags'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  fullName: 'Full name (split into first and last)',
  email: 'Email',
  phoneNumber: 'Phone number',
  birthDate: 'Birth date',
  gender: 'Gender',
  tags: 'Tags',
};

/**
 * Every header the importer recognises, per field, best first: where a file has several (Outlook's
 * Mobile Phone and Home Phone), a row takes the first that is filled, so the mobile number wins.
 * Google's numbered pairs (`Phone 1 - Value` with `Phone 1 - Type`/`Label`) rank a value first in
 * its row when its type says Mobile. Case, spaces, hyphens, dots and underscores do not matter.
 * Sources: the example file; Google Contacts "Google CSV" (new and old) and "Outlook CSV";
 * Outlook / Microsoft 365; Mailchimp audience; Square Customers; HubSpot contacts; vCard (read into
 * the example's headers); and headers people write in Excel.
 */
export const IMPORT_HEADER_TABLE: Record<ImportField, readonly string[]> = {
  firstName: ['First name', 'firstName', 'First', 'Given name', 'Forename', 'Given'],
  lastName: ['Last name', 'lastName', 'Last', 'Surname', 'Family name', 'Family'],
  fullName: ['Full name', 'fullName', 'Name', 'Display name', 'Contact name', 'Customer name', 'Contact'],
  email: [
    'Email', 'E-mail', 'Email address', 'E-mail Address', 'Mail', 'E-mail 1 - Value', 'Email 1',
    'E-mail 2 Address', 'E-mail 2 - Value', 'E-mail 3 Address', 'E-mail 3 - Value',
  ],
  phoneNumber: [
    'Mobile Phone Number', 'Mobile Phone', 'Mobile', 'Mobile number', 'Cell', 'Cell phone', 'Cellphone',
    'Phone number', 'phoneNumber', 'Phone', 'Telephone', 'Tel', 'Contact number', 'Primary Phone',
    'Phone 1 - Value', 'Phone 2 - Value', 'Phone 3 - Value', 'Phone 4 - Value', 'Phone 5 - Value',
    'Home Phone', 'Home Phone 2', 'Business Phone', 'Business Phone 2', 'Other Phone',
  ],
  birthDate: ['Birth date', 'birthDate', 'Date of birth', 'Birthday', 'DOB', 'Birthdate', 'Born'],
  gender: ['Gender', 'Sex'],
  tags: ['Tags', 'Tag', 'Labels', 'Group Membership'],
};

/** Case, spaces, underscores, hyphens and dots do not matter: "First name", "first_name", "FIRSTNAME". */
export const normaliseHeader = (header: string) =>
  header.normalize('NFKC').toLowerCase().replace(/[\s_\-.\uFEFF]+/g, '');

/** Normalised header -> its field and its rank (lower is preferred). */
const fieldByHeader = new Map<string, { field: ImportField; rank: number }>(
  IMPORT_FIELDS.flatMap((field) =>
    IMPORT_HEADER_TABLE[field].map((header, rank) => [normaliseHeader(header), { field, rank }] as const),
  ),
);

/** The field a header names and its rank among that field's headers, or undefined. */
export const importFieldForHeader = (header: string) => fieldByHeader.get(normaliseHeader(header));

/** The owner's choice of a column (its header) per field; null or blank: the field is not imported. */
export type ImportMapping = Partial<Record<ImportField, string | null>>;

/** Day before month (31.12.1990, 31/12/1990) or month before day (12/31/1990). */
export const DATE_ORDERS = ['DMY', 'MDY'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];
export const DATE_ORDER_LABELS: Record<DateOrder, string> = { DMY: 'Day first (31/12/1990)', MDY: 'Month first (12/31/1990)' };

/** Countries that write month before day; elsewhere D/M/YYYY is read day first. */
const MONTH_FIRST_REGIONS = new Set(['US', 'PR', 'GU', 'VI', 'AS', 'MP', 'UM', 'PH', 'FM', 'MH', 'PW', 'BZ']);
export const regionDateOrder = (region: string | null): DateOrder =>
  region && MONTH_FIRST_REGIONS.has(region.toUpperCase()) ? 'MDY' : 'DMY';

/** The 400 of an import whose columns are not all recognised: what the mapping step shows. */
export type ImportMappingQuestion = {
  /** The file's headers, in order (each cut to 100 characters). */
  columns: string[];
  /** The first rows, as text, one cell per column. */
  rows: string[][];
  /** The importer's best guess per field (a header from `columns`). */
  guesses: ImportMapping;
  /** How D/M/YYYY dates are read: `decided` when a value in the file can only be read one way. */
  dateOrder: { order: DateOrder; decided: boolean };
};

const genderWords: Record<string, Gender> = {
  '': 'NOT_SPECIFIED',
  notspecified: 'NOT_SPECIFIED',
  unspecified: 'NOT_SPECIFIED',
  unknown: 'NOT_SPECIFIED',
  other: 'NOT_SPECIFIED',
  male: 'MALE',
  m: 'MALE',
  man: 'MALE',
  female: 'FEMALE',
  f: 'FEMALE',
  woman: 'FEMALE',
};

/**
 * Imports are lenient about gender: labels or codes in any case, and a blank or missing value
 * means NOT_SPECIFIED. Anything else is passed on for the form rule to reject.
 */
export function importGender(value: string | undefined): string {
  return genderWords[normaliseHeader(value ?? '')] ?? value!.trim();
}
