import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client';
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
import { SmtpSink } from '../support/smtp-sink';

const APP_URL = 'https://reviews.example.com';
const CHROME = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const SITES = [
  { name: 'Google', url: 'https://g.page/r/bakery/review' },
  { name: 'Yelp', url: 'https://www.yelp.example/biz/bakery' },
  { name: 'Tripadvisor & <Co>', url: 'https://tripadvisor.example/bakery' },
];

let sink: SmtpSink;
let deliveryApp: DeliveryApp;
let owner: Owner;
let OWNER_EMAIL: string;

beforeAll(async () => {
  sink = await SmtpSink.start();
  deliveryApp = await startDeliveryApp({ SMTP_URL: sink.url, APP_URL, MAIL_FROM: 'Starboost <hello@starboost.example>' });
  owner = await signedInOwner(deliveryApp.app);
  OWNER_EMAIL = (await owner.client.get('/api/user/get-current-user')).json().email;
  await deliveryApp.app.db.update(businesses).set({ reviewSites: SITES }).where(eq(businesses.id, owner.businessId));
});
afterAll(async () => {
  await deliveryApp?.close();
  await sink?.close();
});

/** A sent review request to `count` contacts; its tokens, the messages dated a minute back (no longer "just sent"). */
async function sentReviewRequest(count: number, shop: Owner = owner) {
  const batch = `b${Date.now()}`;
  await addContacts(deliveryApp.app, shop.businessId, count, (i) => ({ email: `guest${i}.${batch}@example.com`, firstName: `Guest${i}` }));
  const filter = await createFilter(shop, [{ attribute: 'email', operator: 'CONTAINS', value: batch }]);
  const campaign = await launchCampaign(shop, filter, { messageBody: 'Hi ${firstName}, how was it? ${reviewLink}' });
  await finishedCampaign(shop, campaign.id);
  await deliveryApp.app.db.update(deliveries).set({ sentAt: sql`now() - interval '1 minute'` }).where(eq(deliveries.campaignId, campaign.id));
  const rows = await deliveryRows(deliveryApp.app, campaign.id);
  return { campaign, tokens: rows.map((row) => row.reviewToken!) };
}

const open = (url: string, userAgent: string | null = CHROME, method: 'GET' | 'HEAD' = 'GET') =>
  deliveryApp.app.inject({ method, url, headers: { 'user-agent': userAgent ?? '' } });

const events = (token: string) =>
  queryRows<{ kind: string; automated: boolean; siteName: string | null; rating: number | null; message: string | null; ownerAlert: string | null }>(
    deliveryApp.app.db,
    sql`select e.kind, e.automated, e.site_name as "siteName", e.rating, e.message, e.owner_alert as "ownerAlert"
        from review_events e join deliveries d on d.id = e.delivery_id where d.review_token = ${token} order by e.id`,
  );

const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)![1]!;

const postFeedback = (token: string, form: Record<string, string>, origin = APP_URL) =>
  deliveryApp.app.inject({
    method: 'POST',
    url: `/r/${token}/feedback`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin, 'user-agent': CHROME, host: new URL(APP_URL).host },
    payload: new URLSearchParams(form).toString(),
  });

