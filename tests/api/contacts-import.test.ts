import { randomBytes, randomUUID } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFailureMessages } from '../../server/contacts/import-contacts';
import { UPSERT_BATCH } from '../../server/contacts/upsert';
import { contacts } from '../../server/db/schema';
import type { Contact, ImportContactsResult } from '#domain';
import { deflated, zip } from '../support/import-files';
import { ApiClient, type TestApp } from '../support/test-app';
import { expectError, expectNoInternals, failWritesOf, startSignedInOwner } from './helpers';

const IMPORT = '/api/contact/import-contacts';
const LIST = (businessId: number) => `/api/contact/get-contacts/${businessId}`;
const HEADER = 'First name,Last name,Email,Phone number,Birth date,Gender,Tags';

let testApp: TestApp;
let owner: ApiClient;

beforeAll(async () => {
  ({ testApp, owner } = await startSignedInOwner());
});
afterAll(() => testApp?.close());

/** A fresh business per test, so each test sees only its own contacts. */
const newBusiness = async (client = owner) => (await client.createBusiness()).id;

const importFile = (businessId: number, file: Buffer | string, client = owner) =>
  client.post(IMPORT, { businessId, file: Buffer.from(file).toString('base64') });

async function importOk(businessId: number, file: Buffer | string): Promise<ImportContactsResult> {
  const response = await importFile(businessId, file);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function listContacts(businessId: number, client = owner): Promise<Contact[]> {
  const response = await client.get(LIST(businessId));
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const storedCount = async (businessId: number) =>
  (await testApp.app.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.businessId, businessId))).length;

/** An email no other row of this run uses. */
const email = (name = 'row') => `${name}.${randomUUID().slice(0, 8)}@example.com`;

const csvLine = (cells: Array<string | number>) => cells.join(',');
const validRow = (overrides: Partial<Record<'first' | 'last' | 'email' | 'phone' | 'birth' | 'gender' | 'tags', string>> = {}) =>
  csvLine([
    overrides.first ?? 'Anna',
    overrides.last ?? 'Schmidt',
    overrides.email ?? email(),
    overrides.phone ?? '4915112345678',
    overrides.birth ?? '1988-04-12',
    overrides.gender ?? 'Female',
    overrides.tags ?? '',
  ]);

function workbook(rows: unknown[][], bookType: 'xlsx' | 'xls'): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet(rows, { cellDates: true, dateNF: 'yyyy-mm-dd', UTC: true });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Contacts');
  return XLSX.write(book, { type: 'buffer', bookType, compression: true });
}

const contentTypes = deflated('[Content_Types].xml', Buffer.from('<?xml version="1.0"?><Types/>'));

describe('the example files', () => {
  it.each([
    ['/files/contacts-import-example.xlsx', /^application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet/],
    ['/files/contacts-import-example.csv', /^text\/csv/],
  ])('%s is served as a download without a session, and imports cleanly', async (path, contentType) => {
    const download = await testApp.app.inject({ method: 'GET', url: path });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toMatch(contentType);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${path.split('/').pop()}"`);

    const businessId = await newBusiness();
    expect(await importOk(businessId, download.rawPayload)).toEqual({ created: 3, updated: 0, rejected: [], rejectedCount: 0, warned: [], warnedCount: 0 });
    const listed = await listContacts(businessId);
    expect(listed.map(({ firstName, lastName, email, phoneNumber, birthDate, gender, tags, status }) =>
      ({ firstName, lastName, email, phoneNumber, birthDate, gender, tags, status }))).toEqual([
      { firstName: 'Anna', lastName: 'Schmidt', email: 'anna.schmidt@example.com', phoneNumber: '4915112345678', birthDate: '1988-04-12', gender: 'FEMALE', tags: 'vip,newsletter', status: 'ACTIVE' },
      // The example shows that a row needs only a name and an email or a phone number.
      { firstName: 'Ben', lastName: 'Okafor', email: 'ben.okafor@example.com', phoneNumber: null, birthDate: null, gender: 'MALE', tags: 'regular', status: 'ACTIVE' },
      { firstName: 'Chloé', lastName: 'Martin', email: null, phoneNumber: '33612345678', birthDate: '1996-07-28', gender: 'NOT_SPECIFIED', tags: '', status: 'ACTIVE' },
    ]);

    // The same file again adds no copies and changes nothing.
    expect(await importOk(businessId, download.rawPayload)).toEqual({ created: 0, updated: 0, rejected: [], rejectedCount: 0, warned: [], warnedCount: 0 });
    expect(await storedCount(businessId)).toBe(3);
  });
});

