import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactFilter } from '#domain';
import { queryRows } from '../../server/db/client';
import { ApiClient, validRegistration, type TestApp } from '../support/test-app';
import { expectFieldError, startOwnerAndStranger } from './helpers';

/**
 * Inputs that used to reach PostgreSQL and fail there (500): NUL and other control characters in
 * any text, dates PostgreSQL cannot hold, start times JavaScript quietly moves to another day.
 * Each is now a 400 naming the field, and nothing is written.
 */

let testApp: TestApp;
let owner: ApiClient;
let businessId: number;
let filter: ContactFilter;

beforeAll(async () => {
  // The counts below cover every owner's rows: other files must not write meanwhile.
  ({ testApp, owner, businessId } = await startOwnerAndStranger({ ownDatabase: true }));
  const response = await owner.post('/api/contact-filter/create-contact-filter-with-items', {
    contactFilter: { name: 'Everyone', businessId },
    contactFilterItems: [{ attribute: 'email', operator: 'CONTAINS', value: '@' }],
  });
  filter = response.json();
});
afterAll(() => testApp?.close());

/** Rows of every table the requests below could write. */
const rowCounts = async () =>
  (
    await queryRows<{ counts: string }>(
      testApp.app.db,
      sql`select concat_ws(',', (select count(*) from users), (select count(*) from businesses), (select count(*) from contacts),
                 (select count(*) from contact_filters), (select count(*) from contact_filter_items), (select count(*) from campaigns)) as counts`,
    )
  )[0]!.counts;

const control = (label: string) => `${label} must not contain control characters (such as NUL or escape)`;
const broken = 'Text must not contain a broken character (half of a surrogate pair)';
// Half a surrogate pair: JSON carries it ("\ud800"), as ApiClient's JSON.stringify writes it.
const LONE_HIGH = '\uD800';
const LONE_LOW = '\uDC00';
const NUL = '\u0000';
const ESC = '\u001b';

const business = { name: 'Corner Bakery', streetName: 'Main Street', streetNumber: '12a', country: 'Germany', city: 'Berlin', postalCode: '10115' };
const contact = () => ({ firstName: 'Anna', lastName: 'Schmidt', email: `anna.${randomUUID().slice(0, 8)}@example.com`, phoneNumber: '4915112345678', birthDate: '1988-04-12', gender: 'FEMALE', tags: 'vip', businessId });
const campaign = () => ({ name: `Spring ${randomUUID().slice(0, 8)}`, type: 'EMAIL', subject: 'Hello', messageBody: 'Hi ${firstName}', businessId, contactFilterId: filter.id, interval: 1, intervalSize: 5 });
const filterBody = (name: string, value: string, attribute = 'firstName', operator = 'CONTAINS') => ({
  contactFilter: { name, businessId },
  contactFilterItems: [{ attribute, operator, value }],
});

type Case = [title: string, url: string, body: () => unknown, field: string, message: string];

