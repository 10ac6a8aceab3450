import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetMessages, validationMessages } from '#domain';
import { startAppProcessOn, type AppProcess } from '../support/app-process';
import { SmtpSink } from '../support/smtp-sink';
import { newOwner, screenshot, signIn, toast, useBrowser } from '../support/browser';

const browser = useBrowser();
let sink: SmtpSink;
let app: AppProcess;

// Its own app, with reset emails going to the loopback SMTP sink.
beforeAll(async () => {
  sink = await SmtpSink.start();
  app = await startAppProcessOn(process.env.STARBOOST_TEST_DB === 'postgres' ? 'postgres' : 'pglite', {
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    SMTP_URL: sink.url,
  });
}, 240_000);
afterAll(async () => {
  await app?.stop();
  await sink?.close();
});

async function newPage(chromium: Browser) {
  const context = await chromium.newContext({ viewport: { width: 1280, height: 800 }, baseURL: app.baseUrl });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** The path and query of the reset link in the email to `address` (its host is APP_URL's). */
async function linkFromEmail(address: string) {
  await expect.poll(() => sink.emailsTo(address).length, { timeout: 15_000 }).toBe(1);
  const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(sink.emailsTo(address)[0]!.text)?.[0];
  expect(link).toBeDefined();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

describe('forgotten password in Chromium', () => {
  it('asks for a link, sets a new password from the email, signs every device out, and refuses the link again', async () => {
    const { page, context } = await newPage(browser());
    const owner = newOwner();
    const signUp = await page.request.post('/api/auth/sign-up', { data: { ...owner, birthDate: '1985-03-09' }, headers: { origin: app.baseUrl } });
    expect(signUp.status()).toBe(201);
    // Another device stays signed in until the reset.
    const other = await newPage(browser());
    await signIn(other.page, owner);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByText(validationMessages.emailRequired).waitFor();
    await page.getByLabel('Email').fill(owner.email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByText(passwordResetMessages.linkSent).waitFor();
    await screenshot(page, 'password-reset-01-link-sent');

    const link = await linkFromEmail(owner.email);
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('N3w!Passw0rd');
    await page.getByLabel('New password again').fill('N3w!Passw0rX');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText(passwordResetMessages.passwordsDiffer).waitFor();
    await page.getByLabel('New password again').fill('N3w!Passw0rd');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.waitForURL('**/login');
    await expect.poll(() => toast(page, 'Password Changed').count()).toBe(1);

    // The old password fails, the new one works, the other device is signed out.
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('The email address or password is incorrect.').first().waitFor();
    await signIn(page, { email: owner.email, password: 'N3w!Passw0rd' });
    await other.page.reload();
    await other.page.waitForURL('**/login');

    // The link works once, and a used link offers a new one (on the signed-out device: a signed-in
    // owner has no use for the forgotten-password screen).
    await other.page.goto(link);
    await other.page.getByLabel('New password', { exact: true }).fill('An0ther!pass');
    await other.page.getByLabel('New password again').fill('An0ther!pass');
    await other.page.getByRole('button', { name: 'Set password' }).click();
    await other.page.getByRole('alert').getByText(passwordResetMessages.linkInvalid).waitFor();
    await screenshot(other.page, 'password-reset-02-link-used');
    await other.page.getByRole('link', { name: 'Ask for a new link' }).click();
    await other.page.waitForURL('**/forgot-password');
    await other.page.getByRole('button', { name: 'Send link' }).waitFor();

    await other.context.close();
    await context.close();
  });
});
