import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactsJsonPages } from '../../server/contacts/queries';
import type { ApiClient, TestApp } from '../support/test-app';
import { startSignedInOwner } from './helpers';

let testApp: TestApp;
let owner: ApiClient;

beforeAll(async () => {
  ({ testApp, owner } = await startSignedInOwner());
});
afterAll(() => testApp?.close());

async function listText(businessId: number, pageSize: number) {
  let text = '';
  for await (const part of contactsJsonPages(testApp.app.db, businessId, pageSize)) text += part;
  return text;
}

describe('the contacts list, read in pages', () => {
  it('joins pages into one valid array in id order, whatever the page size', async () => {
    const { id: businessId } = await owner.createBusiness();
    const emails = ['a', 'b', 'c', 'd', 'e'].map((name) => `${name}.${Date.now()}@example.com`);
    for (const email of emails) {
      const response = await owner.post('/api/contact/create-new-contact', {
        firstName: 'Pat',
        lastName: 'Page',
        email,
        phoneNumber: '4915100000000',
        birthDate: '1990-01-01',
        gender: 'FEMALE',
        tags: 'a, "quoted", b',
        businessId,
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const expected = (await owner.get(`/api/contact/get-contacts/${businessId}`)).json() as Array<{ email: string; tags: string }>;
    expect(expected.map((contact) => contact.email)).toEqual(emails);
    expect(expected[0]!.tags).toBe('a,"quoted",b');
    for (const pageSize of [1, 2, 5, 100]) {
      expect(JSON.parse(await listText(businessId, pageSize))).toEqual(expected);
    }
  });

  it('answers an empty array for a business without contacts', async () => {
    const { id: businessId } = await owner.createBusiness();
    expect(await listText(businessId, 2)).toBe('[]');
    expect((await owner.get(`/api/contact/get-contacts/${businessId}`)).json()).toEqual([]);
  });
});
