import { getCountries, getExampleNumber, type PhoneNumber } from 'libphonenumber-js/core';
import examples from 'libphonenumber-js/examples.mobile.json';
import metadata from 'libphonenumber-js/max/metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, TestApp } from '../support/test-app';
import { startSignedInOwner } from './helpers';

/**
 * Every region libphonenumber knows, through the API: a business of that region gets a contact
 * whose number is the region's example mobile number, written as people there write it, with
 * '+' and the country code, and with brackets and dots. None may be a 5xx (a business in Spain,
 * Italy or Norway once got a 500 for any number), and each is stored as the same international
 * digits. One business per region; the requests go in parallel batches.
 */

const CREATE = '/api/contact/create-new-contact';
const BATCH = 24;

let testApp: TestApp;
let owner: ApiClient;
beforeAll(async () => {
  ({ testApp, owner } = await startSignedInOwner());
});
afterAll(() => testApp?.close());

/** "0151 23456789" -> "(0151) 234.567.89"-like: the first group in brackets, dots between the others. */
const bracketsAndDots = (written: string) => {
  const [first, ...rest] = written.split(' ');
  return rest.length ? `(${first}) ${rest.join('.')}` : `(${first})`;
};

/** The ways one number is typed: nationally, with + and country code, and both again with brackets and dots. */
const writings = (number: PhoneNumber) => {
  const international = number.formatInternational();
  const [code, ...rest] = international.split(' ');
  return {
    national: number.formatNational(),
    international,
    'national with brackets and dots': bracketsAndDots(number.formatNational()),
    'international with brackets and dots': `${code} ${bracketsAndDots(rest.join(' '))}`,
  };
};

const regions = getCountries(metadata).flatMap((region) => {
  const number = getExampleNumber(region, examples, metadata);
  return number ? [{ region, number }] : [];
});

describe('phone numbers of every region libphonenumber knows', () => {
  it('knows the regions (a library update that drops its examples would make this test empty)', () => {
    expect(regions.length).toBeGreaterThan(240);
  });

  it('are stored as the same international digits however they are written, in a business of the region', { timeout: 300_000 }, async () => {
    const wrong: string[] = [];
    for (let start = 0; start < regions.length; start += BATCH) {
      await Promise.all(
        regions.slice(start, start + BATCH).map(async ({ region, number }) => {
          // Its country is not named (postal codes of 245 regions are not the point); its phone number country is.
          const business = await owner.createBusiness({ name: `Shop ${region}`, country: 'Testland', region });
          const expected = number.number.slice(1);
          for (const [how, typed] of Object.entries(writings(number))) {
            const response = await owner.post(CREATE, {
              firstName: 'Ana',
              lastName: region,
              email: `${region}.${how.replaceAll(' ', '-')}@example.com`,
              phoneNumber: typed,
              birthDate: '1990-03-04',
              gender: 'FEMALE',
              businessId: business.id,
            });
            const stored = response.statusCode === 201 ? (response.json() as { phoneNumber: string }).phoneNumber : null;
            if (stored !== expected) wrong.push(`${region} ${how} "${typed}": ${response.statusCode} ${stored ?? response.body}`);
          }
        }),
      );
    }
    expect(wrong).toEqual([]);
  });
});
