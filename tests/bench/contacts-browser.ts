import type { Page } from 'playwright-core';
import { startAppProcess } from '../support/app-process';
import { launchChromium } from '../support/chromium';
import { median, printTable, type BenchRow } from './table';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000);
const RUNS = 5;

function contactsCsv(count: number) {
  const lines = ['First name,Last name,Email,Phone number,Birth date,Gender,Tags'];
  const genders = ['Male', 'Female', 'Not specified'];
  for (let i = 0; i < count; i++) {
    const month = String((i % 12) + 1).padStart(2, '0');
    const day = String((i % 28) + 1).padStart(2, '0');
    lines.push(`Name${i},Family${i % 997},person${i}@example.com,49151${String(i).padStart(8, '0')},19${50 + (i % 50)}-${month}-${day},${genders[i % 3]},tag${i % 20}`);
  }
  return lines.join('\n');
}

/**
 * Time from the input event, as the page receives it, to the first animation frame in which the
 * page shows the result (Playwright's own actionability checks are not counted). Page code is a
 * string so that tsx does not wrap it in a helper the page lacks.
 */
async function timeUntil(page: Page, act: () => Promise<void>, shownExpression: string) {
  await page.evaluate(`(() => {
    window.benchStart = undefined;
    const mark = () => (window.benchStart ??= performance.now());
    for (const type of ['keydown', 'pointerdown', 'mousedown']) document.addEventListener(type, mark, { capture: true, once: true });
  })()`);
  await act();
  await page.waitForFunction(`(${shownExpression}) && (window.benchShown = performance.now(), true)`, undefined, { polling: 'raf' });
  return page.evaluate<number>('window.benchShown - window.benchStart');
}

const countIs = (text: string) => `document.querySelector('[data-testid="selection-count"]')?.textContent === ${JSON.stringify(text)}`;
const firstRowIsNot = (text: string) => `(document.querySelector('.ant-table-row')?.textContent ?? '') !== ${JSON.stringify(text)}`;

/** The contacts screen with 100,000 rows in Chromium: first row, search keystroke, sort, select-all. */
export async function benchContactsBrowser(): Promise<BenchRow[]> {
  const app = await startAppProcess({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: app.baseUrl });
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    page.on('crash', () => console.error('page crashed'));
    page.on('pageerror', (error) => console.error('page error', error.message));
    const headers = { origin: app.baseUrl };
    const owner = { firstName: 'Bench', lastName: 'Owner', email: 'bench@example.com', password: 'Str0ng!pass', birthDate: '1980-01-01', phoneNumber: '123456789' };
    await page.request.post('/api/auth/sign-up', { data: owner, headers });
    await page.request.post('/api/auth/sign-in', { data: { email: owner.email, password: owner.password }, headers });
    const business = await (
      await page.request.post('/api/business/create-new-business', {
        data: { name: 'Bench Bakery', streetName: 'Main', streetNumber: '1', country: 'DE', city: 'Berlin', postalCode: '10115' },
        headers,
      })
    ).json();
    const imported = await page.request.post('/api/contact/import-contacts', {
      data: { businessId: business.id, file: Buffer.from(contactsCsv(CONTACTS)).toString('base64') },
      headers,
      timeout: 600_000,
    });
    if (!imported.ok()) throw new Error(`seeding failed: ${await imported.text()}`);

    await page.goto('/login');
    await page.evaluate(`localStorage.setItem('selectedBusiness', ${JSON.stringify(JSON.stringify({ id: business.id, name: business.name }))})`);

    const firstRow: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = Date.now();
      await page.goto('/contacts');
      await page.locator('.ant-table-row').first().waitFor();
      firstRow.push(Date.now() - started);
    }
    const expectedCount = `${CONTACTS.toLocaleString()} of ${CONTACTS.toLocaleString()} contacts`;
    await page.getByTestId('selection-count').filter({ hasText: expectedCount }).waitFor();

    const search = page.getByPlaceholder('Search contacts');
    const keystroke: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await search.fill('person1');
      await page.waitForFunction(countIs(`11,111 of ${CONTACTS.toLocaleString()} contacts`));
      keystroke.push(await timeUntil(page, () => search.press('2'), countIs(`1,111 of ${CONTACTS.toLocaleString()} contacts`)));
    }
    await search.fill('');
    await page.getByTestId('selection-count').filter({ hasText: expectedCount }).waitFor();

    const sort: number[] = [];
    const header = page.locator('.ant-table-thead th').filter({ hasText: 'Gender' });
    for (let run = 0; run < RUNS; run++) {
      const before = (await page.locator('.ant-table-row').first().textContent()) ?? '';
      sort.push(await timeUntil(page, () => header.click(), firstRowIsNot(before)));
    }

    const selectAll: number[] = [];
    const headerCheckbox = page.locator('.ant-table-thead .ant-checkbox-input');
    for (let run = 0; run < RUNS; run++) {
      selectAll.push(await timeUntil(page, () => headerCheckbox.click(), countIs(`${CONTACTS.toLocaleString()} selected`)));
      await headerCheckbox.click();
      await page.getByTestId('selection-count').filter({ hasText: expectedCount }).waitFor();
    }

    return [
      { name: `navigation to first visible row (${CONTACTS.toLocaleString()} contacts)`, value: median(firstRow), unit: 'ms', note: 'aim <= 1500' },
      { name: 'search keystroke to updated rows', value: median(keystroke), unit: 'ms', note: 'aim <= 150' },
      { name: 'sort by gender (asc, desc, off cycle)', value: median(sort), unit: 'ms', note: 'aim <= 250' },
      { name: 'select all', value: median(selectAll), unit: 'ms', note: 'aim <= 100' },
    ];
  } finally {
    await browser.close();
    await app.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printTable(`Contacts screen in Chromium (median of ${RUNS})`, await benchContactsBrowser());
}
