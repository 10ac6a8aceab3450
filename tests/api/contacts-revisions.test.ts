import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyContactsDelta, CONTACTS_REVISION_HEADER, contactsListMessages, type Contact, type ContactsDelta } from '#domain';
import type { ApiClient, TestApp } from '../support/test-app';
import { expectError, expectFieldError, expectNoInternals, startOwnerAndStranger } from './helpers';

const LIST = (businessId: number) => `/api/contact/get-contacts/${businessId}`;
const DELTA = (businessId: number, since: number | string) => `${LIST(businessId)}?since=${since}`;

let testApp: TestApp;
let owner: ApiClient;
let stranger: ApiClient;
let strangersBusinessId: number;

beforeAll(async () => {
  ({ testApp, owner, stranger, strangersBusinessId } = await startOwnerAndStranger());
});
afterAll(() => testApp?.close());

/** A fresh business per test, so each test sees only its own revisions. */
const newBusiness = async (client = owner) => (await client.createBusiness()).id;

const contactForm = (businessId: number, overrides: Record<string, string> = {}) => ({
  firstName: 'Rita',
  lastName: 'Revision',
  email: `rita.${randomUUID()}@example.com`,
  phoneNumber: '4915112345678',
  birthDate: '1988-04-12',
  gender: 'FEMALE',
  tags: '',
  businessId,
  ...overrides,
});

