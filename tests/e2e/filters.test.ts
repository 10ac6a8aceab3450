import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, newAppPage, registerOwner, screenshot, signIn, toast, useBrowser } from '../support/browser';

const browser = useBrowser();

/** Picks an option of a searchable select by typing the start of it and Enter, as a keyboard user does. */
async function typeInto(page: Page, combobox: ReturnType<Page['getByRole']>, text: string) {
  await combobox.focus();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

const row = (page: Page, name: string) => page.getByTestId('filters-table').locator('tr.ant-table-row').filter({ hasText: name });

describe('the Filters screen in Chromium', () => {
  it('lists the filters with their contacts now; creates one by typing into its selects, edits another with the count following, deletes one', async () => {
    const { page } = await newAppPage(browser(), { width: 1280, height: 900 });
    const owner = await registerOwner(page);
    await signIn(page, owner);
    const business = await (
      await apiCall(page, 'POST', '/api/business/create-new-business', { name: 'Corner Bakery', streetName: 'Main Street', streetNumber: '12', country: 'Germany', city: 'Berlin', postalCode: '10115' })
    ).json();
    const rows = ['First name,Last name,Email,Tags', 'Anna,Schmidt,anna@example.com,vip', 'Anton,Weber,anton@example.com,vip', 'Berta,Klein,berta@example.com,', 'Carl,Jung,carl@example.com,'];
    expect((await apiCall(page, 'POST', '/api/contact/import-contacts', { businessId: business.id, file: Buffer.from(rows.join('\n')).toString('base64') })).status()).toBe(200);
    const vip = await apiCall(page, 'POST', '/api/contact-filter/create-contact-filter-with-items', {
      contactFilter: { name: 'VIP customers', businessId: business.id },
      contactFilterItems: [{ attribute: 'tags', operator: 'CONTAINS', value: 'vip' }],
    });
    expect(vip.status()).toBe(201);

    await page.goto('/dashboard');
    await page.getByTestId('sidebar').getByText('Filters', { exact: true }).click();
    await page.waitForURL('**/filters');
    await expect.poll(() => row(page, 'VIP customers').textContent()).toContain('2 contacts');
    expect(await row(page, 'VIP customers').textContent()).toContain('Tags contains “vip”');

    // Create: each select finds its option by what is typed ("Fir" then Enter is First name).
    await page.getByRole('button', { name: 'Create filter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create new filter' });
    await dialog.getByLabel('Filter name').fill('Names with A');
    // A focused select is ringed in the brand's colour (#4f46e5), not antd's pale glow.
    await dialog.getByRole('combobox', { name: 'Attribute' }).focus();
    const ring = await dialog.locator('.ant-select-focused .ant-select-selector').evaluate((element) => getComputedStyle(element).boxShadow);
    expect(ring).toBe('rgb(79, 70, 229) 0px 0px 0px 2px');
    await typeInto(page, dialog.getByRole('combobox', { name: 'Attribute' }), 'Fir');
    await typeInto(page, dialog.getByRole('combobox', { name: 'Operator' }), 'Beg');
    await dialog.getByPlaceholder('Value').fill('an');
    await dialog.getByText('Matches 2 contacts now.').waitFor();
    await screenshot(page, 'filters-01-create-with-count');
    await dialog.getByRole('button', { name: 'Create filter' }).click();
    await expect.poll(() => toast(page, 'Contact Filter Created').count()).toBe(1);
    await expect.poll(() => row(page, 'Names with A').textContent()).toContain('First name begins with “an”');
    await expect.poll(() => row(page, 'Names with A').textContent()).toContain('2 contacts');

    // Edit: the count follows the conditions before anything is saved.
    await page.getByRole('button', { name: 'Edit filter VIP customers' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit filter VIP customers' });
    await edit.getByText('Matches 2 contacts now.').waitFor();
    await edit.getByPlaceholder('Value').fill('nobody');
    await edit.getByText('Matches 0 contacts now.').waitFor();
    await edit.getByLabel('Filter name').fill('Nobody yet');
    await edit.getByRole('button', { name: 'Save filter' }).click();
    await expect.poll(() => toast(page, 'Contact Filter Saved').count()).toBe(1);
    await expect.poll(() => row(page, 'Nobody yet').textContent()).toContain('0 contacts');
    expect(await row(page, 'VIP customers').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'filters-02-list');

    // Delete, after the confirmation.
    await page.getByRole('button', { name: 'Delete filter Names with A' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete filter' });
    await confirm.getByText('Delete the filter “Names with A”?').waitFor();
    await confirm.getByRole('button', { name: 'Delete filter' }).click();
    await expect.poll(() => toast(page, 'Contact Filter Deleted').count()).toBe(1);
    await expect.poll(() => row(page, 'Names with A').count()).toBe(0);
    expect(await row(page, 'Nobody yet').count()).toBe(1);
  });
});
