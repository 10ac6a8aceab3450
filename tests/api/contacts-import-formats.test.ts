import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contact, ImportContactsResult, ImportMappingQuestion } from '#domain';
import { readDate, fileDateOrder } from '../../server/contacts/import-values';
import { ApiClient, type TestApp } from '../support/test-app';
import { expectError, startSignedInOwner } from './helpers';

/**
 * The exports owners bring from their current tools, hand-written in tests/fixtures/imports from
 * each tool's real header row and the values it writes, imported without renaming anything.
 */

const IMPORT = '/api/contact/import-contacts';
const fixture = (name: string) => readFileSync(new URL(`../fixtures/imports/${name}`, import.meta.url));
const noYear = (text: string) => `Birth date "${text}" has no year; the contact form needs the full date of birth (day, month and year).`;

let testApp: TestApp;
let owner: ApiClient;
beforeAll(async () => {
  ({ testApp, owner } = await startSignedInOwner());
});
afterAll(() => testApp?.close());

const businessIn = async (country: string) => (await owner.createBusiness({ name: `Shop in ${country}`, country })).id;
const send = (businessId: number, file: Buffer | string, extra: Record<string, unknown> = {}) =>
  owner.post(IMPORT, { businessId, file: Buffer.from(file).toString('base64'), ...extra });

async function importInto(country: string, file: Buffer | string, extra: Record<string, unknown> = {}) {
  const businessId = await businessIn(country);
  const response = await send(businessId, file, extra);
  expect(response.statusCode, response.body).toBe(200);
  const list = await owner.get(`/api/contact/get-contacts/${businessId}`);
  const contacts = (list.json() as Contact[]).sort((a, b) => a.id - b.id);
  return { result: response.json() as ImportContactsResult, contacts };
}

type Stored = Pick<Contact, 'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'birthDate'> & Partial<Pick<Contact, 'gender' | 'tags'>>;
const stored = (contacts: Contact[], keys: Array<keyof Stored> = ['firstName', 'lastName', 'email', 'phoneNumber', 'birthDate']) =>
  contacts.map((contact) => Object.fromEntries(keys.map((key) => [key, contact[key]])));

