import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../server/db/schema';
import { contactAnswerSchema, type Contact } from '#domain';
import { ApiClient, type TestApp } from '../support/test-app';
import { expectError, expectFieldError, startOwnerAndStranger, unreachableBusinessIds } from './helpers';

const LIST = (businessId: number | string) => `/api/contact/get-contacts/${businessId}`;
const CREATE = '/api/contact/create-new-contact';
const DELETE = '/api/contact/delete-contacts';
const CHECK_IN = '/api/contact/check-in-contacts';
const DUPLICATE = 'A contact with this email address already exists in this business.';

let testApp: TestApp;
let owner: ApiClient;
let businessId: number;
let stranger: ApiClient;
let strangersBusinessId: number;

beforeAll(async () => {
  ({ testApp, owner, businessId, stranger, strangersBusinessId } = await startOwnerAndStranger());
});
afterAll(() => testApp?.close());

/** A valid contact form whose email no other test (or run) uses. */
const validContact = () => ({
  firstName: 'Anna',
  lastName: 'Schmidt',
  email: `anna.${randomUUID()}@example.com`,
  phoneNumber: '4915112345678',
  birthDate: '1988-04-12',
  gender: 'FEMALE',
  tags: 'vip,newsletter',
});
type ContactForm = ReturnType<typeof validContact>;

async function createContact(client: ApiClient, inBusiness: number, overrides: Partial<ContactForm> = {}): Promise<Contact> {
  const response = await client.post(CREATE, { ...validContact(), ...overrides, businessId: inBusiness });
  if (response.statusCode !== 201) throw new Error(`create contact failed: ${response.body}`);
  return response.json();
}

