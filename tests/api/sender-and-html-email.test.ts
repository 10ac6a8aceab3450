import { generateKeyPairSync } from 'node:crypto';
import { simpleParser, type AddressObject } from 'mailparser';
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { senderLine } from '#domain';
import { eq, sql } from 'drizzle-orm';
import { businesses, deliveries } from '../../server/db/schema';
import {
  addContacts,
  createFilter,
  deliveryRows,
  finishedCampaign,
  launchCampaign,
  signedInOwner,
  startDeliveryApp,
  waitFor,
  type DeliveryApp,
  type Owner,
} from '../support/delivery-app';
import { SmtpSink, type ReceivedEmail } from '../support/smtp-sink';
import { BUSINESS_ADDRESS } from '../support/test-app';

const APP_URL = 'https://reviews.example.com';
const MAIL_DOMAIN = 'starboost.example';
const DKIM_SELECTOR = 'sb2026';
// Generated for this run only: no private key is ever committed.
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

let sink: SmtpSink;
let deliveryApp: DeliveryApp;
let owner: Owner;
let ownerEmail: string;

beforeAll(async () => {
  sink = await SmtpSink.start();
  deliveryApp = await startDeliveryApp({
    SMTP_URL: sink.url,
    APP_URL,
    MAIL_FROM: `Starboost <hello@${MAIL_DOMAIN}>`,
    DKIM_DOMAIN: MAIL_DOMAIN,
    DKIM_SELECTOR,
    DKIM_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    // A reminder "day" of one second.
    REMINDER_DAY_MS: '1000',
    DELIVERY_SWEEP_MS: '300',
  });
  owner = await signedInOwner(deliveryApp.app);
  ownerEmail = (await owner.client.get('/api/user/get-current-user')).json().email;
});
afterAll(async () => {
  await deliveryApp?.close();
  await sink?.close();
});

