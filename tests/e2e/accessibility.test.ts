import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { apiCall, newAppPage, registerOwner, screenshot, signIn, useBrowser } from '../support/browser';

const browser = useBrowser();

const WIDE = { width: 1440, height: 900 };
/** The narrowest desktop the issue names: every screen is audited and fitted at it. */
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };
const LONG_EMAIL_LOCAL_PART = 'anna.with.a.rather.long.address.for.the.table';

/** True when nothing sticks out sideways: the page itself never scrolls horizontally. */
const pageFitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

type Setup = { owner: { email: string; password: string }; campaignId: number };

/** An owner with a business, 19 contacts (one with a long email), a filter and a started paced campaign, made through the API. */
async function seedOwner(page: Page): Promise<Setup> {
  await page.goto('/login');
  const owner = await registerOwner(page);
  await signIn(page, owner);
  const business = await (
    await apiCall(page, 'POST', '/api/business/create-new-business', { name: 'Corner Bakery', streetName: 'Main Street', streetNumber: '12', country: 'Germany', city: 'Berlin', postalCode: '10115' })
  ).json();
  const rows = ['First name,Last name,Email,Phone number,Birth date,Gender,Tags'];
  for (let i = 0; i < 19; i += 1) {
    const email = i === 0 ? `${LONG_EMAIL_LOCAL_PART}@example-bakery-customers.com` : `customer${i}@example.com`;
    rows.push(`Anna${i},Schmidt,${email},49151000000${String(i).padStart(2, '0')},1988-04-12,Female,vip`);
  }
  const imported = await apiCall(page, 'POST', '/api/contact/import-contacts', { businessId: business.id, file: Buffer.from(rows.join('\n')).toString('base64') });
  expect(imported.status()).toBe(200);
  const filter = await (
    await apiCall(page, 'POST', '/api/contact-filter/create-contact-filter-with-items', { contactFilter: { name: 'VIP customers', businessId: business.id }, contactFilterItems: [{ attribute: 'tags', operator: 'CONTAINS', value: 'vip' }] })
  ).json();
  const campaign = await (
    await apiCall(page, 'POST', '/api/campaign/launch-new-campaign', {
        name: 'Spring promo',
        type: 'EMAIL',
        subject: 'Spring at Corner Bakery',
        messageBody: 'Hi ${firstName}, spring is here!',
        contactFilterId: filter.id,
        businessId: business.id,
        interval: 1,
        intervalSize: 5,
        sendAllAtOnce: false,
      })
  ).json();
  return { owner, campaignId: campaign.id };
}

let setup: Setup;