describe('import-contacts: formats', () => {
  it('reads a CSV with a byte-order mark, semicolons and CRLF line ends', async () => {
    const businessId = await newBusiness();
    const rows = [HEADER.replaceAll(',', ';'), `Zoë;Müller;${email()};4915112345678;1990-05-17;Male;"vip,gold"`, `Ida;Berg;${email()};491511234567;07.05.1991;F;`];
    expect(await importOk(businessId, `\uFEFF${rows.join('\r\n')}\r\n`)).toEqual({ created: 2, updated: 0, rejected: [], rejectedCount: 0, warned: [], warnedCount: 0 });
    expect((await listContacts(businessId)).map((c) => [c.firstName, c.lastName, c.birthDate, c.gender, c.tags])).toEqual([
      ['Zoë', 'Müller', '1990-05-17', 'MALE', 'vip,gold'],
      ['Ida', 'Berg', '1991-05-07', 'FEMALE', ''],
    ]);
  });

  it('reads a Windows-1252 CSV as Excel writes it on Windows', async () => {
    const businessId = await newBusiness();
    const text = `${HEADER}\r\nRené,Weiß,${email()},4915112345678,1990-05-17,Male,\r\n`;
    expect(await importOk(businessId, Buffer.from(text, 'latin1'))).toMatchObject({ created: 1, rejected: [], rejectedCount: 0, warned: [], warnedCount: 0 });
    expect((await listContacts(businessId))[0]).toMatchObject({ firstName: 'René', lastName: 'Weiß' });
  });

  it.each(['xlsx', 'xls'] as const)('reads .%s with date cells, serial numbers and numeric phone numbers', async (bookType) => {
    const businessId = await newBusiness();
    const file = workbook(
      [
        ['First name', 'Last name', 'Email', 'Phone number', 'Birth date', 'Gender', 'Tags'],
        ['Anna', 'Schmidt', email(), 4915112345678, new Date(Date.UTC(1988, 3, 12)), 'female', 'a, b'],
        ['Ben', 'Okafor', email(), '447911123456', 32874, 'M', ''],
        ['Carl', 'Jung', email(), 15112345678, '1975-11-03', 'not specified', 'x'],
        ['Dora', 'Lee', email(), '33612345678', '28.07.1996', '', ''],
      ],
      bookType,
    );
    expect(file.subarray(0, 4).toString('hex')).toBe(bookType === 'xlsx' ? '504b0304' : 'd0cf11e0');
    expect(await importOk(businessId, file)).toEqual({ created: 4, updated: 0, rejected: [], rejectedCount: 0, warned: [], warnedCount: 0 });
    expect((await listContacts(businessId)).map((c) => [c.phoneNumber, c.birthDate, c.gender, c.tags])).toEqual([
      ['4915112345678', '1988-04-12', 'FEMALE', 'a,b'],
      ['447911123456', '1990-01-01', 'MALE', ''],
      // A national number (no country code) is read in the business's country, Germany.
      ['4915112345678', '1975-11-03', 'NOT_SPECIFIED', 'x'],
      ['33612345678', '1996-07-28', 'NOT_SPECIFIED', ''],
    ]);
  });

  it('reads a workbook whose sheet claims far more rows than it holds', async () => {
    const businessId = await newBusiness();
    const sheet = XLSX.utils.aoa_to_sheet([HEADER.split(','), ['Anna', 'Schmidt', email(), '4915112345678', '1988-04-12', 'F', '']]);
    sheet['!ref'] = 'A1:G300000';
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Contacts');
    expect(await importOk(businessId, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }))).toEqual({ created: 1, updated: 0, rejected: [], rejectedCount: 0, warned: [], warnedCount: 0 });
  });

  it('maps header variants whatever their case, spaces, underscores or order; ignores unknown columns', async () => {
    const businessId = await newBusiness();
    const address = email();
    const text = [
      'Notes,EMAIL,first_name,LASTNAME,phone number,Date of birth,GENDER,tags',
      `likes cake,${address},Anna,Schmidt,+49 151 1234-5678,1988-4-2,Female,vip`,
    ].join('\n');
    expect(await importOk(businessId, text)).toEqual({ created: 1, updated: 0, rejected: [], rejectedCount: 0, warned: [], warnedCount: 0 });
    expect((await listContacts(businessId))[0]).toMatchObject({
      firstName: 'Anna',
      lastName: 'Schmidt',
      email: address,
      phoneNumber: '4915112345678',
      birthDate: '1988-04-02',
      gender: 'FEMALE',
      tags: 'vip',
    });
  });

  it('treats a missing gender column as "Not specified"', async () => {
    const businessId = await newBusiness();
    const text = `firstName,lastName,email,phoneNumber,birthDate\nAnna,Schmidt,${email()},4915112345678,1988-04-12\n`;
    expect(await importOk(businessId, text)).toEqual({ created: 1, updated: 0, rejected: [], rejectedCount: 0, warned: [], warnedCount: 0 });
    expect((await listContacts(businessId))[0]).toMatchObject({ gender: 'NOT_SPECIFIED', tags: '' });
  });
});

