import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CONTACT_EXPORT_HEADERS } from '#domain';
import { addBusiness, baseUrl, newAppPage, registerOwner, signIn, toast, useBrowser } from '../support/browser';

const browser = useBrowser();
const rows = (page: Page) => page.locator('.ant-table-row');

/** Opens Export, checks what it says it will export, picks the format and returns the downloaded file's text. */
async function exportAs(page: Page, scope: string, format: 'CSV (.csv)' | 'Excel (.xlsx)') {
  await page.getByTestId('export-button').click();
  await page.locator('.ant-dropdown:visible').getByText(scope).waitFor();
  const download = page.waitForEvent('download');
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: format }).click();
  const file = await download;
  return { name: file.suggestedFilename(), content: await readFile((await file.path())!) };
}

describe('contacts export in Chromium', () => {
  it('exports everything, what a search shows, or the selection; the file imports back unchanged', async () => {
    const { page, context } = await newAppPage(browser(), { width: 1440, height: 900 });
    await page.goto('/login');
    const owner = await registerOwner(page);
    await signIn(page, owner);
    await addBusiness(page, 'Corner Bakery');
    const lines = ['First name,Last name,Email,Phone number,Birth date,Gender,Tags'];
    for (let i = 0; i < 5; i += 1) lines.push(`${i === 0 ? "'=1+2" : `Anna${i}`},Schmidt,customer${i}@example.com,491510000000${i},1988-04-12,Female,vip`);
    await page.goto('/contacts');
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('import-button').click();
    await (await chooser).setFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
    await expect.poll(() => toast(page, 'Import Successful').count()).toBe(1);
    await expect.poll(() => rows(page).count()).toBe(5);

    const all = await exportAs(page, 'All 5 contacts', 'CSV (.csv)');
    expect(all.name).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    const exported = all.content.toString('utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(exported[0]).toBe(CONTACT_EXPORT_HEADERS.join(','));
    expect(exported).toHaveLength(6);
    expect(exported.some((line) => line.startsWith("'=1+2,Schmidt,customer0@example.com"))).toBe(true);

    await page.getByPlaceholder('Search contacts').fill('anna3');
    await expect.poll(() => rows(page).count()).toBe(1);
    const searched = await exportAs(page, '1 contacts found by the search', 'CSV (.csv)');
    expect(searched.content.toString('utf8').trimEnd().split('\r\n').slice(1)).toEqual([
      'Anna3,Schmidt,customer3@example.com,01510 0000003,1988-04-12,Female,vip,Active,',
    ]);

    await page.getByPlaceholder('Search contacts').fill('');
    await expect.poll(() => rows(page).count()).toBe(5);
    await rows(page).nth(1).locator('.ant-checkbox-input').check();
    await rows(page).nth(2).locator('.ant-checkbox-input').check();
    const selected = await exportAs(page, '2 selected contacts', 'Excel (.xlsx)');
    expect(selected.name).toMatch(/\.xlsx$/);

    // The downloaded workbook imports back with nothing created or changed.
    const reimport = await page.request.post('/api/contact/import-contacts', {
      data: { businessId: await businessIdOf(page), file: selected.content.toString('base64') },
      headers: { origin: baseUrl() },
    });
    expect(await reimport.json()).toEqual({ created: 0, updated: 0, rejected: [], rejectedCount: 0, warned: [], warnedCount: 0 });
    await context.close();
  });
});

async function businessIdOf(page: Page): Promise<number> {
  const businesses = (await (await page.request.get('/api/business/get-current-users-businesses')).json()) as Array<{ id: number }>;
  return businesses[0]!.id;
}
