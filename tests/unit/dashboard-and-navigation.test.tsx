import { fireEvent, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SELECTED_BUSINESS_STORAGE_KEY } from '#domain';
import { useFakeTimers } from '../support/fake-timers';
import { signedInApi } from '../support/fixture-api';
import { renderApp } from '../support/render-app';
import { setViewportWidth } from '../support/jsdom-setup';
// Loaded ahead, so the lazily loaded screens render on fake timers without waiting for real I/O.
import '../../src/components/layout/AppLayout';
import '../../src/pages/dashboard/DashboardPage';
import '../../src/pages/reputation/ReputationPage';

const timers = useFakeTimers();

const menuItem = (container: HTMLElement, label: string) =>
  within(container).getByText(label, { selector: '.ant-menu-title-content' }).closest('li')!;

describe('dashboard and navigation', () => {
  it('without a business: welcome text, add-business button and every item but Dashboard disabled', async () => {
    signedInApi([]);
    const app = renderApp('/dashboard');
    expect(await app.findByText('Welcome to Starboost!')).toBeInTheDocument();
    expect(
      app.getByText('Get started by adding your first business to unlock and explore all the powerful features the product has to offer.'),
    ).toBeInTheDocument();
    expect(app.getByRole('link', { name: /Add new business/ })).toHaveAttribute('href', '/add-new-business');
    const sidebar = app.getByTestId('sidebar');
    expect(menuItem(sidebar, 'Dashboard')).not.toHaveClass('ant-menu-item-disabled');
    for (const label of ['Contacts', 'Campaigns', 'Automations', 'Reputation']) {
      expect(menuItem(sidebar, label)).toHaveClass('ant-menu-item-disabled');
    }
    fireEvent.click(within(sidebar).getByText('Contacts'));
    expect(app.location()).toBe('/dashboard');
    await waitFor(() => expect(within(sidebar).getByTestId('business-switcher')).toHaveTextContent('No active business found'));
  });

  it('shows a new business its next steps with their state and the buttons to do them; once it asks, the last 30 days', async () => {
    localStorage.setItem(SELECTED_BUSINESS_STORAGE_KEY, JSON.stringify({ id: 3, name: 'Corner Bakery' }));
    const api = signedInApi([{ id: 3, name: 'Corner Bakery' }]);
    api.on('GET /business/get-first-steps/3', [200, { reviewSites: 1, contacts: 0, campaignsStarted: 0, automationEnabled: false }]);
    const app = renderApp('/dashboard');
    const step = async (key: string) => app.findByTestId(`next-step-${key}`);
    expect(await step('sites')).toHaveTextContent('Done: 1 review site where customers can review you.');
    expect(await step('contacts')).toHaveAttribute('data-done', 'false');
    expect(within(await step('contacts')).getByRole('link', { name: 'Open Contacts' })).toHaveAttribute('href', '/contacts');
    expect(within(await step('ask')).getByRole('link', { name: 'Create a campaign' })).toHaveAttribute('href', '/campaigns/create-new-campaign');
    expect(within(await step('ask')).getByRole('link', { name: 'Set up the automation' })).toHaveAttribute('href', '/automations');
    expect(app.queryByText('The last 30 days')).toBeNull();
    app.unmount();

    api.on('GET /business/get-first-steps/3', [200, { reviewSites: 1, contacts: 40, campaignsStarted: 0, automationEnabled: true }]);
    api.on('GET /reputation/get-summary/3', [200, { requests: 12, visits: 7, clicks: 3, feedback: { count: 1, averageRating: 2 } }]);
    const running = renderApp('/dashboard');
    expect(await running.findByText('You are set up')).toBeInTheDocument();
    expect(await running.findByTestId('next-step-ask')).toHaveTextContent('Done: The review automation asks after every visit.');
    expect(await running.findByTestId('dashboard-requests')).toHaveTextContent('Review requests sent12');
    expect(running.getByTestId('dashboard-clicks')).toHaveTextContent('Review site clicks3');
  });

  it('with businesses: selects the first automatically, shows the tagline and enables navigation', async () => {
    signedInApi([
      { id: 3, name: 'Corner Bakery' },
      { id: 4, name: 'Flower Shop' },
    ]);
    const app = renderApp('/dashboard');
    expect(await app.findByText('Welcome to Starboost')).toBeInTheDocument();
    expect(app.getByText('Drive Company Growth with Review Campaigns, Mass Outreach, and CRM Tools.')).toBeInTheDocument();
    await waitFor(() => expect(JSON.parse(localStorage.getItem(SELECTED_BUSINESS_STORAGE_KEY)!)).toEqual({ name: 'Corner Bakery', id: 3 }));
    const sidebar = app.getByTestId('sidebar');
    await waitFor(() => expect(menuItem(sidebar, 'Contacts')).not.toHaveClass('ant-menu-item-disabled'));
    expect(within(sidebar).getByTestId('business-switcher')).toHaveTextContent('Corner Bakery');
    fireEvent.click(within(sidebar).getByText('Reputation'));
    await waitFor(() => expect(app.location()).toBe('/reputation'));
  });

  it("shows the user's name with 'Business owner' and the account menu", async () => {
    signedInApi([]);
    const app = renderApp('/dashboard');
    expect(await app.findByText('Ada Lovelace')).toBeInTheDocument();
    expect(app.getByText('Business owner')).toBeInTheDocument();
    fireEvent.click(app.getByTestId('user-menu'));
    expect(await app.findByText('Starboost account')).toBeInTheDocument();
    for (const label of ['Profile', 'Billing', 'Settings']) {
      expect(app.getByText(label).closest('li')).toHaveClass('ant-dropdown-menu-item-disabled');
    }
    // 'Log out' is only offered in the dropdown on small screens; wide screens have 'Sign out'.
    expect(app.queryByText('Log out')).not.toBeInTheDocument();
    expect(app.getByRole('button', { name: /Sign out/ })).toBeInTheDocument();
  });

  it("logs 'Unable to fetch user info' and carries on when the current user cannot be fetched", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      signedInApi([]).on('GET /user/get-current-user', [500, { message: 'Something went wrong on our side.' }]);
      const app = renderApp('/dashboard');
      expect(await app.findByText('Welcome to Starboost!')).toBeInTheDocument();
      await waitFor(() => expect(errors).toHaveBeenCalledWith('Unable to fetch user info'));
      expect(app.getByTestId('sidebar')).toBeInTheDocument();
      expect(app.location()).toBe('/dashboard');
    } finally {
      errors.mockRestore();
    }
  });

  it('below 768 px: no sidebar, a menu toggle opens the top menu, and Log out is in the user menu', async () => {
    setViewportWidth(375);
    try {
      signedInApi([]);
      const app = renderApp('/dashboard');
      expect(await app.findByText('Welcome to Starboost!')).toBeInTheDocument();
      expect(app.queryByTestId('sidebar')).not.toBeInTheDocument();
      fireEvent.click(app.getByTestId('menu-toggle'));
      const drawer = await app.findByTestId('mobile-menu');
      expect(within(drawer).getByText('Dashboard')).toBeInTheDocument();
      fireEvent.click(app.getByTestId('user-menu'));
      expect(await app.findByText('Log out')).toBeInTheDocument();
    } finally {
      setViewportWidth(1280);
    }
  });

  it("switching business: saves it, shows 'Retrieving business data...' for 2 s, goes to / and toasts", async () => {
    timers.start();
    localStorage.setItem(SELECTED_BUSINESS_STORAGE_KEY, JSON.stringify({ id: 3, name: 'Corner Bakery' }));
    signedInApi([
      { id: 3, name: 'Corner Bakery' },
      { id: 4, name: 'Flower Shop' },
    ]);
    const app = renderApp('/reputation');
    expect(await app.findByRole('heading', { name: 'Reputation' })).toBeInTheDocument();
    fireEvent.click(app.getByTestId('business-switcher'));
    fireEvent.click(await waitFor(() => [...document.querySelectorAll('.ant-dropdown-menu-item')].find((item) => item.textContent === 'Flower Shop')!));

    expect(JSON.parse(localStorage.getItem(SELECTED_BUSINESS_STORAGE_KEY)!)).toEqual({ id: 4, name: 'Flower Shop' });
    expect(app.getByText('Retrieving business data...')).toBeInTheDocument();
    await timers.advance(1999);
    expect(app.getByText('Retrieving business data...')).toBeInTheDocument();
    expect(app.location()).toBe('/reputation');
    expect(app.queryByText('Business Changed!')).not.toBeInTheDocument();
    await timers.advance(1);
    expect(app.queryByText('Retrieving business data...')).not.toBeInTheDocument();
    expect(await app.findByText('Business Changed!')).toBeInTheDocument();
    expect(app.getByText('You are now operating under Flower Shop.')).toBeInTheDocument();
    // '/' sends a signed-in user on to the dashboard.
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
    expect(app.getByTestId('business-switcher')).toHaveTextContent('Flower Shop');
  });
});
