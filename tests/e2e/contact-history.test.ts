import { describe, expect, it } from 'vitest';
import { addBusiness, baseUrl, newAppPage, registerOwner, screenshot, signIn, toast, useBrowser } from '../support/browser';

const browser = useBrowser();

describe("a contact's drawer in Chromium", () => {
  it('opens from the row button and with Enter on a focused row; shows tags and history; saves the fields with the form rules', async () => {
    const { page, context } = await newAppPage(browser(), { width: 1440, height: 900 });
    const owner = await registerOwner(page);
    await signIn(page, owner);
    await addBusiness(page, 'Corner Bakery');
    const [business] = await (await page.request.get('/api/business/get-current-users-businesses')).json();
    const csv = [
      'First name,Last name,Email,Phone number,Birth date,Tags',
      `Anna,Schmidt,anna.${Date.now()}@example.com,015112345678,1988-04-12,"vip,regular"`,
      `Ben,Okafor,ben.${Date.now()}@example.com,4915112345679,1975-11-03,`,
    ].join('\n');
    const imported = await page.request.post('/api/contact/import-contacts', {
      data: { businessId: business.id, file: Buffer.from(csv).toString('base64') },
      headers: { origin: baseUrl() },
    });
    expect(imported.status()).toBe(200);
    await page.goto('/contacts');

    await page.getByRole('button', { name: 'Open Anna Schmidt' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('Anna Schmidt').first().waitFor();
    await drawer.getByLabel('Tags').getByText('vip').waitFor();
    // The national number was read in the business's country (Germany), and is shown as written there.
    expect(await drawer.getByLabel('Phone number').inputValue()).toBe('01511 2345678');
    await drawer.getByText('Not suppressed').waitFor();
    await drawer.getByText('Nothing sent to this contact yet').waitFor();
    await screenshot(page, 'contact-drawer-01');

    // The create form's rules hold here too.
    await drawer.getByLabel('First name').fill('');
    await drawer.getByRole('button', { name: 'Save contact' }).click();
    await drawer.getByText('First name is required').waitFor();
    await drawer.getByLabel('First name').fill('Annika');
    await drawer.getByRole('button', { name: 'Save contact' }).click();
    await expect.poll(() => toast(page, 'Contact saved').count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('button', { name: 'Open Annika Schmidt' }).count()).toBe(1);

    // Keyboard: in the grid, the arrow keys bring the cursor to a row and Enter opens its contact.
    const grid = page.getByRole('grid');
    await grid.focus();
    const cursorText = () => grid.evaluate((element) => document.getElementById(element.getAttribute('aria-activedescendant') ?? '')?.textContent ?? '');
    for (let presses = 0; presses < 10 && !(await cursorText()).includes('Okafor'); presses += 1) await page.keyboard.press('ArrowDown');
    expect(await cursorText()).toContain('Okafor');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByText('Ben Okafor').first().waitFor();
    await context.close();
  });
});
