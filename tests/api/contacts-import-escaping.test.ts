import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { from as copyFrom } from 'pg-copy-streams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_IMPORT_COLUMNS, type Contact, type ContactInput, type ImportContactsResult } from '#domain';
import { contactsCopyText } from '../../server/contacts/copy-text';
import { postgresPool } from '../../server/db/client';
import type { ApiClient, TestApp } from '../support/test-app';
import { startSignedInOwner } from './helpers';

/**
 * Values that mean something in PostgreSQL's COPY text format (the import's way in on PostgreSQL)
 * or in CSV or JSON: each must arrive exactly as it was in the file.
 */
const HOSTILE_NAMES = [
  'Back\\slash',
  'C:\\temp\\new',
  '\\N',
  '\\.',
  '\\\\N\\t',
  'Say "hi"',
  "O'Brien, Jr.",
  '""',
  'Chloé Ñúñez',
  '名前 太郎',
  'مرحبا',
  'Emoji 😀👍🏽',
  'Zero\u200bwidth',
];

let testApp: TestApp;
let owner: ApiClient;

beforeAll(async () => {
  ({ testApp, owner } = await startSignedInOwner());
});
afterAll(() => testApp?.close());

const header = CONTACT_IMPORT_COLUMNS.map((column) => column.header);
const marker = () => randomUUID().slice(0, 8);

/** A CSV file of contacts (quoted where needed), one row per first name. */
function csvFile(rows: Array<{ first: string; last?: string; tags?: string }>, tag: string) {
  return Papa.unparse([
    header,
    ...rows.map((row, i) => [row.first, row.last ?? row.first, `hostile${i}.${tag}@example.com`, '4915112345678', '1988-04-12', 'Female', row.tags ?? '']),
  ]);
}

async function importCsv(businessId: number, file: string): Promise<ImportContactsResult> {
  const response = await owner.post('/api/contact/import-contacts', { businessId, file: Buffer.from(file).toString('base64') });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function listContacts(businessId: number): Promise<Contact[]> {
  const response = await owner.get(`/api/contact/get-contacts/${businessId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('import: values with backslashes, quotes and any Unicode arrive exactly as in the file', () => {
  it('lists every hostile value as it was, and importing the file again changes nothing', async () => {
    const businessId = (await owner.createBusiness()).id;
    const tag = marker();
    const rows = HOSTILE_NAMES.map((name, i) => ({ first: name, last: HOSTILE_NAMES.at(-1 - i)!, tags: `a\\b,"q",${name.slice(0, 20)}` }));
    const file = csvFile(rows, tag);
    expect(await importCsv(businessId, file)).toEqual({ created: rows.length, updated: 0, rejected: [], rejectedCount: 0, warned: [], warnedCount: 0 });

    const listed = await listContacts(businessId);
    expect(listed.map(({ firstName, lastName, email }) => ({ firstName, lastName, email }))).toEqual(
      rows.map((row, i) => ({ firstName: row.first, lastName: row.last, email: `hostile${i}.${tag}@example.com` })),
    );
    // Stored tags are the normalised list; the backslash and quotes inside them are kept.
    expect(listed[0]!.tags).toContain('a\\b');
    expect(listed[0]!.tags).toContain('"q"');
    // Stored exactly: the same values again are no change.
    expect(await importCsv(businessId, file)).toEqual({ created: 0, updated: 0, rejected: [], rejectedCount: 0, warned: [], warnedCount: 0 });
  });

  it('refuses the rows whose names hold tabs, newlines or carriage returns, and writes the rows around them intact', async () => {
    const businessId = (await owner.createBusiness()).id;
    const tag = marker();
    const rows = [{ first: 'Before\\' }, { first: 'Tab\there' }, { first: 'New\nline' }, { first: 'Carriage\rreturn' }, { first: '\\N' }];
    const result = await importCsv(businessId, csvFile(rows, tag));
    expect(result).toMatchObject({ created: 2, updated: 0, rejectedCount: 3 });
    expect(result.rejected.map((row) => row.row)).toEqual([3, 4, 5]);
    const listed = await listContacts(businessId);
    expect(listed.map((contact) => [contact.firstName, contact.email])).toEqual([
      ['Before\\', `hostile0.${tag}@example.com`],
      ['\\N', `hostile4.${tag}@example.com`],
    ]);
  });
});

describe('the COPY text of contacts, read back by this database', () => {
  const contact = (firstName: string, tags: string | null = null): ContactInput =>
    ({ firstName, lastName: 'L', email: 'e@example.com', phoneNumber: '1', birthDate: '1988-04-12', gender: 'FEMALE', tags }) as ContactInput;

  it('keeps tabs, newlines, carriage returns, backslashes, quotes, \\N and Unicode, and a missing value as null', async () => {
    const values = ['tab\there', 'line\nbreak', 'cr\rlf\r\n', 'back\\slash\\', '\\N', '\\.', '\t\\t\n\\n', 'quote "\' ,;', 'Ünï 名 😀', ''];
    const rows = [...values.map((value) => contact(value, value)), contact('no tags', null)];
    const db = testApp.app.database;
    const table = `copy_text_${marker()}`;
    await db.db.execute(sql.raw(`create table ${table} (first_name text, last_name text, email text, phone_number text, birth_date date, gender text, tags text)`));
    try {
      const text = contactsCopyText(rows);
      const copy = (source: string) => `copy ${table} (first_name, last_name, email, phone_number, birth_date, gender, tags) from ${source}`;
      const pool = postgresPool(db);
      if (pool) {
        const client = await pool.connect();
        try {
          await pipeline(Readable.from([Buffer.from(text)]), client.query(copyFrom(copy('stdin'))));
        } finally {
          client.release();
        }
      } else {
        await (db.db as unknown as { $client: PGlite }).$client.query(copy("'/dev/blob'"), [], { blob: new Blob([text]) });
      }
      const stored = await db.db.execute(sql.raw(`select first_name, tags, birth_date::text as birth_date from ${table}`));
      expect((stored as unknown as { rows: unknown[] }).rows).toEqual([
        ...values.map((value) => ({ first_name: value, tags: value, birth_date: '1988-04-12' })),
        { first_name: 'no tags', tags: null, birth_date: '1988-04-12' },
      ]);
    } finally {
      await db.db.execute(sql.raw(`drop table ${table}`));
    }
  });
});
