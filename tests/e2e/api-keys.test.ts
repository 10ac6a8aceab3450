import { describe, expect, it } from 'vitest';
import { apiCall, newAppPage, registerOwner, screenshot, signIn, toast, useBrowser } from '../support/browser';
import { tabTo } from '../support/keyboard';

const browser = useBrowser();

describe('API keys in Chromium', () => {
  it('at 375 px and by keyboard: create a key, copy its secret shown once, see it used by a visit, delete it', async () => {
    const { page, context } = await newAppPage(browser(), { width: 375, height: 812 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const owner = await registerOwner(page);
    await signIn(page, owner);
    const created = await apiCall(page, 'POST', '/api/business/create-new-business', { name: 'Corner Bakery', streetName: 'Main Street', streetNumber: '12', country: 'Germany', city: 'Berlin', postalCode: '10115' });
    expect(created.status()).toBe(201);
    await page.goto('/business-settings');
    const card = page.locator('.ant-card').filter({ has: page.getByText('API keys', { exact: true }) });
    await card.getByText('No API keys yet. Create one for each system that reports visits.').waitFor();

    // Create, from the keyboard: the name field has focus when the dialog opens; Enter creates.
    const createButton = card.getByRole('button', { name: /Create API key/ });
    await tabTo(page, createButton, { max: 80 });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByLabel('Name').evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type('Front desk till');
    await page.keyboard.press('Enter');
    const secretField = dialog.getByLabel('Your new API key');
    await secretField.waitFor();
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^sb_live_[A-Za-z0-9_-]{43}$/);
    await dialog.getByText('You will not see it again').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'api-keys-01-secret-once');
    await tabTo(page, dialog.getByRole('button', { name: /Copy key/ }));
    await page.keyboard.press('Enter');
    await dialog.getByText('Copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await tabTo(page, dialog.getByRole('button', { name: 'Done' }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => createButton.evaluate((button) => button === document.activeElement)).toBe(true);
    await card.getByText('Front desk till').waitFor();
    expect(await card.textContent()).toContain(`${secret.slice(0, 12)}…`);
    expect(await card.textContent()).not.toContain(secret);

    // A visit posted with the key, as a till would: the list then shows when it was used.
    const visit = await page.request.post('/api/v1/visits', { headers: { authorization: `Bearer ${secret}` }, data: { firstName: 'Ana', email: 'ana@example.com' } });
    expect(visit.status(), await visit.text()).toBe(201);
    await page.reload();
    await card.getByText(/Last used \d\d\.\d\d\.\d{4}, \d\d:\d\dh/).waitFor();

    // Delete, after the confirmation: the key stops working at once.
    await tabTo(page, card.getByRole('button', { name: 'Delete API key Front desk till' }), { max: 80 });
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Calls with “Front desk till” are refused from now on').waitFor();
    await tabTo(page, confirm.getByRole('button', { name: /Delete key/ }));
    await page.keyboard.press('Enter');
    await expect.poll(() => toast(page, 'API Key Deleted').count()).toBe(1);
    await card.getByText('No API keys yet. Create one for each system that reports visits.').waitFor();
    const refused = await page.request.post('/api/v1/visits', { headers: { authorization: `Bearer ${secret}` }, data: { firstName: 'Ana', email: 'ana@example.com' } });
    expect(refused.status()).toBe(401);
    await context.close();
  });
});
