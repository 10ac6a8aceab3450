import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addBusiness, apiCall, newAppPage, registerOwner, screenshot, signIn, toast, useBrowser } from '../support/browser';

const browser = useBrowser();

const card = (page: Page, name: string) => page.locator(`[data-testid="campaign-card"][data-campaign-name="${name}"]`);
const badge = (page: Page, name: string) => card(page, name).getByTestId('status-badge').textContent();

/** Two VIPs among eight contacts, and a filter 'Everyone' for all of them. */
async function importContacts(page: Page, businessId: number) {
  const csv = [
    'First name,Last name,Email,Phone number,Birth date,Gender,Tags',
    'Anna,Schmidt,anna@example.com,4915100000001,1988-04-12,Female,vip',
    'Ben,Okafor,ben@example.com,4915100000002,1975-11-03,Male,',
    'Chloe,Martin,chloe@example.com,4915100000003,1996-07-28,Female,vip',
    ...['Dan', 'Eve', 'Finn', 'Gina', 'Hugo'].map((name, i) => `${name},Guest,${name.toLowerCase()}@example.com,491510000001${i},1990-01-01,Not specified,`),
  ].join('\n');
  const response = await apiCall(page, 'POST', '/api/contact/import-contacts', { businessId, file: Buffer.from(csv).toString('base64') });
  expect(response.status()).toBe(200);
  const everyone = { contactFilter: { name: 'Everyone', businessId }, contactFilterItems: [{ attribute: 'email', operator: 'CONTAINS', value: '@' }] };
  expect((await apiCall(page, 'POST', '/api/contact-filter/create-contact-filter-with-items', everyone)).status()).toBe(201);
}

/** Steps 1 and 2 of the wizard. */
async function startWizard(page: Page, type: 'Email Campaign' | 'Text message Campaign', name: string) {
  await page.goto('/campaigns');
  await page.getByRole('link', { name: /Create new campaign/ }).click();
  await page.waitForURL('**/campaigns/create-new-campaign');
  await page.getByText(type).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Campaign name').fill(name);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Send pacing').waitFor();
}

async function chooseRecipients(page: Page, filterName: string) {
  await page.getByRole('combobox', { name: 'Recipients' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: filterName }).click();
}

// What each menu item's dialog says: the spec's text where the action cannot be undone.
const CONFIRMATIONS: Record<string, string> = {
  Start: 'Are you sure you want to start this campaign. This action cannot be reverted.',
  Resume: 'Are you sure you want to resume this campaign. Its remaining messages will be sent; you can pause it again.',
  Pause: 'Are you sure you want to pause this campaign. Nothing more is sent until you resume it.',
  Cancel: 'Are you sure you want to cancel this campaign. This action cannot be reverted.',
  Duplicate: 'Are you sure you want to duplicate this campaign. The copy is saved as a draft that you can edit or delete.',
  Delete: 'Are you sure you want to delete this campaign. This action cannot be reverted.',
};

async function runAction(page: Page, name: string, action: string) {
  await card(page, name).getByRole('button', { name: /Campaign actions/ }).click();
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: action }).click();
  if (action === 'Edit') return;
  await page.getByRole('dialog').getByText(CONFIRMATIONS[action]!).waitFor();
  await page.getByRole('button', { name: 'Confirm action' }).click();
}

