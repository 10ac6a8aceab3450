import { fireEvent, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Campaign } from '../../src/domain/campaigns';
import { SELECTED_BUSINESS_STORAGE_KEY } from '../../src/domain';
import { signedInApi } from '../support/fixture-api';
import { renderApp } from '../support/render-app';

const BUSINESS = { id: 5, name: 'Corner Bakery' };

function campaign(id: number, overrides: Partial<Campaign>): Campaign {
  return {
    id,
    name: `Campaign ${id}`,
    type: 'EMAIL',
    status: 'CREATED',
    startTime: null,
    contactFilterName: 'Regulars',
    interval: 1,
    intervalSize: 5,
    subject: 'Hello',
    messageBody: 'Hi',
    businessId: BUSINESS.id,
    contactFilterId: 1,
    sendAllAtOnce: true,
    failureReason: null,
    counts: { recipients: 0, sent: 0, failed: 0 },
    ...overrides,
  };
}

function renderCampaigns(campaigns: Campaign[]) {
  localStorage.setItem(SELECTED_BUSINESS_STORAGE_KEY, JSON.stringify(BUSINESS));
  const api = signedInApi([BUSINESS]);
  api.on(`GET /campaign/get-campaigns/${BUSINESS.id}`, [200, campaigns]);
  return { api, app: renderApp('/campaigns') };
}

const cardNames = () => [...document.querySelectorAll('[data-testid="campaign-card"]')].map((card) => card.getAttribute('data-campaign-name'));

const choose = async (label: string, option: string) => {
  const select = document.querySelector(`[aria-label="${label}"]`)!.closest('.ant-select')!;
  fireEvent.mouseDown(select.querySelector('.ant-select-selector')!);
  const match = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((item) => item.textContent === option);
    expect(found).toBeTruthy();
    return found!;
  });
  fireEvent.click(match);
};

const sample = [
  campaign(1, { name: 'Draft email', type: 'EMAIL', status: 'CREATED' }),
  campaign(2, { name: 'Scheduled sms', type: 'SMS', status: 'CREATED', startTime: '2030-01-01T12:00:00.000Z' }),
  campaign(3, { name: 'Running sms', type: 'SMS', status: 'IN_PROGRESS' }),
  campaign(4, { name: 'Done email', type: 'EMAIL', status: 'COMPLETED' }),
];

describe('campaigns overview', () => {
  it('shows the empty state without campaigns', async () => {
    const { app } = renderCampaigns([]);
    expect(await app.findByText("You don't have any campaigns created")).toBeInTheDocument();
  });

  it('computes the summary from the campaigns', async () => {
    const { app } = renderCampaigns(sample);
    await app.findByText('Draft email');
    const summary = app.getByTestId('campaign-summary');
    const value = (title: string) => within(summary).getByText(title).closest('.ant-statistic')!.querySelector('.ant-statistic-content-value')!.textContent;
    expect(value('Total')).toBe('4');
    expect(value('Active')).toBe('1');
    expect(value('Email')).toBe('2');
    expect(value('SMS')).toBe('2');
  });

  it('filters by type, by Created versus Scheduled, and by name, with the no-match state', async () => {
    const { app } = renderCampaigns(sample);
    await app.findByText('Draft email');
    await choose('Campaign type', 'Text message');
    await waitFor(() => expect(cardNames()).toEqual(['Scheduled sms', 'Running sms']));
    await choose('Campaign type', 'All types');
    await choose('Campaign status', 'Created');
    await waitFor(() => expect(cardNames()).toEqual(['Draft email']));
    await choose('Campaign status', 'Scheduled');
    await waitFor(() => expect(cardNames()).toEqual(['Scheduled sms']));
    await choose('Campaign status', 'All statuses');
    fireEvent.change(app.getByPlaceholderText('Search campaigns by name'), { target: { value: 'nothing like this' } });
    expect(await app.findByText('No matching results were found')).toBeInTheDocument();
  });

  it('shows the schedule line and badges, and disables actions the status does not allow', async () => {
    const { app } = renderCampaigns([sample[1]!, sample[3]!]);
    await app.findByText('Scheduled sms');
    expect(app.getByText(/^Scheduled for: /)).toBeInTheDocument();
    expect(app.getByText('Scheduled date is not set')).toBeInTheDocument();
    expect(app.getAllByTestId('status-badge').map((badge) => badge.textContent)).toEqual(['Scheduled', 'Completed']);

    const completedCard = app.getAllByTestId('campaign-card')[1]!;
    fireEvent.click(within(completedCard).getByRole('button', { name: /Campaign actions/ }));
    const menu = await waitFor(() => document.querySelector('.ant-dropdown:not(.ant-dropdown-hidden)')!);
    const state = (label: string) => within(menu as HTMLElement).getByText(label).closest('li')!.getAttribute('aria-disabled');
    expect(state('Start')).toBe('true');
    expect(state('Pause')).toBe('true');
    expect(state('Cancel')).toBe('true');
    expect(state('Edit')).toBe('true');
    expect(state('Duplicate')).not.toBe('true');
    expect(state('Delete')).not.toBe('true');
  });

  it('asks with the exact text, calls the action and reloads the list', async () => {
    const { app, api } = renderCampaigns([sample[0]!]);
    api.on('PUT /campaign/start-campaign/1', [200, { ...sample[0], status: 'IN_PROGRESS' }]);
    await app.findByText('Draft email');
    fireEvent.click(app.getByRole('button', { name: /Campaign actions/ }));
    fireEvent.click(await app.findByText('Start'));
    const dialog = await app.findByRole('dialog');
    expect(within(dialog).getByText('Confirm campaign action')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Are you sure you want to start this campaign. This action cannot be reverted.');
    const listCallsBefore = api.calls.filter((call) => call.startsWith('GET /campaign/get-campaigns')).length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm action' }));
    expect(await app.findByText('Campaign Started!')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls.filter((call) => call.startsWith('GET /campaign/get-campaigns')).length).toBeGreaterThan(listCallsBefore),
    );
    // The dialog closes: jsdom runs no CSS transitions, so it stays in its closing motion.
    await waitFor(() => expect(dialog).toHaveClass('ant-zoom-leave'));
  });
});

