import type { Browser, Page } from 'playwright-core';
import type { Contact } from '#domain/contacts';
import { searchText } from '../../src/pages/contacts/contact-display';
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

/**
 * Milliseconds from the start of the navigation to the first frame that shows a contact row, and
 * to the first frame that counts every contact (the whole list read).
 */
async function firstRowAfterNavigation(page: Page) {
  await page.goto('/contacts', { waitUntil: 'commit' });
  await page.waitForFunction(`document.querySelector('.ant-table-row') && (window.benchFirstRow = performance.now(), true)`, undefined, { polling: 'raf' });
  const whole = `${CONTACTS.toLocaleString()} of ${CONTACTS.toLocaleString()} contacts`;
  await page.waitForFunction(`(${countIs(whole)}) && (window.benchWholeList = performance.now(), true)`, undefined, { polling: 'raf' });
  return { firstRow: await page.evaluate<number>('window.benchFirstRow'), wholeList: await page.evaluate<number>('window.benchWholeList') };
}

/** The list read in the app's Web Worker (as shipped), or on the main thread (as before issue 13: no Worker). */
type ListReading = 'worker' | 'main thread';
const READINGS: ListReading[] = ['worker', 'main thread'];

/**
 * A browser profile of its own (empty cache) signed in as the owner with the business selected:
 * the session cookies come from an API sign-in, the selection is put in place before any page runs.
 */
async function signedInContext(
  browser: Browser,
  baseUrl: string,
  owner: { email: string; password: string },
  business: { id: number; name: string },
  reading: ListReading = 'worker',
) {
  // The timing probes are evaluated strings (see timeUntil), which the app's CSP rightly refuses.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: baseUrl, bypassCSP: true });
  await context.request.post('/api/auth/sign-in', { data: owner, headers: { origin: baseUrl } });
  await context.addInitScript(`localStorage.setItem('selectedBusiness', ${JSON.stringify(JSON.stringify(business))})`);
  // Without Worker the app reads the list with its HTTP client on the main thread (src/providers/streamed-list.ts).
  if (reading === 'main thread') await context.addInitScript(`Object.defineProperty(window, 'Worker', { value: undefined })`);
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  return { context, page };
}

const countIs = (text: string) => `document.querySelector('[data-testid="selection-count"]')?.textContent === ${JSON.stringify(text)}`;
const firstRowIsNot = (text: string) => `(document.querySelector('.ant-table-row')?.textContent ?? '') !== ${JSON.stringify(text)}`;