/** A new business of the owner named `name`, with a review site and `count` contacts. */
async function shop(name: string, count: number, sender: { senderName?: string; replyTo?: string } = {}) {
  const business = await owner.client.createBusiness({ name });
  const saved = await owner.client.put(`/api/business/update-business/${business.id}`, {
    ...BUSINESS_ADDRESS,
    name,
    reviewSites: [{ name: 'Google', url: 'https://g.page/r/keller/review' }],
    ...sender,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const owned = { ...owner, businessId: business.id, businessName: name };
  await addContacts(deliveryApp.app, business.id, count, (i) => ({ email: `guest${i}.${business.id}@example.com`, firstName: `Guest${i}` }));
  return { shop: owned, filter: await createFilter(owned) };
}

const addresses = (field: AddressObject | AddressObject[] | undefined) => [field ?? []].flat().flatMap((object) => object.value);

/** The email's From, Reply-To, parts and headers, read by a MIME parser. */
async function read(email: ReceivedEmail) {
  const parsed = await simpleParser(email.raw);
  return { from: addresses(parsed.from), replyTo: addresses(parsed.replyTo), text: parsed.text ?? '', html: typeof parsed.html === 'string' ? parsed.html : '', parsed };
}

describe('sender identity', () => {
  it("campaign emails are from the business's sender name at MAIL_FROM's address, replies go where it says, as the wizard shows", async () => {
    const { shop: keller, filter } = await shop("Keller's Café Kreuzberg", 2, { senderName: "Keller's Café", replyTo: 'hallo@keller.example' });
    const campaign = await launchCampaign(keller, filter, { subject: 'How was it, ${firstName}?', messageBody: 'Hi ${firstName} & <friends>, rate us: ${reviewLink}' });
    await finishedCampaign(keller, campaign.id);
    const sender = (await keller.client.get(`/api/campaign/get-sender/${keller.businessId}`)).json();
    expect(sender).toMatchObject({ email: `"Keller's Café" <hello@${MAIL_DOMAIN}>`, replyTo: 'hallo@keller.example' });

    for (const row of await deliveryRows(deliveryApp.app, campaign.id)) {
      const [email] = sink.emailsTo(row.address);
      const { from, replyTo, text, html, parsed } = await read(email!);
      expect(from).toEqual([{ name: "Keller's Café", address: `hello@${MAIL_DOMAIN}` }]);
      expect(senderLine(from[0]!.name, from[0]!.address!)).toBe(sender.email);
      expect(replyTo).toEqual([{ name: '', address: 'hallo@keller.example' }]);
      // The envelope sender stays the configured domain too (SPF).
      expect(email!.from).toBe(`hello@${MAIL_DOMAIN}`);
      expect(parsed.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });

      const reviewUrl = `${APP_URL}/r/${row.reviewToken}`;
      const unsubscribe = `${APP_URL}/api/unsubscribe/${row.unsubscribeToken}`;
      expect(text).toBe(
        `${row.body}\n\n--\nTo stop receiving these emails, unsubscribe: ${unsubscribe}\nKeller's Café Kreuzberg, Main Street 12a, 10115 Berlin, Germany\n`,
      );
      expect(row.body).toBe(`Hi ${row.address.startsWith('guest0') ? 'Guest0' : 'Guest1'} & <friends>, rate us: ${reviewUrl}`);
      expect(html).toContain('>Keller&#39;s Café Kreuzberg</h1>');
      expect(html).toContain('&#38; &#60;friends&#62;, rate us: ');
      for (const rating of [1, 2, 3, 4, 5]) expect(html).toContain(`href="${reviewUrl}?rating=${rating}"`);
      expect(html).toContain(`href="${unsubscribe}"`);
      expect(html).toContain('Main Street 12a, 10115 Berlin, Germany');
      expect(html).not.toMatch(/<img|src=|url\(/i);
    }
  });

  it("without settings, emails are from the business's name (as it is now) and replies go to the owner; a plain message has no stars", async () => {
    const { shop: bakery, filter } = await shop('Plain Bakery', 1);
    await deliveryApp.app.db.update(businesses).set({ name: 'Renamed Bakery' }).where(eq(businesses.id, bakery.businessId));
    const campaign = await launchCampaign(bakery, filter, { messageBody: 'Hi ${firstName}, fresh bread on Friday: https://bakery.example/menu.' });
    await finishedCampaign(bakery, campaign.id);
    const [row] = await deliveryRows(deliveryApp.app, campaign.id);
    const { from, replyTo, html } = await read(sink.emailsTo(row!.address)[0]!);
    expect(from).toEqual([{ name: 'Renamed Bakery', address: `hello@${MAIL_DOMAIN}` }]);
    expect(replyTo.map((address) => address.address)).toEqual([ownerEmail]);
    expect(html).not.toContain('?rating=');
    expect(html).toContain('<a href="https://bakery.example/menu" style="color:#4338ca">https://bakery.example/menu</a>.');
  });

  it('the HTML mail is DKIM-signed over From, Reply-To and the rest, and verifies', async () => {
    const { shop: signed, filter } = await shop('Signed Bakery', 1, { senderName: 'Bäckerei Müller "Am Markt"' });
    const campaign = await launchCampaign(signed, filter);
    await finishedCampaign(signed, campaign.id);
    const [row] = await deliveryRows(deliveryApp.app, campaign.id);
    const email = sink.emailsTo(row!.address)[0]!;
    expect((await read(email)).html).toContain('?rating=5');
    const resolver = async (name: string, type: string) => {
      expect([name, type]).toEqual([`${DKIM_SELECTOR}._domainkey.${MAIL_DOMAIN}`, 'TXT']);
      return [[`v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`]];
    };
    const { results } = await dkimVerify(email.raw, { resolver });
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ signingDomain: MAIL_DOMAIN, status: { result: 'pass' } });
    expect(results[0]!.signingHeaders!.keys.toLowerCase().split(': ')).toEqual(expect.arrayContaining(['from', 'reply-to', 'to', 'subject']));
    // The sender name is part of what is signed.
    const tampered = Buffer.from(email.raw.toString('latin1').replace(/^From: .*$/m, `From: Mallory <hello@${MAIL_DOMAIN}>`), 'latin1');
    expect((await dkimVerify(tampered, { resolver })).results[0]!.status.result).not.toBe('pass');
  });

  it("a reminder's HTML carries the first message's star links", async () => {
    const { shop: reminded, filter } = await shop('Reminder Bakery', 1);
    const campaign = await launchCampaign(reminded, filter, { followUp: { afterDays: 1, messageBody: 'Still time, ${firstName}: ${reviewLink}' } });
    const [first] = await waitFor(async () => {
      const rows = await deliveryRows(deliveryApp.app, campaign.id);
      return rows.length === 1 && rows[0]!.state === 'sent' ? rows : undefined;
    });
    const emails = await waitFor(async () => (sink.emailsTo(first!.address).length === 2 ? sink.emailsTo(first!.address) : undefined), 30_000, 'the reminder');
    const { text, html } = await read(emails[1]!);
    expect(text).toContain(`Still time, Guest0: ${APP_URL}/r/${first!.reviewToken}`);
    for (const rating of [1, 5]) expect(html).toContain(`href="${APP_URL}/r/${first!.reviewToken}?rating=${rating}"`);
  });

  it("the owner's alert is from the business's sender name, and replying answers the customer", async () => {
    const { shop: alerted, filter } = await shop('Alert Bakery', 1, { senderName: 'Alert Café' });
    const campaign = await launchCampaign(alerted, filter);
    await finishedCampaign(alerted, campaign.id);
    await deliveryApp.app.db.update(deliveries).set({ sentAt: sql`now() - interval '1 minute'` }).where(eq(deliveries.campaignId, campaign.id));
    const [row] = await deliveryRows(deliveryApp.app, campaign.id);
    const page = await deliveryApp.app.inject({ method: 'GET', url: `/r/${row!.reviewToken}`, headers: { 'user-agent': CHROME } });
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
    const posted = await deliveryApp.app.inject({
      method: 'POST',
      url: `/r/${row!.reviewToken}/feedback`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: APP_URL, 'user-agent': CHROME },
      payload: new URLSearchParams({ csrf, rating: '2', message: 'Too cold.' }).toString(),
    });
    expect(posted.statusCode).toBe(200);
    const alert = await waitFor(async () => sink.emailsTo(ownerEmail).find((email) => email.headers.subject?.includes('2-star rating')), 10_000, 'the alert');
    const { from, replyTo, text } = await read(alert);
    expect(from).toEqual([{ name: 'Alert Café', address: `hello@${MAIL_DOMAIN}` }]);
    expect(replyTo.map((address) => address.address)).toEqual([row!.address]);
    expect(text).toContain(`Reply to this email to answer Guest0 Lee (${row!.address}).`);
  });
});

