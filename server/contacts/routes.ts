import { Readable } from 'node:stream';
import * as z from 'zod/mini';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactExportQuerySchema,
  contactExportSelectionSchema,
  contactIdsSchema,
  contactMessages,
  contactsListMessages,
  contactTagChangeSchema,
  contactsListQuerySchema,
  CONTACTS_REVISION_HEADER,
  blankedFields,
  contactUpdateSchema,
  IMPORT_MAX_BYTES,
  limits,
  newContactSchema,
  type ContactExportFormat,
} from '#domain';
import { wakeAutomation } from '../automation/visits';
import { badRequest, conflict, notFound } from '../lib/errors';
import { parseId } from '../lib/ids';
import { isUniqueViolation } from '../lib/pg-errors';
import type { AppConfig } from '../config';
import { pathId } from '../lib/schemas';
import { EXPORT_CONTENT_TYPES, exportContacts } from './export-contacts';
import { importContacts } from './import-contacts';
import { internationalNumber } from './phone';
import { ImportPool } from './import-pool';
import {
  contactAnswer,
  contactsDeltaAnswer,
  contactTagChangeAnswer,
  importContactsAnswer,
  importContactsSchema,
  importMappingAnswer,
  notModifiedAnswer,
} from './schemas';
import {
  changeContactsTag,
  checkInOwnedContacts,
  contactEmailTaken,
  contactsDeltaJson,
  contactsJsonPages,
  contactsRevision,
  deleteOwnedContacts,
  findContact,
  insertContact,
  updateContact,
} from './queries';

const DUPLICATE_EMAIL = 'A contact with this email address already exists in this business.';

// base64 makes 4 characters of 3 bytes; the rest is room for the JSON around it.
const IMPORT_BODY_LIMIT = Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 1024 * 1024;
// 200,000 ids of up to 10 digits each.
const CONTACT_IDS_BODY_LIMIT = 4 * 1024 * 1024;

const tags = ['Contacts'];

/** The list's ETag: the business and its revision, so another business's tag never matches. */
const contactsListTag = (businessId: number, revision: number) => `"contacts-${businessId}-${revision}"`;

/** If-None-Match holds the tag (or `*`); weak tags (W/) compare by their value, as RFC 9110 says for GET. */
function matchesTag(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const value = candidate.trim();
    return value === '*' || value === tag || value === `W/${tag}`;
  });
}

const contactRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, opts) => {
  const importPool = new ImportPool(opts.config.imports);
  app.addHook('onClose', () => importPool.close());
  const importContext = { database: app.database, pool: importPool, ratePerHour: opts.config.imports.ratePerHour, log: app.log };

  app.get(
    '/contact/get-contacts/:businessId',
    {
      config: { business: 'params.businessId' },
      schema: {
        tags,
        summary: 'Every contact of a business, by id; or with `since`, what changed after that revision',
        description:
          `Every answer carries the business's contacts revision in the \`${CONTACTS_REVISION_HEADER}\` header and as ` +
          'the ETag; any change to its contacts changes both. `If-None-Match` with the current ETag answers 304 ' +
          'without reading a contact.',
        params: z.object({ businessId: pathId('The business') }),
        querystring: contactsListQuerySchema,
        response: {
          200: z.union([z.array(contactAnswer), contactsDeltaAnswer]).register(z.globalRegistry, {
            description: 'Without `since`: every contact, by id. With `since`: a ContactsDelta.',
          }),
          304: notModifiedAnswer,
        },
      },
    },
    // The answers are already JSON text, sent as they are (a string or a stream skips the
    // serializer), never parsed and stringified again; the response schema above is for the docs.
    async (request, reply) => {
      const businessId = request.business.id;
      const revision = await contactsRevision(app.db, businessId);
      const tag = contactsListTag(businessId, revision);
      reply.header('etag', tag).header(CONTACTS_REVISION_HEADER, String(revision));
      if (matchesTag(request.headers['if-none-match'], tag)) return reply.code(304).send(null);
      reply.type('application/json; charset=utf-8');
      const { since } = request.query;
      if (since === undefined) return reply.send(Readable.from(contactsJsonPages(app.db, businessId)) as never);
      // Revisions only grow: one above the current was never answered (forged, or another database's).
      if (Number(since) > revision) throw badRequest(contactsListMessages.sinceAhead(revision), { since: contactsListMessages.sinceAhead(revision) });
      return reply.send((await contactsDeltaJson(app.db, businessId, Number(since), revision)) as never);
    },
  );

  /** The export as an attachment, streamed as it is read (a stream skips the serializer). */
  function sendExport(reply: FastifyReply, business: { id: number; region: string | null }, format: ContactExportFormat, contactIds: number[] | null) {
    const day = app.clock.now().toISOString().slice(0, 10);
    return reply
      .type(EXPORT_CONTENT_TYPES[format])
      .header('content-disposition', `attachment; filename="contacts-${day}.${format}"`)
      .send(Readable.from(exportContacts(app.db, business, format, contactIds)) as never);
  }
  const exportAnswer = {
    200: {
      description: 'The contacts as CSV or .xlsx (by `format`): the import’s columns, then Status and Last visit',
      content: Object.fromEntries(Object.values(EXPORT_CONTENT_TYPES).map((type) => [type.split(';')[0]!, { schema: z.string() }])),
    },
  };

  app.get(
    '/contact/export-contacts/:businessId',
    {
      config: { business: 'params.businessId' },
      schema: {
        tags,
        summary: 'Every contact of a business as a CSV or Excel file',
        params: z.object({ businessId: pathId('The business') }),
        querystring: contactExportQuerySchema,
        response: exportAnswer,
      },
    },
    async (request, reply) => sendExport(reply, request.business, request.query.format, null),
  );

  app.post(
    '/contact/export-contacts/:businessId',
    {
      bodyLimit: CONTACT_IDS_BODY_LIMIT,
      config: { business: 'params.businessId' },
      schema: {
        tags,
        summary: 'The given contacts of a business (a selection or a search) as a CSV or Excel file',
        params: z.object({ businessId: pathId('The business') }),
        body: contactExportSelectionSchema,
        response: exportAnswer,
      },
    },
    async (request, reply) => sendExport(reply, request.business, request.body.format, request.body.contactIds),
  );

  app.post(
    '/contact/create-new-contact',
    {
      config: { business: 'body.businessId' },
      schema: { tags, summary: 'Create a contact', body: newContactSchema, response: { 201: contactAnswer } },
    },
    async (request, reply) => {
      const { businessId, ...typed } = request.body;
      const contact = { ...typed, phoneNumber: internationalNumber(typed.phoneNumber, request.business.region) };
      if (await contactEmailTaken(app.db, businessId, contact.email)) throw conflict(DUPLICATE_EMAIL);
      try {
        return reply.status(201).send(await insertContact(app.db, businessId, contact));
      } catch (error) {
        // Two requests with the same email at once: the unique index decides.
        if (isUniqueViolation(error)) throw conflict(DUPLICATE_EMAIL);
        throw error;
      }
    },
  );

  app.put(
    '/contact/update-contact/:id',
    {
      config: { business: 'body.businessId' },
      schema: {
        tags,
        summary: "Change a contact's fields",
        description:
          'The create form’s rules for what is filled in. A field the contact has (a name part, email, phone number, birth date) cannot be emptied; one it lacks may stay empty.',
        params: z.object({ id: pathId('The contact') }),
        body: contactUpdateSchema,
        response: { 200: contactAnswer },
      },
    },
    async (request) => {
      const { businessId, ...edit } = request.body;
      const id = parseId(request.params.id);
      const stored = id && (await findContact(app.db, businessId, id));
      if (!id || !stored) throw notFound(contactMessages.notFound);
      const blanked = blankedFields(stored, edit);
      if (Object.keys(blanked).length) throw badRequest(Object.values(blanked)[0]!, blanked);
      const contact = { ...edit, phoneNumber: edit.phoneNumber && internationalNumber(edit.phoneNumber, request.business.region) };
      // The unique index on (business, lower(email)) tells a taken email.
      try {
        const updated = await updateContact(app.db, businessId, id, contact);
        if (!updated) throw notFound(contactMessages.notFound);
        return updated;
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(DUPLICATE_EMAIL);
        throw error;
      }
    },
  );

  // Ownership through the contacts named: all of them must be the signed-in owner's, or nothing changes (404).
  app.delete(
    '/contact/delete-contacts',
    {
      bodyLimit: CONTACT_IDS_BODY_LIMIT,
      schema: { tags, summary: 'Delete contacts (all or nothing)', body: contactIdsSchema, response: { 200: z.object({ deleted: z.int() }) } },
    },
    async (request) => ({ deleted: await deleteOwnedContacts(app.db, request.user.id, request.body.contactIds) }),
  );

  app.patch(
    '/contact/check-in-contacts',
    {
      bodyLimit: CONTACT_IDS_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Check contacts in (all or nothing): each is a visit, which the review automation asks about when it is on',
        body: contactIdsSchema,
        response: { 200: z.object({ checkedIn: z.int() }) },
      },
    },
    async (request) => {
      const { checkedIn, recorded } = await checkInOwnedContacts(app.db, request.user.id, request.body.contactIds, opts.config);
      await wakeAutomation(app.delivery, recorded.wakeUps, request.log);
      return { checkedIn };
    },
  );

  // Ownership through the business and the contacts named: any id that is not one of the business's contacts changes nothing (404).
  for (const change of ['add', 'remove'] as const) {
    app.put(
      `/contact/${change}-tag/:businessId`,
      {
        bodyLimit: CONTACT_IDS_BODY_LIMIT,
        config: { business: 'params.businessId' },
        schema: {
          tags,
          summary:
            change === 'add'
              ? `Add one tag to contacts of a business (all or nothing); a contact with ${limits.tagsMax} tags already is skipped`
              : 'Remove one tag from contacts of a business (all or nothing)',
          params: z.object({ businessId: pathId('The business') }),
          body: contactTagChangeSchema,
          response: { 200: contactTagChangeAnswer },
        },
      },
      async (request) => changeContactsTag(app.db, request.business.id, request.body.contactIds, request.body.tag, change),
    );
  }

  app.post(
    '/contact/import-contacts',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { business: 'body.businessId' },
      // At most 1,000 rejected rows are listed, but each is checked against the schema for nothing:
      // JSON.stringify alone is enough; the schema stays for the docs.
      serializerCompiler: () => (answer) => JSON.stringify(answer),
      schema: {
        tags,
        summary: 'Import contacts from a CSV, Excel or vCard file (base64)',
        description:
          'Known exports (Google Contacts, Outlook, Thunderbird, Windows Live Mail, Mailchimp, Square, HubSpot, vCard; Google and Outlook in seven languages) are recognised by their headers. A row is a contact with a name and a valid email or phone number. When the file has no name column or no email or phone column, or its birth dates need the owner’s word (ambiguous order without a country, two-digit years), the answer is 400 with `details`: the file’s `columns`, its first `rows`, the best `guesses` per field, the `dateOrder` and `twoDigitYears`; send the file again with `mapping` (and `dateOrder`, `twoDigitYears`) to import it.',
        body: importContactsSchema,
        response: { 200: importContactsAnswer, 400: importMappingAnswer },
      },
    },
    async (request) => {
      const { file, mapping, dateOrder, twoDigitYears } = request.body;
      return importContacts(importContext, request.user.id, request.business, file, { mapping, dateOrder, twoDigitYears });
    },
  );
};

export default contactRoutes;