async function listContacts(client: ApiClient, inBusiness: number): Promise<Contact[]> {
  const response = await client.get(LIST(inBusiness));
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const storedContactsWithEmail = (email: string) =>
  testApp.app.db.select().from(contacts).where(eq(contacts.email, email));

type Case = { title: string; field: keyof ContactForm; value: string | undefined; message: string };

/** Spec section 5, contact form. */
const invalidContacts: Case[] = [
  { title: 'first name missing', field: 'firstName', value: undefined, message: 'First name is required' },
  { title: 'first name blank', field: 'firstName', value: '   ', message: 'First name is required' },
  { title: 'first name too long', field: 'firstName', value: 'x'.repeat(51), message: 'First name must not exceed 50 characters' },
  { title: 'last name missing', field: 'lastName', value: undefined, message: 'Last name is required' },
  { title: 'last name empty', field: 'lastName', value: '', message: 'Last name is required' },
  { title: 'last name too long', field: 'lastName', value: 'x'.repeat(51), message: 'Last name must not exceed 50 characters' },
  { title: 'email missing', field: 'email', value: undefined, message: 'Email is required' },
  { title: 'email empty', field: 'email', value: '', message: 'Email is required' },
  { title: 'email without domain', field: 'email', value: 'anna@', message: 'Invalid email address' },
  { title: 'email without @', field: 'email', value: 'anna.example.com', message: 'Invalid email address' },
  { title: 'phone missing', field: 'phoneNumber', value: undefined, message: 'Phone number is required' },
  { title: 'phone empty', field: 'phoneNumber', value: '', message: 'Phone number is required' },
  // Typed numbers are read in the business's country (Germany); the reason says how one looks.
  { title: 'phone of 8 digits', field: 'phoneNumber', value: '12345678', message: 'Phone number is not a valid number in Germany, nor with a country code (such as 01512 3456789 or +49 1512 3456789).' },
  { title: 'phone of 16 digits', field: 'phoneNumber', value: '1'.repeat(16), message: 'Phone number is not a valid number in Germany, nor with a country code (such as 01512 3456789 or +49 1512 3456789).' },
  { title: 'phone one digit short after +49', field: 'phoneNumber', value: '+49 (151) 234 56 78', message: 'Phone number is not a valid number in Germany (+49); numbers there look like +49 1512 3456789.' },
  { title: 'phone with an unknown country code', field: 'phoneNumber', value: '+999 1234 5678', message: 'Phone number does not start with a known country code (such as +44 7911 123456).' },
  { title: 'phone with letters', field: 'phoneNumber', value: '49151abc45678', message: 'Phone number must be in correct format.' },
  { title: 'birth date missing', field: 'birthDate', value: undefined, message: 'A date of birth is required.' },
  { title: 'birth date empty', field: 'birthDate', value: '', message: 'A date of birth is required.' },
  { title: 'birth date not a day', field: 'birthDate', value: '1990-02-30', message: 'A date of birth is required.' },
  { title: 'birth date not ISO', field: 'birthDate', value: '12.04.1988', message: 'A date of birth is required.' },
  { title: 'birth date in the future', field: 'birthDate', value: `${new Date().getUTCFullYear() + 1}-01-01`, message: 'The date of birth must lie within the last 100 years.' },
  { title: 'gender missing', field: 'gender', value: undefined, message: 'Gender is required' },
  { title: 'gender empty', field: 'gender', value: '', message: 'Gender is required' },
  { title: 'gender unknown', field: 'gender', value: 'OTHER', message: 'Gender must be one of: Male, Female, Not specified' },
  { title: 'gender as label', field: 'gender', value: 'Male', message: 'Gender must be one of: Male, Female, Not specified' },
  {
    title: '51 tags',
    field: 'tags',
    value: Array.from({ length: 51 }, (_, i) => `tag${i}`).join(','),
    message: 'A contact can have at most 50 tags',
  },
];

describe('create-new-contact validation (spec section 5, contact form)', () => {
  it.each(invalidContacts)('$title → 400 "$message" and nothing stored', async ({ field, value, message }) => {
    const contact = validContact();
    const payload: Record<string, unknown> = { ...contact, businessId, [field]: value };
    if (value === undefined) delete payload[field];

    const before = (await listContacts(owner, businessId)).length;
    expectFieldError(await owner.post(CREATE, payload), field, message);
    expect(await listContacts(owner, businessId)).toHaveLength(before);
    expect(await storedContactsWithEmail(contact.email)).toEqual([]);
  });

  it.each([
    ['firstName', 'x'.repeat(15)],
    ['lastName', 'y'.repeat(15)],
    ['phoneNumber', '4915112345678'],
    ['phoneNumber', '385912345678'],
    ['gender', 'MALE'],
    ['gender', 'NOT_SPECIFIED'],
    ['birthDate', `${new Date().getUTCFullYear() - 100}-01-01`],
  ])('%s = %s is accepted', async (field, value) => {
    const created = await createContact(owner, businessId, { [field]: value });
    expect(created[field as keyof Contact]).toBe(value);
  });

  it('stores tags trimmed, without empties or duplicates, comma-joined; 50 tags are accepted', async () => {
    expect((await createContact(owner, businessId, { tags: ' vip , new,,vip, regular ' })).tags).toBe('vip,new,regular');
    const fifty = Array.from({ length: 50 }, (_, i) => `tag${i}`);
    expect((await createContact(owner, businessId, { tags: [...fifty, 'tag0'].join(', ') })).tags).toBe(fifty.join(','));
    const withoutTags: Record<string, unknown> = { ...validContact(), businessId };
    delete withoutTags.tags;
    const response = await owner.post(CREATE, withoutTags);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().tags).toBe('');
  });

  it('names every failing field at once', async () => {
    const response = await owner.post(CREATE, { businessId });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      phoneNumber: 'Phone number is required',
      birthDate: 'A date of birth is required.',
      gender: 'Gender is required',
    });
  });

  it.each([
    ['missing', undefined, 'Business is required'],
    ['a string', String(1), 'Business id must be a positive whole number'],
    ['zero', 0, 'Business id must be a positive whole number'],
    ['a fraction', 1.5, 'Business id must be a positive whole number'],
  ])('businessId %s → 400', async (_title, value, message) => {
    const payload: Record<string, unknown> = { ...validContact(), businessId: value };
    if (value === undefined) delete payload.businessId;
    expectFieldError(await owner.post(CREATE, payload), 'businessId', message);
  });
});