describe('import-contacts: rows', () => {
  it('rejects a row without a name or a way to reach the person, and imports the others without the values that cannot be used, each named', async () => {
    const businessId = await newBusiness();
    const lines = [
      HEADER,
      validRow({ first: 'Valid' }), // row 2
      validRow({ first: '', last: '' }), // 3
      validRow({ last: 'x'.repeat(51) }), // 4
      validRow({ first: 'BadEmail', email: 'not-an-email', phone: '4915112345600' }), // 5: the phone number reaches them
      validRow({ first: 'BadPhone', phone: '12ab' }), // 6: the email reaches them
      validRow({ first: 'BadDate', birth: '1990/31/12' }), // 7
      validRow({ first: 'NoBirthDate', birth: '' }), // 8: a birth date may be missing
      validRow({ first: 'Robot', gender: 'robot' }), // 9
      validRow({ first: 'ManyTags', tags: `"${Array.from({ length: 51 }, (_, i) => `t${i}`).join(',')}"` }), // 10
      '', // 11: blank lines are skipped
      validRow({ email: '', phone: '' }), // 12
      validRow({ first: '', last: 'OnlyLast', email: '' }), // 13: a last name and a phone number are enough
      validRow({ first: 'AlsoValid', last: 'x'.repeat(50) }), // 14
      validRow({ first: 'NoReach', email: 'not-an-email', phone: 'call me' }), // 15: neither reaches them
    ];
    const result = await importOk(businessId, lines.join('\n'));
    const unreadablePhone = 'Phone number is not a valid number in Germany, nor with a country code (such as 01512 3456789 or +49 1512 3456789).';
    expect(result).toEqual({
      created: 9,
      updated: 0,
      rejected: [
        { row: 3, reasons: ['A contact needs a first name or a last name'] },
        { row: 4, reasons: ['Last name must not exceed 50 characters'] },
        { row: 12, reasons: ['A contact needs an email address or a phone number'] },
        { row: 15, reasons: ['Invalid email address', unreadablePhone] },
      ],
      rejectedCount: 4,
      warned: [
        { row: 5, warnings: ['Not imported: Invalid email address'] },
        { row: 6, warnings: [`Not imported: ${unreadablePhone}`] },
        { row: 7, warnings: ['Not imported: Birth date "1990/31/12" is not a date; write it as YYYY-MM-DD or DD.MM.YYYY.'] },
        { row: 9, warnings: ['Not imported: Gender must be one of: Male, Female, Not specified'] },
        { row: 10, warnings: ['Not imported: A contact can have at most 50 tags'] },
      ],
      warnedCount: 5,
    });
    expect((await listContacts(businessId)).map((c) => [c.firstName, c.lastName, c.email === null, c.phoneNumber, c.birthDate, c.gender, c.tags])).toEqual([
      ['Valid', 'Schmidt', false, '4915112345678', '1988-04-12', 'FEMALE', ''],
      ['BadEmail', 'Schmidt', true, '4915112345600', '1988-04-12', 'FEMALE', ''],
      ['BadPhone', 'Schmidt', false, null, '1988-04-12', 'FEMALE', ''],
      ['BadDate', 'Schmidt', false, '4915112345678', null, 'FEMALE', ''],
      ['NoBirthDate', 'Schmidt', false, '4915112345678', null, 'FEMALE', ''],
      ['Robot', 'Schmidt', false, '4915112345678', '1988-04-12', 'NOT_SPECIFIED', ''],
      ['ManyTags', 'Schmidt', false, '4915112345678', '1988-04-12', 'FEMALE', ''],
      ['', 'OnlyLast', true, '4915112345678', '1988-04-12', 'FEMALE', ''],
      ['AlsoValid', 'x'.repeat(50), false, '4915112345678', '1988-04-12', 'FEMALE', ''],
    ]);
  });

  it('keeps the first of repeated emails in the file and rejects the later ones', async () => {
    const businessId = await newBusiness();
    const address = email('twice');
    const lines = [HEADER, validRow({ first: 'First', email: address }), validRow(), validRow({ first: 'Second', email: address.toUpperCase() }), validRow({ first: 'Third', email: ` ${address}` })];
    expect(await importOk(businessId, lines.join('\n'))).toEqual({
      created: 2,
      updated: 0,
      rejected: [
        { row: 4, reasons: ['Email appears more than once in this file (first in row 2)'] },
        { row: 5, reasons: ['Email appears more than once in this file (first in row 2)'] },
      ],
      rejectedCount: 2,
      warned: [],
      warnedCount: 0,
    });
    expect((await listContacts(businessId)).find((c) => c.email === address)?.firstName).toBe('First');
  });

  it('updates a contact whose email exists (any case) and keeps its status, check-in and missing columns', async () => {
    const businessId = await newBusiness();
    const address = email('existing');
    await importOk(businessId, [HEADER, validRow({ first: 'Old', email: address, tags: 'keep', gender: 'Male' })].join('\n'));
    const [existing] = await listContacts(businessId);
    await owner.patch('/api/contact/check-in-contacts', { contactIds: [existing!.id] });
    const [checkedIn] = await listContacts(businessId);

    const withoutTagsOrGender = `First name,Last name,Email,Phone number,Birth date\nNew,Name,${address.toUpperCase()},015112345678,2000-01-02\nOther,Person,${email()},015112345678,2000-01-02\n`;
    expect(await importOk(businessId, withoutTagsOrGender)).toEqual({ created: 1, updated: 1, rejected: [], rejectedCount: 0, warned: [], warnedCount: 0 });
    const listed = await listContacts(businessId);
    expect(listed).toHaveLength(2);
    expect(listed[0]).toEqual({
      ...checkedIn,
      firstName: 'New',
      lastName: 'Name',
      email: address.toUpperCase(),
      phoneNumber: '4915112345678',
      birthDate: '2000-01-02',
    });
    expect(listed[0]).toMatchObject({ id: existing!.id, status: 'ACTIVE', tags: 'keep', gender: 'MALE', lastVisited: checkedIn!.lastVisited });
  });

  it('imports a file of several write batches; the same file again changes nothing, and again with changes updates every contact', async () => {
    const businessId = await newBusiness();
    const marker = randomUUID().slice(0, 8);
    const rows = Array.from({ length: 12_000 }, (_, i) => validRow({ email: `bulk${i}.${marker}@example.com` }));
    const file = [HEADER, ...rows.slice(0, 7000), validRow({ email: 'bad', phone: '' }), ...rows.slice(7000)].join('\n');
    expect(await importOk(businessId, file)).toEqual({ created: 12_000, updated: 0, rejected: [{ row: 7002, reasons: ['Invalid email address'] }], rejectedCount: 1, warned: [], warnedCount: 0 });
    expect(await importOk(businessId, file)).toEqual({ created: 0, updated: 0, rejected: [{ row: 7002, reasons: ['Invalid email address'] }], rejectedCount: 1, warned: [], warnedCount: 0 });
    const renamed = file.replaceAll('Anna,', 'Anne,');
    expect(await importOk(businessId, renamed)).toEqual({ created: 0, updated: 12_000, rejected: [{ row: 7002, reasons: ['Invalid email address'] }], rejectedCount: 1, warned: [], warnedCount: 0 });
    const listed = await listContacts(businessId);
    expect(listed).toHaveLength(12_000);
    expect(listed[11_999]!.email).toBe(`bulk11999.${marker}@example.com`);
  });

  /** A file whose row after the first whole write batch fails to write, the existing contact updated in the first batch. */
  async function importFailingPartWay(businessId: number, existingEmail: string) {
    const marker = `Boom${randomUUID().slice(0, 8)}`;
    const restore = await failWritesOf(testApp.app, 'contacts', 'first_name', marker);
    const rows = Array.from({ length: UPSERT_BATCH }, (_, i) => validRow({ email: email(`new${i}`) }));
    try {
      const response = await importFile(businessId, [HEADER, validRow({ first: 'After', email: existingEmail }), ...rows, validRow({ first: marker })].join('\n'));
      expect(response.statusCode).toBe(500);
      expectNoInternals(response.body);
      return { response, rows };
    } finally {
      await restore();
    }
  }

  it('a database failure part way: nothing changed on PostgreSQL, what was saved said on the embedded database', async () => {
    const businessId = await newBusiness();
    const existingEmail = email('existing');
    await importOk(businessId, [HEADER, validRow({ first: 'Before', email: existingEmail })].join('\n'));
    const before = await listContacts(businessId);
    const { response, rows } = await importFailingPartWay(businessId, existingEmail);
    if (testApp.app.database.kind === 'postgres') {
      // One transaction: the update and the whole first batch are rolled back.
      expect(await listContacts(businessId)).toEqual(before);
      expect(await storedCount(businessId)).toBe(1);
      return;
    }
    // PGlite commits each 1,000-row batch so other requests are served in between (README): the
    // answer says how many were saved, and importing the file again adds the rest without duplicates.
    const saved = await storedCount(businessId);
    expect(saved).toBeGreaterThan(1);
    expect(JSON.parse(response.body).message).toBe(importFailureMessages.partlyWritten(saved));
    const again = await importOk(businessId, [HEADER, ...rows].join('\n'));
    // The saved ones are unchanged, so only the rest is written.
    expect(again).toMatchObject({ created: rows.length + 1 - saved, updated: 0 });
    expect(await storedCount(businessId)).toBe(rows.length + 1);
  });

  it('answers 200 with nothing written when every row is invalid', async () => {
    const businessId = await newBusiness();
    // Neither row has a way to reach the person: an email or a phone number that cannot be used is none.
    const result = await importOk(businessId, [HEADER, validRow({ email: 'x', phone: '' }), validRow({ email: '', phone: '1' })].join('\n'));
    expect(result).toEqual({
      created: 0,
      updated: 0,
      rejected: [
        { row: 2, reasons: ['Invalid email address'] },
        { row: 3, reasons: ['Phone number is not a valid number in Germany, nor with a country code (such as 01512 3456789 or +49 1512 3456789).'] },
      ],
      rejectedCount: 2,
      warned: [],
      warnedCount: 0,
    });
    expect(await storedCount(businessId)).toBe(0);
  });
});

