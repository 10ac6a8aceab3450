import { fireEvent, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Campaign } from '#domain/campaign-schemas';
import { SELECTED_BUSINESS_STORAGE_KEY } from '#domain';
import { useFakeTimers } from '../support/fake-timers';
import { fixtureBusiness, signedInApi } from '../support/fixture-api';
import { renderApp } from '../support/render-app';
// Loaded ahead, so the lazily loaded screen renders on fake timers without waiting for real I/O.
import '../../src/components/layout/AppLayout';
import '../../src/pages/campaigns/CampaignsPage';
import { BUSINESS, campaign, senders } from '../support/records';

const timers = useFakeTimers();
/** Texts of the toasts shown (jsdom runs no CSS transitions, so a closed toast stays in its leave motion). */
const toastTexts = () =>
  [...document.querySelectorAll('.ant-notification-notice')].filter((notice) => !notice.closest('[class*="-leave"]')).map((notice) => notice.textContent);



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
  it('shows the empty state without campaigns, with the button it talks about', async () => {
    const { app } = renderCampaigns([]);
    expect(await app.findByText("You don't have any campaigns created")).toBeInTheDocument();
    expect(app.getByRole('link', { name: /Create your first campaign/ })).toHaveAttribute('href', '/campaigns/create-new-campaign');
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
    expect(app.getByText('A new campaign has been successfully started.')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls.filter((call) => call.startsWith('GET /campaign/get-campaigns')).length).toBeGreaterThan(listCallsBefore),
    );
    // The dialog closes: jsdom runs no CSS transitions, so it stays in its closing motion.
    await waitFor(() => expect(dialog).toHaveClass('ant-zoom-leave'));
  });

  it("shows a campaign's start by the business's clock, naming its zone, whatever the browser's", async () => {
    const { api, app } = renderCampaigns([sample[1]!]);
    // The browser runs in UTC here; the business is in New York (UTC-5 in January).
    api.on('GET /business/get-current-users-businesses', [200, [{ ...fixtureBusiness(BUSINESS), timeZone: 'America/New_York' }]]);
    expect(await app.findByText('Scheduled for: Tuesday, 1 January 2030 at 07:00 (New York time)')).toBeInTheDocument();
  });

  it('says when a completed campaign’s reminder falls due, by the business’s clock; before that, after how many days', async () => {
    const followUp = { afterDays: 3, subject: null, messageBody: 'Still time: ${reviewLink}' };
    const { api, app } = renderCampaigns([
      campaign(7, { name: 'Reminded', status: 'COMPLETED', followUp, reminderDueAt: '2030-01-04T12:00:00.000Z' }),
      campaign(8, { name: 'Not sent yet', status: 'CREATED', followUp }),
    ]);
    api.on('GET /business/get-current-users-businesses', [200, [{ ...fixtureBusiness(BUSINESS), timeZone: 'America/New_York' }]]);
    const card = (name: string) => document.querySelector(`[data-campaign-name="${name}"] [data-testid="reminder-line"]`);
    await waitFor(() => expect(card('Reminded')).toHaveTextContent(/^Reminder due 04\.01\.2030, 07:00h .*to those who have not opened the review page$/));
    expect(card('Not sent yet')).toHaveTextContent('Reminder after 3 days to those who have not opened the review page');
    expect(app.getAllByTestId('campaign-card')).toHaveLength(2);
  });

  it('offers a paused campaign Resume, and says that pausing and resuming can be undone', async () => {
    const { app, api } = renderCampaigns([{ ...sample[0]!, status: 'PAUSED' }]);
    api.on('PUT /campaign/start-campaign/1', [200, { ...sample[0], status: 'IN_PROGRESS' }]);
    await app.findByText('Draft email');
    fireEvent.click(app.getByRole('button', { name: /Campaign actions/ }));
    const menu = await waitFor(() => document.querySelector('.ant-dropdown:not(.ant-dropdown-hidden)')! as HTMLElement);
    expect(within(menu).queryByText('Start')).toBeNull();
    fireEvent.click(within(menu).getByText('Resume'));
    const dialog = await app.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to resume this campaign. Its remaining messages will be sent; you can pause it again.');
    expect(dialog).not.toHaveTextContent('cannot be reverted');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm action' }));
    expect(await app.findByText('Campaign Resumed')).toBeInTheDocument();
    expect(app.getByText('The campaign is sending again.')).toBeInTheDocument();
  });
  it("says when the list was synced (not 'Not synced yet' once loaded), then every 5 s 'Syncing...' with the list fetched again 3 s later", async () => {
    timers.start();
    const { app, api } = renderCampaigns([sample[0]!]);
    await app.findByText('Draft email');
    const indicator = app.getByTestId('sync-indicator');
    // The first load counts as a sync (issue 12): 'Not synced yet' only until the list has arrived.
    expect(indicator).toHaveTextContent(/Synced at/);
    const listCalls = () => api.calls.filter((call) => call.startsWith('GET /campaign/get-campaigns')).length;

    // Watch two cycles in 50 ms steps: when the flag goes on and off, and when the list is fetched.
    const syncStarts: number[] = [];
    const syncEnds: number[] = [];
    const fetches: number[] = [];
    let wasSyncing = false;
    let calls = listCalls();
    for (let elapsed = 0; elapsed < 14_000; elapsed += 50) {
      await timers.advance(50);
      const syncing = indicator.textContent!.includes('Syncing...');
      if (syncing && !wasSyncing) syncStarts.push(Date.now());
      if (!syncing && wasSyncing) syncEnds.push(Date.now());
      if (listCalls() > calls) fetches.push(Date.now());
      calls = listCalls();
      wasSyncing = syncing;
    }
    expect(syncStarts).toHaveLength(2);
    expect(syncStarts[1]! - syncStarts[0]!).toBe(5000);
    expect(fetches.map((at, i) => at - syncStarts[i]!)).toEqual([3000, 3000]);
    expect(syncEnds).toEqual(fetches);
    expect(indicator).toHaveTextContent(/Synced at/);
  });

  it('shows the shared error toast, in words, when an action or a delete fails, and keeps the list', async () => {
    const { app, api } = renderCampaigns([sample[0]!]);
    api.on('PUT /campaign/start-campaign/1', [409, { message: 'This campaign cannot be started because it is Completed.' }]);
    api.on('DELETE /campaign/delete-campaign/1', [500, { message: 'Something went wrong on our side. Please try again.' }]);
    await app.findByText('Draft email');
    for (const [action, title, message] of [
      ['Start', 'Something went wrong', 'This campaign cannot be started because it is Completed.'],
      ['Delete', 'Could not delete the campaign', 'Something went wrong on our side. Please try again.'],
    ]) {
      fireEvent.click(app.getByRole('button', { name: /Campaign actions/ }));
      fireEvent.click(await waitFor(() => [...document.querySelectorAll('.ant-dropdown:not(.ant-dropdown-hidden) li')].find((item) => item.textContent === action)!));
      fireEvent.click(within(await app.findByRole('dialog')).getByRole('button', { name: 'Confirm action' }));
      await waitFor(() => expect(toastTexts()).toEqual([`${title}${message}`]));
    }
    expect(toastTexts().join()).not.toMatch(/status code/i);
    expect(app.getByText('Draft email')).toBeInTheDocument();
  });

  it('shows the shared error toast and a retry when the list cannot be loaded', async () => {
    const { app, api } = renderCampaigns([]);
    api.on(`GET /campaign/get-campaigns/${BUSINESS.id}`, [503, { message: 'The database is not answering. Please try again.' }]);
    expect(await app.findByText('The campaigns could not be loaded.')).toBeInTheDocument();
    await waitFor(() => expect(toastTexts()).toEqual(['Something went wrongThe database is not answering. Please try again.']));
    api.on(`GET /campaign/get-campaigns/${BUSINESS.id}`, [200, [sample[0]]]);
    fireEvent.click(app.getByRole('button', { name: 'Try again' }));
    expect(await app.findByText('Draft email')).toBeInTheDocument();
  });
});

