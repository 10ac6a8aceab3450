import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactFilterCondition } from '../../server/contact-filters/queries';
import { campaigns, contactFilterItems, contactFilters, contacts } from '../../server/db/schema';
import {
  FILTER_ATTRIBUTE_TYPE,
  OPERATORS_BY_TYPE,
  type Contact,
  type ContactFilter,
  type FilterAttribute,
  type FilterCondition,
  type FilterOperator,
} from '#domain';
import { contactMatchesFilter } from '../support/filter-evaluator';
import { ApiClient, type TestApp } from '../support/test-app';
import { expectError, expectFieldError, startOwnerAndStranger, unreachableBusinessIds } from './helpers';

const CREATE = '/api/contact-filter/create-contact-filter-with-items';
const LIST = (businessId: number | string) => `/api/contact-filter/get-contact-filters/${businessId}`;
const COUNT = '/api/contact-filter/count-matching-contacts';
const DUPLICATE = 'A filter with this name already exists.';

let testApp: TestApp;
let owner: ApiClient;
let businessId: number;
let stranger: ApiClient;
let strangersBusinessId: number;

beforeAll(async () => {
  ({ testApp, owner, businessId, stranger, strangersBusinessId } = await startOwnerAndStranger());
});
afterAll(() => testApp?.close());

const condition = (attribute: FilterAttribute, operator: FilterOperator, value: string): FilterCondition => ({
  attribute,
  operator,
  value,
});
const vip = condition('tags', 'CONTAINS', 'vip');

const newFilter = (inBusiness: number, items: unknown[] = [vip], name = `VIPs ${randomUUID().slice(0, 8)}`) => ({
  contactFilter: { name, businessId: inBusiness },
  contactFilterItems: items,
});

async function createFilter(client: ApiClient, inBusiness: number, items: FilterCondition[] = [vip], name?: string) {
  const response = await client.post(CREATE, newFilter(inBusiness, items, name));
  if (response.statusCode !== 201) throw new Error(`create filter failed: ${response.body}`);
  return response.json() as ContactFilter;
}

const storedFiltersNamed = (name: string) =>
  testApp.app.db.select().from(contactFilters).where(eq(contactFilters.name, name));

type SeedContact = Partial<Omit<typeof contacts.$inferInsert, 'lastVisited'>> & { lastVisited?: string | null };

/** Contacts written straight to the table, so names and visits can be anything a test needs. */
async function seedContacts(inBusiness: number, rows: SeedContact[]) {
  await testApp.app.db.insert(contacts).values(
    rows.map((row, index) => ({
      firstName: 'Someone',
      lastName: 'Else',
      email: `seed.${index}.${randomUUID()}@example.com`,
      phoneNumber: '4915100000000',
      birthDate: '1980-01-01',
      gender: 'NOT_SPECIFIED' as const,
      tags: '',
      ...row,
      businessId: inBusiness,
      lastVisited: row.lastVisited ? new Date(row.lastVisited) : null,
    })),
  );
}

/** First names of the business's contacts that the SQL condition selects. */
async function sqlMatches(inBusiness: number, items: FilterCondition[]) {
  const rows = await testApp.app.db
    .select({ firstName: contacts.firstName })
    .from(contacts)
    .where(and(eq(contacts.businessId, inBusiness), contactFilterCondition(items)))
    .orderBy(asc(contacts.id));
  return rows.map((row) => row.firstName);
}

