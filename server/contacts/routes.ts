import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { contactIdsSchema, IMPORT_MAX_BYTES, newContactSchema } from '../../src/domain';
import { conflict } from '../lib/errors';
import { isUniqueViolation } from '../lib/pg-errors';
import { validate } from '../lib/validate';
import { importContactsSchema } from './schemas';
import { decodeImportFile, readImportFile } from './import-file';
import { contactsFromTable } from './import-rows';
import {
  checkInOwnedContacts,
  contactEmailTaken,
  contactsJsonPages,
  deleteOwnedContacts,
  insertContact,
  ownedBusiness,
  UPSERT_BATCH,
  upsertContacts,
} from './queries';

const DUPLICATE_EMAIL = 'A contact with this email address already exists in this business.';

// base64 makes 4 characters of 3 bytes; the rest is room for the JSON around it.
const IMPORT_BODY_LIMIT = Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 1024 * 1024;
// 200,000 ids of up to 10 digits each.
const CONTACT_IDS_BODY_LIMIT = 4 * 1024 * 1024;

export default async function contactRoutes(app: FastifyInstance) {
  app.addHook('preHandler', app.authenticate);

  app.get<{ Params: { businessId: string } }>('/contact/get-contacts/:businessId', async (request, reply) => {
    const businessId = /^\d{1,10}$/.test(request.params.businessId) ? Number(request.params.businessId) : 0;
    await ownedBusiness(app.db, request.user.id, businessId);
    // The array is already JSON text: streamed as it is, never parsed and stringified again.
    return reply.type('application/json; charset=utf-8').send(Readable.from(contactsJsonPages(app.db, businessId)));
  });

  app.post('/contact/create-new-contact', async (request, reply) => {
    const { businessId, ...contact } = validate(newContactSchema, request.body);
    await ownedBusiness(app.db, request.user.id, businessId);
    if (await contactEmailTaken(app.db, businessId, contact.email)) throw conflict(DUPLICATE_EMAIL);
    try {
      return reply.status(201).send(await insertContact(app.db, businessId, contact));
    } catch (error) {
      // Two requests with the same email at once: the unique index decides.
      if (isUniqueViolation(error)) throw conflict(DUPLICATE_EMAIL);
      throw error;
    }
  });

  app.delete('/contact/delete-contacts', { bodyLimit: CONTACT_IDS_BODY_LIMIT }, async (request) => {
    const { contactIds } = validate(contactIdsSchema, request.body);
    return { deleted: await deleteOwnedContacts(app.db, request.user.id, contactIds) };
  });

  app.patch('/contact/check-in-contacts', { bodyLimit: CONTACT_IDS_BODY_LIMIT }, async (request) => {
    const { contactIds } = validate(contactIdsSchema, request.body);
    return { checkedIn: await checkInOwnedContacts(app.db, request.user.id, contactIds) };
  });

  app.post('/contact/import-contacts', { bodyLimit: IMPORT_BODY_LIMIT }, async (request) => {
    const { businessId, file } = validate(importContactsSchema, request.body);
    await ownedBusiness(app.db, request.user.id, businessId);
    const imported = contactsFromTable(readImportFile(decodeImportFile(file)));
    const { created, updated } = await upsertContacts(app.db, businessId, imported.batches(UPSERT_BATCH), imported.columns);
    return { created, updated, rejected: imported.rejected };
  });
}