describe('create campaign wizard', () => {
  function renderWizard() {
    localStorage.setItem(SELECTED_BUSINESS_STORAGE_KEY, JSON.stringify(BUSINESS));
    const api = signedInApi([BUSINESS]);
    api.on(`GET /campaign/get-campaigns/${BUSINESS.id}`, [200, []]);
    api.on(`GET /contact-filter/get-contact-filters/${BUSINESS.id}`, [200, [{ id: 3, name: 'Regulars', businessId: 5, items: [] }]]);
    api.on(`GET /contact/get-contacts/${BUSINESS.id}`, [
      200,
      [{ id: 1, firstName: 'Anna', lastName: 'Schmidt', email: 'anna@example.com', phoneNumber: '491511', birthDate: '1990-01-01', gender: 'FEMALE', status: 'ACTIVE', tags: '', lastVisited: null, businessId: 5 }],
    ]);
    api.on('GET /campaign/get-sender', [200, { sms: '+4915100000', email: 'Corner Bakery <hello@bakery.example>' }]);
    api.on('POST /contact-filter/count-matching-contacts', [200, { count: 42 }]);
    return { api, app: renderApp('/campaigns/create-new-campaign') };
  }

  it('enforces the Previous and Next rules through the three steps', async () => {
    const { app } = renderWizard();
    const next = await app.findByRole('button', { name: 'Next' });
    expect(app.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(next).toBeDisabled();
    fireEvent.click(app.getByText('Email Campaign'));
    expect(next).toBeEnabled();
    fireEvent.click(next);
    expect(app.getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(app.getByRole('button', { name: 'Next' })).toBeDisabled();
    fireEvent.change(app.getByLabelText('Campaign name'), { target: { value: '   ' } });
    expect(app.getByRole('button', { name: 'Next' })).toBeDisabled();
    fireEvent.change(app.getByLabelText('Campaign name'), { target: { value: 'Spring reviews' } });
    fireEvent.click(app.getByRole('button', { name: 'Next' }));
    expect(await app.findByText('Send pacing')).toBeInTheDocument();
    expect(app.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(app.getByTestId('campaign-summary-line')).toHaveTextContent('Corner Bakery <hello@bakery.example>');
  });

  it('shows the setup: default subject, Save as draft and Launch, mutually exclusive pacing, preview and messages', async () => {
    const { app } = renderWizard();
    fireEvent.click(await app.findByText('Email Campaign'));
    fireEvent.click(app.getByRole('button', { name: 'Next' }));
    fireEvent.change(app.getByLabelText('Campaign name'), { target: { value: 'Spring reviews' } });
    fireEvent.click(app.getByRole('button', { name: 'Next' }));
    expect(await app.findByDisplayValue('Corner Bakery campaign')).toBeInTheDocument();
    expect(app.getByRole('button', { name: 'Save as draft' })).toBeEnabled();
    expect(app.getByRole('button', { name: 'Launch' })).toBeInTheDocument();

    const allAtOnce = app.getByRole('switch', { name: 'Send all at once' });
    const custom = app.getByRole('switch', { name: 'Custom interval' });
    expect(allAtOnce).toBeChecked();
    expect(custom).not.toBeChecked();
    expect(app.queryByText('Interval (minutes)')).not.toBeInTheDocument();
    fireEvent.click(custom);
    await waitFor(() => expect(allAtOnce).not.toBeChecked());
    expect(app.getByText('Interval (minutes)')).toBeInTheDocument();
    fireEvent.click(allAtOnce);
    await waitFor(() => expect(custom).not.toBeChecked());

    fireEvent.click(app.getByRole('button', { name: 'Launch' }));
    expect(await app.findByText('Message body is required')).toBeInTheDocument();
    expect(app.getByText('Recipients are required')).toBeInTheDocument();

    fireEvent.change(document.querySelector('textarea')!, { target: { value: 'Hi ${firstName}, greetings from ${businessName}' } });
    expect(await app.findByText('Hi Anna, greetings from Corner Bakery')).toBeInTheDocument();
  });
});
