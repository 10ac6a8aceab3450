import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInMessages, checkInPageTexts } from '#domain/check-in-page';
import { controlCharactersMessage, visitSkipReasons } from '#domain';
import { queryRows } from '../../server/db/client';
import { businesses, contactConsents, contacts } from '../../server/db/schema';
import { FORM_TOKEN_TTL_MS } from '../../server/check-in-page/form-token';
import { automationRequests, saveAutomation } from '../support/automation';
import { addContacts, signedInOwner, type Owner } from '../support/delivery-app';
import { ManualClock } from '../support/manual-clock';
import { startTestApp, type TestApp } from '../support/test-app';
import { withTestApp } from './helpers';

/**
 * The counter's check-in page, /k/{slug}: a customer checks in with a first name and a phone
 * number or email, agreeing to one message. A check-in creates or updates the contact, records the
 * visit, the consent and the automation's request; every refusal (a field to correct, a bot, a
 * limit) records nothing. The form's minimum fill time is passed by moving the server's clock.
 */

const FILLED_IN_MS = 5000;
const lines: string[] = [];
const clock = new ManualClock();
let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp(
    {
      LOG_LEVEL: 'info',
      CHECK_IN_RATE_LIMIT_PER_IP_PER_HOUR: '100000',
      CHECK_IN_RATE_LIMIT_PER_NETWORK_PER_HOUR: '100000',
      CHECK_IN_RATE_LIMIT_PER_BUSINESS_PER_HOUR: '100000',
    },
    { clock, logStream: { write: (line: string) => void lines.push(line) } },
  );
});
afterAll(() => testApp?.close());

type Shop = Owner & { slug: string };

async function newShop(app = testApp.app): Promise<Shop> {
  const owner = await signedInOwner(app);
  const [row] = await app.db.select({ slug: businesses.checkInSlug }).from(businesses).where(eq(businesses.id, owner.businessId));
  return { ...owner, slug: row!.slug };
}

const tokenOf = (html: string) => /name="token" value="([^"]+)"/.exec(html)?.[1];

/** Opens the page as a customer's phone would; its form token. */
async function openPage(slug: string, app = testApp.app) {
  const response = await app.inject({ method: 'GET', url: `/k/${slug}` });
  expect(response.statusCode, response.body).toBe(200);
  return tokenOf(response.body)!;
}

