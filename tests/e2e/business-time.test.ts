import { describe, expect, it } from 'vitest';
import { apiCall, newAppPage, registerOwner, screenshot, signIn, useBrowser } from '../support/browser';

const browser = useBrowser();

describe("the business's clock in Chromium", () => {
  it("a Berlin café seen from a browser in New York: its next steps, then a campaign's start by Berlin's clock, named", async () => {
    const { page, context } = await newAppPage(browser(), { width: 1280, height: 800 }, { timezoneId: 'America/New_York' });
    try {
      const owner = await registerOwner(page);
      await signIn(page, owner);
      const created = await apiCall(page, 'POST', '/api/business/create-new-business', {
        name: 'Café Kreuzberg',
        streetName: 'Oranienstraße',
        streetNumber: '12',
        country: 'Germany',
        city: 'Berlin',
        postalCode: '10999',
        reviewSites: [],
        timeZone: 'Europe/Berlin',
      });
      expect(created.status()).toBe(201);
      const businessId = (await created.json()).id as number;

      // The dashboard: what to do next, each with its button.
      await page.goto('/dashboard');
      const step = (key: string) => page.getByTestId(`next-step-${key}`);
      await step('sites').waitFor();
      expect(await step('sites').getAttribute('data-done')).toBe('false');
      expect(await step('sites').getByRole('link', { name: 'Open Business settings' }).getAttribute('href')).toBe('/business-settings');
      expect(await step('contacts').getByRole('link', { name: 'Open Contacts' }).isVisible()).toBe(true);
      await screenshot(page, 'business-time-01-next-steps');

      // A campaign scheduled for 10:00 UTC on 15 June 2030: 12:00 in Berlin (06:00 in this browser).
      const filter = await apiCall(page, 'POST', '/api/contact-filter/create-contact-filter-with-items', {
        contactFilter: { name: 'Everyone born before 2000', businessId },
        contactFilterItems: [{ attribute: 'birthDate', operator: 'LESS_THAN', value: '2000-01-01' }],
      });
      expect(filter.status()).toBe(201);
      const campaign = await apiCall(page, 'POST', '/api/campaign/create-new-campaign', {
        name: 'Summer thanks',
        type: 'EMAIL',
        subject: 'Thank you',
        messageBody: 'Hi ${firstName}',
        businessId,
        contactFilterId: (await filter.json()).id,
        interval: 1,
        intervalSize: 5,
        startTime: '2030-06-15T10:00:00.000Z',
      });
      expect(campaign.status()).toBe(201);
      await page.goto('/campaigns');
      const card = page.getByTestId('campaign-card').filter({ hasText: 'Summer thanks' });
      await card.getByText('Scheduled for: Saturday, 15 June 2030 at 12:00 (Berlin time)').waitFor();
      await screenshot(page, 'business-time-02-campaign-card');
    } finally {
      await context.close();
    }
  });
});
