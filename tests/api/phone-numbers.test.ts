import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPhoneNumber } from '#domain/phone-numbers';
import { migrateData } from '../../server/db/data-migrations';
import { contacts, dataMigrations } from '../../server/db/schema';
import type { ApiClient, TestApp } from '../support/test-app';
import { expectFieldError, startSignedInOwner } from './helpers';

const CREATE = '/api/contact/create-new-contact';

let testApp: TestApp;
let owner: ApiClient;

beforeAll(async () => {
  ({ testApp, owner } = await startSignedInOwner());
});
afterAll(() => testApp?.close());

const contactForm = (phoneNumber: string, businessId: number) => ({
  firstName: 'Ana',
  lastName: 'Horvat',
  email: `ana.${randomUUID()}@example.com`,
  phoneNumber,
  birthDate: '1990-03-04',
  gender: 'FEMALE',
  businessId,
});

const businessIn = async (country: string) => (await owner.createBusiness({ name: `Shop in ${country}`, country })).id;

describe('phone numbers are stored in international form', () => {
  it.each([
    ['Croatia', '0912345678', '385912345678'],
    ['United Kingdom', '07911123456', '447911123456'],
    ['United States', '4155552671', '14155552671'],
    // Already international (the form before numbers were read nationally): kept as it is.
    ['Croatia', '4915112345678', '4915112345678'],
  ])('a business in %s: %s is stored as %s', async (country, typed, stored) => {
    const response = await owner.post(CREATE, contactForm(typed, await businessIn(country)));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().phoneNumber).toBe(stored);
  });

  it('refuses a number valid in no country with the reason under the field, and stores nothing', async () => {
    const businessId = await businessIn('Croatia');
    const form = contactForm('123456789', businessId);
    expectFieldError(
      await owner.post(CREATE, form),
      'phoneNumber',
      'Phone number is not a valid number in Croatia, nor with a country code (such as 092 123 4567 or +385 92 123 4567).',
    );
    expect(await testApp.app.db.select().from(contacts).where(eq(contacts.email, form.email))).toEqual([]);
  });

  it('imports national numbers read in the business country, and a contact with an unreadable one without it, with the reason', async () => {
    const businessId = await businessIn('Croatia');
    const csv = [
      'First name,Last name,Email,Phone number,Birth date',
      `Ana,Horvat,${randomUUID()}@example.com,091 234 5678,1990-03-04`,
      `Ivo,Kovač,${randomUUID()}@example.com,+44 7911 123456,1990-03-04`,
      `Eva,Novak,${randomUUID()}@example.com,123456789,1990-03-04`,
    ].join('\n');
    const response = await owner.post('/api/contact/import-contacts', { businessId, file: Buffer.from(csv).toString('base64') });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      created: 3,
      updated: 0,
      rejected: [],
      rejectedCount: 0,
      warned: [{ row: 4, warnings: ['Not imported: Phone number is not a valid number in Croatia, nor with a country code (such as 092 123 4567 or +385 92 123 4567).'] }],
      warnedCount: 1,
    });
    const stored = await testApp.app.db.select({ phone: contacts.phoneNumber }).from(contacts).where(eq(contacts.businessId, businessId));
    expect(stored.map((row) => row.phone).sort()).toEqual(['385912345678', '447911123456', null]);
  });

  it('migrates existing contacts: national numbers become international, unreadable ones get their reason', async () => {
    const businessId = await businessIn('Croatia');
    // As stored before: digits as typed, read by nobody.
    await testApp.app.db.execute(sql`update businesses set region = null where id = ${businessId}`);
    const [national, unreadable, international] = await testApp.app.db
      .insert(contacts)
      .values(
        ['0912345678', '0000000000', '4915112345678'].map((phoneNumber, i) => ({
          businessId,
          firstName: `C${i}`,
          lastName: 'Old',
          email: `old${i}.${randomUUID()}@example.com`,
          phoneNumber,
          birthDate: '1980-01-01',
          gender: 'MALE' as const,
        })),
      )
      .returning({ id: contacts.id });
    await testApp.app.db.delete(dataMigrations).where(eq(dataMigrations.name, '0007_phone_numbers_international'));
    await migrateData(testApp.app.db);

    const read = async (id: number) =>
      (await testApp.app.db.select({ phone: contacts.phoneNumber, problem: contacts.phoneProblem }).from(contacts).where(eq(contacts.id, id)))[0];
    expect(await read(national!.id)).toEqual({ phone: '385912345678', problem: null });
    expect(await read(international!.id)).toEqual({ phone: '4915112345678', problem: null });
    expect(await read(unreadable!.id)).toEqual({
      phone: '0000000000',
      problem: 'Phone number is not a valid number in Croatia, nor with a country code (such as 092 123 4567 or +385 92 123 4567).',
    });
    // Done once: a second run changes nothing.
    await testApp.app.db.update(contacts).set({ phoneNumber: '0912345678' }).where(eq(contacts.id, national!.id));
    await migrateData(testApp.app.db);
    expect((await read(national!.id))!.phone).toBe('0912345678');
  });
});

describe('readPhoneNumber', () => {
  it.each([
    ['+385 91 234 5678', null, '385912345678'],
    ['00385912345678', 'DE', '385912345678'],
    ['(415) 555-2671', 'US', '14155552671'],
    ['015112345678', 'DE', '4915112345678'],
    ['0612345678', 'FR', '33612345678'],
  ])('%s in %s is %s', (text, region, digits) => {
    expect(readPhoneNumber(text, region)).toEqual({ digits });
  });

  it.each([
    ['+0912345678', null],
    ['0912345678', null],
    ['12', 'US'],
  ])('%s in %s cannot be read', (text, region) => {
    expect(readPhoneNumber(text, region)).toHaveProperty('problem');
  });
});