describe('create-new-contact', () => {
  it('answers 201 with the new ACTIVE contact, which the list then shows', async () => {
    const contact = validContact();
    const response = await owner.post(CREATE, { ...contact, firstName: '  Anna ', businessId });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toEqual({
      id: expect.any(Number),
      ...contact,
      status: 'ACTIVE',
      lastVisited: null,
      businessId,
    });
    expect((await listContacts(owner, businessId)).find((listed) => listed.id === created.id)).toEqual(created);
  });

  it('refuses an email already in the business, whatever its case, with 409', async () => {
    const first = await createContact(owner, businessId);
    const again = await owner.post(CREATE, { ...validContact(), email: first.email!.toUpperCase(), businessId });
    expectError(again, 409, DUPLICATE);
    expect(await storedContactsWithEmail(first.email!.toUpperCase())).toEqual([]);
  });

  it('allows the same email in another business', async () => {
    const first = await createContact(owner, businessId);
    const otherBusiness = (await owner.createBusiness()).id;
    const second = await createContact(owner, otherBusiness, { email: first.email! });
    expect(second.businessId).toBe(otherBusiness);
  });

  it('one of two simultaneous creations with the same email wins, the other gets 409', async () => {
    const email = validContact().email;
    const answers = await Promise.all([
      owner.post(CREATE, { ...validContact(), email, businessId }),
      owner.post(CREATE, { ...validContact(), email: email.toUpperCase(), businessId }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });

  it("answers 404 for another owner's business, or one that does not exist, and stores nothing", async () => {
    for (const target of [strangersBusinessId, 2_000_000_000, 99_999_999_999]) {
      const contact = validContact();
      expectError(await owner.post(CREATE, { ...contact, businessId: target }), 404, 'Business not found.');
      expect(await storedContactsWithEmail(contact.email)).toEqual([]);
    }
  });

  it('answers 401 without a session', async () => {
    const contact = validContact();
    expectError(await new ApiClient(testApp.app).post(CREATE, { ...contact, businessId }), 401, /sign in again/);
    expect(await storedContactsWithEmail(contact.email)).toEqual([]);
  });
});

describe('get-contacts', () => {
  it('answers an empty array for a business without contacts', async () => {
    const empty = (await owner.createBusiness()).id;
    const response = await owner.get(LIST(empty));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toBe('[]');
  });

  it('lists every contact of the business in id order, with the spec fields only', async () => {
    const business = (await owner.createBusiness()).id;
    const made = [];
    for (let i = 0; i < 3; i += 1) made.push(await createContact(owner, business, { gender: ['MALE', 'FEMALE', 'NOT_SPECIFIED'][i] }));
    // As an import writes a row without birth date or phone number.
    await testApp.app.db.insert(contacts).values({ businessId: business, firstName: 'Ines', lastName: 'Ortiz', email: 'ines.ortiz@example.com', gender: 'NOT_SPECIFIED' });
    made.push((await listContacts(owner, business)).at(-1)!);
    expect(made.at(-1)).toMatchObject({ firstName: 'Ines', birthDate: null, phoneNumber: null, lastVisited: null });
    await createContact(owner, businessId);
    const listed = await listContacts(owner, business);
    expect(listed).toEqual(made);
    // The list is written from the api_json column (kept by triggers, for speed): each row is the
    // answer the domain's schema describes (and the OpenAPI document shows), nothing more.
    for (const row of listed) expect(contactAnswerSchema.parse(row)).toEqual(row);
    expect(Object.keys(listed[0]!).sort()).toEqual(
      ['id', 'firstName', 'lastName', 'email', 'phoneNumber', 'birthDate', 'gender', 'status', 'tags', 'lastVisited', 'businessId'].sort(),
    );
  });

  it('is compressed when the browser accepts gzip', async () => {
    const business = (await owner.createBusiness()).id;
    for (let i = 0; i < 20; i += 1) await createContact(owner, business);
    const response = await owner.request('GET', LIST(business), undefined, { 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString())).toHaveLength(20);
  });

  it.each(unreachableBusinessIds(() => strangersBusinessId))('answers 404 for %s', async (_title, target) => {
    expectError(await owner.get(LIST(target())), 404, 'Business not found.');
  });

  it('answers 401 without a session', async () => {
    expectError(await new ApiClient(testApp.app).get(LIST(businessId)), 401, /sign in again/);
  });
});

describe('delete-contacts and check-in-contacts', () => {
  it('delete removes exactly the selected contacts and answers how many', async () => {
    const business = (await owner.createBusiness()).id;
    const [a, b, c] = [await createContact(owner, business), await createContact(owner, business), await createContact(owner, business)];
    const response = await owner.delete(DELETE, { contactIds: [a!.id, c!.id, a!.id] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ deleted: 2 });
    expect((await listContacts(owner, business)).map((contact) => contact.id)).toEqual([b!.id]);
  });

  it('check-in sets lastVisited to now on exactly the selected contacts', async () => {
    const business = (await owner.createBusiness()).id;
    const [a, b] = [await createContact(owner, business), await createContact(owner, business)];
    const before = Date.now();
    const response = await owner.patch(CHECK_IN, { contactIds: [b!.id] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ checkedIn: 1 });
    const listed = await listContacts(owner, business);
    expect(listed[0]!.lastVisited).toBeNull();
    const lastVisited = listed[1]!.lastVisited!;
    expect(lastVisited).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(lastVisited)).toBeGreaterThanOrEqual(before - 2000);
    expect(Date.parse(lastVisited)).toBeLessThanOrEqual(Date.now() + 2000);
    expect(listed[1]).toEqual({ ...b, lastVisited });
    expect(listed[0]).toEqual(a);
  });

  it('works across several of the owner’s businesses at once', async () => {
    const first = (await owner.createBusiness()).id;
    const second = (await owner.createBusiness()).id;
    const ids = [(await createContact(owner, first)).id, (await createContact(owner, second)).id];
    expect((await owner.patch(CHECK_IN, { contactIds: ids })).json()).toEqual({ checkedIn: 2 });
    expect((await owner.delete(DELETE, { contactIds: ids })).json()).toEqual({ deleted: 2 });
    expect([...(await listContacts(owner, first)), ...(await listContacts(owner, second))]).toEqual([]);
  });

  describe.each([
    ['delete', (client: ApiClient, body: unknown) => client.delete(DELETE, body)],
    ['check in', (client: ApiClient, body: unknown) => client.patch(CHECK_IN, body)],
  ])('%s', (_action, send) => {
    it("refuses with 404 when any id is another owner's or unknown, and changes nothing", async () => {
      const mine = [await createContact(owner, businessId), await createContact(owner, businessId)];
      const theirs = await createContact(stranger, strangersBusinessId);
      const ownersBefore = await listContacts(owner, businessId);
      const strangersBefore = await listContacts(stranger, strangersBusinessId);

      expectError(
        await send(owner, { contactIds: [mine[0]!.id, theirs.id, mine[1]!.id] }),
        404,
        '1 of the selected contacts was not found; nothing was changed.',
      );
      expectError(
        await send(owner, { contactIds: [mine[0]!.id, 2_000_000_000, 2_000_000_001] }),
        404,
        '2 of the selected contacts were not found; nothing was changed.',
      );
      // An id beyond the id column names no contact anywhere: refused as a malformed list.
      expectFieldError(await send(owner, { contactIds: [mine[0]!.id, 99_999_999_999] }), 'contactIds', 'Contact ids must be a list of positive whole numbers.');
      expectError(await send(stranger, { contactIds: [mine[0]!.id] }), 404, '1 of the selected contacts was not found; nothing was changed.');

      expect(await listContacts(owner, businessId)).toEqual(ownersBefore);
      expect(await listContacts(stranger, strangersBusinessId)).toEqual(strangersBefore);
    });

    it.each([
      ['missing', {}, 'Select at least one contact.'],
      ['empty', { contactIds: [] }, 'Select at least one contact.'],
      ['not a list', { contactIds: 5 }, 'Contact ids must be a list of positive whole numbers.'],
      ['with a text id', { contactIds: [1, '2'] }, 'Contact ids must be a list of positive whole numbers.'],
      ['with a negative id', { contactIds: [1, -2] }, 'Contact ids must be a list of positive whole numbers.'],
      ['with a fraction', { contactIds: [1.5] }, 'Contact ids must be a list of positive whole numbers.'],
      ['too long', { contactIds: Array.from({ length: 200_001 }, (_, i) => i + 1) }, 'At most 200,000 contacts can be changed at once.'],
    ])('answers 400 for contactIds %s', async (_title, body, message) => {
      expectFieldError(await send(owner, body), 'contactIds', message);
    });

    it('answers 401 without a session', async () => {
      const contact = await createContact(owner, businessId);
      expectError(await send(new ApiClient(testApp.app), { contactIds: [contact.id] }), 401, /sign in again/);
      expect((await listContacts(owner, businessId)).find((listed) => listed.id === contact.id)).toEqual(contact);
    });
  });
});

describe('create-new-contact and update-contact: numbers as people type them', () => {
  it.each([
    ['+49 151 2345 6789', '4915123456789'],
    ['030 12345678', '493012345678'],
    ['(0151) 2345-6789', '4915123456789'],
    ['0049 151 2345 6789', '4915123456789'],
  ])('in a business in Germany, "%s" is stored as %s', async (typed, stored) => {
    expect((await createContact(owner, businessId, { phoneNumber: typed })).phoneNumber).toBe(stored);
  });

  it('accepts names of 50 characters (the spec’s 15 refuse real names)', async () => {
    const contact = await createContact(owner, businessId, { firstName: 'Maria-Magdalena Anna', lastName: 'Schneider-Hohenzollern von Brandenburg-Ansbach-Bay' });
    expect(contact.lastName).toHaveLength(50);
  });
});

describe('update-contact: a contact imported without some fields', () => {
  const UPDATE = (id: number) => `/api/contact/update-contact/${id}`;

  /** A contact with a first name and a phone number only, as an import may bring it. */
  async function importedWithPhoneOnly(): Promise<Contact> {
    const file = `First name,Phone\nOnly${randomUUID().slice(0, 6)},0151 ${String(Date.now()).slice(-8)}\n`;
    const response = await owner.post('/api/contact/import-contacts', { businessId, file: Buffer.from(file).toString('base64') });
    expect(response.json()).toMatchObject({ created: 1 });
    const list = await listContacts(owner, businessId);
    return list.at(-1)!;
  }

  it('asks for no field the contact did not have: its number is fixed without a birthday, a last name or an email', async () => {
    const contact = await importedWithPhoneOnly();
    expect(contact).toMatchObject({ lastName: '', email: null, birthDate: null });
    const response = await owner.put(UPDATE(contact.id), {
      firstName: contact.firstName,
      lastName: '',
      email: '',
      phoneNumber: '+49 151 9876 5432',
      birthDate: null,
      gender: 'NOT_SPECIFIED',
      tags: '',
      businessId,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: contact.id, lastName: '', email: null, phoneNumber: '4915198765432', birthDate: null });
  });

  it('never blanks a field the contact has', async () => {
    const contact = await importedWithPhoneOnly();
    const form = { firstName: contact.firstName, lastName: '', email: null, phoneNumber: '', birthDate: null, gender: 'NOT_SPECIFIED', businessId };
    expectFieldError(await owner.put(UPDATE(contact.id), form), 'phoneNumber', 'Phone number is required');
    expectFieldError(await owner.put(UPDATE(contact.id), { ...form, phoneNumber: contact.phoneNumber, firstName: ' ' }), 'firstName', 'First name is required');
    expect((await listContacts(owner, businessId)).find((listed) => listed.id === contact.id)).toEqual(contact);
  });

  it('a contact that has every field keeps the create form’s rules', async () => {
    const contact = await createContact(owner, businessId);
    const form = { ...validContact(), email: contact.email, businessId };
    expectFieldError(await owner.put(UPDATE(contact.id), { ...form, birthDate: '' }), 'birthDate', 'A date of birth is required.');
    expectFieldError(await owner.put(UPDATE(contact.id), { ...form, email: '' }), 'email', 'Email is required');
    expectFieldError(await owner.put(UPDATE(contact.id), { ...form, lastName: 'x'.repeat(51) }), 'lastName', 'Last name must not exceed 50 characters');
  });
});
