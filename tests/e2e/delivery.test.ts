import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcessOn, type AppProcess } from '../support/app-process';
import { FakeTwilio } from '../support/fake-twilio';
import { SmtpSink } from '../support/smtp-sink';
import { daytimeZone } from '../support/daytime-zone';
import { addBusiness, newOwner, screenshot, signIn, toast, useBrowser, waitForURLOrErrorToast } from '../support/browser';

const browser = useBrowser();
const twilioCredentials = { accountSid: `AC${'1'.repeat(32)}`, authToken: 'e2e-auth-token' };
const CONTACTS = 12;
let sink: SmtpSink;
let twilio: FakeTwilio;
let app: AppProcess;

// Its own app, started as `npm start` would, with real channels: SMTP and Twilio on loopback, and
// a 3-second pacing minute so a paced campaign moves within the test.
beforeAll(async () => {
  sink = await SmtpSink.start();
  twilio = await FakeTwilio.start(twilioCredentials);
  app = await startAppProcessOn(process.env.STARBOOST_TEST_DB === 'postgres' ? 'postgres' : 'pglite', {
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    SMTP_URL: sink.url,
    MAIL_FROM: 'Corner Bakery <hello@bakery.example>',
    TWILIO_ACCOUNT_SID: twilioCredentials.accountSid,
    TWILIO_AUTH_TOKEN: twilioCredentials.authToken,
    TWILIO_BASE_URL: twilio.baseUrl,
    SMS_FROM: '+4915100000000',
    PACING_MINUTE_MS: '3000',
    DELIVERY_POLL_MS: '500',
    DELIVERY_SWEEP_MS: '2000',
  });
}, 240_000);
afterAll(async () => {
  sink?.gate.release();
  await app?.stop();
  await sink?.close();
  await twilio?.close();
});

const card = (page: Page, name: string) => page.locator(`[data-testid="campaign-card"][data-campaign-name="${name}"]`);
const badge = (page: Page, name: string) => card(page, name).getByTestId('status-badge').textContent();

async function cardAction(page: Page, name: string, action: string) {
  await card(page, name).getByRole('button', { name: /Campaign actions/ }).click();
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: action }).click();
  await page.getByRole('button', { name: 'Confirm action' }).click();
}

async function launchFromWizard(page: Page, type: string, name: string, paced: boolean, recipients = CONTACTS) {
  await page.goto('/campaigns/create-new-campaign');
  await page.getByText(type).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Campaign name').fill(name);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('combobox', { name: 'Recipients' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Everyone' }).click();
  await page.getByText(`${recipients} recipients match this filter`).waitFor();
  await page.locator('textarea').fill('Hi ${firstName}, thank you for visiting ${businessName}!');
  if (paced) {
    await page.getByRole('switch', { name: 'Custom interval' }).click();
    // The defaults: 5 recipients every 1 minute (3 s here).
    await page.getByText('Recipients per interval').waitFor();
  }
  await page.getByRole('button', { name: 'Launch' }).click();
  await page.getByRole('dialog').getByText(`Send to ${recipients} recipients by ${type === 'Email Campaign' ? 'email' : 'text message'} now?`).waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'Launch' }).click();
  await waitForURLOrErrorToast(page, /\/campaigns$/);
  await expect.poll(() => toast(page, 'Campaign Started!').count()).toBe(1);
}

