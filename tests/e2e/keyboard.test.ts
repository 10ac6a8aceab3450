import { describe, expect, it } from 'vitest';
import { newAppPage, newOwner, toast, useBrowser } from '../support/browser';
import { arrowTo, pickOption, tabTo, typeInto } from '../support/keyboard';

const browser = useBrowser();

describe('keyboard only, in Chromium', () => {
  it('register, add a business, create a contact, start a campaign through the wizard and sign out, without the mouse', async () => {
    const { page, context } = await newAppPage(browser(), { width: 1440, height: 900 });
    const owner = newOwner();
    const focusIsIn = (selector: string) => page.waitForFunction((inside) => document.querySelector(inside)?.contains(document.activeElement), selector);

    // Registration: the birth date is typed.
    await page.goto('/register');
    await typeInto(page, page.getByLabel('First name'), owner.firstName);
    await typeInto(page, page.getByLabel('Last name'), owner.lastName);
    await typeInto(page, page.getByLabel('Email'), owner.email);
    await typeInto(page, page.getByLabel('Password', { exact: true }), owner.password);
    await typeInto(page, page.getByLabel('Birth date'), '09.03.1985');
    await typeInto(page, page.getByLabel('Contact'), owner.phoneNumber);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/login');
    await expect.poll(() => toast(page, 'Registration Successful!').count()).toBe(1);

    await typeInto(page, page.getByLabel('Email'), owner.email);
    await typeInto(page, page.getByLabel('Password', { exact: true }), owner.password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard');

    // The first Tab stop skips the menu: Enter on it puts focus on the screen itself.
    await page.getByText('Welcome to Starboost!').waitFor();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');

    // The dashboard's 'Add new business' is one Tab stop (a link, not a link around a button).
    await tabTo(page, page.getByRole('link', { name: /Add new business/ }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/add-new-business');
    const business = { Name: 'Corner Bakery', 'Street name': 'Main Street', 'Street number': '12', Country: 'Germany', City: 'Berlin', 'Postal code': '10115' };
    for (const [label, value] of Object.entries(business)) await typeInto(page, page.getByLabel(label, { exact: true }), value);
    await tabTo(page, page.getByRole('button', { name: /Create business/ }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard');
    await page.getByText('Welcome to Starboost', { exact: true }).waitFor();

    // A contact: the menu by its arrow keys, the gender by the select's, a tag confirmed by leaving its field.
    await tabTo(page, page.getByRole('menu').first());
    await arrowTo(page, page.getByRole('menuitem', { name: 'Contacts' }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/contacts');
    await tabTo(page, page.getByRole('button', { name: /Add new contact/ }));
    await page.keyboard.press('Enter');
    const contactDialog = page.getByRole('dialog');
    await typeInto(page, contactDialog.getByLabel('First name'), 'Anna');
    await typeInto(page, contactDialog.getByLabel('Last name'), 'Schmidt');
    await typeInto(page, contactDialog.getByLabel('Email'), 'anna@example.com');
    await typeInto(page, contactDialog.getByLabel('Phone number'), '4915100000001');
    await typeInto(page, contactDialog.getByLabel('Birth date'), '12.04.1988');
    await pickOption(page, contactDialog.getByLabel('Gender'), 'Female');
    await typeInto(page, contactDialog.getByLabel('Tags'), 'vip');
    await tabTo(page, contactDialog.getByRole('button', { name: 'Create contact' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => toast(page, 'Contact Created').count()).toBe(1);
    await page.getByText('Anna', { exact: true }).waitFor();

    // The wizard: the type cards are in the Tab order, the name goes on with Enter, a filter is made from the recipients select.
    await tabTo(page, page.getByRole('menu').first(), { backwards: true });
    await arrowTo(page, page.getByRole('menuitem', { name: 'Campaigns' }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/campaigns');
    await tabTo(page, page.getByRole('link', { name: /Create new campaign/ }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/campaigns/create-new-campaign');
    await tabTo(page, page.getByRole('radio', { name: 'Email Campaign' }));
    await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');
    // Each step takes focus at its first field: typing goes on where the eyes are.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('campaign-name');
    await page.keyboard.type('Spring by keyboard');
    await page.keyboard.press('Enter');
    await page.getByText('Send pacing').waitFor();
    // The last step has no Next: focus is on its first field, not left on the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Scheduled start');
    await pickOption(page, page.getByRole('combobox', { name: 'Recipients' }), '+ Create new filter');
    const filterDialog = page.getByRole('dialog');
    await typeInto(page, filterDialog.getByLabel('Filter name'), 'VIP');
    await pickOption(page, filterDialog.getByRole('combobox', { name: 'Attribute' }), 'Tags');
    await pickOption(page, filterDialog.getByRole('combobox', { name: 'Operator' }), 'Contains');
    await typeInto(page, filterDialog.getByPlaceholder('Value'), 'vip');
    await tabTo(page, filterDialog.getByRole('button', { name: 'Create filter' }));
    await page.keyboard.press('Enter');
    await page.getByText('1 recipients match this filter').waitFor();
    await typeInto(page, page.locator('textarea'), 'Hi ${firstName}, thank you for visiting!');
    await tabTo(page, page.getByRole('button', { name: 'Launch' }));
    await page.keyboard.press('Enter');
    const launchDialog = page.getByRole('dialog');
    await launchDialog.getByText('Send to 1 recipient by email now?').waitFor();
    await tabTo(page, launchDialog.getByRole('button', { name: 'Launch' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/campaigns$/);
    await expect.poll(() => toast(page, 'Campaign Started!').count()).toBe(1);

    // A campaign action's dialog gives focus back to the card's menu button when it closes.
    const actions = page.getByRole('button', { name: 'Campaign actions for Spring by keyboard' });
    await tabTo(page, actions);
    await page.keyboard.press('Enter');
    await arrowTo(page, page.getByRole('menuitem', { name: 'Duplicate' }));
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByText('Campaign: Spring by keyboard').waitFor();
    await focusIsIn('[role="dialog"]');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await expect.poll(() => actions.evaluate((element) => element === document.activeElement)).toBe(true);

    // The header's user menu is a button, opened with Enter; then the sidebar's Sign out.
    await tabTo(page, page.getByRole('button', { name: /Grace Hopper/ }), { backwards: true, max: 60 });
    await page.keyboard.press('Enter');
    await page.getByText('Starboost account').waitFor();
    await page.keyboard.press('Escape');
    await tabTo(page, page.getByRole('button', { name: /Sign out/ }), { backwards: true, max: 60 });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/login');
    await context.close();
  });
});
