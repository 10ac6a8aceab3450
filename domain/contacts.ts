import * as z from 'zod/mini';
import { limits, validationMessages as m } from './messages';
import { birthDateRule, brokenCharacterMessage, controlCharactersMessage, emailRule, isPlainText, isRowId, isWellFormedText, maxMessage, plainText, requiredText, typedPhoneRule, type FieldErrors } from './rules';
import { CONTACT_IMPORT_COLUMNS, type DateOrder, type ImportMapping, type TwoDigitYears } from './contact-import-columns';
import { GENDER_LABELS, GENDERS, type Gender } from './contact-fields';

export * from './contact-fields';

/** Contacts (spec sections 3 and 5): the form's rules, the API's shapes and the import columns. */


export const CONTACT_STATUSES = ['ACTIVE', 'UNSUBSCRIBED'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = { ACTIVE: 'Active', UNSUBSCRIBED: 'Unsubscribed' };

export const contactMessages = {
  notFound: 'Contact not found.',
  phoneNumberRequired: 'Phone number is required',
  phoneNumberFormat: 'Phone number must be in correct format.',
  genderRequired: 'Gender is required',
  genderInvalid: `Gender must be one of: ${GENDERS.map((gender) => GENDER_LABELS[gender]).join(', ')}`,
  tagsInvalid: 'Tags must be text, separated by commas',
  tagsMax: `A contact can have at most ${limits.tagsMax} tags`,
  tagTooLong: `Each tag must not exceed ${limits.tagLengthMax} characters`,
  tagsControlCharacters: controlCharactersMessage('Tags'),
  tagsBrokenCharacter: brokenCharacterMessage('Tags'),
  businessRequired: 'Business is required',
  businessInvalid: 'Business id must be a positive whole number',
  contactIdsRequired: 'Select at least one contact.',
  contactIdsInvalid: 'Contact ids must be a list of positive whole numbers.',
  contactIdsMax: 'At most 200,000 contacts can be changed at once.',
  tagRequired: 'Tag is required',
  tagComma: 'A tag must not contain a comma',
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
            : tags.every(isWellFormedText)
              ? contactMessages.tagsControlCharacters
              : contactMessages.tagsBrokenCharacter;
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

/** The contact form for a new contact (spec section 5, names up to 50): every field but tags is required. */
export const contactSchema = z.object({
  firstName: requiredText('First name', m.firstNameRequired, nameMax),
  lastName: requiredText('Last name', m.lastNameRequired, nameMax),
  email: emailRule,
  phoneNumber: typedPhoneRule(contactMessages.phoneNumberRequired, contactMessages.phoneNumberFormat),
  birthDate: birthDateRule,
  gender: genderRule,
  tags: tagsRule,
});
export type ContactInput = z.infer<typeof contactSchema>;


const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A field the drawer may leave empty (a contact imported without it): empty or null is null. */
const blankable = <T extends z.ZodMiniType>(rule: T) =>
  z.pipe(
    z.transform((value: unknown) => (isBlank(value) ? null : value)),
    z.nullable(rule),
  );

/** A name part the drawer may leave empty: '' when missing, else at most 50 characters. */
const namePart = (label: string) =>
  z.pipe(
    z.transform((value: unknown) => (isBlank(value) ? '' : value)),
    z.string({ error: `${label} must be text` }).check(z.trim(), z.maxLength(nameMax, maxMessage(label, nameMax)), plainText(label)),
  );

/**
 * Editing a contact (its drawer): the create form's rules for what is filled in; what is empty
 * is checked against the contact with `blankedFields`, so an imported contact without a birth
 * date can have its phone number fixed without one.
 */
export const contactEditSchema = z.object({
  firstName: namePart('First name'),
  lastName: namePart('Last name'),
  email: blankable(emailRule),
  phoneNumber: blankable(typedPhoneRule(contactMessages.phoneNumberRequired, contactMessages.phoneNumberFormat)),
  birthDate: blankable(birthDateRule),
  gender: genderRule,
  tags: tagsRule,
});
export type ContactEdit = z.infer<typeof contactEditSchema>;

/** The message for each field a contact keeps once it has it (the spec's "is required" texts). */
export const KEPT_FIELD_MESSAGES = {
  firstName: m.firstNameRequired,
  lastName: m.lastNameRequired,
  email: m.emailRequired,
  phoneNumber: contactMessages.phoneNumberRequired,
  birthDate: m.birthDateRequired,
} as const;
export type KeptField = keyof typeof KEPT_FIELD_MESSAGES;
export const KEPT_FIELDS = Object.keys(KEPT_FIELD_MESSAGES) as KeptField[];

/** Whether an edit must keep `field` filled: the contact has it (an edit never blanks one). */
export const keepsField = (contact: Partial<Record<KeptField, unknown>>, field: KeptField) => !isBlank(contact[field]);

/** The fields an edit left empty although the contact has them, each with its "is required" message. */
export function blankedFields(contact: Partial<Record<KeptField, unknown>>, edit: Partial<Record<KeptField, unknown>>): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of KEPT_FIELDS) if (keepsField(contact, field) && isBlank(edit[field])) errors[field] = KEPT_FIELD_MESSAGES[field];
  return errors;
}