describe('delivery in Chromium', () => {
  let context: BrowserContext;
  let page: Page;

  it('a paced email campaign reaches the SMTP server, pauses, resumes, completes; unsubscribe and SMS follow', async () => {
    // The business form offers the browser's time zone; there it is daytime, inside the SMS window.
    context = await browser().newContext({ viewport: { width: 1440, height: 1000 }, baseURL: app.baseUrl, timezoneId: daytimeZone() });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const owner = newOwner();
    const headers = { origin: app.baseUrl };
    expect((await page.request.post('/api/auth/sign-up', { data: { ...owner, birthDate: '1985-03-09' }, headers })).status()).toBe(201);
    await signIn(page, owner);
    await addBusiness(page, 'Corner Bakery');
    const [business] = await (await page.request.get('/api/business/get-current-users-businesses')).json();
    const rows = Array.from({ length: CONTACTS }, (_, i) => `Guest${i},Visitor,guest${i}@example.com,4915112345${String(i).padStart(3, '0')},1990-01-01,Female,`);
    const csv = ['First name,Last name,Email,Phone number,Birth date,Gender,Tags', ...rows].join('\n');
    expect((await page.request.post('/api/contact/import-contacts', { data: { businessId: business.id, file: Buffer.from(csv).toString('base64') }, headers })).status()).toBe(200);
    const filter = { contactFilter: { name: 'Everyone', businessId: business.id }, contactFilterItems: [{ attribute: 'email', operator: 'CONTAINS', value: '@' }] };
    expect((await page.request.post('/api/contact-filter/create-contact-filter-with-items', { data: filter, headers })).status()).toBe(201);

    // A paced email campaign: 5 now, 5 after one pacing minute, then the rest. The SMTP server
    // holds the first batch while the owner pauses: only that batch goes out, however slow the machine.
    sink.gate.hold();
    await launchFromWizard(page, 'Email Campaign', 'Paced thanks', true);
    await sink.gate.whenHeld(5);
    await cardAction(page, 'Paced thanks', 'Pause');
    await expect.poll(() => badge(page, 'Paced thanks')).toBe('Paused');
    sink.gate.release();
    await expect.poll(() => sink.emails.length).toBe(5);
    const sentAtPause = sink.emails.length;
    // Two pacing minutes later nothing more has gone out.
    await page.waitForTimeout(6_000);
    expect(sink.emails.length).toBe(sentAtPause);
    // Progress shows on the card while it is paused.
    await expect.poll(() => card(page, 'Paced thanks').textContent()).toContain(`${sentAtPause} sent, 0 failed, of ${CONTACTS} recipients`);
    await screenshot(page, 'delivery-01-paused');

    await cardAction(page, 'Paced thanks', 'Resume');
    await expect.poll(() => sink.emails.length, { timeout: 30_000 }).toBe(CONTACTS);
    expect(new Set(sink.emails.flatMap((email) => email.to)).size).toBe(CONTACTS);
    await expect.poll(() => badge(page, 'Paced thanks'), { timeout: 30_000 }).toBe('Completed');

    // Every email is rendered for its recipient and carries the one-click unsubscribe headers.
    const first = sink.emailsTo('guest0@example.com')[0]!;
    expect(first.text).toContain('Hi Guest0, thank you for visiting Corner Bakery!');
    expect(first.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const unsubscribeUrl = /<(http[^>]+)>/.exec(first.headers['list-unsubscribe']!)![1]!;

    // The details page shows the counts and the recipients.
    await card(page, 'Paced thanks').getByText('View details').click();
    await page.getByTestId('delivery-counts').getByText(String(CONTACTS)).first().waitFor();
    await page.getByText('guest11@example.com').waitFor();
    await screenshot(page, 'delivery-02-details');

    // Guest0 unsubscribes through the link in the email.
    await page.goto(unsubscribeUrl);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText('You are unsubscribed').waitFor();

    // A text message campaign to everyone: the unsubscribed guest is not a recipient, nor counted as one.
    await page.goto('/dashboard');
    await launchFromWizard(page, 'Text message Campaign', 'SMS thanks', false, CONTACTS - 1);
    await expect.poll(() => twilio.requests.length, { timeout: 20_000 }).toBe(CONTACTS - 1);
    expect(twilio.requests.map((request) => request.params.To)).not.toContain('+4915112345000');
    expect(twilio.requests[0]!.params.Body).toMatch(/^Hi Guest\d+, thank you for visiting Corner Bakery!$/);
    await expect.poll(() => badge(page, 'SMS thanks'), { timeout: 30_000 }).toBe('Completed');
    await screenshot(page, 'delivery-03-overview');
    await context.close();
  });
});
