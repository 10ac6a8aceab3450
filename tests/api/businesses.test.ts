import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses } from '../../server/db/schema';
import { ApiClient, startTestApp, type TestApp } from '../support/test-app';
import { expectError, expectFieldError } from './helpers';

const LIST = '/api/business/get-current-users-businesses';
const CREATE = '/api/business/create-new-business';

let testApp: TestApp;
let owner: ApiClient;
beforeAll(async () => {
  testApp = await startTestApp();
  owner = await signedInClient();
});
afterAll(() => testApp?.close());

async function signedInClient() {
  const client = new ApiClient(testApp.app);
  await client.signUpAndIn();
  return client;
}

/** A valid business whose name no other test (or run) uses. */
const validBusiness = () => ({
  name: `Bakery ${randomUUID().slice(0, 18)}`,
  streetName: 'Main Street',
  streetNumber: '12a',
  country: 'Germany',
  city: 'Berlin',
  postalCode: '10115',
});
type Business = ReturnType<typeof validBusiness>;

const storedBusinessesNamed = (name: string) =>
  testApp.app.db.select().from(businesses).where(eq(businesses.name, name));

type Case = { title: string; field: keyof Business | 'reviewLink'; value: string | undefined; message: string };

/** Section 5, business form. */
const invalidBusinesses: Case[] = [
  { title: 'name missing', field: 'name', value: undefined, message: 'Business name is required' },
  { title: 'name blank', field: 'name', value: '  ', message: 'Business name is required' },
  { title: 'street name missing', field: 'streetName', value: undefined, message: 'Street name is required' },
  { title: 'street name empty', field: 'streetName', value: '', message: 'Street name is required' },
  { title: 'street number missing', field: 'streetNumber', value: undefined, message: 'Street number is required' },
  { title: 'street number empty', field: 'streetNumber', value: '', message: 'Street number is required' },
  { title: 'country missing', field: 'country', value: undefined, message: 'Countrty is required' },
  { title: 'country empty', field: 'country', value: '', message: 'Countrty is required' },
  { title: 'city missing', field: 'city', value: undefined, message: 'City is required' },
  { title: 'city empty', field: 'city', value: '', message: 'City is required' },
  { title: 'postal code missing', field: 'postalCode', value: undefined, message: 'Postal code is required' },
  { title: 'postal code empty', field: 'postalCode', value: '', message: 'Postal code is required' },
  { title: 'postal code with letters', field: 'postalCode', value: '10A15', message: 'Postal code must be an integer' },
  { title: 'postal code negative', field: 'postalCode', value: '-10115', message: 'Postal code must be an integer' },
  { title: 'postal code decimal', field: 'postalCode', value: '101.15', message: 'Postal code must be an integer' },
  ...['not a link', 'ftp://example.com/review', 'javascript:alert(1)', 'https://'].map((value): Case => ({
    title: `review link ${value}`,
    field: 'reviewLink',
    value,
    message: 'Review link must be a web address starting with http:// or https://',
  })),
];

/** Section 9 field limits: the limit itself is accepted, one more character is refused. */
const maxLengths: Array<[keyof Business, number]> = [
  ['name', 30],
  ['streetName', 30],
  ['streetNumber', 10],
  ['country', 30],
  ['city', 30],
];

describe('create-new-business validation (spec section 5, business form)', () => {
  it.each(invalidBusinesses)('$title → 400 "$message" and nothing stored', async ({ field, value, message }) => {
    const business = validBusiness();
    const payload: Record<string, unknown> = { ...business, [field]: value };
    if (value === undefined) delete payload[field];

    expectFieldError(await owner.post(CREATE, payload), field, message);
    if (field !== 'name') expect(await storedBusinessesNamed(business.name)).toEqual([]);
  });

  it.each(maxLengths)('%s: %i characters accepted, one more refused', async (field, max) => {
    const longest = { ...validBusiness(), [field]: 'x'.repeat(max) };
    const accepted = await owner.post(CREATE, longest);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()[field]).toBe('x'.repeat(max));

    const tooLong = { ...validBusiness(), [field]: 'x'.repeat(max + 1) };
    const refused = await owner.post(CREATE, tooLong);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(Object.keys(refused.json().errors)).toEqual([field]);
    expect(refused.json().errors[field]).toMatch(new RegExp(`must not exceed ${max} characters`));
    expect(await storedBusinessesNamed(tooLong.name)).toEqual([]);
  });
});

describe('create-new-business', () => {
  it('answers 201 with the id and name, and stores the business', async () => {
    const business = validBusiness();
    const response = await owner.post(CREATE, business);

    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toEqual({ id: expect.any(Number), ...business, reviewLink: null });
    expect(await storedBusinessesNamed(business.name)).toHaveLength(1);
  });

  it('keeps an optional review link, trimmed, and answers it in the list', async () => {
    const business = { ...validBusiness(), reviewLink: '  https://g.page/r/corner-bakery/review  ' };
    const created = (await owner.post(CREATE, business)).json();
    expect(created.reviewLink).toBe('https://g.page/r/corner-bakery/review');
    const listed = (await owner.get('/api/business/get-current-users-businesses')).json() as Array<{ id: number; reviewLink: string }>;
    expect(listed.find((entry) => entry.id === created.id)?.reviewLink).toBe('https://g.page/r/corner-bakery/review');
    const blank = (await owner.post(CREATE, { ...validBusiness(), reviewLink: '   ' })).json();
    expect(blank.reviewLink).toBeNull();
  });

  it('trims surrounding whitespace', async () => {
    const business = validBusiness();
    const created = await owner.createBusiness({ ...business, name: `  ${business.name}  `, postalCode: ' 10115 ' });
    expect(created).toMatchObject({ name: business.name, postalCode: '10115' });
  });

  it('answers 401 without a session and stores nothing', async () => {
    const business = validBusiness();
    expectError(await new ApiClient(testApp.app).post(CREATE, business), 401, 'Your session has expired. Please sign in again.');
    expect(await storedBusinessesNamed(business.name)).toEqual([]);
  });
});

describe('get-current-users-businesses', () => {
  it('answers an empty list for a new owner', async () => {
    const client = await signedInClient();
    const response = await client.get(LIST);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it("lists only the caller's businesses, in both directions", async () => {
    const alice = await signedInClient();
    const bob = await signedInClient();
    const aliceFirst = await alice.createBusiness(validBusiness());
    const bobOnly = await bob.createBusiness(validBusiness());
    const aliceSecond = await alice.createBusiness(validBusiness());

    const aliceList = (await alice.get(LIST)).json() as Array<{ id: number; name: string }>;
    const bobList = (await bob.get(LIST)).json() as Array<{ id: number; name: string }>;

    expect(aliceList.map(({ id, name }) => ({ id, name }))).toEqual([
      { id: aliceFirst.id, name: aliceFirst.name },
      { id: aliceSecond.id, name: aliceSecond.name },
    ]);
    expect(bobList.map(({ id, name }) => ({ id, name }))).toEqual([{ id: bobOnly.id, name: bobOnly.name }]);
  });

  it('answers 401 without a session', async () => {
    expectError(await new ApiClient(testApp.app).get(LIST), 401, 'Your session has expired. Please sign in again.');
  });
});
