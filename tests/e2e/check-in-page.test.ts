import AxeBuilder from '@axe-core/playwright';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcessOn, type AppProcess } from '../support/app-process';
import { newOwner, screenshot, signIn, useBrowser } from '../support/browser';

const browser = useBrowser();
const PHONE = { width: 375, height: 812 };
let app: AppProcess;

beforeAll(async () => {
  // No minimum fill time: the keyboard fills the form faster than a person (the API tests cover it).
  app = await startAppProcessOn(process.env.STARBOOST_TEST_DB === 'postgres' ? 'postgres' : 'pglite', {
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    CHECK_IN_MIN_FILL_SECONDS: '0',
  });
}, 240_000);
afterAll(() => app?.stop());

/** Serious and critical axe violations of the page as shown, one line each. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(' | ')}`);
}

const pageFitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName);

/** An owner signed in on a phone-sized page, with a business; its check-in page's link as the API answers it. */
async function ownerWithBusiness() {
  const context = await browser().newContext({ viewport: PHONE, baseURL: app.baseUrl });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const headers = { origin: app.baseUrl };
  const owner = newOwner();
  expect((await page.request.post('/api/auth/sign-up', { data: { ...owner, birthDate: '1985-03-09' }, headers })).status()).toBe(201);
  await signIn(page, owner);
  const created = await page.request.post('/api/business/create-new-business', {
    data: { name: 'Corner Bakery', streetName: 'Main Street', streetNumber: '12', country: 'Germany', city: 'Berlin', postalCode: '10115' },
    headers,
  });
  const business = (await created.json()) as { id: number };
  const link = (await (await page.request.get(`/api/business/get-check-in-page/${business.id}`)).json()) as { url: string; qrSvg: string };
  // The page picked its business before this one existed: the first business is chosen on load.
  await page.reload();
  return { context, page, business, link };
}

/** The QR code an <img> shows, drawn on a canvas and decoded. */
async function decodeQr(page: Page, selector: string) {
  const size = 400;
  const pixels = await page.locator(selector).first().evaluate(async (img: HTMLImageElement, side) => {
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = side;
    canvas.height = side;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, side, side);
    context.drawImage(img, 0, 0, side, side);
    return Array.from(context.getImageData(0, 0, side, side).data);
  }, size);
  return jsQR(Uint8ClampedArray.from(pixels), size, size)?.data;
}

/** An option of the poster's size switch (antd's Segmented: a label over a hidden radio). */
const sizeOption = (page: Page, name: string) => page.locator('.ant-segmented-item').filter({ hasText: name });

