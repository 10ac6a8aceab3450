import { randomUUID } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_EXPORT_HEADERS, type Contact, type ImportContactsResult } from '#domain';
import { ApiClient, type TestApp } from '../support/test-app';
import { expectFieldError, startSignedInOwner } from './helpers';

const EXPORT = (businessId: number) => `/api/contact/export-contacts/${businessId}`;

let testApp: TestApp;
let owner: ApiClient;

beforeAll(async () => {
  ({ testApp, owner } = await startSignedInOwner());
});
afterAll(() => testApp?.close());

const email = (name: string) => `${name}.${randomUUID().slice(0, 8)}@example.com`;

/** Contacts whose texts a spreadsheet would take for formulas, and plain ones. */
const risky = () => [
  { firstName: '=1+2', lastName: '+Hyperlink', email: email('-minus'), tags: '@sum,=cmd|calc' },
  { firstName: "'=quoted", lastName: '-Okafor', email: email('plain'), tags: '' },
  { firstName: 'Chloé', lastName: 'Martin, Jr', email: email('chloe'), tags: 'vip,"quoted"' },
  // Excel in most European locales splits CSV lines at semicolons: the part after one would be a cell of its own.
  { firstName: 'Semi', lastName: 'Colon;=2+3', email: email('semi'), tags: 'x;=WEBSERVICE("https://evil.example")' },
];

async function addContacts(businessId: number, rows = risky()): Promise<Contact[]> {
  const added: Contact[] = [];
  for (const row of rows) {
    const response = await owner.post('/api/contact/create-new-contact', {
      ...row,
      phoneNumber: '4915112345678',
      birthDate: '1990-05-17',
      gender: 'FEMALE',
      businessId,
    });
    expect(response.statusCode, response.body).toBe(201);
    added.push(response.json());
  }
  return added;
}

async function listContacts(businessId: number): Promise<Contact[]> {
  return (await owner.get(`/api/contact/get-contacts/${businessId}`)).json();
}

async function reimport(businessId: number, file: Buffer): Promise<ImportContactsResult> {
  const response = await owner.post('/api/contact/import-contacts', { businessId, file: file.toString('base64') });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** What an export carries of a contact (ids and the business are not in the file). */
const portable = ({ firstName, lastName, email, phoneNumber, birthDate, gender, tags }: Contact) => ({
  firstName, lastName, email, phoneNumber, birthDate, gender, tags,
});

const readSheet = (file: Buffer) => {
  const book = XLSX.read(file, { type: 'buffer' });
  return { sheet: book.Sheets[book.SheetNames[0]!]!, rows: XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: true }) };
};