describe('known exports are recognised without questions', () => {
  it('Google Contacts, "Google CSV" (Name, Given Name, Family Name, Phone 1 - Type/Value): the mobile number first, labels as tags', async () => {
    const { result, contacts } = await importInto('Croatia', fixture('google-csv-old.csv'));
    expect(result).toEqual({ created: 2, updated: 0, rejected: [{ row: 3, reasons: [noYear('--07-28')] }], rejectedCount: 1 });
    expect(stored(contacts, ['firstName', 'lastName', 'email', 'phoneNumber', 'birthDate', 'gender', 'tags'])).toEqual([
      { firstName: 'Ana', lastName: 'Horvat', email: 'ana.horvat@gmail.com', phoneNumber: '385912345678', birthDate: '1985-04-12', gender: 'FEMALE', tags: 'Regulars' },
      { firstName: 'Ivana', lastName: 'Babić', email: 'ivana.babic@gmail.com', phoneNumber: '385912345679', birthDate: '1990-11-03', gender: 'NOT_SPECIFIED', tags: '' },
    ]);
  });

  it('Google Contacts, newer "Google CSV" (First Name, Phone 1 - Label/Value)', async () => {
    const { result, contacts } = await importInto('Croatia', fixture('google-csv-new.csv'));
    expect(result).toMatchObject({ created: 2, rejectedCount: 0 });
    expect(stored(contacts)).toEqual([
      { firstName: 'Luka', lastName: 'Perić', email: 'luka.peric@gmail.com', phoneNumber: '385951234567', birthDate: '1979-02-14' },
      { firstName: 'Petra', lastName: 'Jurić', email: 'petra.juric@gmail.com', phoneNumber: '385998765432', birthDate: '1992-09-30' },
    ]);
  });

  it('Google Contacts, "Outlook CSV": Mobile Phone over Home Phone; 28/7/1981 makes the whole file day-first', async () => {
    const { result, contacts } = await importInto('Croatia', fixture('google-outlook-csv.csv'));
    expect(result).toMatchObject({ created: 2, rejectedCount: 0 });
    expect(stored(contacts)).toEqual([
      { firstName: 'Ana', lastName: 'Horvat', email: 'ana.horvat@gmail.com', phoneNumber: '385912345678', birthDate: '1985-12-04' },
      { firstName: 'Marko', lastName: 'Kovač', email: 'marko.kovac@gmail.com', phoneNumber: '385987654321', birthDate: '1981-07-28' },
    ]);
  });

  it('Outlook / Microsoft 365: M/D/YYYY in the US, national numbers, 0/0/00 as no birthday', async () => {
    const { result, contacts } = await importInto('United States', fixture('outlook.csv'));
    expect(result).toEqual({ created: 2, updated: 0, rejected: [{ row: 4, reasons: ['A date of birth is required.'] }], rejectedCount: 1 });
    expect(stored(contacts, ['firstName', 'lastName', 'email', 'phoneNumber', 'birthDate', 'gender'])).toEqual([
      { firstName: 'John', lastName: 'Carter', email: 'john.carter@outlook.com', phoneNumber: '14155550134', birthDate: '1990-12-03', gender: 'MALE' },
      { firstName: 'Mary', lastName: 'Lopez', email: 'mary.lopez@outlook.com', phoneNumber: '14155550177', birthDate: '1984-07-24', gender: 'FEMALE' },
    ]);
  });

  it('Mailchimp audience: Birthday 04/12 is refused for its missing year; a full date field imports, with quoted tags', async () => {
    const { result, contacts } = await importInto('Croatia', fixture('mailchimp.csv'));
    expect(result).toEqual({ created: 2, updated: 0, rejected: [{ row: 2, reasons: [noYear('04/12')] }], rejectedCount: 1 });
    expect(stored(contacts, ['firstName', 'email', 'phoneNumber', 'birthDate', 'tags'])).toEqual([
      { firstName: 'Ivo', email: 'ivo.maric@example.com', phoneNumber: '385981112233', birthDate: '1987-05-19', tags: '' },
      { firstName: 'Lea', email: 'lea.novak@example.com', phoneNumber: '385984445566', birthDate: '1990-11-02', tags: 'Regulars,Newsletter' },
    ]);
  });

  it('Square Customers: brackets, dots and dashes in numbers; 0000-03-21 has no year', async () => {
    const { result, contacts } = await importInto('United States', fixture('square-customers.csv'));
    expect(result).toEqual({ created: 2, updated: 0, rejected: [{ row: 3, reasons: [noYear('0000-03-21')] }], rejectedCount: 1 });
    expect(stored(contacts)).toEqual([
      { firstName: 'Olivia', lastName: 'Brown', email: 'olivia.brown@example.com', phoneNumber: '14155550142', birthDate: '1988-06-15' },
      { firstName: 'Noah', lastName: 'Davis', email: 'noah.davis@example.com', phoneNumber: '14155550144', birthDate: '1975-12-01' },
    ]);
  });

  it('HubSpot contacts: Mobile Phone Number first, else Phone Number', async () => {
    const { result, contacts } = await importInto('United States', fixture('hubspot-contacts.csv'));
    expect(result).toMatchObject({ created: 2, rejectedCount: 0 });
    expect(stored(contacts)).toEqual([
      { firstName: 'Emma', lastName: 'Wilson', email: 'emma.wilson@example.com', phoneNumber: '12125550181', birthDate: '1986-02-27' },
      { firstName: 'James', lastName: 'Taylor', email: 'james.taylor@example.com', phoneNumber: '12125550102', birthDate: '1979-03-14' },
    ]);
  });

  it('an Excel sheet with Name, Surname, E-mail, Mobile, DOB, Sex: day-first dates, month names, serials, genders in any case', async () => {
    const { result, contacts } = await importInto('United Kingdom', fixture('excel-common.csv'));
    expect(result).toMatchObject({ created: 4, rejectedCount: 0 });
    expect(stored(contacts, ['firstName', 'lastName', 'phoneNumber', 'birthDate', 'gender'])).toEqual([
      { firstName: 'Sophie', lastName: 'Turner', phoneNumber: '447911123123', birthDate: '1991-04-03', gender: 'FEMALE' },
      { firstName: 'Oliver', lastName: 'Hughes', phoneNumber: '447911123456', birthDate: '1983-12-25', gender: 'MALE' },
      { firstName: 'Amelia', lastName: 'Clarke', phoneNumber: '447911123789', birthDate: '1990-05-01', gender: 'FEMALE' },
      { firstName: 'Harry', lastName: 'Wood', phoneNumber: '447911123321', birthDate: '1990-01-07', gender: 'NOT_SPECIFIED' },
    ]);
  });

  it('one Full name column is split (last word as last name); Cell, Date of birth with month names', async () => {
    const { result, contacts } = await importInto('United Kingdom', fixture('excel-common-2.csv'));
    expect(result).toEqual({ created: 2, updated: 0, rejected: [{ row: 4, reasons: ['Last name is required'] }], rejectedCount: 1 });
    expect(stored(contacts, ['firstName', 'lastName', 'phoneNumber', 'birthDate'])).toEqual([
      { firstName: 'Grace', lastName: 'Hall', phoneNumber: '447911123111', birthDate: '1985-04-12' },
      { firstName: 'Mary Ann', lastName: 'Lee', phoneNumber: '447911123222', birthDate: '1979-04-03' },
    ]);
  });

  it('an .xlsx workbook with date cells and numbers as numbers', async () => {
    const sheet = XLSX.utils.aoa_to_sheet(
      [
        ['First name', 'Surname', 'E-mail', 'Cell', 'Date of birth', 'Sex'],
        ['Ella', 'Price', 'ella.price@example.co.uk', 447911123654, new Date(Date.UTC(1993, 5, 9)), 'f'],
      ],
      { cellDates: true, UTC: true },
    );
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Customers');
    const { result, contacts } = await importInto('United Kingdom', XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    expect(result).toMatchObject({ created: 1, rejectedCount: 0 });
    expect(stored(contacts, ['firstName', 'lastName', 'phoneNumber', 'birthDate', 'gender'])).toEqual([
      { firstName: 'Ella', lastName: 'Price', phoneNumber: '447911123654', birthDate: '1993-06-09', gender: 'FEMALE' },
    ]);
  });
});

describe('vCard', () => {
  it('vCard 3 (Apple Contacts): N, FN when N is empty, the cell number, BDAY; a birthday without its year is refused', async () => {
    const { result, contacts } = await importInto('Croatia', fixture('contacts-v3.vcf'));
    expect(result).toEqual({ created: 2, updated: 0, rejected: [{ row: 2, reasons: [noYear('--07-28')] }], rejectedCount: 1 });
    expect(stored(contacts, ['firstName', 'lastName', 'email', 'phoneNumber', 'birthDate', 'tags'])).toEqual([
      { firstName: 'Ana', lastName: 'Horvat', email: 'ana.horvat@icloud.com', phoneNumber: '385912345678', birthDate: '1985-04-12', tags: 'Regulars' },
      { firstName: 'Ivana', lastName: 'Babić', email: 'ivana.babic@icloud.com', phoneNumber: '385912345679', birthDate: '1990-11-03', tags: '' },
    ]);
  });

  it('vCard 4 (Android): tel: URIs, TYPE="voice,cell", BDAY as 19790214 and --0930, GENDER', async () => {
    const { result, contacts } = await importInto('Croatia', fixture('contacts-v4.vcf'));
    expect(result).toEqual({ created: 1, updated: 0, rejected: [{ row: 2, reasons: [noYear('--09-30')] }], rejectedCount: 1 });
    expect(stored(contacts, ['firstName', 'lastName', 'phoneNumber', 'birthDate', 'gender'])).toEqual([
      { firstName: 'Luka', lastName: 'Perić', phoneNumber: '385951234567', birthDate: '1979-02-14', gender: 'MALE' },
    ]);
  });

  it('vCard 2.1 (older Android exports): bare TYPE parameters and quoted-printable names', async () => {
    const { result, contacts } = await importInto('Croatia', fixture('contacts-v21-android.vcf'));
    expect(result).toMatchObject({ created: 2, rejectedCount: 0 });
    expect(stored(contacts)).toEqual([
      { firstName: 'Marko', lastName: 'Kovač', email: 'marko.kovac@example.com', phoneNumber: '385987654321', birthDate: '1981-07-28' },
      { firstName: 'Ivana', lastName: 'Babić', email: 'ivana.babic@example.com', phoneNumber: '385912345679', birthDate: '1990-11-03' },
    ]);
  });

  it('a broken vCard is refused whole', async () => {
    expectError(await send(await businessIn('Croatia'), 'BEGIN:VCARD\nVERSION:3.0\nFN:Ana\n'), 400, 'The file could not be read. Import a .csv (UTF-8), .xls, .xlsx or .vcf file.');
  });
});

describe('the mapping step through the API', () => {
  const unknown = ['Kunde,Mail,Handy,Geburtstag,Notiz', 'Anna Schmidt,anna@example.de,0151 12345678,12.04.1988,Stammkundin', 'Ben Okafor,ben@example.de,+49 151 2345 6789,03.11.1975,'].join('\n');

  it('answers missing columns with 400 listing the file’s columns, its first rows and the best guesses', async () => {
    const response = await send(await businessIn('Germany'), unknown);
    expectError(response, 400, /^The file has no First name, Last name, Phone number, Birth date columns\./);
    const details = response.json().details as ImportMappingQuestion;
    expect(details).toEqual({
      columns: ['Kunde', 'Mail', 'Handy', 'Geburtstag', 'Notiz'],
      rows: [
        ['Anna Schmidt', 'anna@example.de', '0151 12345678', '12.04.1988', 'Stammkundin'],
        ['Ben Okafor', 'ben@example.de', '+49 151 2345 6789', '03.11.1975', ''],
      ],
      guesses: { email: 'Mail' },
      dateOrder: { order: 'DMY', decided: false },
    });
  });

  it('imports with `mapping`, a full name split into first and last', async () => {
    const { result, contacts } = await importInto('Germany', unknown, {
      mapping: { fullName: 'Kunde', phoneNumber: 'Handy', birthDate: 'Geburtstag' },
    });
    expect(result).toMatchObject({ created: 2, rejectedCount: 0 });
    expect(stored(contacts)).toEqual([
      { firstName: 'Anna', lastName: 'Schmidt', email: 'anna@example.de', phoneNumber: '4915112345678', birthDate: '1988-04-12' },
      { firstName: 'Ben', lastName: 'Okafor', email: 'ben@example.de', phoneNumber: '4915123456789', birthDate: '1975-11-03' },
    ]);
  });

  it('refuses a mapping naming a column the file does not have, or a field it does not know', async () => {
    const businessId = await businessIn('Germany');
    expectError(await send(businessId, unknown, { mapping: { fullName: 'Customer' } }), 400, 'The column "Customer" chosen for Full name (split into first and last) is not in the file.');
    expectError(await send(businessId, unknown, { mapping: { nickname: 'Kunde' } }), 400, /^Mapping must name a column/);
  });

  it('a mapping of null leaves a recognised column out', async () => {
    const file = ['First name,Last name,Email,Phone,Birthday,Gender', 'Anna,Schmidt,anna@example.de,0151 12345678,1988-04-12,robot'].join('\n');
    const { contacts } = await importInto('Germany', file, { mapping: { gender: null } });
    expect(contacts.map((contact) => contact.gender)).toEqual(['NOT_SPECIFIED']);
  });

  it('ambiguous D/M/YYYY dates follow the business’s country, or the dateOrder chosen', async () => {
    const file = ['First name,Last name,Email,Phone,Birthday', 'Anna,Schmidt,anna@example.de,+4915112345678,04/05/1990'].join('\n');
    expect((await importInto('Germany', file)).contacts[0]!.birthDate).toBe('1990-05-04');
    expect((await importInto('United States', file)).contacts[0]!.birthDate).toBe('1990-04-05');
    expect((await importInto('Germany', file, { dateOrder: 'MDY' })).contacts[0]!.birthDate).toBe('1990-04-05');
  });
});

describe('values as people write them', () => {
  it.each([
    ['1985-04-12', '1985-04-12'],
    ['1985-04-12T00:00:00Z', '1985-04-12'],
    ['19850412', '1985-04-12'],
    ['12.04.1985', '1985-04-12'],
    ['12.04.1985.', '1985-04-12'],
    ['12/4/1985', '1985-04-12'],
    ['12-04-1985', '1985-04-12'],
    ['12 Apr 1985', '1985-04-12'],
    ['12-Apr-1985', '1985-04-12'],
    ['12 April 1985', '1985-04-12'],
    ['Apr 12, 1985', '1985-04-12'],
    ['31149', '1985-04-12'],
  ])('the date %s (day first) is %s', (text, iso) => {
    expect(readDate(text, 'DMY')).toBe(iso);
  });

  it.each(['04/12', '--04-12', '--0412', '0000-04-12', '12.04.', '12 Apr', 'Apr 12'])('%s has no year', (text) => {
    expect(readDate(text, 'DMY')).toEqual({ missingYear: true });
  });

  it('an Excel serial number cell and a date cell', () => {
    expect(readDate(31149, 'DMY')).toBe('1985-04-12');
    expect(readDate(new Date(Date.UTC(1985, 3, 12)), 'MDY')).toBe('1985-04-12');
  });

  it('the order of D/M/YYYY is decided per file by a value that can only be read one way', () => {
    expect(fileDateOrder(['04/05/1990', '13/05/1990'], 'US')).toEqual({ order: 'DMY', decided: true });
    expect(fileDateOrder(['04/05/1990', '05/13/1990'], 'DE')).toEqual({ order: 'MDY', decided: true });
    expect(fileDateOrder(['04/05/1990'], 'US')).toEqual({ order: 'MDY', decided: false });
    expect(fileDateOrder(['04/05/1990', '13/05/1990', '05/13/1990'], 'DE')).toEqual({ order: 'DMY', decided: false });
  });

  it('phones with +, spaces, dashes, dots and brackets are stored as digits; genders in any case', async () => {
    const rows = [
      ['+49 151 1234-5678', 'MALE'],
      ['(0151) 123.456.79', 'woman'],
      ['0049 151 12345680', 'Other'],
      ['+49-151-123-456-81', 'UNKNOWN'],
      ['0151/12345682', ''],
      ['+49.151.1234.5683', 'm'],
    ];
    const file = ['First name,Last name,Email,Phone number,Birth date,Gender', ...rows.map(([phone, gender], i) => `A,B,p${i}@example.de,${phone},1990-01-01,${gender}`)].join('\n');
    const { result, contacts } = await importInto('Germany', file);
    expect(result).toMatchObject({ created: 6, rejectedCount: 0 });
    expect(contacts.map((contact) => [contact.phoneNumber, contact.gender])).toEqual([
      ['4915112345678', 'MALE'],
      ['4915112345679', 'FEMALE'],
      ['4915112345680', 'NOT_SPECIFIED'],
      ['4915112345681', 'NOT_SPECIFIED'],
      ['4915112345682', 'NOT_SPECIFIED'],
      ['4915112345683', 'MALE'],
    ]);
  });
});