describe('the review page', () => {
  it('is a small server-rendered page with the business, the stars and every site, and records a visit', async () => {
    const { tokens } = await sentReviewRequest(1);
    const response = await open(`/r/${tokens[0]}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body.length).toBeLessThan(30_000);
    expect(response.body).not.toMatch(/<script/i);
    expect(response.body).toContain('How was your visit?');
    expect(response.body).toContain('Corner Bakery');
    for (const value of [1, 2, 3, 4, 5]) expect(response.body).toContain(`name="rating" value="${value}"`);
    expect(response.body).toContain(`href="/r/${tokens[0]}/go/1">Review us on Google</a>`);
    expect(response.body).toContain(`href="/r/${tokens[0]}/go/2">Review us on Yelp</a>`);
    expect(response.body).toContain('Review us on Tripadvisor &#38; &#60;Co&#62;');
    // The inline style carries the response's CSP nonce.
    const nonce = /<style nonce="([^"]+)"/.exec(response.body)![1];
    expect(response.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
    expect(await events(tokens[0]!)).toEqual([expect.objectContaining({ kind: 'visit', automated: false })]);
  });

  it('answers a friendly 404 page for an unknown token', async () => {
    for (const url of ['/r/not-a-real-token-123456', '/r/x/go/1', '/r/%00']) {
      const response = await open(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain('This review link is not valid');
    }
  });

  it('records HEAD requests, link previews, scanners and openings right after sending as automated', async () => {
    const { tokens } = await sentReviewRequest(1);
    const token = tokens[0]!;
    expect((await open(`/r/${token}`, CHROME, 'HEAD')).statusCode).toBe(200);
    expect((await open(`/r/${token}`, 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)')).statusCode).toBe(200);
    expect((await open(`/r/${token}`, 'Mozilla/5.0 (compatible; Microsoft Office/16.0; SafeLinks)')).statusCode).toBe(200);
    expect((await open(`/r/${token}`, null)).statusCode).toBe(200);
    expect((await open(`/r/${token}/go/1`, 'facebookexternalhit/1.1')).statusCode).toBe(302);
    await deliveryApp.app.db.update(deliveries).set({ sentAt: sql`now()` }).where(eq(deliveries.reviewToken, token));
    expect((await open(`/r/${token}`)).statusCode).toBe(200);
    expect((await events(token)).map((event) => event.automated)).toEqual([true, true, true, true, true, true]);
  });

  it('site buttons redirect to the site and are recorded with its name', async () => {
    const { tokens } = await sentReviewRequest(1);
    const token = tokens[0]!;
    const google = await open(`/r/${token}/go/1`);
    expect(google.statusCode).toBe(302);
    expect(google.headers.location).toBe(SITES[0]!.url);
    expect((await open(`/r/${token}/go/2`)).headers.location).toBe(SITES[1]!.url);
    for (const missing of ['4', '0', '11', 'x', '1.0']) expect((await open(`/r/${token}/go/${missing}`)).statusCode, missing).toBe(404);
    expect(await events(token)).toEqual([
      expect.objectContaining({ kind: 'click', automated: false, siteName: 'Google' }),
      expect.objectContaining({ kind: 'click', automated: false, siteName: 'Yelp' }),
    ]);
  });
});

describe('private feedback', () => {
  it('whatever the rating, the page and the thanks show every site; a low rating emails the owner', async () => {
    const { tokens } = await sentReviewRequest(1);
    const token = tokens[0]!;
    const page = (await open(`/r/${token}`)).body;
    const thanks = await postFeedback(token, { csrf: csrfOf(page), rating: '1', message: 'Cold coffee.\nSlow service.' });
    expect(thanks.statusCode).toBe(200);
    expect(thanks.body).toContain('Thank you for your feedback!');
    for (const site of ['Google', 'Yelp']) expect(thanks.body).toContain(`Review us on ${site}`);
    const alert = await waitFor(async () => sink.emailsTo(OWNER_EMAIL).find((email) => email.headers.subject?.includes('1-star rating')), 10_000, 'the owner alert');
    expect(alert.text).toContain('Cold coffee.');
    const [, feedback] = await waitFor(async () => {
      const recorded = await events(token);
      return recorded[1]?.ownerAlert ? recorded : undefined;
    });
    expect(feedback).toMatchObject({ kind: 'feedback', rating: 1, message: 'Cold coffee.\nSlow service.', ownerAlert: 'sent' });
  });

  it('a good rating is stored without alerting anyone', async () => {
    const { tokens } = await sentReviewRequest(1);
    const token = tokens[0]!;
    const page = (await open(`/r/${token}`)).body;
    const before = sink.emailsTo(OWNER_EMAIL).length;
    expect((await postFeedback(token, { csrf: csrfOf(page), rating: '5' })).statusCode).toBe(200);
    expect((await events(token))[1]).toMatchObject({ kind: 'feedback', rating: 5, message: '', ownerAlert: null });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.emailsTo(OWNER_EMAIL).length).toBe(before);
  });

  it('refuses a forged or invalid form with the page and its message, storing nothing', async () => {
    const { tokens } = await sentReviewRequest(1);
    const token = tokens[0]!;
    const csrf = csrfOf((await open(`/r/${token}`)).body);
    const refusals: Array<[Record<string, string>, string | undefined, number, string]> = [
      [{ rating: '2' }, undefined, 403, 'This form has expired.'],
      [{ csrf: 'forged', rating: '2' }, undefined, 403, 'This form has expired.'],
      [{ csrf, rating: '2' }, 'https://evil.example', 403, 'This form has expired.'],
      [{ csrf }, undefined, 400, 'Please choose a rating from 1 to 5 stars.'],
      [{ csrf, rating: '6' }, undefined, 400, 'Please choose a rating from 1 to 5 stars.'],
      [{ csrf, rating: '4', message: 'x'.repeat(2001) }, undefined, 400, 'Your message must not exceed 2,000 characters.'],
      [{ csrf, rating: '4', message: 'bad\u0000byte' }, undefined, 400, 'control characters'],
    ];
    for (const [form, origin, status, message] of refusals) {
      const response = await postFeedback(token, form, origin);
      expect(response.statusCode, JSON.stringify(form)).toBe(status);
      expect(response.body).toContain(message);
      expect(response.body).toContain('How was your visit?');
    }
    expect((await events(token)).map((event) => event.kind)).toEqual(['visit']);
  });
});

describe('what the owner sees', () => {
  it("the contact's history lists their visit, site click and feedback, never an automated opening", async () => {
    const { campaign, tokens } = await sentReviewRequest(1);
    const token = tokens[0]!;
    expect((await open(`/r/${token}`, 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)')).statusCode).toBe(200);
    const page = (await open(`/r/${token}`)).body;
    await open(`/r/${token}/go/2`);
    expect((await postFeedback(token, { csrf: csrfOf(page), rating: '4', message: 'Lovely croissants.' })).statusCode).toBe(200);
    const [delivery] = await deliveryRows(deliveryApp.app, campaign.id);
    const history = await owner.client.get(`/api/contact/get-contact-history/${owner.businessId}/${delivery!.contactId}`);
    expect(history.statusCode).toBe(200);
    const reviews = (history.json().items as Array<{ type: string }>).filter((item) => item.type === 'review');
    expect(reviews).toHaveLength(3);
    expect(reviews).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'visit', campaignId: campaign.id, siteName: null, rating: null }),
        expect.objectContaining({ kind: 'click', siteName: 'Yelp' }),
        expect.objectContaining({ kind: 'feedback', rating: 4, message: 'Lovely croissants.' }),
      ]),
    );
  });

  it('the campaign details count each step once, clicks per site and each recipient\'s furthest step; /reputation sums the period', async () => {
    const business = await owner.client.createBusiness({ name: 'Funnel Bakery' });
    await deliveryApp.app.db.update(businesses).set({ reviewSites: SITES.slice(0, 2) }).where(eq(businesses.id, business.id));
    const shop = { ...owner, businessId: business.id, businessName: business.name };
    const { campaign, tokens } = await sentReviewRequest(3, shop);
    const [first, second] = tokens as [string, string, string];
    const csrf = csrfOf((await open(`/r/${first}`)).body);
    await open(`/r/${first}`);
    await open(`/r/${first}/go/1`);
    expect((await postFeedback(first, { csrf, rating: '2', message: 'Too loud' })).statusCode).toBe(200);
    await open(`/r/${second}`, 'Slackbot-LinkExpanding 1.0');

    const details = (await shop.client.get(`/api/campaign/get-campaign-details/${campaign.id}`)).json();
    expect(details.funnel).toEqual({ sent: 3, delivered: 3, visited: 1, clicked: 1, feedback: 1, automated: 1 });
    expect(details.sites).toEqual([{ name: 'Google', clicks: 1 }, { name: 'Yelp', clicks: 0 }]);
    expect(details.capped).toBe(0);
    const steps = Object.fromEntries(details.recipients.items.map((item: { name: string; step: string; rating: number | null }) => [item.name, [item.step, item.rating]]));
    expect(steps).toEqual({ 'Guest0 Lee': ['clicked', 2], 'Guest1 Lee': ['sent', null], 'Guest2 Lee': ['sent', null] });

    const summary = (await shop.client.get(`/api/reputation/get-summary/${business.id}`)).json();
    expect(summary).toMatchObject({
      requests: 3,
      visits: 1,
      clicks: 1,
      sites: [{ name: 'Google', clicks: 1 }, { name: 'Yelp', clicks: 0 }],
      feedback: { count: 1, averageRating: 2 },
      campaigns: [{ id: campaign.id, name: campaign.name, requests: 3, visits: 1, clicks: 1, feedback: 1 }],
      inbox: [{ rating: 2, message: 'Too loud', campaignName: campaign.name, contactName: 'Guest0 Lee' }],
    });
    expect(summary.days).toHaveLength(30);
    expect(summary.days.at(-1)).toMatchObject({ requests: 3, visits: 1, clicks: 1 });

    const week = (await shop.client.get(`/api/reputation/get-summary/${business.id}?from=2020-01-01&to=2020-01-07`)).json();
    expect(week).toMatchObject({ from: '2020-01-01', to: '2020-01-07', requests: 0, visits: 0, inbox: [] });
    expect(week.days).toHaveLength(7);
    for (const [query, field, message] of [
      ['?from=2020-02-30', 'from', 'From must be a date written as YYYY-MM-DD'],
      ['?to=yesterday', 'to', 'To must be a date written as YYYY-MM-DD'],
      ['?from=2020-01-08&to=2020-01-07', 'from', 'The period must start on or before its end and span at most 366 days.'],
      ['?from=2019-01-01&to=2020-01-07', 'from', 'The period must start on or before its end and span at most 366 days.'],
    ]) {
      const refused = await shop.client.get(`/api/reputation/get-summary/${business.id}${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().errors).toEqual({ [field!]: message });
    }
  });
});
