import * as z from 'zod/mini';
import { limits, validationMessages as m } from './messages';
import { birthDateRule, controlCharactersMessage, emailRule, isPlainText, phoneRule, requiredText } from './rules';
import { CONTACT_IMPORT_COLUMNS, type DateOrder, type ImportMapping } from './contact-import-columns';

/** Contacts (spec sections 3 and 5): the form's rules, the API's shapes and the import columns. */

export const GENDERS = ['MALE', 'FEMALE', 'NOT_SPECIFIED'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = { MALE: 'Male', FEMALE: 'Female', NOT_SPECIFIED: 'Not specified' };

export const CONTACT_STATUSES = ['ACTIVE', 'UNSUBSCRIBED'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = { ACTIVE: 'Active', UNSUBSCRIBED: 'Unsubscribed' };

export const contactMessages = {
  phoneNumberRequired: 'Phone number is required',
  phoneNumberFormat: 'Phone number must be in correct format.',
  genderRequired: 'Gender is required',
  genderInvalid: `Gender must be one of: ${GENDERS.map((gender) => GENDER_LABELS[gender]).join(', ')}`,
  tagsInvalid: 'Tags must be text, separated by commas',
  tagsMax: `A contact can have at most ${limits.tagsMax} tags`,
  tagTooLong: `Each tag must not exceed ${limits.tagLengthMax} characters`,
  tagsControlCharacters: controlCharactersMessage('Tags'),
  businessRequired: 'Business is required',
  businessInvalid: 'Business id must be a positive whole number',
  contactIdsRequired: 'Select at least one contact.',
  contactIdsInvalid: 'Contact ids must be a list of positive whole numbers.',
  contactIdsMax: 'At most 200,000 contacts can be changed at once.',
} as const;

/** The most ids one delete or check-in accepts: a whole imported file. */
export const CONTACT_IDS_MAX = 200_000;

/** Tags from their comma-joined form (or a list): trimmed, without empties, first occurrence kept. */
export function parseTags(value: string | readonly string[] | null | undefined): string[] {
  const parts = typeof value === 'string' ? value.split(',') : (value ?? []);
  const tags = new Set<string>();
  for (const part of parts) {
    const tag = part.trim();
    if (tag) tags.add(tag);
  }
  return [...tags];
}

/** The spec's comma-joined form of a contact's tags. */
export const joinTags = (tags: readonly string[]) => tags.join(',');

/** Optional; stored normalised (see parseTags) as the comma-joined string. */
export const tagsRule = z.pipe(
  z.optional(z.nullable(z.string({ error: contactMessages.tagsInvalid }))),
  z.transform((value, ctx) => {
    const tags = parseTags(value);
    const problem =
      tags.length > limits.tagsMax
        ? contactMessages.tagsMax
        : tags.some((tag) => tag.length > limits.tagLengthMax)
          ? contactMessages.tagTooLong
          : tags.every((tag) => isPlainText(tag))
            ? undefined
            : contactMessages.tagsControlCharacters;
    if (problem) {
      ctx.issues.push({ code: 'custom', message: problem, input: value });
      return z.NEVER;
    }
    return joinTags(tags);
  }),
);

export const genderRule = z.enum(GENDERS, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? contactMessages.genderRequired
      : contactMessages.genderInvalid,
});

const nameMax = limits.contactNameMax;

/** The contact form (spec section 5), also applied to every imported row. */
export const contactSchema = z.object({
  firstName: requiredText('First name', m.firstNameRequired, nameMax),
  lastName: requiredText('Last name', m.lastNameRequired, nameMax),
  email: emailRule,
  phoneNumber: phoneRule(contactMessages.phoneNumberRequired, contactMessages.phoneNumberFormat),
  birthDate: birthDateRule,
  gender: genderRule,
  tags: tagsRule,
});
export type ContactInput = z.infer<typeof contactSchema>;

export const businessIdRule = z.int({
  error: (issue) =>
    issue.input === undefined || issue.input === null ? contactMessages.businessRequired : contactMessages.businessInvalid,
}).check(z.positive(contactMessages.businessInvalid));

/** POST /contact/create-new-contact. */
export const newContactSchema = z.extend(contactSchema, { businessId: businessIdRule });
export type NewContactPayload = z.input<typeof newContactSchema>;

/** Contact ids: at least one, at most a whole imported file. */
const contactIdsRule = z.pipe(
  z
    .array(z.unknown(), {
      error: (issue) =>
        issue.input === undefined ? contactMessages.contactIdsRequired : contactMessages.contactIdsInvalid,
    })
    .check(
      z.minLength(1, contactMessages.contactIdsRequired),
      z.maxLength(CONTACT_IDS_MAX, contactMessages.contactIdsMax),
      // One message for the whole list: 200,000 per-item issues would make a 200,000-sentence answer.
      z.refine(
        (ids) => ids.every((id) => Number.isSafeInteger(id) && (id as number) > 0),
        contactMessages.contactIdsInvalid,
      ),
    ),
  z.transform((ids) => ids as number[]),
);

/** DELETE /contact/delete-contacts and PATCH /contact/check-in-contacts. */
export const contactIdsSchema = z.object({ contactIds: contactIdsRule });
export type ContactIdsPayload = { contactIds: number[] };

/** A contact as the API answers it. */
export type Contact = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  /** YYYY-MM-DD */
  birthDate: string;
  gender: Gender;
  status: ContactStatus;
  /** Comma-joined. */
  tags: string;
  /** ISO 8601 (UTC), or null before the first check-in. */
  lastVisited: string | null;
  businessId: number;
};

/**
 * POST /contact/import-contacts: `file` is the file's base64 content without a data-URL prefix;
 * `mapping` and `dateOrder` are the owner's answers to the mapping step (else the importer guesses).
 */
export type ImportContactsPayload = { businessId: number; file: string; mapping?: ImportMapping; dateOrder?: DateOrder };
/** `rejected` lists the first IMPORT_REJECTED_ROWS_LISTED rejected rows; `rejectedCount` counts them all. */
export type ImportContactsResult = {
  created: number;
  updated: number;
  rejected: Array<{ row: number; reasons: string[] }>;
  rejectedCount: number;
};
export const IMPORT_REJECTED_ROWS_LISTED = 1000;

export const IMPORT_FILE_ACCEPT = '.csv,.xls,.xlsx,.vcf';
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 200_000;
export const IMPORT_EXAMPLE_FILES = {
  xlsx: '/files/contacts-import-example.xlsx',
  csv: '/files/contacts-import-example.csv',
} as const;

export const CONTACT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ContactExportFormat = (typeof CONTACT_EXPORT_FORMATS)[number];

/** The export's columns: the import's, so an export imports unchanged, then two the import ignores. */
export const CONTACT_EXPORT_HEADERS: readonly string[] = [...CONTACT_IMPORT_COLUMNS.map((column) => column.header), 'Status', 'Last visit'];

const formatRule = z.enum(CONTACT_EXPORT_FORMATS, { error: 'Format must be csv or xlsx' });

/** The export's path (under /api): GET for the whole business, POST with ids for some of its contacts. */
export const contactExportPath = (businessId: number) => `/contact/export-contacts/${businessId}`;

/** GET /contact/export-contacts/{businessId}?format=: the whole business. */
export const contactExportQuerySchema = z.object({ format: formatRule });
/** POST /contact/export-contacts/{businessId}: the contacts selected or found by a search. */
export const contactExportSelectionSchema = z.object({ format: formatRule, contactIds: contactIdsRule });
export type ContactExportSelection = { format: ContactExportFormat; contactIds: number[] };
