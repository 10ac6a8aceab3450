import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client';
import { ANALYZE_AFTER_CREATED, contactsJsonPage, contactsJsonPages } from '../../server/contacts/queries';
import { ListPageReader } from '../../src/providers/list-pages';
import { contactsCsv } from '../support/import-files';
import type { ApiClient, TestApp } from '../support/test-app';
import { startSignedInOwner } from './helpers';

let testApp: TestApp;
let owner: ApiClient;

beforeAll(async () => {
  ({ testApp, owner } = await startSignedInOwner());
});
afterAll(() => testApp?.close());

async function listText(businessId: number, pageSize: number, firstPageSize = pageSize) {
  let text = '';
  for await (const part of contactsJsonPages(testApp.app.db, businessId, { first: firstPageSize, rest: pageSize })) text += part;
  return text;
}

/** The pages as the browser's worker reads them, fed in pieces of `pieceLength` characters. */
function readPages(text: string, pieceLength: number) {
  const reader = new ListPageReader<{ email: string }>();
  const pages: Array<Array<{ email: string }>> = [];
  for (let at = 0; at < text.length; at += pieceLength) pages.push(...reader.push(text.slice(at, at + pieceLength)));
  pages.push(...reader.end());
  return pages.map((page) => page.map((contact) => contact.email));
}

/** Contacts created one by one through the API, in this order; answers their emails. */
async function createContacts(businessId: number, names: string[], tags: string) {
  const emails = names.map((name) => `${name}.${Date.now()}@example.com`);
  for (const email of emails) {
    const response = await owner.post('/api/contact/create-new-contact', {
      firstName: 'Pat',
      lastName: 'Page',
      email,
      phoneNumber: '4915100000000',
      birthDate: '1990-01-01',
      gender: 'FEMALE',
      tags,
      businessId,
    });
    expect(response.statusCode, response.body).toBe(201);
  }
  return emails;
}

describe('the contacts list, read in pages', () => {
  it('joins pages into one valid array in id order, whatever the page size', async () => {
    const { id: businessId } = await owner.createBusiness();
    const emails = await createContacts(businessId, ['a', 'b', 'c', 'd', 'e'], 'a, "quoted", b');
    const expected = (await owner.get(`/api/contact/get-contacts/${businessId}`)).json() as Array<{ email: string; tags: string }>;
    expect(expected.map((contact) => contact.email)).toEqual(emails);
    expect(expected[0]!.tags).toBe('a,"quoted",b');
    for (const pageSize of [1, 2, 5, 100]) {
      expect(JSON.parse(await listText(businessId, pageSize))).toEqual(expected);
    }
  });

  it('sends a small first page, then bigger ones, one page per line, readable as they arrive', async () => {
    const { id: businessId } = await owner.createBusiness();
    const emails = await createContacts(businessId, ['f', 'g', 'h', 'i', 'j'], 'line, [bracket], {brace}');
    const text = await listText(businessId, 3, 1);
    expect(text.split('\n')).toHaveLength(4);
    for (const pieceLength of [1, 7, text.length]) {
      expect(readPages(text, pieceLength)).toEqual([emails.slice(0, 1), emails.slice(1, 4), emails.slice(4)]);
    }
    // An answer not in pages (one line) is still read whole.
    expect(readPages(JSON.stringify(JSON.parse(text)), 5)).toEqual([emails]);
  });

  it('answers an empty array for a business without contacts', async () => {
    const { id: businessId } = await owner.createBusiness();
    expect(await listText(businessId, 2)).toBe('[]');
    expect((await owner.get(`/api/contact/get-contacts/${businessId}`)).json()).toEqual([]);
  });

  it('walks the index for every page after a big import, instead of sorting all the contacts', async () => {
    const { id: businessId } = await owner.createBusiness();
    const imported = await owner.post('/api/contact/import-contacts', { businessId, file: contactsCsv(ANALYZE_AFTER_CREATED).toString('base64') });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ created: ANALYZE_AFTER_CREATED });
    const plan = await queryRows<Record<string, unknown>>(testApp.app.db, sql`explain ${contactsJsonPage(businessId, 0, 1000)}`);
    const planText = plan.map((row) => Object.values(row).join('')).join('\n');
    expect(planText).toMatch(/Index Scan using contacts_(business_id_idx|pkey)/);
    expect(planText).not.toMatch(/Sort|Bitmap/);
  });
});
