import * as z from 'zod/mini';
import { businessIdRule, contactAnswerSchema, DATE_ORDERS, IMPORT_FIELDS, TWO_DIGIT_YEARS, type ImportField } from '#domain';

const columnChoice = z.optional(z.nullable(z.string({ error: 'Each mapped column must be a column name of the file, or null' }).check(z.maxLength(1000))));

/** The owner's column per field (the mapping step's answer); a field left out is recognised as usual. */
const importMappingSchema = z
  .strictObject(
    Object.fromEntries(IMPORT_FIELDS.map((field) => [field, columnChoice])) as Record<ImportField, typeof columnChoice>,
    { error: `Mapping must name a column (or null) for some of: ${IMPORT_FIELDS.join(', ')}` },
  )
  .register(z.globalRegistry, {
    description: 'Field -> the file’s column header, e.g. { "firstName": "Given Name", "fullName": null }; null: not imported.',
  });

/** POST /contact/import-contacts; the file's content is checked by the importer, with its own messages. */
export const importContactsSchema = z.object({
  businessId: businessIdRule,
  file: z.string({ error: 'Choose a file to import' }),
  mapping: z.optional(importMappingSchema),
  dateOrder: z.optional(
    z.enum(DATE_ORDERS, { error: 'Date order must be DMY or MDY' }).register(z.globalRegistry, {
      description: 'How D/M/YYYY dates are read: DMY (31/12/1990) or MDY (12/31/1990). Default: decided by the file, else the business’s country.',
    }),
  ),
  twoDigitYears: z.optional(
    z.enum(TWO_DIGIT_YEARS, { error: 'Two-digit years must be PAST or SKIP' }).register(z.globalRegistry, {
      description: 'How birth dates with a two-digit year (12.04.85) are read: PAST (the latest such year not in the future) or SKIP (left out). A file with such dates and without this answers the mapping question.',
    }),
  ),
});

/** The 400 of an import: the message, and for missing columns the mapping question. */
export const importMappingAnswer = z.object({
  statusCode: z.int(),
  error: z.string(),
  message: z.string(),
  details: z.optional(
    z.object({
      columns: z.array(z.string()),
      rows: z.array(z.array(z.string())),
      guesses: z.partialRecord(z.enum(IMPORT_FIELDS), z.string()),
      dateOrder: z.object({ order: z.enum(DATE_ORDERS), decided: z.boolean() }),
      twoDigitYears: z.optional(z.object({ example: z.string() })),
    }),
  ),
});

/** A contact as the API answers it (the schema is the domain's), named in the OpenAPI document. */
export const contactAnswer = contactAnswerSchema.register(z.globalRegistry, { id: 'Contact' });

export const contactsDeltaAnswer = z
  .object({
    revision: z.int().register(z.globalRegistry, { description: 'The revision this delta brings the list to: the next `since`.' }),
    contacts: z.array(contactAnswer).register(z.globalRegistry, { description: 'Contacts added or changed after `since`, by id.' }),
    deletedIds: z.array(z.int()).register(z.globalRegistry, { description: 'Ids of contacts deleted after `since`.' }),
  })
  .register(z.globalRegistry, {
    id: 'ContactsDelta',
    description: 'The answer with `since`: apply `contacts` (replace by id, or add) and remove `deletedIds`.',
  });

/** 304: the list is unchanged since the ETag sent in If-None-Match; no body. */
export const notModifiedAnswer = z.null().register(z.globalRegistry, { description: 'Not modified: the list is as the ETag sent says.' });

export const importContactsAnswer = z.object({
  created: z.int(),
  updated: z.int(),
  rejected: z.array(z.object({ row: z.int(), reasons: z.array(z.string()) })).register(z.globalRegistry, {
    description: 'The first 1,000 rejected rows, in file order.',
  }),
  rejectedCount: z.int().register(z.globalRegistry, { description: 'Every rejected row, listed or not.' }),
  warned: z.array(z.object({ row: z.int(), warnings: z.array(z.string()) })).register(z.globalRegistry, {
    description: 'The first 1,000 imported rows with a value left out (one that cannot be used: "Not imported: …"), in file order.',
  }),
  warnedCount: z.int().register(z.globalRegistry, { description: 'Every imported row with a value left out, listed or not.' }),
});

/** PUT /contact/add-tag and /contact/remove-tag. */
export const contactTagChangeAnswer = z.object({
  changed: z.int().register(z.globalRegistry, { description: 'Contacts whose tags changed.' }),
  unchanged: z.int().register(z.globalRegistry, { description: 'Contacts that already had the tag (adding) or did not have it (removing).' }),
  full: z.int().register(z.globalRegistry, { description: 'Adding: contacts skipped because they already have the most tags a contact may have (50).' }),
});