const cases: Case[] = [
  ['NUL in a sign-up first name', '/api/auth/sign-up', () => ({ ...validRegistration(), firstName: `Ada${NUL}` }), 'firstName', control('First name')],
  ['an escape in a sign-up last name', '/api/auth/sign-up', () => ({ ...validRegistration(), lastName: `Love${ESC}lace` }), 'lastName', control('Last name')],
  ['NUL in a password', '/api/auth/sign-up', () => ({ ...validRegistration(), password: `Str0ng!pa${NUL}ss` }), 'password', control('Password')],
  ['NUL in a business name', '/api/business/create-new-business', () => ({ ...business, name: `Bakery${NUL}` }), 'name', control('Business name')],
  ['NUL in a city', '/api/business/create-new-business', () => ({ ...business, city: `Ber${NUL}lin` }), 'city', control('City')],
  ['NUL in a review site address', '/api/business/create-new-business', () => ({ ...business, reviewSites: [{ name: 'Google', url: `https://g.page/r/x${NUL}` }] }), 'reviewSites.0.url', 'Review site address must be a web address starting with http:// or https://'],
  ['NUL in a contact first name', '/api/contact/create-new-contact', () => ({ ...contact(), firstName: `An${NUL}na` }), 'firstName', control('First name')],
  ['NUL in a contact last name', '/api/contact/create-new-contact', () => ({ ...contact(), lastName: `${NUL}` }), 'lastName', control('Last name')],
  ['NUL in the tags', '/api/contact/create-new-contact', () => ({ ...contact(), tags: `vip,gold${NUL}` }), 'tags', control('Tags')],
  ['a tag of 51 characters', '/api/contact/create-new-contact', () => ({ ...contact(), tags: `vip,${'t'.repeat(51)}` }), 'tags', 'Each tag must not exceed 50 characters'],
  ['NUL in a filter name', '/api/contact-filter/create-contact-filter-with-items', () => filterBody(`VIP${NUL}`, 'Anna'), 'contactFilter.name', control('Filter name')],
  ['NUL in a filter value', '/api/contact-filter/create-contact-filter-with-items', () => filterBody('VIP', `An${NUL}`), 'contactFilterItems.0.value', control('Value')],
  ['a filter date in year 0', '/api/contact-filter/create-contact-filter-with-items', () => filterBody('Old', '0000-01-01', 'birthDate', 'LESS_THAN'), 'contactFilterItems.0.value', 'Value must be a date between 1900 and 2100'],
  ['a filter date in year 2101', '/api/contact-filter/create-contact-filter-with-items', () => filterBody('Late', '2101-01-01', 'lastVisited', 'GREATER_THAN'), 'contactFilterItems.0.value', 'Value must be a date between 1900 and 2100'],
  ['counting with a filter date in year 0', '/api/contact-filter/count-matching-contacts', () => ({ businessId, contactFilterItems: [{ attribute: 'birthDate', operator: 'LESS_THAN', value: '0000-01-01' }] }), 'contactFilterItems.0.value', 'Value must be a date between 1900 and 2100'],
  ['NUL in a campaign name', '/api/campaign/create-new-campaign', () => ({ ...campaign(), name: `Spring${NUL}` }), 'name', control('Campaign name')],
  ['NUL in a subject', '/api/campaign/create-new-campaign', () => ({ ...campaign(), subject: `Hello${NUL}` }), 'subject', control('Email subject')],
  ['a tab in a subject', '/api/campaign/create-new-campaign', () => ({ ...campaign(), subject: `Hello\tthere` }), 'subject', control('Email subject')],
  ['NUL in a message body', '/api/campaign/launch-new-campaign', () => ({ ...campaign(), messageBody: `Hi${NUL}` }), 'messageBody', control('Message body')],
  ['a start time on 30 February', '/api/campaign/create-new-campaign', () => ({ ...campaign(), startTime: '2099-02-30T10:00:00Z' }), 'startTime', 'The scheduled start must be a date and time'],
  ['a start time at 24:00', '/api/campaign/create-new-campaign', () => ({ ...campaign(), startTime: '2099-03-01T24:00:00Z' }), 'startTime', 'The scheduled start must be a date and time'],
  ['a lone surrogate in a review site name', '/api/business/create-new-business', () => ({ ...business, reviewSites: [{ name: `Yelp${LONE_HIGH}`, url: 'https://yelp.example/x' }] }), 'reviewSites.0.name', broken],
  ['a lone surrogate in a review site address', '/api/business/create-new-business', () => ({ ...business, reviewSites: [{ name: 'Yelp', url: `https://yelp.example/${LONE_LOW}` }] }), 'reviewSites.0.url', broken],
  ['a lone surrogate in a business name', '/api/business/create-new-business', () => ({ ...business, name: `Bakery ${LONE_LOW}${LONE_HIGH}` }), 'name', broken],
  ['a lone surrogate in a sign-up email', '/api/auth/sign-up', () => ({ ...validRegistration(), email: `ada${LONE_HIGH}@example.com` }), 'email', broken],
  ['a lone surrogate in a contact first name', '/api/contact/create-new-contact', () => ({ ...contact(), firstName: `Anna${LONE_HIGH}` }), 'firstName', broken],
  ['a lone surrogate in the tags', '/api/contact/create-new-contact', () => ({ ...contact(), tags: `vip,${LONE_LOW}` }), 'tags', broken],
  ['a lone surrogate in a filter value', '/api/contact-filter/create-contact-filter-with-items', () => filterBody('VIP', `An${LONE_HIGH}`), 'contactFilterItems.0.value', broken],
  ['a lone surrogate in a message body', '/api/campaign/launch-new-campaign', () => ({ ...campaign(), messageBody: `Hi ${LONE_HIGH}` }), 'messageBody', broken],
  ['a lone surrogate in an unknown field', '/api/contact/create-new-contact', () => ({ ...contact(), note: { text: LONE_LOW } }), 'note.text', broken],
  ['a lone surrogate in a key', '/api/contact/create-new-contact', () => ({ ...contact(), [`x${LONE_HIGH}`]: 1 }), 'x\uFFFD', broken],
  ['a start time at minute 60', '/api/campaign/create-new-campaign', () => ({ ...campaign(), startTime: '2099-03-01T10:60:00+01:00' }), 'startTime', 'The scheduled start must be a date and time'],
];

describe('hostile text and dates are a 400 naming the field, and write nothing', () => {
  it.each(cases)('%s', async (_title, url, body, field, message) => {
    const before = await rowCounts();
    const client = url.startsWith('/api/auth/') ? new ApiClient(testApp.app) : owner;
    expectFieldError(await client.post(url, body()), field, message);
    expect(await rowCounts()).toBe(before);
  });
});

describe('what stays allowed', () => {
  it('tabs and line breaks in a message body', async () => {
    const response = await owner.post('/api/campaign/create-new-campaign', { ...campaign(), messageBody: 'Hi ${firstName},\n\n\tthanks for visiting!\r\nSee you' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().messageBody).toBe('Hi ${firstName},\n\n\tthanks for visiting!\r\nSee you');
  });

  it('a start time with an offset, stored as the same instant', async () => {
    const response = await owner.post('/api/campaign/create-new-campaign', { ...campaign(), startTime: '2099-03-01T23:30:00-02:00' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().startTime).toBe('2099-03-02T01:30:00.000Z');
  });

  it('a tag of exactly 50 characters', async () => {
    const tag = 't'.repeat(50);
    const response = await owner.post('/api/contact/create-new-contact', { ...contact(), tags: `vip,${tag}` });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().tags).toBe(`vip,${tag}`);
  });
});
