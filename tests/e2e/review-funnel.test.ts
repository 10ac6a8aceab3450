import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcessOn, type AppProcess } from '../support/app-process';
import { SmtpSink } from '../support/smtp-sink';
import { addBusiness, newOwner, screenshot, signIn, toast, useBrowser } from '../support/browser';

const browser = useBrowser();
const GOOGLE = 'https://g.page/r/corner-bakery/review';
const YELP = 'https://www.yelp.example/biz/corner-bakery';
// A reminder "day" of 3 s: a 1-day reminder falls due 3 s after the last first message.
const DAY_MS = 3000;
let sink: SmtpSink;
let app: AppProcess;

beforeAll(async () => {
  sink = await SmtpSink.start();
  app = await startAppProcessOn(process.env.STARBOOST_TEST_DB === 'postgres' ? 'postgres' : 'pglite', {
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    SMTP_URL: sink.url,
    MAIL_FROM: 'Corner Bakery <hello@bakery.example>',
    REMINDER_DAY_MS: String(DAY_MS),
    DELIVERY_POLL_MS: '500',
    DELIVERY_SWEEP_MS: '1000',
  });
}, 240_000);
afterAll(async () => {
  await app?.stop();
  await sink?.close();
});

const reviewLinkIn = (text: string) => /(http\S+\/r\/[A-Za-z0-9_-]{22})\b/.exec(text)![1]!;
const card = (page: Page, name: string) => page.locator(`[data-testid="campaign-card"][data-campaign-name="${name}"]`);