describe('the sender settings', () => {
  const update = (businessId: number, fields: Record<string, unknown>) =>
    owner.client.put(`/api/business/update-business/${businessId}`, { ...BUSINESS_ADDRESS, ...fields });

  it('store a sender name and reply-to, and empty ones as "use the default"', async () => {
    const saved = await update(owner.businessId, { senderName: '  Corner Café  ', replyTo: ' hi@corner.example ' });
    expect(saved.json()).toMatchObject({ senderName: 'Corner Café', replyTo: 'hi@corner.example' });
    const cleared = await update(owner.businessId, { senderName: '', replyTo: '   ' });
    expect(cleared.json()).toMatchObject({ senderName: null, replyTo: null });
    const listed = (await owner.client.get('/api/business/get-current-users-businesses')).json();
    expect(listed.find((business: { id: number }) => business.id === owner.businessId)).toMatchObject({ senderName: null, replyTo: null });
  });

  it('refuse a reply-to that is not an address, and a sender name too long or with control or direction characters', async () => {
    const refusals: Array<[Record<string, string>, string, string]> = [
      [{ replyTo: 'keller at example' }, 'replyTo', 'Reply-to address must be an email address such as owner@example.com'],
      [{ senderName: 'x'.repeat(61) }, 'senderName', 'Sender name must not exceed 60 characters'],
      [{ senderName: 'Keller\r\nBcc: all@example.com' }, 'senderName', 'Sender name must not contain control characters (such as NUL or escape)'],
      [{ senderName: 'Keller \u202Eéfac' }, 'senderName', 'Sender name must not contain control characters (such as NUL or escape)'],
    ];
    for (const [fields, field, message] of refusals) {
      const refused = await update(owner.businessId, fields);
      expect(refused.statusCode, JSON.stringify(fields)).toBe(400);
      expect(refused.json().errors).toEqual({ [field]: message });
    }
  });
});
