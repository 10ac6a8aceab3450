import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { addBusiness, newAppPage, registerOwner, screenshot, signIn, toast, useBrowser } from '../support/browser';

const browser = useBrowser();

const fieldItem = (dialog: Locator, field: string) => dialog.locator(`.ant-form-item:has(label[title="${field}"])`);
const chosenColumn = (dialog: Locator, field: string) => fieldItem(dialog, field).locator('.ant-select-selection-item').textContent();

/** Picks `column` in the antd select of `field` inside the mapping dialog. */
async function mapColumn(page: Page, dialog: Locator, field: string, column: string) {
  await fieldItem(dialog, field).locator('.ant-select-selector').click();
  await page.locator('.ant-select-item-option').filter({ hasText: new RegExp(`^${column}$`), visible: true }).click();
  await expect.poll(() => chosenColumn(dialog, field)).toBe(column);
  // The dropdown fades out: wait until it is gone, so the next select's options are the only ones shown.
  await expect.poll(() => page.locator('.ant-select-dropdown').filter({ visible: true }).count()).toBe(0);
}

describe('the import mapping step in Chromium', () => {
  it('a file without a name column: the owner maps it, leaves Birth date "Not in the file", and every phone column is still read', async () => {
    const { page } = await newAppPage(browser());
    await page.goto('/login');
    const owner = await registerOwner(page);
    await signIn(page, owner);
    await addBusiness(page, 'Corner Bakery');
    await page.locator('[data-testid="sidebar"] li').filter({ hasText: 'Contacts' }).click();
    await page.getByText("You don't have any contacts assigned to your business yet. Please add or import new contacts.").waitFor();

    // Google's numbered phone columns; Ben has only a second number, Cleo only a phone and no email.
    const file = [
      'Kunde,Mail,Phone 1 - Value,Phone 2 - Value,Geburtstag',
      'Anna Schmidt,anna@example.de,0151 12345678,,12.04.1988',
      'Ben Okafor,ben@example.de,,+49 151 2345 6789,03.11.1975',
      'Cleo Brandt,,030 1234567,,',
    ].join('\n');
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('import-button').click();
    await (await chooser).setFiles({ name: 'kunden.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });

    // The dialog shows the file's columns with its first rows, and the guesses it could make.
    const dialog = page.getByRole('dialog').filter({ hasText: 'Match the columns of kunden.csv' });
    await dialog.waitFor();
    await dialog.getByText('The file has no name (First name, Last name or Name) column.', { exact: false }).waitFor();
    await dialog.getByRole('cell', { name: 'Anna Schmidt' }).waitFor();
    await expect.poll(() => chosenColumn(dialog, 'Email')).toBe('Mail');
    await expect.poll(() => chosenColumn(dialog, 'Phone number')).toBe('Phone 1 - Value');
    await expect.poll(() => chosenColumn(dialog, 'Birth date')).toBe('Geburtstag');

    // Every select is named by its label (ids unique on the page, not shared with the hidden contact form's)
    // and finds a column by what is typed.
    for (const field of ['First name', 'Last name', 'Email', 'Phone number', 'Birth date', 'Gender', 'Tags']) {
      expect(await dialog.getByLabel(field, { exact: true }).getAttribute('role'), field).toBe('combobox');
    }
    const ids = await page.locator('[id]').evaluateAll((elements) => elements.map((element) => element.id));
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel('Full name (split into first and last)').focus();
    await page.keyboard.type('Kun');
    await page.keyboard.press('Enter');
    await expect.poll(() => chosenColumn(dialog, 'Full name (split into first and last)')).toBe('Kunde');
    // Optional fields may be left out: before, choosing this for Birth date showed the same dialog again.
    await mapColumn(page, dialog, 'Birth date', 'Not in the file');
    await screenshot(page, 'contacts-import-mapping');
    await dialog.getByRole('button', { name: 'Import' }).click();

    await expect.poll(() => toast(page, 'Import Successful').count()).toBe(1);
    const table = page.locator('.ant-table-row');
    await expect.poll(() => table.count()).toBe(3);
    // Numbers of the business's country (Germany) as written there; what a contact lacks as —.
    await expect.poll(() => table.filter({ hasText: 'Schmidt' }).filter({ hasText: '01511 2345678' }).count()).toBe(1);
    await expect.poll(() => table.filter({ hasText: 'Okafor' }).filter({ hasText: '01512 3456789' }).count()).toBe(1);
    await expect.poll(() => table.filter({ hasText: 'Brandt' }).filter({ hasText: '030 1234567' }).count()).toBe(1);
    expect(await table.filter({ hasText: '12.04.1988' }).count()).toBe(0);
    expect(await table.filter({ hasText: 'Brandt' }).locator('.ant-table-cell', { hasText: /^—$/ }).count()).toBe(2);
  });
});