type Fields = Record<string, string>;
const post = (slug: string, fields: Fields, { app = testApp.app, ip = '198.51.100.7' } = {}) =>
  app.inject({
    method: 'POST',
    url: `/k/${slug}`,
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

/**
 * Opens the page, takes a person's few seconds to fill it in, and sends it with the box ticked
 * unless told otherwise; an empty value is a field left out (as an unticked box is).
 */
async function checkIn(shop: Shop, fields: Fields) {
  const token = await openPage(shop.slug);
  clock.advance(FILLED_IN_MS);
  const sent = Object.entries({ token, consent: 'yes', ...fields }).filter(([, value]) => value !== '');
  return post(shop.slug, Object.fromEntries(sent));
}

let counter = 0;
const uniqueEmail = () => `guest.${Date.now()}.${(counter += 1)}@example.com`;

const contactsOf = (shop: Shop) => testApp.app.db.select().from(contacts).where(eq(contacts.businessId, shop.businessId)).orderBy(contacts.id);
const consentsOf = (shop: Shop) => testApp.app.db.select().from(contactConsents).where(eq(contactConsents.businessId, shop.businessId)).orderBy(contactConsents.id);
const visitsOf = (shop: Shop) =>
  queryRows<{ contactId: number; source: string; skipReason: string | null; dueAt: Date | null }>(
    testApp.app.db,
    sql`select contact_id as "contactId", source, skip_reason as "skipReason", due_at as "dueAt" from visits where business_id = ${shop.businessId} order by id`,
  );

/** Everything a check-in writes for the business, to show a refusal wrote none of it. */
async function recorded(shop: Shop) {
  return {
    contacts: await contactsOf(shop),
    consents: await consentsOf(shop),
    visits: await visitsOf(shop),
    requests: await automationRequests(testApp.app, shop.businessId),
  };
}

describe('the check-in page', () => {
  it("shows the form with the business's name escaped, a form token, and fields a phone fills in", async () => {
    const shop = await newShop();
    const hostile = `Tom & Jerry's <b>Bakery</b> "Café"`;
    await testApp.app.db.update(businesses).set({ name: hostile }).where(eq(businesses.id, shop.businessId));

    const response = await testApp.app.inject({ method: 'GET', url: `/k/${shop.slug}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const page = response.body;
    const escaped = 'Tom &#38; Jerry&#39;s &#60;b&#62;Bakery&#60;/b&#62; &#34;Café&#34;';
    expect(page).toContain(`<h1>Thanks for visiting ${escaped}</h1>`);
    expect(page).toContain(`I agree to receive one message from ${escaped} asking about my visit`);
    expect(page).not.toContain('<b>Bakery');
    expect(page).not.toContain('<script');
    expect(page).toMatch(/<html lang="en">/);
    expect(tokenOf(page)).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    expect(page).toMatch(/<label for="firstName">First name<\/label>\s*<input id="firstName" name="firstName"[^>]* autocomplete="given-name"/);
    expect(page).toMatch(/<input id="phoneNumber" name="phoneNumber"[^>]* type="tel" inputmode="tel" autocomplete="tel"/);
    expect(page).toMatch(/<input id="email" name="email"[^>]* type="email" inputmode="email" autocomplete="email"/);
    expect(page).toMatch(/<label for="website">Leave this empty<\/label><input id="website" name="website" type="text" tabindex="-1" autocomplete="off">/);
    // Phone first: the phone number's field comes before the email's.
    expect(page.indexOf('id="phoneNumber"')).toBeLessThan(page.indexOf('id="email"'));

    // The consent is stored as the customer read it, unescaped.
    expect((await checkIn(shop, { firstName: 'Ana', email: uniqueEmail() })).statusCode).toBe(200);
    expect((await consentsOf(shop)).map((consent) => consent.text)).toEqual([`I agree to receive one message from ${hostile} asking about my visit`]);
  });

  it('answers an unknown or malformed address with a 404 page in words, for the page and its form', async () => {
    for (const slug of ['0123456789ab', 'not-a-page', '%00', 'x'.repeat(90)]) {
      const opened = await testApp.app.inject({ method: 'GET', url: `/k/${slug}` });
      expect(opened.statusCode, slug).toBe(404);
      expect(opened.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(opened.body).toContain('This check-in page does not exist');
      const sent = await post(slug, { firstName: 'Ana', email: uniqueEmail(), consent: 'yes', token: '1.x' });
      expect(sent.statusCode, slug).toBe(404);
      expect(sent.body).toContain('This check-in page does not exist');
    }
  });
});

describe('a check-in', () => {
  it('creates a contact from a phone number alone, records Last visited and the consent, and thanks the customer by name', async () => {
    const shop = await newShop();
    const before = Date.now();
    const response = await checkIn(shop, { firstName: '  Ana ', phoneNumber: '01512 3456789' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain('<h1>Thanks, Ana!</h1>');
    expect(response.body).toContain(`You are checked in at ${shop.businessName}.`);

    const [contact, ...others] = await contactsOf(shop);
    expect(others).toEqual([]);
    // A German business: the national number is read with the country code.
    expect(contact).toMatchObject({ firstName: 'Ana', lastName: '', phoneNumber: '4915123456789', email: null, status: 'ACTIVE' });
    expect(contact!.lastVisited!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const [consent] = await consentsOf(shop);
    expect(consent).toMatchObject({ contactId: contact!.id, text: checkInPageTexts.consent(shop.businessName) });
    expect(Math.abs(consent!.givenAt.getTime() - contact!.lastVisited!.getTime())).toBeLessThan(1000);
    // The automation is off: the visit is only a check-in.
    expect(await visitsOf(shop)).toEqual([]);
  });

  it('creates a contact from an email alone', async () => {
    const shop = await newShop();
    const email = uniqueEmail();
    expect((await checkIn(shop, { firstName: 'Ben', email: ` ${email.toUpperCase()} ` })).statusCode).toBe(200);
    const [contact] = await contactsOf(shop);
    expect(contact).toMatchObject({ firstName: 'Ben', email: email.toUpperCase(), phoneNumber: null });
    expect(contact!.lastVisited).not.toBeNull();
    expect(await consentsOf(shop)).toHaveLength(1);
  });

  it('updates the contact it finds by email or by phone number, keeping its name and what the form does not ask', async () => {
    const shop = await newShop();
    const [byEmail, byPhone] = await addContacts(testApp.app, shop.businessId, 2, (i) => ({ tags: 'regular', phoneNumber: `49151234567${i}0` }));
    const email = `ann0.${shop.businessId}@example.com`;

    expect((await checkIn(shop, { firstName: 'Annie', email: email.toUpperCase() })).statusCode).toBe(200);
    expect((await checkIn(shop, { firstName: 'Anna', phoneNumber: '+49 1512 3456710' })).statusCode).toBe(200);

    const all = await contactsOf(shop);
    // Found whatever the case of the email typed.
    expect(all.map((contact) => contact.id)).toEqual([byEmail, byPhone]);
    // A name typed at the counter renames nobody (anyone can type a known email with another name).
    expect(all[0]).toMatchObject({ firstName: 'Ann0', lastName: 'Lee', phoneNumber: '4915123456700', tags: 'regular', birthDate: '1990-01-01' });
    expect(all[1]).toMatchObject({ firstName: 'Ann1', lastName: 'Lee', phoneNumber: '4915123456710', tags: 'regular' });
    for (const contact of all) expect(contact.lastVisited).not.toBeNull();
    expect((await consentsOf(shop)).map((consent) => consent.contactId)).toEqual([byEmail, byPhone]);
  });

  it("schedules the review automation's request when it is on", async () => {
    const shop = await newShop();
    await saveAutomation(shop);
    const email = uniqueEmail();
    expect((await checkIn(shop, { firstName: 'Cleo', email })).statusCode).toBe(200);

    const [contact] = await contactsOf(shop);
    const [visit] = await visitsOf(shop);
    expect(visit).toMatchObject({ contactId: contact!.id, source: 'check-in-page', skipReason: null });
    expect(visit!.dueAt).not.toBeNull();
    const [request, ...more] = await automationRequests(testApp.app, shop.businessId);
    expect(more).toEqual([]);
    expect(request).toMatchObject({ contactId: contact!.id, type: 'EMAIL', address: email, state: 'queued', subject: 'How was your visit, Cleo?' });
  });

  it('leaves an unsubscribed contact unsubscribed and asks them nothing, even one erased since', async () => {
    const shop = await newShop();
    await saveAutomation(shop);
    const [unsubscribed, erased] = await addContacts(testApp.app, shop.businessId, 2, () => ({ status: 'UNSUBSCRIBED' }));
    const erasedEmail = `ann1.${shop.businessId}@example.com`;
    expect((await shop.client.delete('/api/contact/delete-contacts', { contactIds: [erased] })).statusCode).toBe(200);

    expect((await checkIn(shop, { firstName: 'Ann', email: `ann0.${shop.businessId}@example.com` })).statusCode).toBe(200);
    expect((await checkIn(shop, { firstName: 'Ann', email: erasedEmail })).statusCode).toBe(200);

    const all = await contactsOf(shop);
    expect(all.map((contact) => [contact.email, contact.status])).toEqual([
      [`ann0.${shop.businessId}@example.com`, 'UNSUBSCRIBED'],
      // Back as a new contact, still opted out (kept as a hash when erased).
      [erasedEmail, 'UNSUBSCRIBED'],
    ]);
    expect(all[0]!.id).toBe(unsubscribed);
    expect((await visitsOf(shop)).map((visit) => visit.skipReason)).toEqual([visitSkipReasons.notActive, visitSkipReasons.notActive]);
    expect(await automationRequests(testApp.app, shop.businessId)).toEqual([]);
  });

  it("goes with its contact's erasure: deleting the contact deletes the consent", async () => {
    const shop = await newShop();
    expect((await checkIn(shop, { firstName: 'Dora', email: uniqueEmail() })).statusCode).toBe(200);
    const [contact] = await contactsOf(shop);
    expect(await consentsOf(shop)).toHaveLength(1);
    expect((await shop.client.delete('/api/contact/delete-contacts', { contactIds: [contact!.id] })).statusCode).toBe(200);
    expect(await consentsOf(shop)).toEqual([]);
  });

  it('never logs what the customer typed', async () => {
    const shop = await newShop();
    const from = lines.length;
    const typed = { firstName: `Zq${randomUUID().slice(0, 6)}`, phoneNumber: '+49 1512 7654321', email: `${randomUUID().slice(0, 8)}@secret.example` };
    expect((await checkIn(shop, typed)).statusCode).toBe(200);
    expect((await checkIn(shop, { ...typed, consent: '' })).statusCode).toBe(400);
    expect((await post(shop.slug, { ...typed, token: 'forged' })).statusCode).toBe(400);
    const logged = lines.slice(from).join('\n');
    expect(logged).toContain('/k/:slug');
    for (const value of [typed.firstName, typed.email, '7654321', shop.slug]) expect(logged).not.toContain(value);
  });
});

describe('a check-in with something to correct', () => {
  const cases: Array<[string, Fields, Record<string, string | RegExp>]> = [
    ['no consent', { firstName: 'Ana', email: 'ana@example.com', consent: '' }, { consent: checkInMessages.consentRequired }],
    ['no first name', { firstName: ' ', email: 'ana@example.com' }, { firstName: checkInMessages.firstNameRequired }],
    ['a first name too long', { firstName: 'A'.repeat(51), email: 'ana@example.com' }, { firstName: 'First name must not exceed 50 characters' }],
    ['a control character in the name', { firstName: 'An\u0000a', email: 'ana@example.com' }, { firstName: controlCharactersMessage('First name') }],
    ['no phone number or email', { firstName: 'Ana', phoneNumber: ' ', email: '' }, { reach: checkInMessages.reachRequired }],
    ['an invalid phone number', { firstName: 'Ana', phoneNumber: '12' }, { phoneNumber: /^Phone number is not a valid number in Germany/ }],
    ['an invalid email', { firstName: 'Ana', email: 'ana@' }, { email: checkInMessages.emailInvalid }],
    [
      'everything at once',
      { firstName: '', phoneNumber: '12', email: 'ana@', consent: '' },
      { firstName: checkInMessages.firstNameRequired, phoneNumber: /^Phone number/, email: checkInMessages.emailInvalid, consent: checkInMessages.consentRequired },
    ],
  ];

  it.each(cases)('%s: the form again (400) with the errors beside their fields and the values kept; nothing recorded', async (_what, fields, errors) => {
    const shop = await newShop();
    const before = await recorded(shop);
    const response = await checkIn(shop, fields);
    expect(response.statusCode).toBe(400);
    const page = response.body;
    expect(page).toContain(checkInPageTexts.correct);
    for (const [field, message] of Object.entries(errors)) {
      const shown = new RegExp(`<p class="error" id="${field}-error">([^<]*)</p>`).exec(page)?.[1];
      if (typeof message === 'string') expect(shown, field).toBe(message);
      else expect(shown, field).toMatch(message);
    }
    if (errors.reach) expect(page).toMatch(/id="phoneNumber"[^>]*aria-invalid="true" aria-describedby="reach-hint reach-error"/);
    if (errors.consent) expect(page).toMatch(/id="consent"[^>]*aria-invalid="true" aria-describedby="consent-error"/);
    if (errors.firstName) expect(page).toMatch(/id="firstName"[^>]*aria-invalid="true" aria-describedby="firstName-error"/);
    if (fields.firstName) expect(page).toContain(`value="${fields.firstName}"`);
    expect(await recorded(shop)).toEqual(before);
  });

  it('keeps its form token: the corrected form goes at once, without a new fill time', async () => {
    const shop = await newShop();
    const first = await checkIn(shop, { firstName: 'Ana', email: 'ana@', consent: '' });
    expect(first.statusCode).toBe(400);
    expect(first.body).toContain('value="ana@"');
    const corrected = await post(shop.slug, { token: tokenOf(first.body)!, firstName: 'Ana', email: uniqueEmail(), consent: 'yes' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(await contactsOf(shop)).toHaveLength(1);
  });
});

describe('bots', () => {
  const valid = () => ({ firstName: 'Ana', email: uniqueEmail(), consent: 'yes' });

  async function expectRefused(shop: Shop, send: () => Promise<{ statusCode: number; body: string }>) {
    const before = await recorded(shop);
    const response = await send();
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('We could not check you in');
    expect(response.body).toContain(`href="/k/${shop.slug}"`);
    expect(response.body).not.toContain('name="firstName"');
    expect(await recorded(shop)).toEqual(before);
  }

  it('are refused when they fill the honeypot field', async () => {
    const shop = await newShop();
    await expectRefused(shop, () => checkIn(shop, { ...valid(), website: 'https://spam.example' }));
  });

  it('are refused when they send the form sooner than a person could fill it', async () => {
    const shop = await newShop();
    const token = await openPage(shop.slug);
    clock.advance(2000);
    await expectRefused(shop, () => post(shop.slug, { ...valid(), token }));
  });

  it('are refused without a form token, with a forged one, or with another page’s', async () => {
    const shop = await newShop();
    const other = await newShop();
    const token = await openPage(shop.slug);
    const othersToken = await openPage(other.slug);
    clock.advance(FILLED_IN_MS);
    const [issuedAt, signature] = token.split('.') as [string, string];
    const forgeries = [
      '',
      `${issuedAt}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      `${Number(issuedAt) - 60_000}.${signature}`,
      othersToken,
      `${issuedAt}.${signature}.1`,
    ];
    for (const forged of forgeries) await expectRefused(shop, () => post(shop.slug, { ...valid(), token: forged }));
    await expectRefused(shop, () => post(shop.slug, valid()));
    // The page's own token still works.
    expect((await post(shop.slug, { ...valid(), token })).statusCode).toBe(200);
  });

  it('are refused when they post a form token that already checked someone in, however fast the replay comes', async () => {
    const shop = await newShop();
    const token = await openPage(shop.slug);
    clock.advance(FILLED_IN_MS);
    const [first, ...replays] = await Promise.all([0, 1, 2].map((n) => post(shop.slug, { ...valid(), firstName: `Ana${n}`, token })));
    const statuses = [first!, ...replays].map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 400, 400]);
    expect(await contactsOf(shop)).toHaveLength(1);
    await expectRefused(shop, () => post(shop.slug, { ...valid(), token }));
  });

  it('are refused with a form opened too long ago', async () => {
    const shop = await newShop();
    const token = await openPage(shop.slug);
    clock.advance(FORM_TOKEN_TTL_MS + 1000);
    await expectRefused(shop, () => post(shop.slug, { ...valid(), token }));
  });
});

describe('rate limits', () => {
  it('take so many check-ins per client address and per business an hour, then answer 429 and record nothing', async () => {
    await withTestApp(
      { CHECK_IN_RATE_LIMIT_PER_IP_PER_HOUR: '2', CHECK_IN_RATE_LIMIT_PER_BUSINESS_PER_HOUR: '3' },
      async ({ app }) => {
        const shop = await newShop(app);
        const send = async (ip: string) => {
          const token = await openPage(shop.slug, app);
          clock.advance(FILLED_IN_MS);
          return post(shop.slug, { token, firstName: 'Ana', email: uniqueEmail(), consent: 'yes' }, { app, ip });
        };
        const count = async () => (await app.db.select().from(contacts).where(eq(contacts.businessId, shop.businessId))).length;

        expect((await send('203.0.113.1')).statusCode).toBe(200);
        expect((await send('203.0.113.1')).statusCode).toBe(200);
        const perClient = await send('203.0.113.1');
        expect(perClient.statusCode).toBe(429);
        expect(perClient.body).toContain('Too many check-ins');
        expect(Number(perClient.headers['retry-after'])).toBeGreaterThan(3000);
        expect(await count()).toBe(2);

        // Another network may still check in, until the business's limit.
        expect((await send('198.51.100.2')).statusCode).toBe(200);
        const perBusiness = await send('192.0.2.3');
        expect(perBusiness.statusCode).toBe(429);
        expect(perBusiness.body).toContain('Too many check-ins');
        expect(await count()).toBe(3);

        // Another business's page is not limited by this one's count.
        const other = await newShop(app);
        const token = await openPage(other.slug, app);
        clock.advance(FILLED_IN_MS);
        expect((await post(other.slug, { token, firstName: 'Ana', email: uniqueEmail(), consent: 'yes' }, { app, ip: '2001:db8::4' })).statusCode).toBe(200);
      },
      { clock },
    );
  });

  it('count a network (IPv4 /24, IPv6 /56) as one client beside each address', async () => {
    await withTestApp(
      { CHECK_IN_RATE_LIMIT_PER_IP_PER_HOUR: '100', CHECK_IN_RATE_LIMIT_PER_NETWORK_PER_HOUR: '2', CHECK_IN_RATE_LIMIT_PER_BUSINESS_PER_HOUR: '100' },
      async ({ app }) => {
        const shop = await newShop(app);
        const send = async (ip: string) => {
          const token = await openPage(shop.slug, app);
          clock.advance(FILLED_IN_MS);
          return (await post(shop.slug, { token, firstName: 'Ana', email: uniqueEmail(), consent: 'yes' }, { app, ip })).statusCode;
        };
        expect([await send('203.0.113.1'), await send('203.0.113.2'), await send('203.0.113.254'), await send('::ffff:203.0.113.9')]).toEqual([200, 200, 429, 429]);
        expect(await send('203.0.114.1')).toBe(200);
        expect([await send('2001:db8:1:100::1'), await send('2001:db8:1:1ff::2'), await send('2001:db8:1:1ff:ffff::3')]).toEqual([200, 200, 429]);
        expect(await send('2001:db8:1:200::1')).toBe(200);
      },
      { clock },
    );
  });
});

describe('numbers a business would pay to text', () => {
  const refusals: Array<[string, string, string]> = [
    ['a premium-rate number', '+1 900 555 1234', 'Phone number is a premium-rate number, which cannot receive text messages: please give a mobile number.'],
    ['a British premium-rate number', '+44 909 123 4567', 'Phone number is a premium-rate number, which cannot receive text messages: please give a mobile number.'],
    ['a satellite number', '+881 6 2123 4567', 'Phone number is a satellite or international service number, which cannot receive text messages: please give a mobile number.'],
    ['a toll-free number', '0800 123 4567', 'Phone number is a toll-free number, which cannot receive text messages: please give a mobile number.'],
    ['a landline', '030 12345678', 'Phone number is a landline number, which cannot receive text messages: please give a mobile number.'],
    ['a foreign mobile', '+33 6 12 34 56 78', 'Phone number is from France: text messages go only to numbers from Germany.'],
  ];
  it.each(refusals)('refuses %s on the page with the reason, recording nothing', async (_what, phoneNumber, message) => {
    const shop = await newShop();
    await saveAutomation(shop);
    const before = await recorded(shop);
    const response = await checkIn(shop, { firstName: 'Ana', phoneNumber });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(message);
    expect(await recorded(shop)).toEqual(before);
  });

  it("takes a mobile number of the business's country and of the countries it lists", async () => {
    const shop = await newShop();
    expect((await checkIn(shop, { firstName: 'Ana', phoneNumber: '0151 23456789' })).statusCode).toBe(200);
    const [business] = (await shop.client.get('/api/business/get-current-users-businesses')).json() as Array<{ id: number }>;
    const saved = await shop.client.put(`/api/business/update-business/${shop.businessId}`, { ...business, id: undefined, textCountries: ['DE', 'FR'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await checkIn(shop, { firstName: 'Zoé', phoneNumber: '+33 6 12 34 56 78' })).statusCode).toBe(200);
    expect((await contactsOf(shop)).map((contact) => contact.phoneNumber)).toEqual(['4915123456789', '33612345678']);
  });
});

describe("the owner's link and QR code", () => {
  it("answers the page's address under APP_URL and its QR code as SVG", async () => {
    const shop = await newShop();
    const response = await shop.client.get(`/api/business/get-check-in-page/${shop.businessId}`);
    expect(response.statusCode, response.body).toBe(200);
    const { url, qrSvg } = response.json();
    expect(url).toBe(`${testApp.config.delivery.appUrl}/k/${shop.slug}`);
    expect(qrSvg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]* viewBox="0 0 \d+ \d+"/);
    expect(qrSvg).toContain('<path');
    // The page it names is the business's.
    const opened = await testApp.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(opened.body).toContain(`Thanks for visiting ${shop.businessName}`);
  });
});
