import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACTS_REVISION_HEADER, type Contact, type ContactsDelta } from '#domain';
import { contacts, suppressions } from '../../server/db/schema';
import { ApiClient, type TestApp } from '../support/test-app';
import { expectError, expectFieldError, startOwnerAndStranger, unreachableBusinessIds } from './helpers';

const ADD = (businessId: number | string) => `/api/contact/add-tag/${businessId}`;
const REMOVE = (businessId: number | string) => `/api/contact/remove-tag/${businessId}`;
const LIST = (businessId: number) => `/api/contact/get-contacts/${businessId}`;
const NOT_FOUND = (count: number) => `${count} of the selected contacts ${count === 1 ? 'was' : 'were'} not found; nothing was changed.`;

let testApp: TestApp;
let owner: ApiClient;
let businessId: number;
let stranger: ApiClient;
let strangersBusinessId: number;

beforeAll(async () => {
  ({ testApp, owner, businessId, stranger, strangersBusinessId } = await startOwnerAndStranger());
});
afterAll(() => testApp?.close());

async function createContact(inBusiness: number, tags = '', client = owner): Promise<Contact> {
  const response = await client.post('/api/contact/create-new-contact', {
    firstName: 'Tia',
    lastName: 'Tagged',
    email: `tia.${randomUUID()}@example.com`,
    phoneNumber: '4915112345678',
    birthDate: '1988-04-12',
    gender: 'FEMALE',
    tags,
    businessId: inBusiness,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function listed(inBusiness: number, client = owner) {
  const response = await client.get(LIST(inBusiness));
  expect(response.statusCode, response.body).toBe(200);
  return { contacts: response.json() as Contact[], revision: Number(response.headers[CONTACTS_REVISION_HEADER]) };
}

const tagsOf = async (inBusiness: number, client = owner) =>
  Object.fromEntries((await listed(inBusiness, client)).contacts.map((contact) => [contact.id, contact.tags]));

describe('add-tag and remove-tag', () => {
  it('adds a tag once to each contact, keeps the others, and removes it again; the list and its delta show it', async () => {
    const business = (await owner.createBusiness()).id;
    const [plain, tagged, already] = [await createContact(business), await createContact(business, 'regular'), await createContact(business, 'vip,VIP Gold')];
    const before = await listed(business);

    const added = await owner.put(ADD(business), { contactIds: [plain.id, tagged.id, already.id, plain.id], tag: '  VIP Gold ' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ changed: 2, unchanged: 1, full: 0 });
    expect(await tagsOf(business)).toEqual({ [plain.id]: 'VIP Gold', [tagged.id]: 'regular,VIP Gold', [already.id]: 'vip,VIP Gold' });

    // The list the browser holds catches up through its delta: the two changed contacts, with their new tags.
    const delta = (await owner.get(`${LIST(business)}?since=${before.revision}`)).json() as ContactsDelta;
    expect(delta.revision).toBeGreaterThan(before.revision);
    expect(delta.contacts.map((contact) => [contact.id, contact.tags])).toEqual([
      [plain.id, 'VIP Gold'],
      [tagged.id, 'regular,VIP Gold'],
    ]);
    expect(delta.deletedIds).toEqual([]);

    // Again: nothing to change, and the revision stays.
    const afterAdd = await listed(business);
    expect((await owner.put(ADD(business), { contactIds: [plain.id, tagged.id], tag: 'VIP Gold' })).json()).toEqual({ changed: 0, unchanged: 2, full: 0 });
    expect((await listed(business)).revision).toBe(afterAdd.revision);

    const removed = await owner.put(REMOVE(business), { contactIds: [plain.id, tagged.id, already.id], tag: 'VIP Gold' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ changed: 3, unchanged: 0, full: 0 });
    expect(await tagsOf(business)).toEqual({ [plain.id]: '', [tagged.id]: 'regular', [already.id]: 'vip' });
    // A tag is matched as written: 'vip' is not 'VIP Gold', nor is 'VIP' 'vip'.
    expect((await owner.put(REMOVE(business), { contactIds: [already.id], tag: 'VIP' })).json()).toEqual({ changed: 0, unchanged: 1, full: 0 });
    expect(await tagsOf(business)).toEqual({ [plain.id]: '', [tagged.id]: 'regular', [already.id]: 'vip' });
  });

  it('skips a contact that has 50 tags already and says so', async () => {
    const business = (await owner.createBusiness()).id;
    const fifty = Array.from({ length: 50 }, (_, i) => `t${i}`).join(',');
    const [full, fullWithTag, roomy] = [await createContact(business, fifty), await createContact(business, fifty.replace('t49', 'new')), await createContact(business, 'a')];
    const response = await owner.put(ADD(business), { contactIds: [full.id, fullWithTag.id, roomy.id], tag: 'new' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ changed: 1, unchanged: 1, full: 1 });
    expect(await tagsOf(business)).toEqual({ [full.id]: fifty, [fullWithTag.id]: fifty.replace('t49', 'new'), [roomy.id]: 'a,new' });
  });

  it("refuses ids of another business, the owner's own other one too, or unknown ones, and changes nothing", async () => {
    const otherOfOwner = (await owner.createBusiness()).id;
    const mine = await createContact(businessId, 'old');
    const ownersElsewhere = await createContact(otherOfOwner, 'old');
    const strangers = await createContact(strangersBusinessId, 'old', stranger);
    const before = { mine: await listed(businessId), other: await listed(otherOfOwner), stranger: await listed(strangersBusinessId, stranger) };

    for (const url of [ADD(businessId), REMOVE(businessId)]) {
      for (const tag of ['new', 'old']) {
        expectError(await owner.put(url, { contactIds: [mine.id, strangers.id], tag }), 404, NOT_FOUND(1));
        expectError(await owner.put(url, { contactIds: [mine.id, ownersElsewhere.id], tag }), 404, NOT_FOUND(1));
        expectError(await owner.put(url, { contactIds: [mine.id, 2_000_000_000, 2_000_000_001], tag }), 404, NOT_FOUND(2));
        // The stranger through their own business, naming the owner's contact.
        expectError(await stranger.put(url.replace(String(businessId), String(strangersBusinessId)), { contactIds: [mine.id], tag }), 404, NOT_FOUND(1));
      }
    }
    expect(await listed(businessId)).toEqual(before.mine);
    expect(await listed(otherOfOwner)).toEqual(before.other);
    expect(await listed(strangersBusinessId, stranger)).toEqual(before.stranger);
  });

  it.each(unreachableBusinessIds(() => strangersBusinessId))('answers 404 for %s', async (_title, target) => {
    const contact = await createContact(businessId);
    for (const url of [ADD(target()), REMOVE(target())]) expectError(await owner.put(url, { contactIds: [contact.id], tag: 'vip' }), 404, 'Business not found.');
    expect((await tagsOf(businessId))[contact.id]).toBe('');
  });

  it.each([
    ['missing', undefined, 'Tag is required'],
    ['empty', '', 'Tag is required'],
    ['only spaces', '   ', 'Tag is required'],
    ['not text', 5, 'Tag is required'],
    ['longer than 50 characters', 'x'.repeat(51), 'Tag must not exceed 50 characters'],
    ['with a comma', 'vip,gold', 'A tag must not contain a comma'],
    ['with a control character', 'vip\u0007', 'Tag must not contain control characters (such as NUL or escape)'],
  ])('answers 400 naming the field for a tag %s, and changes nothing', async (_title, tag, message) => {
    const contact = await createContact(businessId, 'kept');
    for (const url of [ADD(businessId), REMOVE(businessId)]) expectFieldError(await owner.put(url, { contactIds: [contact.id], tag }), 'tag', message);
    expect((await tagsOf(businessId))[contact.id]).toBe('kept');
  });

  it('answers 400 for a bad list of ids, as delete and check-in do', async () => {
    expectFieldError(await owner.put(ADD(businessId), { contactIds: [], tag: 'vip' }), 'contactIds', 'Select at least one contact.');
    expectFieldError(await owner.put(REMOVE(businessId), { contactIds: [1, -2], tag: 'vip' }), 'contactIds', 'Contact ids must be a list of positive whole numbers.');
  });

  it('leaves an opt-out as it is: status and suppression stay', async () => {
    const business = (await owner.createBusiness()).id;
    const contact = await createContact(business);
    await testApp.app.db.update(contacts).set({ status: 'UNSUBSCRIBED' }).where(eq(contacts.id, contact.id));
    await testApp.app.db.insert(suppressions).values({ businessId: business, channel: 'EMAIL', address: contact.email!, reason: 'unsubscribed' });
    expect((await owner.put(ADD(business), { contactIds: [contact.id], tag: 'vip' })).json()).toEqual({ changed: 1, unchanged: 0, full: 0 });
    expect((await owner.put(REMOVE(business), { contactIds: [contact.id], tag: 'vip' })).json()).toEqual({ changed: 1, unchanged: 0, full: 0 });
    expect((await listed(business)).contacts).toEqual([{ ...contact, status: 'UNSUBSCRIBED' }]);
    const kept = await testApp.app.db.select().from(suppressions).where(inArray(suppressions.businessId, [business]));
    expect(kept.map((row) => [row.address, row.reason])).toEqual([[contact.email, 'unsubscribed']]);
  });

  it('answers 401 without a session', async () => {
    const contact = await createContact(businessId);
    expectError(await new ApiClient(testApp.app).put(ADD(businessId), { contactIds: [contact.id], tag: 'vip' }), 401, /sign in again/);
    expect((await tagsOf(businessId))[contact.id]).toBe('');
  });
});