describe('campaigns in Chromium', () => {
  it('filter from the wizard, draft, schedule, launch, pause, duplicate, cancel, delete and edit', async () => {
    const { page, context } = await newAppPage(browser(), { width: 1440, height: 1000 });
    await page.goto('/login');
    const owner = await registerOwner(page);
    await signIn(page, owner);
    await addBusiness(page, 'Corner Bakery');
    const businesses = await (await apiCall(page, 'GET', '/api/business/get-current-users-businesses')).json();
    await importContacts(page, businesses[0].id);

    // Draft: a new filter created from the recipients select.
    await startWizard(page, 'Email Campaign', 'Spring draft');
    await expect.poll(() => page.getByLabel('Email subject').inputValue()).toBe('Corner Bakery campaign');
    await page.getByRole('combobox', { name: 'Recipients' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Create new filter' }).click();
    const filterDialog = page.getByRole('dialog');
    await filterDialog.getByLabel('Filter name').fill('VIP customers');
    await filterDialog.getByRole('combobox', { name: 'Attribute' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Tags' }).click();
    await filterDialog.getByRole('combobox', { name: 'Operator' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Contains' }).click();
    await filterDialog.getByPlaceholder('Value').fill('vip');
    await screenshot(page, 'campaigns-01-filter-dialog');
    await filterDialog.getByRole('button', { name: 'Create filter' }).click();
    await expect.poll(() => toast(page, 'Contact Filter Created').count()).toBe(1);
    await page.getByText('2 recipients match this filter').waitFor();
    await page.getByRole('combobox', { name: 'Message template' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Thank you for visiting' }).click();
    await page.getByTestId('preview-body').filter({ hasText: 'Hi Anna, thank you for visiting Corner Bakery' }).waitFor();
    await screenshot(page, 'campaigns-02-setup');
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await page.waitForURL(/\/campaigns$/);
    await expect.poll(() => toast(page, 'Campaign Created!').count()).toBe(1);
    await expect.poll(() => badge(page, 'Spring draft')).toBe('Created');

    // Scheduled: a future day at the default 12:00.
    await startWizard(page, 'Text message Campaign', 'Spring scheduled');
    await chooseRecipients(page, 'VIP customers');
    await page.locator('textarea').fill('Hi ${firstName}, see you soon at ${businessName}!');
    await page.locator('#startTime').click();
    await page.locator('.ant-picker-dropdown:visible .ant-picker-header-next-btn').click();
    await page.locator('.ant-picker-dropdown:visible .ant-picker-cell-in-view').filter({ hasText: /^15$/ }).click();
    await page.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
    expect(await page.locator('#startTime').inputValue()).toMatch(/^15\.\d{2}\.\d{4} 12:00$/);
    expect(await page.getByRole('button', { name: 'Save as draft' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Schedule campaign' }).click();
    await page.getByRole('dialog').getByText(/^Send to 2 recipients by text message on /).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Schedule campaign' }).click();
    await page.waitForURL(/\/campaigns$/);
    await expect.poll(() => badge(page, 'Spring scheduled')).toBe('Scheduled');

    // Launched, paced: 5 of the 8 at once, the other 3 one pacing minute (30 s here) later.
    await startWizard(page, 'Email Campaign', 'Spring launch');
    await chooseRecipients(page, 'Everyone');
    await page.locator('textarea').fill('Hi ${firstName}!');
    await page.getByRole('switch', { name: 'Custom interval' }).click();
    await page.getByText('Recipients per interval').waitFor();
    await page.getByRole('button', { name: 'Launch' }).click();
    await page.getByRole('dialog').getByText('Send to 8 recipients by email now?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Launch' }).click();
    await page.waitForURL(/\/campaigns$/);
    await expect.poll(() => toast(page, 'Campaign Started!').count()).toBe(1);

    // Lifecycle from the cards: running until its second batch is due, so it can be paused.
    await page.reload();
    await card(page, 'Spring launch').waitFor();
    expect(await badge(page, 'Spring launch')).toBe('Running');
    await runAction(page, 'Spring launch', 'Pause');
    await expect.poll(() => badge(page, 'Spring launch')).toBe('Paused');
    await runAction(page, 'Spring draft', 'Duplicate');
    await card(page, 'Copy of Spring draft').waitFor();
    await runAction(page, 'Spring scheduled', 'Cancel');
    await expect.poll(() => badge(page, 'Spring scheduled')).toBe('Canceled');
    await runAction(page, 'Spring scheduled', 'Delete');
    await expect.poll(() => card(page, 'Spring scheduled').count()).toBe(0);
    await screenshot(page, 'campaigns-03-overview');

    // Started again, the paused campaign sends its last batch when the pace allows and completes.
    await runAction(page, 'Spring launch', 'Resume');
    await expect.poll(() => badge(page, 'Spring launch'), { timeout: 60_000 }).toBe('Completed');
    expect(await card(page, 'Spring launch').textContent()).toContain('of 8 recipients');

    // Edit the draft: the wizard opens filled in and saving updates it.
    await runAction(page, 'Spring draft', 'Edit');
    await page.waitForURL(/edit=/);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByLabel('Campaign name').inputValue()).toBe('Spring draft');
    await page.getByLabel('Campaign name').fill('Spring draft v2');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(/\/campaigns$/);
    await card(page, 'Spring draft v2').waitFor();
    expect(await card(page, 'Spring draft').count()).toBe(0);
    await context.close();
  });
});