async function listContacts(inBusiness: number): Promise<Contact[]> {
  const response = await owner.get(`/api/contact/get-contacts/${inBusiness}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('create-contact-filter-with-items', () => {
  it('answers 201 with the filter and its items in order, which the list then shows', async () => {
    const items = [
      condition('firstName', 'BEGINS_WITH', 'An'),
      condition('birthDate', 'LESS_THAN', '2000-01-01'),
      condition('gender', 'NOT_EQUALS', 'MALE'),
    ];
    const name = `Young women ${randomUUID().slice(0, 8)}`;
    const response = await owner.post(CREATE, newFilter(businessId, items, `  ${name} `));
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toEqual({ id: expect.any(Number), name, businessId, items });
    const listed = (await owner.get(LIST(businessId))).json() as ContactFilter[];
    expect(listed.find((filter) => filter.id === created.id)).toEqual(created);
  });

  it('keeps ten conditions and their positions', async () => {
    const items = Array.from({ length: 10 }, (_, i) => condition('email', 'DOES_NOT_CONTAIN', `x${i}`));
    const created = await createFilter(owner, businessId, items);
    expect(created.items).toEqual(items);
    const stored = await testApp.app.db
      .select({ position: contactFilterItems.position, value: contactFilterItems.value })
      .from(contactFilterItems)
      .where(eq(contactFilterItems.contactFilterId, created.id))
      .orderBy(asc(contactFilterItems.position));
    expect(stored).toEqual(items.map((item, position) => ({ position, value: item.value })));
  });

  type Body = { contactFilter: Record<string, unknown>; contactFilterItems?: unknown };
  it.each<[string, (body: Body) => void, string, string]>([
    ['name missing', (body) => delete body.contactFilter.name, 'contactFilter.name', 'Filter name is required'],
    ['name blank', (body) => (body.contactFilter.name = '  '), 'contactFilter.name', 'Filter name is required'],
    ['name of 101 characters', (body) => (body.contactFilter.name = 'x'.repeat(101)), 'contactFilter.name', 'Filter name must not exceed 100 characters'],
    ['business missing', (body) => delete body.contactFilter.businessId, 'contactFilter.businessId', 'Business is required'],
    ['no conditions', (body) => (body.contactFilterItems = []), 'contactFilterItems', 'At least one condition is required'],
    ['conditions missing', (body) => delete body.contactFilterItems, 'contactFilterItems', 'At least one condition is required'],
    ['11 conditions', (body) => (body.contactFilterItems = Array(11).fill(vip)), 'contactFilterItems', 'At most 10 conditions are allowed'],
    ['attribute missing', (body) => (body.contactFilterItems = [{ operator: 'CONTAINS', value: 'a' }]), 'contactFilterItems.0.attribute', 'Attribute is required'],
    ['operator missing', (body) => (body.contactFilterItems = [{ attribute: 'email', value: 'a' }]), 'contactFilterItems.0.operator', 'Operator is required'],
    ['value missing', (body) => (body.contactFilterItems = [{ attribute: 'email', operator: 'CONTAINS' }]), 'contactFilterItems.0.value', 'Value is required'],
    ['value of 31 characters', (body) => (body.contactFilterItems = [condition('email', 'CONTAINS', 'x'.repeat(31))]), 'contactFilterItems.0.value', 'Value must not exceed 30 characters'],
    ['operator of another type', (body) => (body.contactFilterItems = [vip, condition('gender', 'CONTAINS', 'MALE')]), 'contactFilterItems.1.operator', 'Operator does not apply to this attribute'],
    ['date value not a date', (body) => (body.contactFilterItems = [condition('lastVisited', 'LESS_THAN', 'yesterday')]), 'contactFilterItems.0.value', 'Value must be a date between 1900 and 2100'],
    ['gender value unknown', (body) => (body.contactFilterItems = [condition('gender', 'EQUALS', 'OTHER')]), 'contactFilterItems.0.value', 'Value must be one of: Male, Female, Not specified'],
  ])('%s → 400 and nothing stored', async (_title, change, field, message) => {
    const payload = newFilter(businessId);
    const body: Body = { ...payload, contactFilter: { ...payload.contactFilter } };
    change(body);
    expectFieldError(await owner.post(CREATE, body), field, message);
    expect(await storedFiltersNamed(payload.contactFilter.name)).toEqual([]);
  });

  it('refuses a name the business already has, whatever its case, with 409', async () => {
    const first = await createFilter(owner, businessId);
    expectError(await owner.post(CREATE, newFilter(businessId, [vip], first.name.toUpperCase())), 409, DUPLICATE);
    expect(await storedFiltersNamed(first.name.toUpperCase())).toEqual([]);
    const elsewhere = await createFilter(owner, (await owner.createBusiness()).id, [vip], first.name);
    expect(elsewhere.name).toBe(first.name);
  });

  it('one of two simultaneous creations with the same name wins, the other gets 409', async () => {
    const name = `Same ${randomUUID()}`;
    const answers = await Promise.all([owner.post(CREATE, newFilter(businessId, [vip], name)), owner.post(CREATE, newFilter(businessId, [vip], name))]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await storedFiltersNamed(name)).toHaveLength(1);
  });

  it("answers 404 for another owner's business, or one that does not exist, and stores nothing", async () => {
    for (const target of [strangersBusinessId, 2_000_000_000, 99_999_999_999]) {
      const payload = newFilter(target);
      expectError(await owner.post(CREATE, payload), 404, 'Business not found.');
      expect(await storedFiltersNamed(payload.contactFilter.name)).toEqual([]);
    }
  });

  it('answers 401 without a session', async () => {
    const payload = newFilter(businessId);
    expectError(await new ApiClient(testApp.app).post(CREATE, payload), 401, /sign in again/);
    expect(await storedFiltersNamed(payload.contactFilter.name)).toEqual([]);
  });
});

describe('get-contact-filters', () => {
  it("lists the business's filters by name with their items, and nobody else's", async () => {
    const business = (await owner.createBusiness()).id;
    expect((await owner.get(LIST(business))).json()).toEqual([]);
    const zebra = await createFilter(owner, business, [vip], 'zebra');
    const alpha = await createFilter(owner, business, [condition('gender', 'EQUALS', 'MALE'), vip], 'Alpha');
    await createFilter(owner, businessId);
    const response = await owner.get(LIST(business));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([alpha, zebra]);
    expect(Object.keys(response.json()[0]).sort()).toEqual(['businessId', 'id', 'items', 'name']);
  });

  it.each(unreachableBusinessIds(() => strangersBusinessId))('answers 404 for %s', async (_title, target) => {
    expectError(await owner.get(LIST(target())), 404, 'Business not found.');
  });

  it('answers 401 without a session', async () => {
    expectError(await new ApiClient(testApp.app).get(LIST(businessId)), 401, /sign in again/);
  });
});

describe('filter semantics (SQL)', () => {
  let business: number;
  beforeAll(async () => {
    business = (await owner.createBusiness()).id;
    await seedContacts(business, [
      { firstName: 'anna', lastName: 'Schmidt', email: 'anna@shop.example', tags: 'vip,newsletter', gender: 'FEMALE', birthDate: '1990-01-01', lastVisited: '2026-03-01T23:59:59.999Z' },
      { firstName: 'ANNABEL', lastName: 'Smith', email: 'annabel@mail.example', tags: 'regular', gender: 'FEMALE', birthDate: '1990-01-02', lastVisited: '2026-03-02T00:00:00.000Z' },
      { firstName: 'Hannah', lastName: 'SCHMIDTKE', email: 'HANNAH@SHOP.EXAMPLE', tags: '', gender: 'NOT_SPECIFIED', birthDate: '1989-12-31', lastVisited: null },
      { firstName: 'Ben', lastName: 'Müller', email: 'ben@shop.example', tags: 'VIP', gender: 'MALE', birthDate: '2000-02-29', lastVisited: '2026-02-28T12:00:00.000Z' },
      { firstName: '50%', lastName: 'a_b', email: 'percent@x.example', tags: 'sale%', gender: 'MALE', birthDate: '1975-06-15', lastVisited: null },
      { firstName: '50x', lastName: 'axb', email: 'x@x.example', tags: 'salex', gender: 'MALE', birthDate: '1975-06-15', lastVisited: null },
      { firstName: 'back\\slash', lastName: 'b', email: 'b@x.example', tags: '', gender: 'FEMALE', birthDate: '1975-06-15', lastVisited: null },
    ]);
  });

  const cases: Array<[string, FilterCondition[], string[]]> = [
    ['BEGINS_WITH ignores case', [condition('firstName', 'BEGINS_WITH', 'ANN')], ['anna', 'ANNABEL']],
    ['ENDS_WITH ignores case', [condition('lastName', 'ENDS_WITH', 'MIDT')], ['anna']],
    ['CONTAINS ignores case', [condition('email', 'CONTAINS', 'Shop.Example')], ['anna', 'Hannah', 'Ben']],
    ['CONTAINS matches inside', [condition('firstName', 'CONTAINS', 'nna')], ['anna', 'ANNABEL', 'Hannah']],
    ['DOES_NOT_CONTAIN', [condition('email', 'DOES_NOT_CONTAIN', 'SHOP')], ['ANNABEL', '50%', '50x', 'back\\slash']],
    ['case-insensitive beyond ASCII', [condition('lastName', 'BEGINS_WITH', 'MÜ')], ['Ben']],
    ['tags: CONTAINS the joined string, any case', [condition('tags', 'CONTAINS', 'vip')], ['anna', 'Ben']],
    ['tags: BEGINS_WITH across tags', [condition('tags', 'BEGINS_WITH', 'vip,news')], ['anna']],
    ['tags: DOES_NOT_CONTAIN holds for no tags', [condition('tags', 'DOES_NOT_CONTAIN', 'vip')], ['ANNABEL', 'Hannah', '50%', '50x', 'back\\slash']],
    ['% is literal', [condition('firstName', 'CONTAINS', '%')], ['50%']],
    ['% at the end is literal', [condition('tags', 'ENDS_WITH', 'sale%')], ['50%']],
    ['_ is literal', [condition('lastName', 'CONTAINS', 'a_b')], ['50%']],
    ['\\ is literal', [condition('firstName', 'BEGINS_WITH', 'back\\')], ['back\\slash']],
    ['birthDate LESS_THAN excludes the day', [condition('birthDate', 'LESS_THAN', '1990-01-02')], ['anna', 'Hannah', '50%', '50x', 'back\\slash']],
    ['birthDate LESS_THAN_EQUALS includes the day', [condition('birthDate', 'LESS_THAN_EQUALS', '1990-01-01'), condition('birthDate', 'GREATER_THAN', '1980-01-01')], ['anna', 'Hannah']],
    ['birthDate GREATER_THAN excludes the day', [condition('birthDate', 'GREATER_THAN', '1990-01-01')], ['ANNABEL', 'Ben']],
    ['birthDate GREATER_THAN_EQUALS includes the day', [condition('birthDate', 'GREATER_THAN_EQUALS', '2000-02-29')], ['Ben']],
    ['lastVisited by UTC day: LESS_THAN', [condition('lastVisited', 'LESS_THAN', '2026-03-02')], ['anna', 'Ben']],
    ['lastVisited by UTC day: LESS_THAN_EQUALS', [condition('lastVisited', 'LESS_THAN_EQUALS', '2026-03-01')], ['anna', 'Ben']],
    ['lastVisited by UTC day: GREATER_THAN', [condition('lastVisited', 'GREATER_THAN', '2026-03-01')], ['ANNABEL']],
    ['lastVisited by UTC day: GREATER_THAN_EQUALS', [condition('lastVisited', 'GREATER_THAN_EQUALS', '2026-03-01')], ['anna', 'ANNABEL']],
    ['never visited matches no lastVisited condition', [condition('lastVisited', 'GREATER_THAN', '1900-01-01')], ['anna', 'ANNABEL', 'Ben']],
    ['gender EQUALS', [condition('gender', 'EQUALS', 'FEMALE')], ['anna', 'ANNABEL', 'back\\slash']],
    ['gender NOT_EQUALS', [condition('gender', 'NOT_EQUALS', 'MALE')], ['anna', 'ANNABEL', 'Hannah', 'back\\slash']],
    ['conditions are ANDed', [condition('firstName', 'CONTAINS', 'ann'), condition('gender', 'EQUALS', 'FEMALE'), condition('tags', 'DOES_NOT_CONTAIN', 'vip')], ['ANNABEL']],
    ['no conditions: everyone', [], ['anna', 'ANNABEL', 'Hannah', 'Ben', '50%', '50x', 'back\\slash']],
  ];

  it.each(cases)('%s', async (_title, items, expected) => {
    expect(await sqlMatches(business, items)).toEqual(expected);
    const seeded = await listContacts(business);
    expect(seeded.filter((contact) => contactMatchesFilter(contact, items)).map((contact) => contact.firstName)).toEqual(expected);
  });

  it('does not depend on the session time zone', async () => {
    const items = [condition('lastVisited', 'LESS_THAN_EQUALS', '2026-03-01')];
    const names = await testApp.app.db.transaction(async (tx) => {
      await tx.execute(`set local time zone 'Pacific/Kiritimati'`);
      return tx
        .select({ firstName: contacts.firstName })
        .from(contacts)
        .where(and(eq(contacts.businessId, business), contactFilterCondition(items)))
        .orderBy(asc(contacts.id));
    });
    expect(names.map((row) => row.firstName)).toEqual(['anna', 'Ben']);
  });
});

describe('contacts without a birth date, email or phone number (imported)', () => {
  let business: number;
  beforeAll(async () => {
    business = (await owner.createBusiness()).id;
    await seedContacts(business, [
      { firstName: 'Full', email: 'full@shop.example', birthDate: '1990-01-01', lastVisited: '2026-03-01T10:00:00.000Z' },
      { firstName: 'NoBirthDate', email: 'nobirth@shop.example', birthDate: null },
      { firstName: 'NoEmail', email: null, phoneNumber: '4915112345678', birthDate: '1985-05-05' },
      { firstName: 'NoPhone', email: 'nophone@mail.example', phoneNumber: null, birthDate: '1985-05-05' },
    ]);
  });

  it.each<[string, FilterCondition[], string[]]>([
    ['no birth-date condition matches a contact without one', [condition('birthDate', 'LESS_THAN', '2100-01-01')], ['Full', 'NoEmail', 'NoPhone']],
    ['nor its opposite', [condition('birthDate', 'GREATER_THAN_EQUALS', '1900-01-01')], ['Full', 'NoEmail', 'NoPhone']],
    ['no last-visit condition matches a contact never checked in', [condition('lastVisited', 'LESS_THAN', '2100-01-01')], ['Full']],
    ['a missing email contains nothing', [condition('email', 'CONTAINS', 'example')], ['Full', 'NoBirthDate', 'NoPhone']],
    ['so it does not contain what is asked', [condition('email', 'DOES_NOT_CONTAIN', 'shop')], ['NoEmail', 'NoPhone']],
    ['a missing phone number neither', [condition('phoneNumber', 'DOES_NOT_CONTAIN', '49')], ['NoPhone']],
  ])('%s', async (_title, items, expected) => {
    expect(await sqlMatches(business, items)).toEqual(expected);
    expect((await listContacts(business)).filter((contact) => contactMatchesFilter(contact, items)).map((contact) => contact.firstName)).toEqual(expected);
  });

  it('a campaign type counts only the contacts it can reach, each address once', async () => {
    const everyone = [condition('gender', 'NOT_EQUALS', 'MALE')];
    const count = async (type: string) => (await owner.post(COUNT, { businessId: business, contactFilterItems: everyone, type })).json().count;
    expect(await count('EMAIL')).toBe(3);
    // Full and NoBirthDate share the seed's number.
    expect(await count('SMS')).toBe(2);
  });
});

/** A small deterministic random generator, so a failure can be reproduced. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!;
  return { next, pick };
}

describe('SQL and the shared evaluator agree (count-matching-contacts)', () => {
  const FIRST = ['Anna', 'anna', 'ANNE', 'Ben', 'Bernd', 'Chloé', 'Zoë', 'Ömer', 'x_y', 'x%y', 'Dana'];
  const LAST = ['Schmidt', 'Smith', 'Müller', 'MILLER', 'Okafor', 'Martin', 'de la Cruz'];
  const TAGS = ['', 'vip', 'VIP,newsletter', 'regular', 'newsletter', 'vip,regular,50%'];
  const GENDER = ['MALE', 'FEMALE', 'NOT_SPECIFIED'] as const;
  const VISITS = [null, '2026-01-01T00:00:00.000Z', '2026-01-01T23:59:59.999Z', '2025-12-31T23:59:59.999Z', '2026-06-15T12:30:00.000Z'];
  const TEXT_VALUES: Record<string, string[]> = {
    firstName: ['an', 'ANN', 'e', 'ë', 'x_', '%', 'ben', 'zz'],
    lastName: ['mi', 'SCH', 'th', 'ü', 'er', 'cruz'],
    email: ['@example.com', 'ANNA', '.', 'mail', 'q'],
    phoneNumber: ['49', '0', '678', '151'],
    tags: ['vip', 'news', 'VIP,', 'regular', '50%'],
  };
  const DATE_VALUES: Record<string, string[]> = {
    birthDate: ['1970-01-01', '1985-06-15', '1990-03-10', '2000-12-31'],
    lastVisited: ['2025-12-31', '2026-01-01', '2026-01-02', '2026-06-15'],
  };

  let business: number;
  let seeded: Contact[];
  beforeAll(async () => {
    business = (await owner.createBusiness()).id;
    const random = generator(20_260_301);
    await seedContacts(
      business,
      // Imported contacts may lack an email or a phone number (not both) and a birth date.
      Array.from({ length: 80 }, (_, i) => ({
        firstName: random.pick(FIRST),
        lastName: random.pick(LAST),
        email: i % 7 === 3 ? null : `${random.pick(FIRST).toLowerCase()}.${i}@${random.pick(['example.com', 'MAIL.example', 'shop.example'])}`,
        phoneNumber: i % 7 === 5 ? null : random.pick(['4915112345678', '447700900123', '33612345678', '4901000000']),
        birthDate: i % 5 === 2 ? null : `${1970 + Math.floor(random.next() * 31)}-${String(1 + Math.floor(random.next() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random.next() * 28)).padStart(2, '0')}`,
        gender: random.pick(GENDER),
        tags: random.pick(TAGS),
        lastVisited: random.pick(VISITS),
      })),
    );
    seeded = await listContacts(business);
  });

  const randomCondition = (random: ReturnType<typeof generator>): FilterCondition => {
    const attribute = random.pick(Object.keys(FILTER_ATTRIBUTE_TYPE) as FilterAttribute[]);
    const type = FILTER_ATTRIBUTE_TYPE[attribute];
    const operator = random.pick(OPERATORS_BY_TYPE[type]);
    const value = type === 'text' ? random.pick(TEXT_VALUES[attribute]!) : type === 'date' ? random.pick(DATE_VALUES[attribute]!) : random.pick(GENDER);
    return { attribute, operator, value };
  };

  // Every operator of every attribute with every sample value, alone...
  const single = Object.entries(FILTER_ATTRIBUTE_TYPE).flatMap(([attribute, type]) =>
    OPERATORS_BY_TYPE[type].flatMap((operator: FilterOperator) =>
      (type === 'text' ? TEXT_VALUES[attribute]! : type === 'date' ? DATE_VALUES[attribute]! : [...GENDER]).map((value) => [condition(attribute as FilterAttribute, operator, value)]),
    ),
  );
  // ...and random combinations of up to four.
  const random = generator(42);
  const combined = Array.from({ length: 60 }, () => Array.from({ length: 2 + Math.floor(random.next() * 3) }, () => randomCondition(random)));

  it(`counts what the evaluator selects for ${single.length} single conditions and ${combined.length} combinations (unsaved)`, async () => {
    let nonTrivial = 0;
    for (const items of [...single, ...combined]) {
      const expected = seeded.filter((contact) => contactMatchesFilter(contact, items));
      if (expected.length > 0 && expected.length < seeded.length) nonTrivial += 1;
      const response = await owner.post(COUNT, { businessId: business, contactFilterItems: items });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json(), JSON.stringify(items)).toEqual({ count: expected.length, sample: expected[0] ?? null });
    }
    // The sample is only a check if most conditions split the contacts.
    expect(nonTrivial).toBeGreaterThan(single.length / 2);
  });

  it('selects exactly the contacts the evaluator selects', async () => {
    for (const items of combined.slice(0, 30)) {
      const expected = seeded.filter((contact) => contactMatchesFilter(contact, items)).map((contact) => contact.firstName);
      expect(await sqlMatches(business, items), JSON.stringify(items)).toEqual(expected);
    }
  });

  it('counts a saved filter the same way', async () => {
    for (const items of combined.slice(0, 10)) {
      const filter = await createFilter(owner, business, items);
      const response = await owner.post(COUNT, { businessId: business, contactFilterId: filter.id });
      expect(response.statusCode, response.body).toBe(200);
      const expected = seeded.filter((contact) => contactMatchesFilter(contact, items));
      expect(response.json()).toEqual({ count: expected.length, sample: expected[0] ?? null });
    }
  });
});

describe('count-matching-contacts', () => {
  it('counts only the contacts of the given business', async () => {
    const business = (await owner.createBusiness()).id;
    await seedContacts(business, [{ firstName: 'Only' }, { firstName: 'Other' }]);
    await seedContacts(businessId, [{ firstName: 'Only' }]);
    const response = await owner.post(COUNT, { businessId: business, contactFilterItems: [condition('firstName', 'BEGINS_WITH', 'o')] });
    expect(response.json()).toEqual({ count: 2, sample: expect.objectContaining({ firstName: 'Only', businessId: business }) });
  });

  it('answers the first matching contact (lowest id) as the list shows it, or null when none matches', async () => {
    const business = (await owner.createBusiness()).id;
    await seedContacts(business, [{ firstName: 'Zed' }, { firstName: 'Amy', tags: 'vip' }, { firstName: 'Abe' }]);
    const listed = await listContacts(business);
    const beginsWithA = await owner.post(COUNT, { businessId: business, contactFilterItems: [condition('firstName', 'BEGINS_WITH', 'a')] });
    expect(beginsWithA.json()).toEqual({ count: 2, sample: listed.find((contact) => contact.firstName === 'Amy') });
    const nobody = await owner.post(COUNT, { businessId: business, contactFilterItems: [condition('firstName', 'BEGINS_WITH', 'q')] });
    expect(nobody.json()).toEqual({ count: 0, sample: null });
  });

  it('with a campaign type, counts the recipients that campaign would have: ACTIVE, a usable address, each once', async () => {
    const business = (await owner.createBusiness()).id;
    await seedContacts(business, [
      { firstName: 'Unsubscribed', tags: 'vip', status: 'UNSUBSCRIBED' },
      { firstName: 'Ann', tags: 'vip', email: 'ann@example.com', phoneNumber: '0151000000' },
      { firstName: 'Ann again', tags: 'vip', email: 'ann.again@example.com', phoneNumber: '+4915100000002' },
      { firstName: 'Ben', tags: 'vip', email: 'ben@example.com', phoneNumber: '4915100000002' },
    ]);
    const listed = await listContacts(business);
    const count = async (type?: 'EMAIL' | 'SMS') => (await owner.post(COUNT, { businessId: business, contactFilterItems: [vip], type })).json();
    expect(await count()).toEqual({ count: 4, sample: listed.find((contact) => contact.firstName === 'Unsubscribed') });
    expect(await count('EMAIL')).toEqual({ count: 3, sample: listed.find((contact) => contact.firstName === 'Ann') });
    // Ann's number has no country code (leading 0); Ann again and Ben share one number, texted once.
    expect(await count('SMS')).toEqual({ count: 1, sample: listed.find((contact) => contact.firstName === 'Ann again') });
    expectFieldError(await owner.post(COUNT, { businessId: business, contactFilterItems: [vip], type: 'FAX' }), 'type', 'Campaign type must be SMS (text message) or EMAIL');
  });

  it("answers 404 for another owner's business and for a filter of another business", async () => {
    expectError(await owner.post(COUNT, { businessId: strangersBusinessId, contactFilterItems: [vip] }), 404, 'Business not found.');
    const strangers = await createFilter(stranger, strangersBusinessId);
    expectError(await owner.post(COUNT, { businessId, contactFilterId: strangers.id }), 404, 'Contact filter not found.');
    const otherBusinessFilter = await createFilter(owner, (await owner.createBusiness()).id);
    expectError(await owner.post(COUNT, { businessId, contactFilterId: otherBusinessFilter.id }), 404, 'Contact filter not found.');
    expectError(await owner.post(COUNT, { businessId, contactFilterId: 99_999_999_999 }), 404, 'Contact filter not found.');
  });

  it('needs exactly one of a saved filter and conditions, and valid conditions', async () => {
    const saved = await createFilter(owner, businessId);
    const either = 'Give either a saved filter (contactFilterId) or conditions (contactFilterItems).';
    expectFieldError(await owner.post(COUNT, { businessId }), 'contactFilterItems', either);
    expectFieldError(await owner.post(COUNT, { businessId, contactFilterId: saved.id, contactFilterItems: [vip] }), 'contactFilterItems', either);
    expectFieldError(await owner.post(COUNT, { businessId, contactFilterItems: [] }), 'contactFilterItems', 'At least one condition is required');
    expectFieldError(
      await owner.post(COUNT, { businessId, contactFilterItems: [condition('birthDate', 'EQUALS', '2000-01-01')] }),
      'contactFilterItems.0.operator',
      'Operator does not apply to this attribute',
    );
    expectFieldError(await owner.post(COUNT, { contactFilterItems: [vip] }), 'businessId', 'Business is required');
  });

  it('answers 401 without a session', async () => {
    expectError(await new ApiClient(testApp.app).post(COUNT, { businessId, contactFilterItems: [vip] }), 401, /sign in again/);
  });
});

const UPDATE = (id: number | string) => `/api/contact-filter/update-contact-filter/${id}`;
const DELETE = (id: number | string) => `/api/contact-filter/delete-contact-filter/${id}`;
const COUNTS = (inBusiness: number | string) => `/api/contact-filter/get-contact-filter-counts/${inBusiness}`;

/** A campaign row using the filter, written straight to the table (the filter's rules, not the campaign's, are under test). */
async function campaignUsing(filter: ContactFilter, name: string) {
  await testApp.app.db.insert(campaigns).values({
    businessId: filter.businessId,
    contactFilterId: filter.id,
    name,
    type: 'EMAIL',
    interval: 1,
    intervalSize: 5,
    subject: 'Hello',
    messageBody: 'Please review us',
  });
}

describe('the Filters screen: counts, edit, delete', () => {
  it("counts each filter's contacts now and the campaigns using it; nobody else's", async () => {
    const business = (await owner.createBusiness()).id;
    expect((await owner.get(COUNTS(business))).json()).toEqual([]);
    await seedContacts(business, [{ firstName: 'Amy', tags: 'vip' }, { firstName: 'Abe' }, { firstName: 'Zed', tags: 'vip' }]);
    const vips = await createFilter(owner, business, [vip], 'VIPs');
    const startsWithA = await createFilter(owner, business, [condition('firstName', 'BEGINS_WITH', 'a')], 'A names');
    await campaignUsing(vips, 'Spring VIPs');
    const counts = (await owner.get(COUNTS(business))).json();
    expect(counts).toEqual(expect.arrayContaining([{ id: vips.id, count: 2, campaigns: 1 }, { id: startsWithA.id, count: 2, campaigns: 0 }]));
    expect(counts).toHaveLength(2);
    // Live: a new contact counts at once.
    await seedContacts(business, [{ firstName: 'Ann', tags: 'vip' }]);
    expect((await owner.get(COUNTS(business))).json()).toEqual(expect.arrayContaining([{ id: vips.id, count: 3, campaigns: 1 }]));
    for (const [, id] of unreachableBusinessIds(() => strangersBusinessId)) {
      expectError(await owner.get(COUNTS(id())), 404, 'Business not found.');
    }
  });

  it('renames a filter and replaces its conditions; refuses a name another filter has, bad conditions, and a stranger', async () => {
    const business = (await owner.createBusiness()).id;
    const filter = await createFilter(owner, business, [vip], 'Regulars');
    await createFilter(owner, business, [vip], 'Taken');
    const items = [condition('firstName', 'BEGINS_WITH', 'a'), condition('gender', 'EQUALS', 'FEMALE')];
    const saved = await owner.put(UPDATE(filter.id), { contactFilter: { name: 'Regulars from Berlin' }, contactFilterItems: items });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ id: filter.id, name: 'Regulars from Berlin', businessId: business, items });
    expect((await owner.get(LIST(business))).json()).toEqual(expect.arrayContaining([saved.json()]));
    // Its own name in another case is not taken.
    expect((await owner.put(UPDATE(filter.id), { contactFilter: { name: 'REGULARS FROM BERLIN' }, contactFilterItems: items })).statusCode).toBe(200);

    expectError(await owner.put(UPDATE(filter.id), { contactFilter: { name: 'taken' }, contactFilterItems: items }), 409, DUPLICATE);
    expectFieldError(await owner.put(UPDATE(filter.id), { contactFilter: { name: '' }, contactFilterItems: items }), 'contactFilter.name', 'Filter name is required');
    expectFieldError(await owner.put(UPDATE(filter.id), { contactFilter: { name: 'X' }, contactFilterItems: [] }), 'contactFilterItems', 'At least one condition is required');
    const strangers = await createFilter(stranger, strangersBusinessId);
    expectError(await owner.put(UPDATE(strangers.id), { contactFilter: { name: 'Mine now' }, contactFilterItems: items }), 404, 'Contact filter not found.');
    expectError(await owner.put(UPDATE('abc'), { contactFilter: { name: 'X' }, contactFilterItems: items }), 404, 'Contact filter not found.');
    // Nothing changed by the refusals.
    const [stored] = await storedFiltersNamed('REGULARS FROM BERLIN');
    expect(stored).toBeDefined();
    expect((await storedFiltersNamed(strangers.name))).toHaveLength(1);
    const storedItems = await testApp.app.db.select().from(contactFilterItems).where(eq(contactFilterItems.contactFilterId, filter.id)).orderBy(asc(contactFilterItems.position));
    expect(storedItems.map(({ attribute, operator, value }) => ({ attribute, operator, value }))).toEqual(items);
  });

  it('deletes a filter no campaign uses; refuses one a campaign uses, naming the campaigns', async () => {
    const business = (await owner.createBusiness()).id;
    const unused = await createFilter(owner, business, [vip], 'Unused');
    const used = await createFilter(owner, business, [vip], 'Used');
    await campaignUsing(used, 'Spring VIPs');
    await campaignUsing(used, 'Autumn VIPs');

    const deleted = await owner.delete(DELETE(unused.id));
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual(unused);
    expect(await storedFiltersNamed('Unused')).toEqual([]);
    expectError(await owner.delete(DELETE(unused.id)), 404, 'Contact filter not found.');

    expectError(
      await owner.delete(DELETE(used.id)),
      409,
      'This filter cannot be deleted: 2 campaigns use it (Spring VIPs, Autumn VIPs). Delete those campaigns first, or keep the filter.',
    );
    expect(await storedFiltersNamed('Used')).toHaveLength(1);
    const strangers = await createFilter(stranger, strangersBusinessId);
    expectError(await owner.delete(DELETE(strangers.id)), 404, 'Contact filter not found.');
    expect(await storedFiltersNamed(strangers.name)).toHaveLength(1);
  });

  it('answers 401 without a session', async () => {
    const anonymous = new ApiClient(testApp.app);
    expectError(await anonymous.get(COUNTS(businessId)), 401, /sign in again/);
    expectError(await anonymous.put(UPDATE(1), { contactFilter: { name: 'X' }, contactFilterItems: [vip] }), 401, /sign in again/);
    expectError(await anonymous.delete(DELETE(1)), 401, /sign in again/);
  });
});