describe('the review funnel in Chromium', () => {
  let context: BrowserContext;
  let page: Page;

  it('review sites, a tracked review request, the review page, feedback, the funnel, /reputation, a reminder and the cap', async () => {
    context = await browser().newContext({ viewport: { width: 1280, height: 1000 }, baseURL: app.baseUrl });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const owner = newOwner();
    const headers = { origin: app.baseUrl };
    const post = async (path: string, data: unknown) => {
      const response = await page.request.post(path, { data, headers });
      expect(response.status(), await response.text()).toBeLessThan(300);
      return response.json();
    };
    expect((await page.request.post('/api/auth/sign-up', { data: { ...owner, birthDate: '1985-03-09' }, headers })).status()).toBe(201);
    await signIn(page, owner);
    await addBusiness(page, 'Corner Bakery');

    // Business settings: two review sites, Google first.
    await page.getByTestId('business-switcher').click();
    await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: 'Business settings' }).click();
    await page.waitForURL('**/business-settings');
    await page.getByRole('button', { name: 'Add review site' }).click();
    await page.getByLabel('Site 1 name').fill('Yelp');
    // Escape closes the suggestions and keeps the name (the field is a search input, which Chromium would clear).
    await page.getByLabel('Site 1 name').press('Escape');
    await page.getByLabel('Site 1 name').press('Escape');
    expect(await page.getByLabel('Site 1 name').inputValue()).toBe('Yelp');
    await page.getByLabel('Site 1 address').fill(YELP);
    await page.getByRole('button', { name: 'Add review site' }).click();
    await page.getByLabel('Site 2 name').fill('Google');
    await page.getByLabel('Site 2 address').fill(GOOGLE);
    await page.getByRole('button', { name: 'Move site 2 up' }).click();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => toast(page, 'Business Saved').count()).toBe(1);
    await screenshot(page, 'review-01-business-settings');
    const [business] = await (await page.request.get('/api/business/get-current-users-businesses')).json();
    expect(business.reviewSites).toEqual([{ name: 'Google', url: GOOGLE }, { name: 'Yelp', url: YELP }]);

    const csv = ['First name,Last name,Email,Phone number,Birth date,Gender,Tags', ...[0, 1, 2].map((i) => `Guest${i},Visitor,guest${i}@example.com,491511234500${i},1990-01-01,Female,`)].join('\n');
    await post('/api/contact/import-contacts', { businessId: business.id, file: Buffer.from(csv).toString('base64') });
    await post('/api/contact-filter/create-contact-filter-with-items', {
      contactFilter: { name: 'Everyone', businessId: business.id },
      contactFilterItems: [{ attribute: 'email', operator: 'CONTAINS', value: '@' }],
    });

    // The wizard: a review request with a 1-day reminder.
    await page.goto('/campaigns/create-new-campaign');
    await page.getByText('Email Campaign').click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Campaign name').fill('Review request');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('combobox', { name: 'Recipients' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Everyone' }).click();
    await page.getByText('3 recipients match this filter').waitFor();
    await page.locator('textarea').first().fill('Hi ${firstName}, how was your visit? ${reviewLink}');
    // The preview shows a sample tracked link.
    await expect.poll(() => page.getByTestId('preview-body').textContent()).toMatch(/\/r\/SampleLink-abcdefghijk$/);
    await page.getByRole('switch', { name: 'Send a reminder' }).click();
    await page.getByLabel('Days before the reminder').fill('1');
    await page.locator('textarea').nth(1).fill('A gentle reminder, ${firstName}: ${reviewLink}');
    await page.getByRole('button', { name: 'Launch' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Launch' }).click();
    await page.waitForURL(/\/campaigns$/);
    // "Reminder after 1 day" until every first message has left, then when it is due (3 s later here).
    await card(page, 'Review request').getByTestId('reminder-line').filter({ hasText: /^Reminder (after 1 day|due \d\d\.\d\d\.\d{4}, \d\d:\d\dh)/ }).waitFor();

    await expect.poll(() => sink.emails.length, { timeout: 30_000 }).toBe(3);
    const links = [0, 1, 2].map((i) => reviewLinkIn(sink.emailsTo(`guest${i}@example.com`)[0]!.text));
    expect(new Set(links).size).toBe(3);
    // The HTML part has the same link behind five one-tap stars.
    expect(sink.emailsTo('guest0@example.com')[0]!.html).toContain(`href="${links[0]}?rating=5"`);
    // Right after sending (a mail scanner), a HEAD request and a chat preview: automated, not visits.
    expect((await page.request.get(links[0]!)).status()).toBe(200);
    expect((await page.request.head(links[0]!)).status()).toBe(200);
    expect((await page.request.get(links[1]!, { headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' } })).status()).toBe(200);
    await page.waitForTimeout(2100);

    // Guest0 opens the link from the email: tapping 1 star records it, and every site still shows.
    await page.route('https://g.page/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Google reviews</h1>' }));
    await page.goto(links[0]!);
    await page.getByRole('heading', { name: 'How was your visit?' }).waitFor();
    await page.getByRole('button', { name: '1 star', exact: true }).click();
    await page.getByText('Your rating: 1 of 5 stars.').waitFor();
    expect(await page.getByRole('button', { name: '1 star', exact: true }).getAttribute('aria-pressed')).toBe('true');
    for (const site of ['Google', 'Yelp']) expect(await page.getByRole('link', { name: `Review us on ${site}` }).isVisible()).toBe(true);
    // On a phone: nothing sideways, no serious or critical axe violation.
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);
    await screenshot(page, 'review-02-review-page');
    await page.setViewportSize({ width: 1280, height: 1000 });
    await page.getByRole('link', { name: 'Review us on Google' }).click();
    await page.waitForURL(GOOGLE);
    // Re-opened, the page shows the rating chosen before; the message goes with it.
    await page.goto(links[0]!);
    expect(await page.getByRole('button', { name: '1 star', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await page.getByLabel('Message to Corner Bakery (optional)').fill('The coffee was cold.');
    await page.getByRole('button', { name: 'Send to Corner Bakery' }).click();
    await page.getByRole('heading', { name: 'Thank you for your feedback!' }).waitFor();
    for (const site of ['Google', 'Yelp']) expect(await page.getByRole('link', { name: `Review us on ${site}` }).isVisible()).toBe(true);
    // The owner hears of the low rating.
    await expect.poll(() => sink.emailsTo(owner.email).length, { timeout: 30_000 }).toBe(1);
    expect(sink.emailsTo(owner.email)[0]!.text).toContain('The coffee was cold.');

    // The reminder goes to Guest1 (only a preview opened it) and Guest2, not to Guest0.
    const [listed] = await (await page.request.get(`/api/campaign/get-campaigns/${business.id}`)).json();
    await expect
      .poll(async () => {
        const answer = await (await page.request.get(`/api/campaign/get-campaign-details/${listed.id}`)).json();
        return [[0, 1, 2].map((i) => sink.emailsTo(`guest${i}@example.com`).length), answer.campaign.status, answer.reminders];
      }, { timeout: 30_000 })
      .toEqual([[1, 2, 2], 'COMPLETED', { recipients: 2, sent: 2 }]);
    expect(sink.emailsTo('guest2@example.com')[1]!.text).toContain(`A gentle reminder, Guest2: ${links[2]}`);

    // The details page and /reputation count one visit, one click and one feedback.
    await page.goto('/campaigns');
    await card(page, 'Review request').getByText('View details').click();
    await expect.poll(() => page.getByTestId('funnel-visited').textContent()).toContain('1');
    expect(await page.getByTestId('funnel-sent').textContent()).toContain('3');
    expect(await page.getByTestId('funnel-clicked').textContent()).toContain('1');
    expect(await page.getByTestId('funnel-feedback').textContent()).toContain('1');
    expect(await page.getByTestId('funnel-automated').textContent()).toContain('3 automated openings');
    await page.getByTestId('details-reminder').getByText('2 of 2 sent').waitFor();
    await screenshot(page, 'review-03-details');
    await page.goto('/reputation');
    await page.getByTestId('reputation-totals').getByText('Review page visits').waitFor();
    const totals = await page.getByTestId('reputation-totals').textContent();
    expect(totals).toContain('Review requests sent3');
    expect(totals).toContain('Review page visits1');
    expect(totals).toContain('Review site clicks1');
    await page.getByTestId('feedback-item').getByText('Low rating').waitFor();
    await page.getByTestId('feedback-item').getByText('The coffee was cold.').waitFor();
    await screenshot(page, 'review-04-reputation');

    // The cap (30 "days" of 3 s here): a second review request skips everyone just asked; at 0 it goes out.
    const campaign = (name: string) => ({
      name,
      type: 'EMAIL',
      subject: 'Again',
      messageBody: 'Review us: ${reviewLink}',
      interval: 1,
      intervalSize: 5,
      sendAllAtOnce: true,
      businessId: business.id,
    });
    const [filter] = await (await page.request.get(`/api/contact-filter/get-contact-filters/${business.id}`)).json();
    const capped = await post('/api/campaign/launch-new-campaign', { ...campaign('Capped'), contactFilterId: filter.id });
    await page.goto(`/campaigns/${capped.id}`);
    await expect.poll(() => page.getByText(/^skipped: asked \d+ days? ago$/).count(), { timeout: 30_000 }).toBe(3);
    const before = sink.emails.length;
    await page.goto('/business-settings');
    await page.getByLabel(/at most once every/).fill('0');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => toast(page, 'Business Saved').count()).toBe(1);
    await post('/api/campaign/launch-new-campaign', { ...campaign('Uncapped'), contactFilterId: filter.id });
    await expect.poll(() => sink.emails.length - before, { timeout: 30_000 }).toBe(3);
    await context.close();
  });
});