async function createContact(businessId: number, client = owner): Promise<Contact> {
  const response = await client.post('/api/contact/create-new-contact', contactForm(businessId));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** The list's validator and revision as the server answers them now. */
async function listState(businessId: number, client = owner) {
  const response = await client.get(LIST(businessId));
  expect(response.statusCode, response.body).toBe(200);
  return { etag: response.headers.etag as string, revision: Number(response.headers[CONTACTS_REVISION_HEADER]), contacts: response.json() as Contact[] };
}

async function delta(businessId: number, since: number, client = owner): Promise<ContactsDelta> {
  const response = await client.get(DELTA(businessId, since));
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as ContactsDelta;
  expect(Number(response.headers[CONTACTS_REVISION_HEADER])).toBe(body.revision);
  return body;
}

const ifNoneMatch = (businessId: number, etag: string, client = owner) => client.request('GET', LIST(businessId), undefined, { 'if-none-match': etag });

describe('contacts list validator', () => {
  it('answers 304 with no body while nothing changed, and the full list for an old or foreign tag', async () => {
    const businessId = await newBusiness();
    await createContact(businessId);
    const { etag } = await listState(businessId);
    expect(etag).toMatch(/^"contacts-\d+-\d+"$/);

    const unchanged = await ifNoneMatch(businessId, etag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);

    expect((await ifNoneMatch(businessId, `W/${etag}`)).statusCode).toBe(304);
    expect((await ifNoneMatch(businessId, '"contacts-0-0"')).statusCode).toBe(200);

    await createContact(businessId);
    const changed = await ifNoneMatch(businessId, etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toHaveLength(2);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('changes with every kind of write to the business’s contacts, and not with a write that changes nothing shown', async () => {
    const businessId = await newBusiness();
    const tags: string[] = [(await listState(businessId)).etag];
    const expectNewTag = async (write: string) => {
      const { etag } = await listState(businessId);
      expect(tags, `${write} must change the list's validator`).not.toContain(etag);
      tags.push(etag);
    };

    const first = await createContact(businessId);
    await expectNewTag('create');
    const second = await createContact(businessId);

    const update = await owner.put(`/api/contact/update-contact/${first.id}`, contactForm(businessId, { email: first.email!, firstName: 'Renamed' }));
    expect(update.statusCode, update.body).toBe(200);
    await expectNewTag('update');

    const checkIn = await owner.patch('/api/contact/check-in-contacts', { contactIds: [first.id] });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    await expectNewTag('check-in');

    const csv = `First name,Last name,Email,Phone number,Birth date,Gender,Tags\nIma,Import,ima.${randomUUID()}@example.com,4915112345678,1990-01-01,Female,`;
    const imported = await owner.post('/api/contact/import-contacts', { businessId, file: Buffer.from(csv).toString('base64') });
    expect(imported.statusCode, imported.body).toBe(200);
    await expectNewTag('import');

    // An opt-out (unsubscribe link, STOP reply, complaint) writes the row outside the contact routes.
    await testApp.app.db.execute(sql`update contacts set status = 'UNSUBSCRIBED' where id = ${second.id}`);
    await expectNewTag('opt-out');

    const erase = await owner.delete('/api/contact/delete-contacts', { contactIds: [second.id] });
    expect(erase.statusCode, erase.body).toBe(200);
    await expectNewTag('delete (erase)');

    // Importing the same file again changes no contact: the list is the same, so is its validator.
    const again = await owner.post('/api/contact/import-contacts', { businessId, file: Buffer.from(csv).toString('base64') });
    expect(again.json()).toMatchObject({ created: 0, updated: 0 });
    expect((await listState(businessId)).etag, 'import of nothing new').toBe(tags.at(-1));
    await testApp.app.db.execute(sql`update contacts set phone_problem = 'not shown in the list' where id = ${first.id}`);
    expect((await listState(businessId)).etag).toBe(tags.at(-1));
  });

  it('one write of many contacts is one revision', async () => {
    const businessId = await newBusiness();
    const contacts = [await createContact(businessId), await createContact(businessId), await createContact(businessId)];
    const before = (await listState(businessId)).revision;
    await owner.patch('/api/contact/check-in-contacts', { contactIds: contacts.map((contact) => contact.id) });
    expect((await listState(businessId)).revision).toBe(before + 1);
  });
});

describe('contacts list delta (?since=)', () => {
  it('returns the contacts changed and the ids deleted since a revision, and nothing else', async () => {
    const businessId = await newBusiness();
    const [kept, changed, deleted] = [await createContact(businessId), await createContact(businessId), await createContact(businessId)];
    const base = await listState(businessId);
    expect(base.contacts.map((contact) => contact.id)).toEqual([kept.id, changed.id, deleted.id]);

    expect(await delta(businessId, base.revision)).toEqual({ revision: base.revision, contacts: [], deletedIds: [] });

    await owner.patch('/api/contact/check-in-contacts', { contactIds: [changed.id] });
    await owner.delete('/api/contact/delete-contacts', { contactIds: [deleted.id] });
    const added = await createContact(businessId);
    const createdThenDeleted = await createContact(businessId);
    await owner.delete('/api/contact/delete-contacts', { contactIds: [createdThenDeleted.id] });

    const changes = await delta(businessId, base.revision);
    const now = await listState(businessId);
    expect(changes.revision).toBe(now.revision);
    expect(changes.contacts.map((contact) => contact.id)).toEqual([changed.id, added.id]);
    expect(changes.contacts[0]!.lastVisited).not.toBeNull();
    expect(changes.contacts).toEqual(now.contacts.filter((contact) => contact.id !== kept.id));
    expect(changes.deletedIds.sort((a, b) => a - b)).toEqual([deleted.id, createdThenDeleted.id]);

    // Applying the delta to the list the browser had gives the list as it is now.
    expect(applyContactsDelta(base.contacts, changes)).toEqual(now.contacts);

    // A delta from a later revision carries only what came after it.
    const latest = await delta(businessId, now.revision - 1);
    expect(latest.contacts).toEqual([]);
    expect(latest.deletedIds).toEqual([createdThenDeleted.id]);
  });

  it('answers 304 to a delta asked with the current tag', async () => {
    const businessId = await newBusiness();
    await createContact(businessId);
    const { etag, revision } = await listState(businessId);
    const response = await owner.request('GET', DELTA(businessId, revision), undefined, { 'if-none-match': etag });
    expect(response.statusCode).toBe(304);
  });

  it('never shows another business’s changes, and another business’s tag never matches', async () => {
    const businessId = await newBusiness();
    const othersOfOwner = await newBusiness();
    await createContact(businessId);
    const base = await listState(businessId);
    const strangers = await listState(strangersBusinessId, stranger);

    const strangersContact = await createContact(strangersBusinessId, stranger);
    const ownersOther = await createContact(othersOfOwner);
    await stranger.delete('/api/contact/delete-contacts', { contactIds: [strangersContact.id] });
    await owner.delete('/api/contact/delete-contacts', { contactIds: [ownersOther.id] });

    expect(await delta(businessId, base.revision)).toEqual({ revision: base.revision, contacts: [], deletedIds: [] });
    expect((await ifNoneMatch(businessId, base.etag)).statusCode).toBe(304);

    // Tags name their business: the stranger's current tag, even at an equal revision, is not this list's.
    const strangersNow = await listState(strangersBusinessId, stranger);
    expect(strangersNow.etag).not.toBe(strangers.etag);
    expect((await ifNoneMatch(businessId, strangersNow.etag)).statusCode).toBe(200);
    expect((await ifNoneMatch(businessId, base.etag.replace(`-${businessId}-`, `-${othersOfOwner}-`))).statusCode).toBe(200);

    // The stranger cannot read this business's delta at all.
    expectError(await stranger.get(DELTA(businessId, 0)), 404, 'Business not found.');
  });

  it.each([
    ['not a number', 'abc'],
    ['negative', '-1'],
    ['a fraction', '1.5'],
    ['exponent', '1e3'],
    ['too large', '9'.repeat(40)],
    ['empty', ''],
    ['SQL', "0 or 1=1"],
    ['repeated', '1&since=2'],
  ])('refuses a garbage since (%s) with a 400 naming it', async (_title, since) => {
    const businessId = await newBusiness();
    const response = await owner.get(DELTA(businessId, encodeURI(since)));
    expectNoInternals(response.body);
    expectFieldError(response, 'since', contactsListMessages.sinceInvalid);
  });

  it('refuses a since ahead of the business’s revision (forged) with a 400', async () => {
    const businessId = await newBusiness();
    await createContact(businessId);
    const { revision } = await listState(businessId);
    const response = await owner.get(DELTA(businessId, revision + 1));
    expectFieldError(response, 'since', contactsListMessages.sinceAhead(revision));
  });
});
