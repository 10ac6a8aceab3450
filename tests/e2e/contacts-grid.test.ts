import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { apiCall, baseUrl, newAppPage, registerOwner, screenshot, signIn, toast, useBrowser } from '../support/browser';
import { tabTo } from '../support/keyboard';

const browser = useBrowser();

/** As many contacts as the screen is built for (STARBOOST_GRID_CONTACTS for a quicker local run). */
const CONTACTS = Number(process.env.STARBOOST_GRID_CONTACTS ?? 100_000);
const TO_SELECT = 500;

function contactsCsv(count: number) {
  const lines = ['First name,Last name,Email,Phone number,Birth date,Gender,Tags'];
  for (let i = 0; i < count; i++) lines.push(`Name${i},Family${i % 997},grid${i}@example.com,49151${String(i).padStart(8, '0')},1980-01-${String((i % 28) + 1).padStart(2, '0')},Female,tag${i % 20}`);
  return lines.join('\n');
}

/** The grid's aria-rowindex of the cursor row (the header is row 1), read as a screen reader would: through aria-activedescendant. */
const cursorRowIndex = (page: Page) =>
  page.getByTestId('contacts-grid').evaluate((grid) => {
    const row = document.getElementById(grid.getAttribute('aria-activedescendant') ?? '');
    return Number(row?.getAttribute('aria-rowindex') ?? 0);
  });

describe('the contacts grid by keyboard, in Chromium', () => {
  it(`selects exactly ${TO_SELECT} of ${CONTACTS.toLocaleString('en')} contacts with keys only, focus staying in the grid, and tags them`, { timeout: 1_200_000 }, async () => {
    const { page, context } = await newAppPage(browser(), { width: 1440, height: 900 });
    await page.goto('/login');
    const owner = await registerOwner(page);
    await signIn(page, owner);
    const business = await (
      await apiCall(page, 'POST', '/api/business/create-new-business', { name: 'Grid Bakery', streetName: 'Main Street', streetNumber: '12', country: 'Germany', city: 'Berlin', postalCode: '10115' })
    ).json();
    // The import is the seeding path (COPY on PostgreSQL, batches on the embedded database), as the browser bench seeds.
    const imported = await page.request.post('/api/contact/import-contacts', {
      data: { businessId: business.id, file: Buffer.from(contactsCsv(CONTACTS)).toString('base64') },
      headers: { origin: baseUrl() },
      timeout: 900_000,
    });
    expect(imported.status(), await imported.text()).toBe(200);
    expect((await imported.json()).created).toBe(CONTACTS);

    await page.goto('/contacts');
    const total = CONTACTS.toLocaleString('en');
    await expect.poll(() => page.getByTestId('selection-count').textContent(), { timeout: 300_000 }).toBe(`${total} of ${total} contacts`);

    // Tab reaches the grid from the search box; it is one stop: the next Tab leaves the table.
    const grid = page.getByTestId('contacts-grid');
    await page.getByPlaceholder('Search contacts').focus();
    await tabTo(page, grid);
    // Every element that takes focus from here on, so that a moment outside the grid is caught too.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { focusedOutsideGrid: string[] }).focusedOutsideGrid = seen;
      document.addEventListener('focusin', (event) => {
        const target = event.target as HTMLElement;
        if (target.getAttribute('data-testid') !== 'contacts-grid') seen.push(target.outerHTML.slice(0, 80));
      });
      document.addEventListener('focusout', (event) => {
        if (!event.relatedTarget) seen.push('(nothing: focus went to the page)');
      });
    });

    await page.keyboard.press('Home');
    expect(await cursorRowIndex(page)).toBe(2);
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByTestId('selection-count').textContent()).toBe('1 selected');
    // Extend by pages while far away, then by rows to land on the 500th contact (row 501 of the grid).
    const pressUntil = async (key: string, done: (row: number) => boolean) => {
      for (let presses = 0; presses < 100; presses++) {
        if (done(await cursorRowIndex(page))) return;
        await page.keyboard.press(key);
      }
      throw new Error(`${key} 100 times did not bring the cursor there; it is on row ${await cursorRowIndex(page)}`);
    };
    await pressUntil('Shift+PageDown', (row) => row >= TO_SELECT + 1);
    await pressUntil('Shift+ArrowUp', (row) => row <= TO_SELECT + 1);
    await expect.poll(() => page.getByTestId('selection-count').textContent()).toBe(`${TO_SELECT} selected`);
    expect(await page.locator('[role="row"][aria-selected="true"]').count()).toBeGreaterThan(0);

    // Focus never left the grid, and the cursor row is on screen with its ring.
    expect(await page.evaluate(() => (window as unknown as { focusedOutsideGrid: string[] }).focusedOutsideGrid)).toEqual([]);
    expect(await grid.evaluate((element) => element === document.activeElement)).toBe(true);
    const cursorRow = page.locator('.contacts-row-cursor');
    expect(await cursorRow.textContent()).toContain(`Name${TO_SELECT - 1}`);
    const [rowBox, bodyBox] = [await cursorRow.boundingBox(), await page.locator('.contacts-table .ant-table-tbody-virtual-holder').boundingBox()];
    expect(rowBox!.y).toBeGreaterThanOrEqual(bodyBox!.y - 1);
    expect(rowBox!.y + rowBox!.height).toBeLessThanOrEqual(bodyBox!.y + bodyBox!.height + 1);
    expect(await cursorRow.locator('.ant-table-cell').first().evaluate((cell) => getComputedStyle(cell).boxShadow)).toContain('inset');
    await screenshot(page, 'contacts-grid-500-selected');
    expect(await seriousViolations(page)).toEqual([]);

    // Add a tag to the 500, from the keyboard: Shift+Tab back to the button, the dialog's field, its button.
    await tabTo(page, page.getByRole('button', { name: /Add tag/ }), { backwards: true });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Tag').waitFor();
    await expect.poll(() => dialog.getByLabel('Tag').evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type('Keyboard picks');
    await dialog.getByText(`Add the tag “Keyboard picks” to ${TO_SELECT} contacts?`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await tabTo(page, dialog.getByRole('button', { name: 'Add tag' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => toast(page, 'Tag Added').textContent(), { timeout: 60_000 }).toContain(`The tag “Keyboard picks” was added to ${TO_SELECT} contacts.`);

    // The list caught up (its delta): the search finds the tag on exactly those contacts.
    await grid.focus();
    await page.keyboard.press('Escape');
    await page.getByPlaceholder('Search contacts').fill('Keyboard picks');
    await expect.poll(() => page.getByTestId('selection-count').textContent(), { timeout: 60_000 }).toBe(`${TO_SELECT} of ${total} contacts`);
    const shown = await page.locator('.ant-table-row').allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    for (const row of shown) expect(Number(/^Name(\d+)Family/.exec(row)?.[1]), row).toBeLessThan(TO_SELECT);
    await context.close();
  });
});