describe('create campaign wizard', () => {
  const anna = { id: 1, firstName: 'Anna', lastName: 'Schmidt', email: 'anna@example.com', phoneNumber: '491511', birthDate: '1990-01-01', gender: 'FEMALE', status: 'ACTIVE', tags: '', lastVisited: null, businessId: 5 };

  function renderWizard(path = '/campaigns/create-new-campaign', sender = senders()) {
    localStorage.setItem(SELECTED_BUSINESS_STORAGE_KEY, JSON.stringify(BUSINESS));
    const api = signedInApi([BUSINESS]);
    api.on(`GET /contact-filter/get-contact-filters/${BUSINESS.id}`, [200, [{ id: 3, name: 'Regulars', businessId: 5, items: [] }]]);
    api.on(`GET /campaign/get-sender/${BUSINESS.id}`, [200, sender]);
    api.on('POST /campaign/check-campaign-name', [200, { taken: false, message: null }]);
    // The count answers one matching contact too: the preview shows the message as they will get it.
    api.on('POST /contact-filter/count-matching-contacts', [200, { count: 42, sample: anna }]);
    return { api, app: renderApp(path) };
  }

  it('enforces the Previous and Next rules through the three steps', async () => {
    const { api, app } = renderWizard();
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
    expect(api.bodies['POST /campaign/check-campaign-name']).toEqual([{ businessId: BUSINESS.id, name: 'Spring reviews' }]);
    expect(app.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(app.getByTestId('campaign-summary-line')).toHaveTextContent('From"Corner Bakery" <hello@bakery.example>Replies go toowner@bakery.example');
  });

  it('shows the setup: default subject, Save as draft and Launch, mutually exclusive pacing, preview and messages', async () => {
    const { api, app } = renderWizard();
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

    await choose('Recipients', 'Regulars');
    expect(await app.findByText('42 recipients match this filter')).toBeInTheDocument();
    fireEvent.change(document.querySelector('textarea')!, { target: { value: 'Hi ${firstName}, greetings from ${businessName}' } });
    expect(await app.findByText('Hi Anna, greetings from Corner Bakery')).toBeInTheDocument();
    expect(api.bodies['POST /contact-filter/count-matching-contacts']).toContainEqual({ businessId: BUSINESS.id, contactFilterId: 3, type: 'EMAIL' });
    // The preview's contact comes with the count: the contact list is not downloaded for it.
    expect(api.calls.filter((call) => call.startsWith('GET /contact/'))).toEqual([]);
  });

  async function toSetup(app: ReturnType<typeof renderApp>, typeCard: string) {
    fireEvent.click(await app.findByText(typeCard));
    fireEvent.click(app.getByRole('button', { name: 'Next' }));
    fireEvent.change(app.getByLabelText('Campaign name'), { target: { value: 'Spring reviews' } });
    fireEvent.click(app.getByRole('button', { name: 'Next' }));
    await app.findByText('Send pacing');
  }

  it("shows an email's From and Reply-To in the summary and the preview, and the star row and footer the HTML part adds", async () => {
    const { app } = renderWizard('/campaigns/create-new-campaign', senders({ email: `"Keller's Café" <hello@bakery.example>`, replyTo: 'hallo@keller.example' }));
    await toSetup(app, 'Email Campaign');
    const summary = app.getByTestId('campaign-summary-line');
    expect(summary).toHaveTextContent(`From"Keller's Café" <hello@bakery.example>`);
    expect(summary).toHaveTextContent('Replies go tohallo@keller.example');
    await choose('Recipients', 'Regulars');
    fireEvent.change(document.querySelector('textarea')!, { target: { value: 'Hi ${firstName}, how was it? ${reviewLink}' } });
    const envelope = await app.findByTestId('preview-envelope');
    expect(envelope).toHaveTextContent(`From"Keller's Café" <hello@bakery.example>`);
    expect(envelope).toHaveTextContent('Reply-Tohallo@keller.example');
    expect(envelope).toHaveTextContent('SubjectCorner Bakery campaign');
    const footer = app.getByTestId('preview-footer');
    expect(footer).toHaveTextContent('How was your visit? Tap a star: ★★★★★');
    expect(footer).toHaveTextContent('Unsubscribe');
    expect(footer).toHaveTextContent('Corner Bakery, Main Street 12a, 10115 Berlin, Germany');
    fireEvent.change(document.querySelector('textarea')!, { target: { value: 'Hi ${firstName}, see you soon' } });
    await waitFor(() => expect(app.getByTestId('preview-footer')).not.toHaveTextContent('Tap a star'));
  });

  it('for text messages without a sender, says what the operator must set, in words ready to forward', async () => {
    const request = 'Please set SMS_FROM in Starboost\'s settings to the phone number our text messages should come from.';
    const { app } = renderWizard('/campaigns/create-new-campaign', senders({ sms: null, smsSetupRequest: request }));
    await toSetup(app, 'Text message Campaign');
    expect(app.getByTestId('sms-sender-missing')).toHaveTextContent(`Text messages have no sender yet.Send this to whoever runs Starboost for you:“${request}”`);
    expect(app.getByRole('button', { name: /copy/i })).toBeInTheDocument();
  });

  it('edits one campaign, loaded by its id rather than with every campaign of the business', async () => {
    const { api, app } = renderWizard('/campaigns/create-new-campaign?edit=7');
    api.on('GET /campaign/get-campaign/7', [200, campaign(7, { name: 'Spring draft', type: 'SMS', contactFilterId: 3 })]);
    expect(await app.findByText('Edit Spring draft')).toBeInTheDocument();
    fireEvent.click(app.getByRole('button', { name: 'Next' }));
    expect(app.getByLabelText('Campaign name')).toHaveValue('Spring draft');
    fireEvent.click(app.getByRole('button', { name: 'Next' }));
    expect(await app.findByRole('button', { name: 'Save changes' })).toBeInTheDocument();
    // Its own name is not 'taken'.
    expect(api.bodies['POST /campaign/check-campaign-name']).toEqual([{ businessId: BUSINESS.id, name: 'Spring draft', exceptId: 7 }]);
    expect(api.calls.filter((call) => call.startsWith('GET /campaign/get-campaigns'))).toEqual([]);
  });

  it.each([
    ['the server does not find', 'GET /campaign/get-campaign/8', [404, { message: 'Campaign not found.' }] as const],
    ['another business of the owner has', 'GET /campaign/get-campaign/8', [200, campaign(8, { businessId: 6 })] as const],
  ])('refuses to edit a campaign %s', async (_case, route, reply) => {
    const { api, app } = renderWizard('/campaigns/create-new-campaign?edit=8');
    api.on(route, [...reply]);
    expect(await app.findByText('This campaign cannot be edited: it does not exist in this business.')).toBeInTheDocument();
  });

  it.each([
    ['Save as draft', 'POST /campaign/create-new-campaign', 'Campaign Created!', 'A new campaign has been successfully created.'],
    ['Launch', 'POST /campaign/launch-new-campaign', 'Campaign Started!', 'A new campaign has been successfully started.'],
  ])('%s sends the campaign, then shows the spec toast with its description and goes to the list', async (button, route, title, description) => {
    const { app, api } = renderWizard();
    api.on(route, (body) => [201, { id: 9, status: 'CREATED', startTime: null, ...(body as object) }]);
    fireEvent.click(await app.findByText('Email Campaign'));
    fireEvent.click(app.getByRole('button', { name: 'Next' }));
    fireEvent.change(app.getByLabelText('Campaign name'), { target: { value: 'Spring reviews' } });
    fireEvent.click(app.getByRole('button', { name: 'Next' }));
    await app.findByText('Send pacing');
    await choose('Recipients', 'Regulars');
    fireEvent.change(document.querySelector('textarea')!, { target: { value: 'Hi ${firstName}' } });
    fireEvent.click(app.getByRole('button', { name: button }));
    if (button === 'Launch') {
      // Launch first says what will happen (issue 12), then sends on the dialog's own Launch.
      const dialog = await app.findByRole('dialog');
      await waitFor(() => expect(within(dialog).getByTestId('launch-question')).toHaveTextContent(/^Send to \d+ recipients? by email now\?$/));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Launch' }));
    }
    expect(await app.findByText(title)).toBeInTheDocument();
    expect(app.getByText(description)).toBeInTheDocument();
    expect(api.bodies[route]).toEqual([
      expect.objectContaining({ name: 'Spring reviews', type: 'EMAIL', contactFilterId: 3, messageBody: 'Hi ${firstName}', businessId: BUSINESS.id }),
    ]);
    await waitFor(() => expect(app.location()).toBe('/campaigns'));
  });
});