describe('accessibility and layout in Chromium', () => {
  beforeAll(async () => {
    const { page, context } = await newAppPage(browser());
    setup = await seedOwner(page);
    await context.close();
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`has no serious or critical axe violation on any screen at ${viewport.width} px`, async () => {
      const { page, context } = await newAppPage(browser(), viewport);
      const found: Record<string, string[]> = {};
      const audit = async (screen: string) => {
        found[screen] = await seriousViolations(page);
        expect(await pageFitsWidth(page), `${screen} is wider than the window`).toBe(true);
        await screenshot(page, `screens-${viewport.width}-${screen.replace(/\W+/g, '-')}`);
      };

      await page.goto('/login');
      await page.getByRole('button', { name: 'Login' }).waitFor();
      await audit('sign-in');
      await page.goto('/register');
      await page.getByRole('button', { name: 'Register' }).waitFor();
      await audit('register');
      await page.goto('/forgot-password');
      await page.getByRole('button', { name: 'Send link' }).waitFor();
      await audit('forgot password');
      await page.goto('/reset-password?token=unknown');
      await page.getByRole('button', { name: 'Set password' }).click();
      await page.getByText('Password is required').waitFor();
      await audit('reset password (with errors)');

      await signIn(page, setup.owner);
      await page.getByText('Welcome to Starboost', { exact: true }).waitFor();
      await audit('dashboard');
      await page.goto('/contacts');
      await page.getByText('Anna1', { exact: true }).waitFor();
      await audit('contacts');
      await page.getByTestId('contacts-grid').focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Space');
      await audit('contacts with the cursor in the grid');
      await page.goto('/campaigns');
      await page.getByTestId('campaign-card').first().waitFor();
      await audit('campaigns');
      await page.goto('/filters');
      await page.getByTestId('filter-count').filter({ hasText: '19 contacts' }).waitFor();
      await audit('filters');

      await page.goto('/campaigns/create-new-campaign');
      await page.getByRole('radio', { name: 'Email Campaign' }).click();
      await audit('wizard step 1');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel('Campaign name').fill(`Summer ${viewport.width}`);
      await audit('wizard step 2');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Send pacing').waitFor();
      await page.getByRole('button', { name: 'Save as draft' }).click();
      await page.getByText('Message body is required').waitFor();
      await audit('wizard step 3 (with errors)');
      await page.getByRole('combobox', { name: 'Recipients' }).click();
      await page.locator('.ant-select-item-option').filter({ hasText: 'Create new filter' }).click();
      await page.getByRole('dialog').getByText('Conditions:').waitFor();
      await audit('filter dialog');
      // Each part of a condition stays wide enough to read (on a phone the value wraps onto its own line).
      for (const part of ['Attribute', 'Operator', 'Value']) {
        const width = await page.getByRole('dialog').getByTestId('filter-condition').getByLabel(part).first().evaluate((element) => (element.closest('.ant-select, .ant-input') ?? element).getBoundingClientRect().width);
        expect(width, `${part} at ${viewport.width} px`).toBeGreaterThan(110);
      }

      await page.goto(`/campaigns/${setup.campaignId}`);
      await page.getByText('Sends per minute').waitFor();
      await audit('campaign details');
      await page.goto('/reputation');
      await page.getByTestId('reputation-totals').waitFor();
      await audit('reputation');
      await page.goto('/automations');
      await page.getByRole('button', { name: 'Save automation' }).waitFor();
      await page.getByRole('switch', { name: 'Send a reminder' }).click();
      await page.getByLabel('Reminder message').waitFor();
      await audit('review automation');
      await page.goto('/business-settings');
      await page.getByRole('button', { name: 'Save settings' }).waitFor();
      await page.getByRole('button', { name: 'Add review site' }).click();
      await audit('business settings');

      expect(found).toEqual(Object.fromEntries(Object.keys(found).map((screen) => [screen, []])));
      await context.close();
    });
  }

  it('fits all eight contact columns and the Open button from 1280 px, truncating a long email with its whole address as the tooltip', async () => {
    for (const width of [1280, 1440]) {
      const { page, context } = await newAppPage(browser(), { width, height: 800 });
      await signIn(page, setup.owner);
      await page.goto('/contacts');
      await page.getByText('Anna1', { exact: true }).waitFor();
      const layout = await page.evaluate(() => {
        const region = document.querySelector('[data-testid="contacts-table-region"]')!.getBoundingClientRect();
        const headers = [...document.querySelectorAll('.contacts-table .ant-table-thead th')].map((th) => ({
          title: th.textContent ?? '',
          right: th.getBoundingClientRect().right,
        }));
        return { regionRight: region.right, headers };
      });
      expect(layout.headers.map((header) => header.title).filter(Boolean)).toEqual([
        'First name',
        'Last Name',
        'Email',
        'Phone number',
        'Gender',
        'Birth date',
        'Status',
        'Last visited',
        'Open',
      ]);
      for (const header of layout.headers) expect(header.right, `${header.title} at ${width} px`).toBeLessThanOrEqual(layout.regionRight + 1);
      // Nothing scrolls sideways (a column half under the fixed Open column), once the table has measured its card.
      const tableHeader = page.locator('.contacts-table .ant-table-header');
      await expect
        .poll(() => tableHeader.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth })), { timeout: 5000 })
        .toSatisfy(({ scroll, client }: { scroll: number; client: number }) => scroll <= client + 1);
      const longEmail = page.locator(`.contacts-table .ant-table-cell[title^="${LONG_EMAIL_LOCAL_PART}"]`);
      expect(await longEmail.getAttribute('title')).toBe(`${LONG_EMAIL_LOCAL_PART}@example-bakery-customers.com`);
      // The columns settle once the table has measured its card (a ResizeObserver): a busy machine may ask first.
      await expect.poll(() => longEmail.evaluate((cell) => cell.scrollWidth > cell.clientWidth)).toBe(true);
      await screenshot(page, `contacts-${width}`);
      await context.close();
    }
  });

  it('at 375 px the contacts table and the recipients table scroll inside their cards; the page does not', async () => {
    const { page, context } = await newAppPage(browser(), PHONE);
    await signIn(page, setup.owner);
    await page.goto('/contacts');
    await page.getByText('Anna1', { exact: true }).waitFor();
    expect(await pageFitsWidth(page)).toBe(true);
    // The virtual table scrolls its columns sideways with its own scrollbar: they are wider than the card.
    const contactsHeader = page.locator('.contacts-table .ant-table-header');
    expect(await contactsHeader.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await screenshot(page, 'contacts-375');

    // A campaign card's text takes the card's width; its actions go below rather than crush it.
    await page.goto('/campaigns');
    const card = page.getByTestId('campaign-card').first();
    await card.waitFor();
    expect(await pageFitsWidth(page)).toBe(true);
    const text = await card.getByTestId('campaign-card-text').evaluate((element) => {
      const name = element.firstElementChild as HTMLElement;
      return { width: element.getBoundingClientRect().width, card: element.closest('.ant-card-body')!.clientWidth, nameClipped: name.scrollWidth > name.clientWidth };
    });
    expect(text.nameClipped).toBe(false);
    expect(text.width).toBeGreaterThan(text.card * 0.8);
    await screenshot(page, 'campaigns-375');

    // A filter's name keeps one line (its count goes under it), not "VIP custome / rs".
    await page.goto('/filters');
    const filterName = page.getByTestId('filters-table').getByText('VIP customers', { exact: true });
    await filterName.waitFor();
    expect(await filterName.evaluate((element) => element.getClientRects().length)).toBe(1);
    await page.getByTestId('filter-count').filter({ hasText: '19 contacts now' }).waitFor();
    expect(await pageFitsWidth(page)).toBe(true);

    await page.goto(`/campaigns/${setup.campaignId}`);
    await page.getByText('Sends per minute').waitFor();
    expect(await pageFitsWidth(page)).toBe(true);
    const recipients = page.locator('.ant-card').filter({ hasText: 'Reason / next try' }).locator('.ant-table-content');
    expect(await recipients.evaluate((element) => element.scrollWidth > element.clientWidth && getComputedStyle(element).overflowX !== 'visible')).toBe(true);
    // Paced: the recipients not sent yet wait for their turn, never a "Next try" already past.
    expect(await page.getByText(/^Next try /).count()).toBe(0);
    await screenshot(page, 'details-375');
    await page.setViewportSize(WIDE);
    await page.getByText('Sends per minute').waitFor();
    await screenshot(page, 'details-1440');
    await context.close();
  });

  it("writes 'Retrieving business data...' in the app's font", async () => {
    const { page, context } = await newAppPage(browser(), WIDE);
    await signIn(page, setup.owner);
    await apiCall(page, 'POST', '/api/business/create-new-business', { name: 'Flower Shop', streetName: 'Side Street', streetNumber: '3', country: 'Germany', city: 'Berlin', postalCode: '10117' });
    await page.reload();
    await page.getByTestId('business-switcher').click();
    await page.getByRole('menuitem', { name: 'Flower Shop' }).click();
    const tip = page.getByText('Retrieving business data...');
    await tip.waitFor();
    expect(await tip.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/^Inter, system-ui/);
    await context.close();
  });
});