export const businessIdRule = z.int({
  error: (issue) =>
    issue.input === undefined || issue.input === null ? contactMessages.businessRequired : contactMessages.businessInvalid,
}).check(z.positive(contactMessages.businessInvalid));

/** POST /contact/create-new-contact. */
export const newContactSchema = z.extend(contactSchema, { businessId: businessIdRule });
export type NewContactPayload = z.input<typeof newContactSchema>;

/** PUT /contact/update-contact/{id}. */
export const contactUpdateSchema = z.extend(contactEditSchema, { businessId: businessIdRule });
export type ContactUpdatePayload = {
  firstName?: string;
  lastName?: string;
  /** Empty or null: the contact has none (allowed only when it had none). */
  email?: string | null;
  phoneNumber?: string | null;
  birthDate?: string | null;
  gender: Gender;
  tags?: string;
  businessId: number;
};

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
      // An id beyond the id column is refused here, before the database would refuse it mid-export.
      z.refine((ids) => ids.every(isRowId), contactMessages.contactIdsInvalid),
    ),
  z.transform((ids) => ids as number[]),
);

/**
 * One tag, as the tags input takes it: trimmed, not empty, at most 50 characters, no control
 * characters, and no comma (a contact's tags are stored comma-joined).
 */
export const tagRule = requiredText('Tag', contactMessages.tagRequired, limits.tagLengthMax).check(
  z.refine((tag) => !tag.includes(','), contactMessages.tagComma),
);

/** PUT /contact/add-tag/{businessId} and PUT /contact/remove-tag/{businessId}. */
export const contactTagChangeSchema = z.object({ contactIds: contactIdsRule, tag: tagRule });
export type ContactTagChange = { contactIds: number[]; tag: string };
/** What a tag change did: contacts changed, those it left as they were, and (adding) those skipped at the tag limit. */
export type ContactTagChangeResult = { changed: number; unchanged: number; full: number };

/** DELETE /contact/delete-contacts and PATCH /contact/check-in-contacts. */
export const contactIdsSchema = z.object({ contactIds: contactIdsRule });
export type ContactIdsPayload = { contactIds: number[] };

/**
 * A contact as the API answers it (the list's items are this JSON, kept by a trigger: migration
 * 0002). An imported contact may miss a name part ('') and its email, phone number or birth date
 * (null), never all ways to reach them. server/contacts/schemas.ts names it in the OpenAPI document.
 */
export const contactAnswerSchema = z.object({
  id: z.int(),
  firstName: z.string().register(z.globalRegistry, { description: "'' when the contact has only a last name" }),
  lastName: z.string().register(z.globalRegistry, { description: "'' when the contact has only a first name" }),
  email: z.nullable(z.string()).register(z.globalRegistry, { description: 'null when the contact has none (then it has a phone number)' }),
  phoneNumber: z.nullable(z.string()).register(z.globalRegistry, {
    description: 'International digits, country code first, no +; null when the contact has none (then it has an email)',
  }),
  birthDate: z.nullable(z.string()).register(z.globalRegistry, { description: 'YYYY-MM-DD, or null when not known' }),
  gender: z.enum(GENDERS),
  status: z.enum(CONTACT_STATUSES),
  tags: z.string().register(z.globalRegistry, { description: 'Comma-joined.' }),
  lastVisited: z.nullable(z.string()).register(z.globalRegistry, { description: 'ISO 8601 (UTC), or null before the first check-in.' }),
  businessId: z.int(),
});
export type Contact = z.infer<typeof contactAnswerSchema>;

/**
 * POST /contact/import-contacts: `file` is the file's base64 content without a data-URL prefix;
 * `mapping` and `dateOrder` are the owner's answers to the mapping step (else the importer guesses).
 */
export type ImportContactsPayload = { businessId: number; file: string; mapping?: ImportMapping; dateOrder?: DateOrder; twoDigitYears?: TwoDigitYears };
/** `rejected` lists the first IMPORT_REJECTED_ROWS_LISTED rejected rows; `rejectedCount` counts them all. */
export type ImportContactsResult = {
  created: number;
  updated: number;
  rejected: Array<{ row: number; reasons: string[] }>;
  rejectedCount: number;
  /** Imported rows with a value left out (a phone number that is none, a birthday of 1890), and why. */
  warned: Array<{ row: number; warnings: string[] }>;
  warnedCount: number;
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
