import { get as httpGet } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client';
import { migrateData } from '../../server/db/data-migrations';
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
import { BUSINESS_ADDRESS } from '../support/test-app';

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
    // The alert is marked sent after the mail server took it: until then it is 'pending'.
    const [, feedback] = await waitFor(async () => {
      const recorded = await events(token);
      return recorded[1]?.ownerAlert && recorded[1].ownerAlert !== 'pending' ? recorded : undefined;
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
    expect(recentDays(summary.days)).toEqual({ requests: 3, visits: 1, clicks: 1 });

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

type Day = { requests: number; visits: number; clicks: number };
const sumOf = (days: Day[]) =>
  days.reduce((sum, day) => ({ requests: sum.requests + day.requests, visits: sum.visits + day.visits, clicks: sum.clicks + day.clicks }), { requests: 0, visits: 0, clicks: 0 });

/**
 * The summary's days' totals, checked to fall on today or yesterday: summed, not read off the last
 * day, because a run that crosses midnight (UTC) puts the sends on yesterday and the clicks on today.
 */
function recentDays(days: Day[]) {
  const total = sumOf(days);
  expect(sumOf(days.slice(-2))).toEqual(total);
  return total;
}

const postForm = (token: string, action: 'rating' | 'feedback', form: Record<string, string>) =>
  deliveryApp.app.inject({
    method: 'POST',
    url: `/r/${token}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: APP_URL, 'user-agent': CHROME, host: new URL(APP_URL).host },
    payload: new URLSearchParams(form).toString(),
  });

/** The star the page shows as chosen (aria-pressed), or null. */
const chosenStar = (html: string) => Number(/value="(\d)"[^>]*aria-pressed="true"/.exec(html)?.[1] ?? 0) || null;

const detailsOf = async (campaignId: number, shop: Owner = owner) => (await shop.client.get(`/api/campaign/get-campaign-details/${campaignId}`)).json();

/** A business of the owner with two sites, and a sent review request to `count` of its contacts. */
async function shopWithRequest(count: number) {
  const business = await owner.client.createBusiness({ name: 'Rating Bakery' });
  await deliveryApp.app.db.update(businesses).set({ reviewSites: SITES.slice(0, 2) }).where(eq(businesses.id, business.id));
  const shop = { ...owner, businessId: business.id, businessName: business.name };
  return { shop, ...(await sentReviewRequest(count, shop)) };
}

describe('star ratings (a choice is recorded at once, once per recipient)', () => {
  it('tapping a star records it without JavaScript; a later choice replaces it; the page, the details and /reputation show it', async () => {
    const { shop, campaign, tokens } = await shopWithRequest(2);
    const [token] = tokens as [string, string];
    const page = (await open(`/r/${token}`)).body;
    expect(chosenStar(page)).toBeNull();
    // Each star is a submit button posting to the rating route.
    expect(page).toContain(`<button type="submit" name="rating" value="5" formaction="/r/${token}/rating"`);
    const rated = await postForm(token, 'rating', { csrf: csrfOf(page), rating: '5', message: 'Half-typed' });
    expect(rated.statusCode).toBe(200);
    expect(chosenStar(rated.body)).toBe(5);
    expect(rated.body).toContain('Your rating: 5 of 5 stars.');
    // What was typed stays in the message field.
    expect(rated.body).toContain('>Half-typed</textarea>');
    // Then "Review us on Yelp": the rating is kept (the lost happy customer).
    expect((await open(`/r/${token}/go/2`)).statusCode).toBe(302);
    expect(await detailsOf(campaign.id, shop)).toMatchObject({ ratings: { count: 1, averageRating: 5 } });

    expect((await postForm(token, 'rating', { csrf: csrfOf(page), rating: '2' })).statusCode).toBe(200);
    const details = await detailsOf(campaign.id, shop);
    expect(details.ratings).toEqual({ count: 1, averageRating: 2 });
    expect(details.recipients.items.map((item: { rating: number | null; feedback: boolean }) => [item.rating, item.feedback])).toEqual([
      [2, false],
      [null, false],
    ]);
    const summary = (await shop.client.get(`/api/reputation/get-summary/${shop.businessId}`)).json();
    expect(summary.ratings).toEqual({ count: 1, averageRating: 2 });
    expect(summary.feedback).toEqual({ count: 0, averageRating: null });
    // Every choice stays in the history.
    expect((await events(token)).filter((event) => event.kind === 'rating').map((event) => event.rating)).toEqual([5, 2]);
  });

  it("an email's star link (?rating=N) records the rating as a tap does; scanners and junk values record none", async () => {
    const { shop, campaign, tokens } = await shopWithRequest(1);
    const [token] = tokens as [string];
    for (const junk of ['9', '0', 'x', '4.5', '']) expect(chosenStar((await open(`/r/${token}?rating=${junk}`)).body), junk).toBeNull();
    // A mail scanner opens every link of a message, the five stars included: none of them is a rating.
    for (const rating of [1, 2, 3, 4, 5]) await open(`/r/${token}?rating=${rating}`, 'Mozilla/5.0 (compatible; Microsoft Office/16.0; SafeLinks)');
    expect((await detailsOf(campaign.id, shop)).ratings).toEqual({ count: 0, averageRating: null });

    const opened = await open(`/r/${token}?rating=4`);
    expect(opened.statusCode).toBe(200);
    expect(chosenStar(opened.body)).toBe(4);
    expect((await detailsOf(campaign.id, shop)).ratings).toEqual({ count: 1, averageRating: 4 });
    // Re-opening the link shows the recorded rating, not an empty form.
    expect(chosenStar((await open(`/r/${token}`)).body)).toBe(4);
    // Private feedback without a star of its own takes the chosen one.
    const thanks = await postFeedback(token, { csrf: csrfOf(opened.body), message: 'Lovely.' });
    expect(thanks.statusCode).toBe(200);
    expect((await events(token)).at(-1)).toMatchObject({ kind: 'feedback', rating: 4, message: 'Lovely.' });
  });

  it('a star post from elsewhere or without a star records nothing', async () => {
    const { tokens } = await shopWithRequest(1);
    const [token] = tokens as [string];
    const csrf = csrfOf((await open(`/r/${token}`)).body);
    expect((await postForm(token, 'rating', { rating: '5' })).statusCode).toBe(403);
    expect((await postForm(token, 'rating', { csrf, rating: '6' })).body).toContain('Please choose a rating from 1 to 5 stars.');
    expect((await postForm('not-a-real-token-123456', 'rating', { csrf, rating: '5' })).statusCode).toBe(404);
    expect((await events(token)).map((event) => event.kind)).toEqual(['visit']);
  });
});

describe('one link cannot flood the owner or inflate the counts', () => {
  it('counts visits, clicks and feedback once per recipient, and keeps every event', async () => {
    const { shop, campaign, tokens } = await shopWithRequest(2);
    const [token] = tokens as [string, string];
    const csrf = csrfOf((await open(`/r/${token}`)).body);
    for (let i = 0; i < 4; i += 1) await open(`/r/${token}`);
    for (let i = 0; i < 20; i += 1) await open(`/r/${token}/go/1`);
    for (const message of ['One', 'Two', 'Three']) await postFeedback(token, { csrf, rating: '5', message });
    const details = await detailsOf(campaign.id, shop);
    expect(details.funnel).toMatchObject({ visited: 1, clicked: 1, feedback: 1 });
    expect(details.sites).toEqual([{ name: 'Google', clicks: 1 }, { name: 'Yelp', clicks: 0 }]);
    const summary = (await shop.client.get(`/api/reputation/get-summary/${shop.businessId}`)).json();
    expect(summary).toMatchObject({ visits: 1, clicks: 1, feedback: { count: 1, averageRating: 5 }, ratings: { count: 1, averageRating: 5 } });
    expect(summary.sites).toEqual([{ name: 'Google', clicks: 1 }, { name: 'Yelp', clicks: 0 }]);
    expect(summary.campaigns).toEqual([expect.objectContaining({ visits: 1, clicks: 1, feedback: 1 })]);
    expect(recentDays(summary.days)).toMatchObject({ visits: 1, clicks: 1 });
    // The inbox keeps every message; the raw events stay for the history.
    expect(summary.inbox.map((item: { message: string }) => item.message)).toEqual(['Three', 'Two', 'One']);
    const kinds = (await events(token)).map((event) => event.kind);
    expect([kinds.filter((kind) => kind === 'visit').length, kinds.filter((kind) => kind === 'click').length]).toEqual([5, 20]);
  });

  it('takes at most 5 messages per link and hour, and alerts the owner once per link and day', async () => {
    const { tokens } = await shopWithRequest(1);
    const [token] = tokens as [string];
    const csrf = csrfOf((await open(`/r/${token}`)).body);
    const alertsBefore = sink.emailsTo(OWNER_EMAIL).length;
    for (let i = 1; i <= 5; i += 1) expect((await postFeedback(token, { csrf, rating: '1', message: `Bad ${i}` })).statusCode).toBe(200);
    const sixth = await postFeedback(token, { csrf, rating: '1', message: 'Bad 6' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.body).toContain('You have sent several messages in the last hour. Please try again later.');
    expect(sixth.body).toContain('>Bad 6</textarea>');
    const stored = await waitFor(async () => {
      const feedback = (await events(token)).filter((event) => event.kind === 'feedback');
      return feedback[0]?.ownerAlert === 'sent' ? feedback : undefined;
    });
    expect(stored.map((event) => [event.message, event.ownerAlert])).toEqual([
      ['Bad 1', 'sent'],
      ['Bad 2', null],
      ['Bad 3', null],
      ['Bad 4', null],
      ['Bad 5', null],
    ]);
    await waitFor(async () => sink.emailsTo(OWNER_EMAIL).length > alertsBefore);
    expect(sink.emailsTo(OWNER_EMAIL).length).toBe(alertsBefore + 1);
  });

  it('records at most 20 star choices per link and hour', async () => {
    const { tokens } = await shopWithRequest(1);
    const [token] = tokens as [string];
    const csrf = csrfOf((await open(`/r/${token}`)).body);
    for (let i = 0; i < 20; i += 1) expect((await postForm(token, 'rating', { csrf, rating: String((i % 5) + 1) })).statusCode).toBe(200);
    const refused = await postForm(token, 'rating', { csrf, rating: '3' });
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('Your rating has changed many times in the last hour. Please try again later.');
    // The page still shows the last choice recorded (5), and an email's star link records nothing more.
    expect(chosenStar(refused.body)).toBe(5);
    expect(chosenStar((await open(`/r/${token}?rating=1`)).body)).toBe(5);
    expect((await events(token)).filter((event) => event.kind === 'rating')).toHaveLength(20);
  });

  it("collapses repeats in the contact's history: opened three times is one line, with how often", async () => {
    const { shop, campaign, tokens } = await shopWithRequest(1);
    const [token] = tokens as [string];
    const csrf = csrfOf((await open(`/r/${token}`)).body);
    await open(`/r/${token}`);
    await open(`/r/${token}`);
    await open(`/r/${token}/go/1`);
    await open(`/r/${token}/go/1`);
    await postForm(token, 'rating', { csrf, rating: '4' });
    await postFeedback(token, { csrf, message: 'First' });
    await postFeedback(token, { csrf, message: 'Second' });
    const [delivery] = await deliveryRows(deliveryApp.app, campaign.id);
    const history = (await shop.client.get(`/api/contact/get-contact-history/${shop.businessId}/${delivery!.contactId}`)).json();
    const reviews = (history.items as Array<{ type: string; kind: string; times: number; message: string | null; siteName: string | null; rating: number | null }>)
      .filter((item) => item.type === 'review')
      .map(({ kind, times, message, siteName, rating }) => ({ kind, times, message, siteName, rating }));
    expect(reviews).toEqual(
      expect.arrayContaining([
        { kind: 'visit', times: 3, message: null, siteName: null, rating: null },
        { kind: 'click', times: 2, message: null, siteName: 'Google', rating: null },
        { kind: 'rating', times: 1, message: null, siteName: null, rating: 4 },
        { kind: 'feedback', times: 1, message: 'First', siteName: null, rating: 4 },
        { kind: 'feedback', times: 1, message: 'Second', siteName: null, rating: 4 },
      ]),
    );
    expect(reviews).toHaveLength(5);
  });
});

describe('review site addresses with non-ASCII characters', () => {
  const update = (shop: Owner, reviewSites: Array<{ name: string; url: string }>) =>
    shop.client.put(`/api/business/update-business/${shop.businessId}`, { ...BUSINESS_ADDRESS, name: shop.businessName, reviewSites });

  it('are stored and sent as browsers read them (WHATWG href): no 500 from the site redirect', async () => {
    const { shop, tokens } = await shopWithRequest(1);
    const [token] = tokens as [string];
    const cyrillicHost = 'https://www.y\u0435lp.com/biz/cafe';
    const saved = await update(shop, [
      { name: 'Yelp', url: 'https://www.yelp.com/biz/café-de-flore-paris' },
      { name: 'Look-alike', url: cyrillicHost },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().reviewSites).toEqual([
      { name: 'Yelp', url: 'https://www.yelp.com/biz/caf%C3%A9-de-flore-paris' },
      { name: 'Look-alike', url: new URL(cyrillicHost).href },
    ]);
    expect(new URL(cyrillicHost).href).toMatch(/^https:\/\/www\.xn--/);
    const go = await open(`/r/${token}/go/1`);
    expect(go.statusCode).toBe(302);
    expect(go.headers.location).toBe('https://www.yelp.com/biz/caf%C3%A9-de-flore-paris');
    expect((await open(`/r/${token}/go/2`)).headers.location).toBe(new URL(cyrillicHost).href);
  });

  it('saved before this rule, still redirect over HTTP (normalised on the way out, and once at start by the data migration)', async () => {
    const { shop, tokens } = await shopWithRequest(1);
    const [token] = tokens as [string];
    const raw = [
      { name: 'Yelp', url: 'https://www.yelp.com/biz/café-de-flore-paris' },
      { name: 'Otzovik', url: 'https://otzovik.example/отзывы/кафе' },
      { name: 'Broken', url: 'not a url' },
    ];
    await deliveryApp.app.db.update(businesses).set({ reviewSites: raw }).where(eq(businesses.id, shop.businessId));
    // Over a real connection: Node refuses a header with characters beyond Latin-1 (this was a 500).
    const origin = await deliveryApp.app.listen({ port: 0, host: '127.0.0.1' });
    // No keep-alive (agent: false), so closing the app does not wait for an idle connection.
    const go = (site: number) =>
      new Promise<[number | undefined, string | undefined]>((resolve, reject) => {
        httpGet(`${origin}/r/${token}/go/${site}`, { agent: false, headers: { 'user-agent': CHROME } }, (response) => {
          response.resume();
          resolve([response.statusCode, response.headers.location]);
        }).on('error', reject);
      });
    expect(await go(1)).toEqual([302, 'https://www.yelp.com/biz/caf%C3%A9-de-flore-paris']);
    expect(await go(2)).toEqual([302, new URL(raw[1]!.url).href]);
    expect((await go(3))[0]).toBe(404);
    await deliveryApp.app.db.execute(sql`delete from data_migrations where name = '0012_review_site_addresses_normalised'`);
    await migrateData(deliveryApp.app.db);
    const [stored] = await deliveryApp.app.db.select({ sites: businesses.reviewSites }).from(businesses).where(eq(businesses.id, shop.businessId));
    expect(stored!.sites).toEqual([
      { name: 'Yelp', url: 'https://www.yelp.com/biz/caf%C3%A9-de-flore-paris' },
      { name: 'Otzovik', url: 'https://otzovik.example/%D0%BE%D1%82%D0%B7%D1%8B%D0%B2%D1%8B/%D0%BA%D0%B0%D1%84%D0%B5' },
      raw[2],
    ]);
  });

  it('refuse line separators, bidirectional overrides and other control characters', async () => {
    const { shop } = await shopWithRequest(1);
    for (const url of ['https://g.page/r/x\u2028y', 'https://g.page/r/x\u2029y', 'https://g.page/\u202Eweiver', 'https://g.page/r/\u0007x']) {
      const refused = await update(shop, [{ name: 'Google', url }]);
      expect(refused.statusCode, JSON.stringify(url)).toBe(400);
      expect(refused.json().errors).toEqual({ 'reviewSites.0.url': 'Review site address must be a web address starting with http:// or https://' });
    }
  });
});
