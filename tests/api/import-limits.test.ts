import { randomUUID } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_REJECTED_ROWS_LISTED, type ImportContactsResult } from '#domain';
import { contactImports, contacts } from '../../server/db/schema';
import { contactsCsv, contactsXlsx, hostileWorkbook } from '../support/import-files';
import { ApiClient, startTestApp, type TestApp } from '../support/test-app';
import { expectError, startSignedInOwner, withTestApp } from './helpers';

const IMPORT = '/api/contact/import-contacts';
const HEADER = ['First name', 'Last name', 'Email', 'Phone number', 'Birth date', 'Gender', 'Tags'];

const importFile = (client: ApiClient, businessId: number, file: Buffer | string) =>
  client.post(IMPORT, { businessId, file: Buffer.from(file).toString('base64') });

const storedCount = async (testApp: TestApp, businessId: number) =>
  (await testApp.app.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.businessId, businessId))).length;

const email = () => `row.${randomUUID().slice(0, 8)}@example.com`;
const validRow = () => ['Anna', 'Schmidt', email(), '4915112345678', '1988-04-12', 'Female', ''];

function xlsx(rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Contacts');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' });
}

async function signedInOwner(testApp: TestApp) {
  const owner = new ApiClient(testApp.app);
  await owner.signUpAndIn();
  return { owner, businessId: (await owner.createBusiness()).id };
}

describe('import-contacts: hostile and oversized files', () => {
  let testApp: TestApp;
  let owner: ApiClient;
  beforeAll(async () => {
    ({ testApp, owner } = await startSignedInOwner());
  });
  afterAll(() => testApp?.close());

  it('refuses the 190-sheet workbook of small, highly compressed sheets as an archive bomb, writing nothing', async () => {
    const businessId = (await owner.createBusiness()).id;
    const file = hostileWorkbook();
    expect(file.length).toBeLessThan(1024 * 1024);
    expectError(await importFile(owner, businessId, file), 400, 'The file looks like a compressed archive bomb and was not imported.');
    expect(await storedCount(testApp, businessId)).toBe(0);
  });

  it('rejects just the row whose cell is written as _x0000_ (NUL), naming the field', async () => {
    const businessId = (await owner.createBusiness()).id;
    const file = xlsx([HEADER, validRow(), ['Ann_x0000_a', 'Schmidt', email(), '4915112345678', '1988-04-12', '', ''], validRow()]);
    const response = await importFile(owner, businessId, file);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      created: 2,
      updated: 0,
      rejected: [{ row: 3, reasons: ['First name must not contain control characters (such as NUL or escape)'] }],
      rejectedCount: 1,
      warned: [],
      warnedCount: 0,
    });
  });

  it('quotes at most 100 characters of a cell in a reason', async () => {
    const businessId = (await owner.createBusiness()).id;
    const hugeDate = `x${'9'.repeat(1024 * 1024)}`;
    const csv = `${HEADER.join(',')}\nAnna,Schmidt,${email()},4915112345678,${hugeDate},,\n`;
    const response = await importFile(owner, businessId, csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body.length).toBeLessThan(1000);
    // The contact is imported without the birth date; the warning quotes the cell's start.
    const [warned] = (response.json() as ImportContactsResult).warned;
    expect(warned!.warnings).toEqual([`Not imported: Birth date "${hugeDate.slice(0, 100)}…" is not a date; write it as YYYY-MM-DD or DD.MM.YYYY.`]);
  });

  it('lists the first 1,000 rejected rows and counts them all', async () => {
    const businessId = (await owner.createBusiness()).id;
    const bad = Array.from({ length: 1500 }, () => 'Anna,Schmidt,not-an-email,,1988-04-12,,').join('\n');
    const response = await importFile(owner, businessId, `${HEADER.join(',')}\n${validRow().join(',')}\n${bad}\n`);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as ImportContactsResult;
    expect(result).toMatchObject({ created: 1, updated: 0, rejectedCount: 1500 });
    expect(result.rejected).toHaveLength(IMPORT_REJECTED_ROWS_LISTED);
    expect(result.rejected[0]).toEqual({ row: 3, reasons: ['Invalid email address'] });
    expect(result.rejected.at(-1)!.row).toBe(1002);
  });

  it('leaves out tags of more than 50 characters in an imported row, saying so', async () => {
    const businessId = (await owner.createBusiness()).id;
    const row = ['Anna', 'Schmidt', email(), '4915112345678', '1988-04-12', '', `ok,${'t'.repeat(51)}`];
    const response = await importFile(owner, businessId, xlsx([HEADER, row]));
    expect(response.json()).toMatchObject({ created: 1, rejected: [], warned: [{ row: 2, warnings: ['Not imported: Each tag must not exceed 50 characters'] }] });
  });
});