describe('import-contacts: refused files (400, nothing written)', () => {
  const cases: Array<[string, () => Buffer | string, string | RegExp]> = [
    ['an empty file', () => '', 'The file is empty.'],
    ['a file of blank lines', () => '\n \r\n\n', 'The file is empty.'],
    ['a header-only CSV', () => `${HEADER}\n`, 'The file has a header row but no contacts.'],
    ['a header-only workbook', () => workbook([HEADER.split(',')], 'xlsx'), 'The file has a header row but no contacts.'],
    ['unknown columns', () => `Address,Notes\nMain Street 1,likes cake\n`, 'None of the columns is known. The first row must name the columns: a name (First name, Last name or Name) and Email or Phone number.'],
    ['no email or phone column', () => `First name,Last name,Birth date\nAnna,Schmidt,1990-01-01\n`, "The file has no Email or Phone number column. Choose the file's columns for them, or name them in its first row."],
    ['no name column', () => `Email,Birth date\nanna@example.com,1990-01-01\n`, "The file has no name (First name, Last name or Name) column. Choose the file's columns for them, or name them in its first row."],
    ['a column twice', () => `First name,Last name,Email,Phone number,Birth date,first_name\nA,B,${email()},123456789,1990-01-01,C\n`, /^The column "first_name" is there twice/],
    ['random bytes', () => randomBytes(4096), 'The file could not be read. Import a .csv (UTF-8), .xls, .xlsx or .vcf file.'],
    ['a ZIP that is not a workbook', () => zip([deflated('hello.txt', Buffer.from('hello'))]), 'The file could not be read. Import a .csv (UTF-8), .xls, .xlsx or .vcf file.'],
    ['a truncated workbook', () => workbook([['First name'], ['Anna']], 'xlsx').subarray(0, 200), 'The file could not be read. Import a .csv (UTF-8), .xls, .xlsx or .vcf file.'],
    ['an unclosed quote', () => `${HEADER}\n"Anna,Schmidt,a@b.co,123456789,1990-01-01,,\n`, 'The file could not be read: a quoted value in row 2 is never closed.'],
  ];

  it.each(cases)('%s', async (_title, file, message) => {
    const businessId = await newBusiness();
    expectError(await importFile(businessId, file()), 400, message);
    expect(await storedCount(businessId)).toBe(0);
  });

  it('a file over 20 MB', async () => {
    const businessId = await newBusiness();
    const big = Buffer.alloc(20 * 1024 * 1024 + 10, 'a');
    expectError(await importFile(businessId, big), 400, 'The file is larger than 20 MB. Split it into smaller files and import them one by one.');
    expect(await storedCount(businessId)).toBe(0);
  });

  it('a file of more than 200,000 rows', async () => {
    const businessId = await newBusiness();
    const text = `${HEADER}\n${'A,B,c@d.co,123456789,1990-01-01,,\n'.repeat(200_001)}`;
    expectError(await importFile(businessId, text), 400, 'The file has more than 200,000 rows. Split it into smaller files and import them one by one.');
    expect(await storedCount(businessId)).toBe(0);
  });

  it('text that is not base64', async () => {
    const businessId = await newBusiness();
    expectError(await owner.post(IMPORT, { businessId, file: 'not base64!' }), 400, 'The file must be sent as base64 text.');
  });

  it.each([
    ['an entry of 50 MB of zeros (1000:1)', () => zip([contentTypes, deflated('xl/worksheets/sheet1.xml', Buffer.alloc(50 * 1024 * 1024))])],
    ['an entry claiming 300 MB', () => zip([contentTypes, { ...deflated('xl/worksheets/sheet1.xml', Buffer.from('<x/>')), uncompressedSize: 300 * 1024 * 1024 }])],
    [
      'an entry that lies about its size',
      () => zip([contentTypes, deflated('xl/worksheets/sheet1.xml', Buffer.alloc(50 * 1024 * 1024), 200 * 1024)]),
    ],
  ])('an archive bomb: %s', async (_title, file) => {
    const businessId = await newBusiness();
    expectError(await importFile(businessId, file()), 400, 'The file looks like a compressed archive bomb and was not imported.');
    expect(await storedCount(businessId)).toBe(0);
  });
});

describe('import-contacts: access', () => {
  it("answers 404 for another owner's business and writes nothing there", async () => {
    const stranger = new ApiClient(testApp.app);
    await stranger.signUpAndIn();
    const strangersBusiness = await newBusiness(stranger);
    expectError(await importFile(strangersBusiness, [HEADER, validRow()].join('\n')), 404, 'Business not found.');
    expect(await storedCount(strangersBusiness)).toBe(0);
  });

  it('answers 400 without a business or file, and 401 without a session', async () => {
    const response = await owner.post(IMPORT, {});
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ businessId: 'Business is required', file: 'Choose a file to import' });
    expectError(await importFile(await newBusiness(), HEADER, new ApiClient(testApp.app)), 401, /sign in again/);
  });
});
