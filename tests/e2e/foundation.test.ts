import type { ConsoleMessage, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addBusiness, newAppPage, newOwner, registerOwner, screenshot, signIn, toast, useBrowser } from '../support/browser';

const browser = useBrowser();

const navItem = (page: Page, label: string) => page.locator('[data-testid="sidebar"] li.ant-menu-item').filter({ hasText: label });

describe('foundation in Chromium', () => {
  it('register, sign in, add businesses, stay signed in, switch, sign out', async () => {
    const { page, context } = await newAppPage(browser());
    const owner = newOwner();
    // Signed out, the app asks the server nothing it would refuse: no 401 (nor any other error) in the console.
    const signedOutErrors: string[] = [];
    const collectErrors = (message: ConsoleMessage) => message.type() === 'error' && signedOutErrors.push(message.text());
    page.on('console', collectErrors);
    await page.goto('/dashboard');
    await page.waitForURL('**/login');

    // Register through the form.
    await page.goto('/register');
    await page.getByLabel('First name').fill(owner.firstName);
    await page.getByLabel('Last name').fill(owner.lastName);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByLabel('Contact').fill(owner.phoneNumber);
    await page.getByPlaceholder('Pick a date').click();
    await page.locator('.ant-picker-cell-in-view').nth(4).click();
    await screenshot(page, '01-register');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/login');
    await expect.poll(() => toast(page, 'Registration Successful!').count()).toBe(1);

    page.off('console', collectErrors);
    expect(signedOutErrors).toEqual([]);

    // Sign in: toast and the dashboard without a business, navigation disabled.
    await signIn(page, owner);
    await expect.poll(() => toast(page, 'Login Successful!').count()).toBe(1);
    await page.getByText('Welcome to Starboost!').waitFor();
    await expect.poll(() => page.getByTestId('user-name').textContent()).toBe('Grace Hopper');
    for (const label of ['Contacts', 'Campaigns', 'Automations', 'Reputation']) {
      expect(await navItem(page, label).getAttribute('aria-disabled')).toBe('true');
    }
    await screenshot(page, '02-dashboard-without-business');

    // First business: selected automatically, navigation enabled.
    await page.getByRole('link', { name: /Add new business/ }).click();
    await page.waitForURL('**/add-new-business');
    await addBusiness(page, 'Corner Bakery');
    await expect.poll(() => toast(page, 'Business Created!').count()).toBe(1);
    await page.getByText('Welcome to Starboost', { exact: true }).waitFor();
    await expect.poll(() => navItem(page, 'Contacts').getAttribute('aria-disabled')).not.toBe('true');
    await screenshot(page, '03-dashboard-with-business');

    // A reload keeps the session and the selection.
    await page.reload();
    await page.getByText('Welcome to Starboost', { exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('business-switcher').textContent()).toContain('Corner Bakery');

    // When the access token expires the browser drops its cookie, and the app renews the session
    // with the refresh token and carries on. The test drops the cookie as the browser would at
    // expiry (the server's side of expiry is tested in tests/api/sessions.test.ts), so it never
    // races the clock. The renewal is awaited before the reload: a reload would abort it in flight.
    const accessCookie = async () => (await context.cookies()).find((cookie) => cookie.name === 'sb_access');
    expect(await accessCookie()).toBeDefined();
    await context.clearCookies({ name: 'sb_access' });
    const renewal = page.waitForResponse((response) => response.url().endsWith('/api/auth/refresh-token'));
    await navItem(page, 'Reputation').click();
    await page.waitForURL('**/reputation');
    await page.getByRole('heading', { name: 'Reputation' }).waitFor();
    expect((await renewal).status()).toBe(200);
    expect(await accessCookie()).toBeDefined();
    await page.reload();
    await page.getByRole('heading', { name: 'Reputation' }).waitFor();
    expect(page.url()).toContain('/reputation');

    // Second business, then switch back to the first.
    await page.getByTestId('business-switcher').click();
    await page.getByRole('menuitem', { name: 'Add new business' }).click();
    await page.waitForURL('**/add-new-business');
    await addBusiness(page, 'Flower Shop');
    await expect.poll(() => page.getByTestId('business-switcher').textContent()).toContain('Flower Shop');
    await page.getByTestId('business-switcher').click();
    await page.getByRole('menuitem', { name: 'Corner Bakery' }).click();
    await page.getByText('Retrieving business data...').waitFor();
    await screenshot(page, '04-switching-business');
    await expect.poll(() => toast(page, 'Business Changed!').count()).toBe(1);
    expect(await toast(page, 'Business Changed!').textContent()).toContain('You are now operating under Corner Bakery.');
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByTestId('business-switcher').textContent()).toContain('Corner Bakery');

    // Sign out clears the selection; protected screens then go to /login.
    await page.getByRole('button', { name: /Sign out/ }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('selectedBusiness'))).toBeNull();
    await page.goto('/contacts');
    await page.waitForURL('**/login');
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await screenshot(page, '05-signed-out');
    await context.close();
  });

  it('offers the same menu at 375 px wide, with Log out in the user menu', async () => {
    const { page, context } = await newAppPage(browser(), { width: 375, height: 740 });
    await page.goto('/login');
    const owner = await registerOwner(page);
    await signIn(page, owner);
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    await page.getByTestId('menu-toggle').click();
    const menu = page.locator('.ant-drawer');
    for (const label of ['Dashboard', 'Contacts', 'Campaigns', 'Automations', 'Reputation']) await menu.getByText(label).waitFor();
    expect(await menu.locator('li.ant-menu-item').filter({ hasText: 'Contacts' }).getAttribute('aria-disabled')).toBe('true');
    await screenshot(page, '06-mobile-menu');
    // The business switcher is in the menu too; choosing from it closes the menu.
    await menu.getByTestId('business-switcher').click();
    await page.getByRole('menuitem', { name: 'Add new business' }).click();
    await page.waitForURL('**/add-new-business');
    await expect.poll(() => page.locator('.ant-drawer-open').count()).toBe(0);
    await page.getByTestId('user-menu').click();
    await page.getByText('Starboost account').waitFor();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    await context.close();
  });
});