describe('import-contacts: time and memory budget', () => {
  it('refuses a file that takes longer to read than the time budget, writing nothing', async () => {
    await withTestApp({ IMPORT_TIME_LIMIT_SECONDS: '1' }, async (testApp) => {
      const { owner, businessId } = await signedInOwner(testApp);
      // Reading a 100,000-row workbook takes several seconds on any machine.
      const response = await importFile(owner, businessId, contactsXlsx(100_000));
      expectError(response, 400, /^The file took longer than 1 seconds to read, so it was not imported\./);
      expect(await storedCount(testApp, businessId)).toBe(0);
      // The pool replaced the stopped thread: the next file is read as usual.
      const next = await importFile(owner, businessId, contactsCsv(3, 'after-timeout'));
      expect(next.json()).toMatchObject({ created: 3 });
    });
  });

  it('refuses a file that needs more memory than the budget, writing nothing', async () => {
    await withTestApp({ IMPORT_MEMORY_LIMIT_MB: '64' }, async (testApp) => {
      const { owner, businessId } = await signedInOwner(testApp);
      const response = await importFile(owner, businessId, contactsXlsx(100_000));
      expectError(response, 400, /^The file needs more memory to read than an import may use, so it was not imported\./);
      expect(await storedCount(testApp, businessId)).toBe(0);
    });
  });
});

describe('import-contacts: one at a time per business, limited per user', () => {
  it('answers 429 with the wait once a user has started the hourly number of imports', async () => {
    await withTestApp({ IMPORT_RATE_LIMIT_PER_HOUR: '2' }, async (testApp) => {
      const { owner, businessId } = await signedInOwner(testApp);
      expect((await importFile(owner, businessId, contactsCsv(1, 'first'))).statusCode).toBe(200);
      // A refused file counts too: reading it cost as much.
      expect((await importFile(owner, businessId, 'not,a,contacts,file\n1,2,3,4\n')).statusCode).toBe(400);
      const third = await importFile(owner, businessId, contactsCsv(1, 'third'));
      expectError(third, 429, /^You have started many imports in the last hour\. Please wait (60|59) minutes and try again\.$/);
      expect(await storedCount(testApp, businessId)).toBe(1);

      // Another user is not held up by this one.
      const other = await signedInOwner(testApp);
      expect((await importFile(other.owner, other.businessId, contactsCsv(1, 'other'))).statusCode).toBe(200);
    });
  });

  it('answers 409 while another import into the same business runs, and takes the next one after it', async () => {
    const testApp = await startTestApp();
    try {
      const { owner, businessId } = await signedInOwner(testApp);
      const running = (businessId: number) =>
        testApp.app.db
          .select({ id: contactImports.id })
          .from(contactImports)
          .where(and(eq(contactImports.businessId, businessId), isNull(contactImports.finishedAt)));
      const first = importFile(owner, businessId, contactsCsv(50_000, 'first'));
      while ((await running(businessId)).length === 0) await new Promise((resolve) => setImmediate(resolve));

      const second = await importFile(owner, businessId, contactsCsv(2, 'second'));
      expectError(second, 409, 'Another import into this business is still running. Wait until it has finished, then import this file.');
      // Another business of the same owner imports meanwhile.
      const otherBusiness = (await owner.createBusiness()).id;
      expect((await importFile(owner, otherBusiness, contactsCsv(2, 'elsewhere'))).json()).toMatchObject({ created: 2 });

      expect((await first).json()).toMatchObject({ created: 50_000 });
      expect((await importFile(owner, businessId, contactsCsv(2, 'second'))).json()).toMatchObject({ created: 2 });
    } finally {
      await testApp.close();
    }
  });

  it('frees the business of an import whose process died (its lease ran out)', async () => {
    const testApp = await startTestApp();
    try {
      const { owner, businessId } = await signedInOwner(testApp);
      const userId = (await owner.get('/api/user/get-current-user')).json().id as number;
      await testApp.app.db.insert(contactImports).values({ businessId, userId, leaseUntil: new Date(Date.now() - 1000) });
      expect((await importFile(owner, businessId, contactsCsv(2, 'after-crash'))).json()).toMatchObject({ created: 2 });
    } finally {
      await testApp.close();
    }
  });
});
