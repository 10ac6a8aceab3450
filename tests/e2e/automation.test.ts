import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcessOn, type AppProcess } from '../support/app-process';
import { screenshot, signIn, toast, useBrowser } from '../support/browser';
import { SmtpSink } from '../support/smtp-sink';

const browser = useBrowser();
const GOOGLE = 'https://g.page/r/corner-bakery/review';
// A delay "minute" of 200 ms: a 5-minute delay is 1 s.
const MINUTE_MS = 200;
let sink: SmtpSink;
let app: AppProcess;

beforeAll(async () => {
  sink = await SmtpSink.start();
  app = await startAppProcessOn(process.env.STARBOOST_TEST_DB === 'postgres' ? 'postgres' : 'pglite', {
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    SMTP_URL: sink.url,
    MAIL_FROM: 'Corner Bakery <hello@bakery.example>',
    AUTOMATION_MINUTE_MS: String(MINUTE_MS),
    DELIVERY_POLL_MS: '500',
    DELIVERY_SWEEP_MS: '1000',
  });
}, 240_000);
afterAll(async () => {
  await app?.stop();
  await sink?.close();
});

const reviewLinkIn = (text: string) => /(http\S+\/r\/[A-Za-z0-9_-]{22})\b/.exec(text)![1]!;
const logLines = (page: Page) => page.getByTestId('automation-log-line');
/** Opens a select that shows a value (its value, not the search input, takes the click). */
const openSelect = (page: Page, label: string) =>
  page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: label }) }).locator('.ant-select-selector').click();
/** An option of the select that is open. */
const option = (page: Page, text: string) => page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: new RegExp(`^${text}$`) });

describe('the review automation in Chromium', () => {
  it('turned on, a check-in brings the review request by email after the delay; its link opens the review page; the log tells it', async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 1000 }, baseURL: app.baseUrl });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const headers = { origin: app.baseUrl };
    const post = async (path: string, data: unknown) => {
      const response = await page.request.post(path, { data, headers });
      expect(response.status(), await response.text()).toBeLessThan(300);
      return response.json();
    };
    const owner = { firstName: 'Grace', lastName: 'Hopper', email: `grace.${Date.now()}@example.com`, password: 'Str0ng!pass', phoneNumber: '4915112345678' };
    await post('/api/auth/sign-up', { ...owner, birthDate: '1985-03-09' });
    await signIn(page, owner);
    const business = await post('/api/business/create-new-business', {
      name: 'Corner Bakery', streetName: 'Main Street', streetNumber: '12', country: 'Germany', city: 'Berlin', postalCode: '10115',
      reviewSites: [{ name: 'Google', url: GOOGLE }],
    });
    const csv = ['First name,Last name,Email,Phone number,Birth date,Gender,Tags', 'Ana,Horvat,ana@example.com,385911234567,1990-01-01,Female,', 'Ivo,Kovac,ivo@example.com,385911234568,1990-01-01,Male,'].join('\n');
    await post('/api/contact/import-contacts', { businessId: business.id, file: Buffer.from(csv).toString('base64') });
    // The page picked its business before this one existed: the first business is chosen on load.
    await page.reload();

    // The Automations screen, from the menu: on, 5 minutes after the visit, by email.
    await page.getByTestId('sidebar').getByText('Automations').click();
    await page.waitForURL('**/automations');
    await page.getByRole('button', { name: 'Save automation' }).waitFor();
    await page.getByRole('switch', { name: 'Ask for a review after each visit' }).click();
    await page.getByLabel('Delay after the visit').fill('5');
    await openSelect(page, 'Unit');
    await option(page, 'minutes').click();
    await openSelect(page, 'Send by');
    await option(page, 'Email only').click();
    await expect.poll(() => page.getByTestId('preview-body').textContent()).toContain('Hi Ana, thank you for visiting Corner Bakery!');
    expect(await page.getByTestId('sms-segments').count()).toBe(0);
    await page.getByRole('button', { name: 'Save automation' }).click();
    await expect.poll(() => toast(page, 'Automation Saved').count()).toBe(1);
    await screenshot(page, 'automation-01-settings');

    // Ana checks in at the counter.
    await page.getByTestId('sidebar').getByText('Contacts').click();
    await page.getByPlaceholder('Search contacts').fill('ana@');
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    await page.locator('.ant-table-row').first().locator('.ant-checkbox-input').click();
    await page.getByRole('button', { name: /Check in/ }).click();
    await page.getByRole('button', { name: 'Confirm Check-In' }).click();
    await expect.poll(() => toast(page, 'Contacts Checked In').count()).toBe(1);

    // After the delay, her request is in the mailbox (and nobody else's).
    await expect.poll(() => sink.emailsTo('ana@example.com').length, { timeout: 30_000 }).toBe(1);
    const email = sink.emailsTo('ana@example.com')[0]!;
    expect(email.headers.subject).toBe('How was your visit to Corner Bakery?');
    expect(sink.emailsTo('ivo@example.com')).toEqual([]);
    const link = reviewLinkIn(email.text);

    // She opens it (an opening within 2 s of sending counts as a mail scanner's, so until the log
    // says she visited) and goes on to Google.
    await page.route('https://g.page/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Google reviews</h1>' }));
    await expect
      .poll(async () => {
        await page.goto(link);
        await page.getByRole('heading', { name: 'How was your visit?' }).waitFor();
        const log = await (await page.request.get(`/api/automation/get-automation-log/${business.id}`)).json();
        return log[0]?.visited;
      }, { timeout: 30_000 })
      .toBe(true);
    await page.getByRole('link', { name: 'Review us on Google' }).click();
    await page.waitForURL(GOOGLE);

    await page.goto('/automations');
    await expect
      .poll(() => logLines(page).first().textContent())
      .toMatch(/^Ana Horvat visited \d{2}:\d{2} → request due \d{2}:\d{2} → sent by email → visited the review page → clicked Google$/);
    expect(await logLines(page).count()).toBe(1);
    await page.getByTestId('automation-results').getByTestId('funnel-clicked').getByText('1').waitFor();
    await screenshot(page, 'automation-02-log');

    // /reputation shows the automation beside the campaigns.
    await page.goto('/reputation');
    await page.getByRole('link', { name: 'Review automation' }).waitFor();
    await context.close();
  });
});