describe('contacts export', () => {
  it('writes CSV with the import columns, status and last visit, formula cells neutralised and cells with a semicolon quoted', async () => {
    const businessId = (await owner.createBusiness()).id;
    const [first] = await addContacts(businessId);
    await owner.patch('/api/contact/check-in-contacts', { contactIds: [first!.id] });

    const response = await owner.get(`${EXPORT(businessId)}?format=csv`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe(CONTACT_EXPORT_HEADERS.join(','));
    expect(lines).toHaveLength(5);
    // Numbers of the business's country (Germany) as written there.
    expect(lines[1]).toMatch(/^'=1\+2,'\+Hyperlink,'-minus\.[^,]+,01511 2345678,1990-05-17,Female,"'@sum,=cmd\|calc",Active,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(lines[2]).toMatch(/^''=quoted,'-Okafor,plain\.[^,]+,01511 2345678,1990-05-17,Female,,Active,$/);
    expect(lines[3]).toMatch(/^Chloé,"Martin, Jr",chloe\.[^,]+,01511 2345678,1990-05-17,Female,"vip,""quoted""",Active,$/);
    expect(lines[4]).toMatch(/^Semi,"Colon;=2\+3",semi\.[^,]+,01511 2345678,1990-05-17,Female,"x;=WEBSERVICE\(""https:\/\/evil\.example""\)",Active,$/);
    // Split at its semicolons outside quotes, as such a spreadsheet reads it, no line has a cell that begins a formula.
    for (const line of lines) {
      for (const cell of line.match(/("([^"]|"")*"|[^;"])+/g) ?? []) expect(cell).not.toMatch(/^[=+\-@]/);
    }
  });

  it('writes .xlsx with every cell as text, never a formula, and the original values', async () => {
    const businessId = (await owner.createBusiness()).id;
    const added = await addContacts(businessId);
    const response = await owner.get(`${EXPORT(businessId)}?format=xlsx`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const sheetXml = Buffer.from(unzipSync(response.rawPayload)['xl/worksheets/sheet1.xml']!).toString('utf8');
    expect(sheetXml).not.toContain('<f>');
    expect(sheetXml).toContain('t="inlineStr" s="1"');

    const { sheet, rows } = readSheet(response.rawPayload);
    expect(rows[0]).toEqual([...CONTACT_EXPORT_HEADERS]);
    expect(rows.slice(1).map((row) => row.slice(0, 3))).toEqual(added.map((contact) => [contact.firstName, contact.lastName, contact.email]));
    expect(sheet.A2).toMatchObject({ t: 's', v: '=1+2' });
    expect(sheet.A2.f).toBeUndefined();
  });

  it.each(['csv', 'xlsx'] as const)('%s: an export imports back as it was (0 created, 0 updated; the same contacts elsewhere)', async (format) => {
    const businessId = (await owner.createBusiness()).id;
    await addContacts(businessId);
    const file = (await owner.get(`${EXPORT(businessId)}?format=${format}`)).rawPayload;
    expect(await reimport(businessId, file)).toEqual({ created: 0, updated: 0, rejected: [], rejectedCount: 0, warned: [], warnedCount: 0 });

    const elsewhere = (await owner.createBusiness()).id;
    expect(await reimport(elsewhere, file)).toMatchObject({ created: 4, updated: 0, rejectedCount: 0 });
    expect((await listContacts(elsewhere)).map(portable)).toEqual((await listContacts(businessId)).map(portable));
  });

  it('writes "—" for what a contact lacks and other countries’ numbers internationally; the file imports back unchanged', async () => {
    const businessId = (await owner.createBusiness()).id;
    const file = ['First name,Last name,Email,Phone number', `Ana,,${email('ana')},`, ',Novak,,+385 91 234 5678'].join('\n');
    expect(await reimport(businessId, Buffer.from(file))).toMatchObject({ created: 2, rejectedCount: 0 });
    const before = await listContacts(businessId);
    const exported = (await owner.get(`${EXPORT(businessId)}?format=csv`)).body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(exported.slice(1)).toEqual([
      expect.stringMatching(/^Ana,—,ana\.[^,]+,—,—,Not specified,,Active,$/),
      // A cell starting with + is kept text by the apostrophe (formula injection), which the import takes off again.
      "—,Novak,—,'+385 91 234 5678,—,Not specified,,Active,",
    ]);
    expect(await reimport(businessId, Buffer.from(exported.join('\r\n')))).toEqual({ created: 0, updated: 0, rejected: [], rejectedCount: 0, warned: [], warnedCount: 0 });
    expect(await listContacts(businessId)).toEqual(before);
  });

  it('exports only the contacts posted (a selection or a search), and only those of the business', async () => {
    const businessId = (await owner.createBusiness()).id;
    const added = await addContacts(businessId);
    const stranger = new ApiClient(testApp.app);
    await stranger.signUpAndIn();
    const strangersBusiness = (await stranger.createBusiness()).id;
    const strangers = (
      await stranger.post('/api/contact/create-new-contact', {
        firstName: 'Secret', lastName: 'Person', email: email('secret'), phoneNumber: '4915112345678', birthDate: '1990-05-17', gender: 'MALE', businessId: strangersBusiness,
      })
    ).json() as Contact;

    const response = await owner.post(EXPORT(businessId), { format: 'csv', contactIds: [added[2]!.id, added[0]!.id, strangers.id] });
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(added[0]!.email);
    expect(lines[2]).toContain(added[2]!.email);
    expect(response.body).not.toContain('Secret');
  });

  it('refuses an unknown format or a bad selection with the message, and another owner’s business as missing', async () => {
    const businessId = (await owner.createBusiness()).id;
    expectFieldError(await owner.get(`${EXPORT(businessId)}?format=pdf`), 'format', 'Format must be csv or xlsx');
    expectFieldError(await owner.get(EXPORT(businessId)), 'format', 'Format must be csv or xlsx');
    expectFieldError(await owner.post(EXPORT(businessId), { format: 'csv', contactIds: [] }), 'contactIds', 'Select at least one contact.');
    const stranger = new ApiClient(testApp.app);
    await stranger.signUpAndIn();
    expect((await stranger.get(`${EXPORT(businessId)}?format=csv`)).statusCode).toBe(404);
  });

  it('exports 100,000 contacts in both formats, and the CSV imports back with nothing created or changed', async () => {
    const businessId = (await owner.createBusiness()).id;
    const marker = randomUUID().slice(0, 8);
    // Valid German mobile numbers (0151 and 8 digits), as the app stores them: international digits.
    await testApp.app.db.execute(sql`
      insert into contacts (business_id, first_name, last_name, email, phone_number, birth_date, gender, tags)
      select ${businessId}, 'First' || i, 'Last' || i, 'c' || i || '.' || ${marker} || '@example.com', (4915100000000 + i)::text,
             date '1960-01-01' + (i % 15000), (array['MALE', 'FEMALE', 'NOT_SPECIFIED'])[i % 3 + 1], case when i % 2 = 0 then 'vip,regular' else '' end
      from generate_series(1, 100000) as i`);

    const csv = await owner.get(`${EXPORT(businessId)}?format=csv`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(100_001);
    expect(lines[100_000]).toBe(`First100000,Last100000,c100000.${marker}@example.com,01510 0100000,1987-05-19,Female,"vip,regular",Active,`);

    const xlsx = await owner.get(`${EXPORT(businessId)}?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const { rows } = readSheet(xlsx.rawPayload);
    expect(rows).toHaveLength(100_001);
    expect(rows[100_000]).toEqual(lines[100_000]!.replace('"vip,regular"', 'vip|regular').split(',').map((cell) => cell.replace('|', ',')));

    expect(await reimport(businessId, csv.rawPayload)).toEqual({ created: 0, updated: 0, rejected: [], rejectedCount: 0, warned: [], warnedCount: 0 });
    // On PGlite (one thread, inside the test's process) beside a CPU-heavy process this took over 180 s.
  }, 420_000);
});
