import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addBusiness, baseUrl, newAppPage, registerOwner, screenshot, signIn, toast, useBrowser } from '../support/browser';

const browser = useBrowser();

const rows = (page: Page) => page.locator('.ant-table-row');
const selectionCount = (page: Page) => page.getByTestId('selection-count').textContent();
const rowCheckbox = (page: Page, index: number) => rows(page).nth(index).locator('.ant-checkbox-input');

describe('contacts in Chromium', () => {
  it('import the example file, search, sort, select by range and keyboard, check in, delete, create', async () => {
    const { page, context } = await newAppPage(browser(), { width: 1440, height: 900 });
    await page.goto('/login');
    const owner = await registerOwner(page);
    await signIn(page, owner);
    await addBusiness(page, 'Corner Bakery');
    // Every read of the list, to check below that only the first one is the whole list.
    const listReads: Array<{ url: string; status: number }> = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/contact/get-contacts/')) listReads.push({ url: response.url(), status: response.status() });
    });
    // The whole list is read in a Web Worker (allowed by the page's CSP), which the page starts for it.
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.locator('[data-testid="sidebar"] li').filter({ hasText: 'Contacts' }).click();
    await page.waitForURL('**/contacts');
    await page.getByText("You don't have any contacts assigned to your business yet. Please add or import new contacts.").waitFor();

    // Import the example file the app offers for download.
    const example = await page.request.get(`${baseUrl()}/files/contacts-import-example.xlsx`);
    expect(example.status()).toBe(200);
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('import-button').click();
    await (await chooser).setFiles({
      name: 'contacts-import-example.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await example.body(),
    });
    await expect.poll(() => toast(page, 'Import Successful').count()).toBe(1);
    await expect.poll(() => rows(page).count()).toBeGreaterThan(1);
    const imported = await rows(page).count();
    await screenshot(page, 'contacts-01-imported');

    // Create a contact with tags through the dialog.
    await page.getByRole('button', { name: /Add new contact/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('First name').fill('Zoe');
    await dialog.getByLabel('Last name').fill('Adams');
    await dialog.getByLabel('Email').fill('zoe.adams@example.com');
    await dialog.getByLabel('Phone number').fill('4917612345678');
    await dialog.getByPlaceholder('Pick a date').click();
    await page.locator('.ant-picker-cell-in-view').nth(3).click();
    await dialog.getByLabel('Gender').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Female' }).click();
    const tags = dialog.getByLabel('Tags');
    await tags.fill('vip');
    await tags.press('Enter');
    await tags.fill(' regular ');
    await tags.press('Enter');
    await dialog.getByText('2 of 50 tags used').waitFor();
    await screenshot(page, 'contacts-02-create');
    await dialog.getByRole('button', { name: 'Create contact' }).click();
    await expect.poll(() => toast(page, 'Contact Created').count()).toBe(1);
    await expect.poll(() => rows(page).count()).toBe(imported + 1);

    // Search narrows the rows; sorting by first name puts Zoe last and then first.
    await page.getByPlaceholder('Search contacts').fill('zoe.adams');
    await expect.poll(() => rows(page).count()).toBe(1);
    await page.getByPlaceholder('Search contacts').fill('');
    await expect.poll(() => rows(page).count()).toBe(imported + 1);
    const firstNameHeader = page.locator('.ant-table-thead th').filter({ hasText: 'First name' });
    await firstNameHeader.click();
    await expect.poll(() => rows(page).last().textContent()).toContain('Zoe');
    await firstNameHeader.click();
    await expect.poll(() => rows(page).first().textContent()).toContain('Zoe');

    // Shift-click selects a range; Escape clears; Ctrl+A selects what the search shows.
    await rowCheckbox(page, 0).click();
    await rowCheckbox(page, 2).click({ modifiers: ['Shift'] });
    await expect.poll(() => selectionCount(page)).toBe('3 selected');
    await page.getByTestId('contacts-grid').focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => selectionCount(page)).toContain('contacts');
    await page.keyboard.press('Control+a');
    await expect.poll(() => selectionCount(page)).toBe(`${imported + 1} selected`);
    await page.keyboard.press('Escape');

    // Check in Zoe: her last visit is filled in.
    await page.getByPlaceholder('Search contacts').fill('zoe.adams');
    await expect.poll(() => rows(page).count()).toBe(1);
    await rowCheckbox(page, 0).click();
    await page.getByRole('button', { name: /Check in/ }).click();
    await page.getByRole('dialog').getByText('Are you sure you want to check in 1 contact.').waitFor();
    await page.getByRole('button', { name: 'Confirm Check-In' }).click();
    await expect.poll(() => toast(page, 'Contacts Checked In').count()).toBe(1);
    await expect.poll(() => rows(page).first().textContent()).toMatch(/\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}h/);
    await expect.poll(() => selectionCount(page)).toContain('contacts');

    // Delete Zoe with the keyboard.
    await rowCheckbox(page, 0).click();
    await page.getByTestId('contacts-grid').focus();
    await page.keyboard.press('Delete');
    await page.getByRole('dialog').getByText('Delete selected contacts').waitFor();
    await screenshot(page, 'contacts-03-delete');
    await page.getByRole('button', { name: 'Confirm Delete' }).click();
    await expect.poll(() => toast(page, 'Contacts Deleted').count()).toBe(1);
    await page.getByText('No contacts match "zoe.adams".').waitFor();
    await page.getByPlaceholder('Search contacts').fill('');
    // Tells a search box that kept its text apart from a list that lost its rows.
    expect(await page.getByPlaceholder('Search contacts').inputValue()).toBe('');
    await expect.poll(() => page.getByTestId('selection-count').textContent()).toBe(`${imported} of ${imported} contacts`);
    await expect.poll(() => rows(page).count()).toBe(imported);

    // After the import, the create, the check-in and the delete the screen asked only for what
    // changed (?since=); back in the window, it asks again and hears that nothing did (304).
    expect(listReads.filter((read) => !read.url.includes('since='))).toHaveLength(1);
    expect(workers.filter((url) => url.includes('contacts-list.worker'))).toHaveLength(1);
    expect(consoleErrors).toEqual([]);
    expect(listReads.length).toBeGreaterThanOrEqual(5);
    const unchanged = page.waitForResponse((response) => response.url().includes('/api/contact/get-contacts/') && response.status() === 304);
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await unchanged;
    await expect.poll(() => rows(page).count()).toBe(imported);

    // A reload on the screen starts reading the list while the app loads (one read, in the worker).
    const wholeReadsBefore = listReads.filter((read) => !read.url.includes('since=')).length;
    await page.reload();
    await expect.poll(() => page.getByTestId('selection-count').textContent()).toBe(`${imported} of ${imported} contacts`);
    expect(listReads.filter((read) => !read.url.includes('since='))).toHaveLength(wholeReadsBefore + 1);
    expect(workers.filter((url) => url.includes('contacts-list.worker'))).toHaveLength(2);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