/** The paper of each page of the print-out (points) and how many pages it has. */
async function printedPages(page: Page) {
  const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
  const boxes = [...pdf.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((match) => [Math.round(Number(match[1])), Math.round(Number(match[2]))]);
  return boxes;
}

describe('the check-in page in Chromium', () => {
  it('at 375 px a customer checks in by keyboard, corrects a missed box, sees the thank-you page; the owner sees the contact', async () => {
    const { context: ownerContext, page: ownerPage, link } = await ownerWithBusiness();
    expect(link.url).toMatch(/^http:\/\/localhost:\d+\/k\/[0-9a-f]{12}$/);
    const path = new URL(link.url).pathname;

    const customerContext = await browser().newContext({ viewport: PHONE, baseURL: app.baseUrl });
    const customer = await customerContext.newPage();
    customer.setDefaultTimeout(20_000);
    await customer.goto(path);
    await customer.getByRole('heading', { name: 'Thanks for visiting Corner Bakery' }).waitFor();
    expect(await pageFitsWidth(customer)).toBe(true);
    expect(await seriousViolations(customer)).toEqual([]);
    await screenshot(customer, 'check-in-01-page');

    // The Tab order: first name, phone number, email, the box, the button (never the honeypot).
    const order: Array<string | undefined> = [];
    await customer.keyboard.press('Tab');
    order.push(await focusedId(customer));
    await customer.keyboard.type('Ana');
    await customer.keyboard.press('Tab');
    order.push(await focusedId(customer));
    await customer.keyboard.type('01512 3456789');
    for (let i = 0; i < 3; i += 1) {
      await customer.keyboard.press('Tab');
      order.push(await focusedId(customer));
    }
    expect(order).toEqual(['firstName', 'phoneNumber', 'email', 'consent', 'BUTTON']);
    // Sent without the box ticked: the form again, the error beside the box, what was typed kept.
    await customer.keyboard.press('Enter');
    const consentError = customer.locator('#consent-error');
    await consentError.waitFor();
    expect(await consentError.textContent()).toBe('Please tick the box to agree to one message about your visit, or ask the staff to check you in.');
    expect(await customer.getByLabel('I agree to receive one message from Corner Bakery asking about my visit').getAttribute('aria-describedby')).toBe('consent-error');
    expect(await customer.getByLabel('First name').inputValue()).toBe('Ana');
    expect(await customer.getByLabel('Phone number').inputValue()).toBe('01512 3456789');
    expect(await pageFitsWidth(customer)).toBe(true);
    expect(await seriousViolations(customer)).toEqual([]);
    await screenshot(customer, 'check-in-02-correct');

    await customer.getByLabel('I agree to receive one message from Corner Bakery asking about my visit').focus();
    await customer.keyboard.press('Space');
    await customer.keyboard.press('Tab');
    expect(await focusedId(customer)).toBe('BUTTON');
    await customer.keyboard.press('Enter');
    await customer.getByRole('heading', { name: 'Thanks, Ana!' }).waitFor();
    expect(await customer.getByText('You are checked in at Corner Bakery.').isVisible()).toBe(true);
    expect(await pageFitsWidth(customer)).toBe(true);
    expect(await seriousViolations(customer)).toEqual([]);
    await screenshot(customer, 'check-in-03-thanks');
    await customerContext.close();

    // The owner's contacts list has Ana, with her number.
    await ownerPage.goto('/contacts');
    await ownerPage.getByText('Ana', { exact: true }).first().waitFor();
    await ownerContext.close();
  });

  it('the owner opens the posters from the settings at 375 px: the QR code decodes to the page, the link is written out, A4, Letter and a tent print on their paper', async () => {
    const { context, page, link } = await ownerWithBusiness();
    await page.goto('/business-settings');
    expect(await page.getByTestId('check-in-link').textContent()).toBe(link.url);
    expect(await page.getByRole('link', { name: /Open page/ }).getAttribute('href')).toBe(link.url);

    await page.getByRole('link', { name: /Print A4 poster/ }).click();
    await page.waitForURL('**/business-settings/check-in-poster?size=a4');
    const sheet = page.getByRole('region', { name: 'A4 poster' });
    await sheet.waitFor();
    expect(await sheet.getByText('Corner Bakery').isVisible()).toBe(true);
    expect(await sheet.getByText('Scan to check in').isVisible()).toBe(true);
    expect(await sheet.getByTestId('poster-link').textContent()).toBe(link.url.replace(/^http:\/\//, ''));
    expect(await decodeQr(page, '.check-in-qr')).toBe(link.url);
    expect(await pageFitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'check-in-04-poster-a4');
    // Printed: the sheet alone, on A4 (595 x 842 points; Letter is 612 x 792), one page.
    await page.emulateMedia({ media: 'print' });
    for (const chrome of ['.ant-layout-header', '.check-in-poster-toolbar']) expect(await page.locator(chrome).isVisible(), chrome).toBe(false);
    expect(await sheet.isVisible()).toBe(true);
    await screenshot(page, 'check-in-04-poster-a4-print');
    // Not 'screen': page.pdf would then print with screen styles.
    await page.emulateMedia({ media: null });
    expect(await printedPages(page)).toEqual([[595, 842]]);

    await sizeOption(page, 'Letter poster').click();
    await page.getByRole('region', { name: 'Letter poster' }).waitFor();
    expect(await printedPages(page)).toEqual([[612, 792]]);

    await sizeOption(page, 'Table tent').click();
    const tent = page.getByRole('region', { name: 'Table tent' });
    await tent.waitFor();
    expect(await tent.getByTestId('poster-face').count()).toBe(2);
    expect(await printedPages(page)).toEqual([[595, 842]]);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'check-in-05-tent');

    // Print opens the browser's print dialog.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void ((window as unknown as { printed: number }).printed += 1);
    });
    await page.getByRole('button', { name: /Print$/ }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await context.close();
  });
});