/** The contacts screen with 100,000 rows in Chromium: first row, search keystroke, sort, select-all. */
export async function benchContactsBrowser(): Promise<BenchRow[]> {
  const app = await startAppProcess({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const browser = await launchChromium();
  try {
    const setup = await browser.newContext({ baseURL: app.baseUrl });
    const headers = { origin: app.baseUrl };
    const owner = { firstName: 'Bench', lastName: 'Owner', email: 'bench@example.com', password: 'Str0ng!pass', birthDate: '1980-01-01', phoneNumber: '123456789' };
    await setup.request.post('/api/auth/sign-up', { data: owner, headers });
    await setup.request.post('/api/auth/sign-in', { data: { email: owner.email, password: owner.password }, headers });
    const business = await (
      await setup.request.post('/api/business/create-new-business', {
        data: { name: 'Bench Bakery', streetName: 'Main', streetNumber: '1', country: 'DE', city: 'Berlin', postalCode: '10115' },
        headers,
      })
    ).json();
    const imported = await setup.request.post('/api/contact/import-contacts', {
      data: { businessId: business.id, file: Buffer.from(contactsCsv(CONTACTS)).toString('base64') },
      headers,
      timeout: 600_000,
    });
    if (!imported.ok()) throw new Error(`seeding failed: ${await imported.text()}`);
    // The search counts the screen must reach, from the contacts as the server answers them and
    // the screen's own search text: right for any BENCH_CONTACTS.
    const stored = (await (await setup.request.get(`/api/contact/get-contacts/${business.id}`)).json()) as Contact[];
    const texts = stored.map(searchText);
    const matching = (query: string) => texts.filter((text) => text.includes(query)).length;
    await setup.close();
    const selected = { id: business.id, name: business.name };
    const credentials = { email: owner.email, password: owner.password };

    // Cold: a new profile each time, so the app's files and the list come over the network. Both
    // ways of reading the list alternate, so that the machine's load weighs on both alike.
    const cold = new Map(READINGS.map((reading) => [reading, { firstRow: [] as number[], wholeList: [] as number[] }]));
    for (let run = 0; run < RUNS; run++) {
      for (const reading of READINGS) {
        const { context, page } = await signedInContext(browser, app.baseUrl, credentials, selected, reading);
        const times = await firstRowAfterNavigation(page);
        cold.get(reading)!.firstRow.push(times.firstRow);
        cold.get(reading)!.wholeList.push(times.wholeList);
        await context.close();
      }
    }

    // Warm: one profile per way, navigating again and again (files from the cache).
    const warm = new Map<ListReading, { page: Page; firstRow: number[] }>();
    for (const reading of READINGS) {
      const { page } = await signedInContext(browser, app.baseUrl, credentials, selected, reading);
      page.on('crash', () => console.error('page crashed'));
      page.on('pageerror', (error) => console.error('page error', error.message));
      await firstRowAfterNavigation(page);
      warm.set(reading, { page, firstRow: [] });
    }
    for (let run = 0; run < RUNS; run++) {
      for (const reading of READINGS) warm.get(reading)!.firstRow.push((await firstRowAfterNavigation(warm.get(reading)!.page)).firstRow);
    }
    const page = warm.get('worker')!.page;
    const expectedCount = `${CONTACTS.toLocaleString()} of ${CONTACTS.toLocaleString()} contacts`;
    await page.getByTestId('selection-count').filter({ hasText: expectedCount }).waitFor();

    const search = page.getByPlaceholder('Search contacts');
    const keystroke: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await search.fill('person1');
      await page.waitForFunction(countIs(`${matching('person1').toLocaleString()} of ${CONTACTS.toLocaleString()} contacts`));
      keystroke.push(await timeUntil(page, () => search.press('2'), countIs(`${matching('person12').toLocaleString()} of ${CONTACTS.toLocaleString()} contacts`)));
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
      ...READINGS.flatMap((reading): BenchRow[] => {
        const byWorker = reading === 'worker';
        const versus = (values: (reading: ListReading) => number[]) =>
          byWorker ? `; ${(median(values('worker')) / median(values('main thread'))).toFixed(2)}x of the main-thread read` : '';
        return [
          {
            name: `first visible row, cold profile, list read in ${reading === 'worker' ? 'the worker' : 'the main thread'}`,
            value: median(cold.get(reading)!.firstRow),
            unit: 'ms',
            note: `${CONTACTS.toLocaleString()} contacts, from navigation start, empty cache, median of ${RUNS}${versus((r) => cold.get(r)!.firstRow)}${byWorker ? '; aim <= 1000' : ''}`,
          },
          {
            name: `whole list counted, cold profile, ${reading === 'worker' ? 'worker' : 'main thread'}`,
            value: median(cold.get(reading)!.wholeList),
            unit: 'ms',
            note: `"${CONTACTS.toLocaleString()} of ${CONTACTS.toLocaleString()} contacts" shown${versus((r) => cold.get(r)!.wholeList)}`,
          },
          {
            name: `first visible row, warm, list read in ${reading === 'worker' ? 'the worker' : 'the main thread'}`,
            value: median(warm.get(reading)!.firstRow),
            unit: 'ms',
            note: `app files cached, median of ${RUNS}${versus((r) => warm.get(r)!.firstRow)}`,
          },
        ];
      }),
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
