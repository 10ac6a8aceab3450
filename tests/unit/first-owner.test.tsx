import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SELECTED_BUSINESS_STORAGE_KEY } from '#domain';
import type { Campaign } from '#domain/campaign-schemas';
import { DISPLAY_STATUS_LABELS } from '#domain/campaign-status';
import { Providers } from '../../src/App';
import { RefineProviders } from '../../src/RefineShell';
import { FullScreenSpinner } from '../../src/components/FullScreenSpinner';
import { parseTypedDate } from '../../src/components/forms/BirthDatePicker';
import { FilterDialog } from '../../src/pages/filters/FilterDialog';
import { businessTime } from '../../src/business/business-time';
import { badgeColor, launchQuestion } from '../../src/pages/campaigns/campaign-view';
import { progressLine } from '../../src/pages/campaigns/CampaignCard';
import { pendingNote } from '../../src/pages/campaigns/details/delivery-state-tag';
import { theme } from '../../src/theme';
import { clickSelectOption } from '../support/antd-select';
import { fixtureBusiness, signedInApi, signedOutApi } from '../support/fixture-api';
import { setViewportWidth } from '../support/jsdom-setup';
import { renderApp } from '../support/render-app';
import { BUSINESS, contact, campaign as campaignRecord, senders } from '../support/records';

/** Issue 12: where a first-time owner got stuck or misled. Each test failed before its fix. */

/** The wizard's filter in these tests is 3. */
const campaign = (id: number, overrides: Partial<Campaign> = {}) => campaignRecord(id, { contactFilterId: 3, ...overrides });
const OUTBOX = { name: 'outbox' as const, delivers: false, note: 'No channel is configured: messages are stored in the outbox and not delivered.' };



function withSelectedBusiness() {
  localStorage.setItem(SELECTED_BUSINESS_STORAGE_KEY, JSON.stringify(BUSINESS));
  return signedInApi([BUSINESS]);
}

const chooseOption = (label: string, option: string) => clickSelectOption(screen.getAllByLabelText(label)[0]!.closest('.ant-select')!, option);

/** Opens the new-contact dialog and fills in every field of a valid contact but its tags. */
async function openFilledContactDialog(app: ReturnType<typeof renderApp>) {
  fireEvent.click(await app.findByRole('button', { name: /Add new contact/ }));
  const dialog = await app.findByRole('dialog');
  const type = (label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
  type('First name', 'Anna');
  type('Last name', 'Schmidt');
  type('Email', 'anna@example.com');
  type('Phone number', '4915112345678');
  type('Birth date', '12.04.1990');
  await chooseOption('Gender', 'Female');
  return dialog;
}

const fieldOf = (element: HTMLElement) => element.closest('.ant-form-item') as HTMLElement;

describe('selecting the business', () => {
  it('at 375 px, right after sign-in: the first business is selected without opening the menu, and /contacts opens', async () => {
    setViewportWidth(375);
    try {
      const api = signedInApi([BUSINESS]);
      api.on(`GET /contact/get-contacts/${BUSINESS.id}`, [200, [contact(1, 'Anna')]]);
      const app = renderApp('/contacts');
      expect(await app.findByText('Anna')).toBeInTheDocument();
      expect(app.location()).toBe('/contacts');
      expect(JSON.parse(localStorage.getItem(SELECTED_BUSINESS_STORAGE_KEY)!)).toEqual({ name: 'Corner Bakery', id: 5 });
      expect(app.queryByTestId('mobile-menu')).not.toBeInTheDocument();
    } finally {
      setViewportWidth(1280);
    }
  });

  it('at 375 px, the dashboard greets the business rather than a new owner', async () => {
    setViewportWidth(375);
    try {
      signedInApi([BUSINESS]);
      const app = renderApp('/dashboard');
      expect(await app.findByText('Welcome to Starboost')).toBeInTheDocument();
      expect(app.queryByText('Welcome to Starboost!')).not.toBeInTheDocument();
    } finally {
      setViewportWidth(1280);
    }
  });

  it("'Retrieving business data...' is written in the app's font, not the browser's serif", () => {
    render(
      <ConfigProvider theme={theme}>
        <FullScreenSpinner tip="Retrieving business data..." />
      </ConfigProvider>,
    );
    expect(screen.getByText('Retrieving business data...')).toHaveStyle({ fontFamily: theme.token!.fontFamily });
  });
});

describe('keyboard', () => {
  it('the header user menu is a button that opens from the keyboard', async () => {
    signedInApi([]);
    const app = renderApp('/dashboard');
    const button = await app.findByRole('button', { name: /Ada Lovelace/ });
    expect(button.tagName).toBe('BUTTON');
    fireEvent.click(button);
    expect(await app.findByText('Starboost account')).toBeInTheDocument();
  });

  it('a link that looks like a button is one element, so one Tab stop', async () => {
    signedInApi([]);
    const app = renderApp('/dashboard');
    const link = await app.findByRole('link', { name: /Add new business/ });
    expect(link).toHaveClass('ant-btn');
    expect(link.querySelector('button')).toBeNull();
    expect(link.closest('a')).toBe(link);
    fireEvent.click(link);
    await waitFor(() => expect(app.location()).toBe('/add-new-business'));
  });

  it('the birth date can be typed (DD.MM.YYYY) and its calendar opened with the Down arrow, with month and year dropdowns', async () => {
    signedOutApi();
    const app = renderApp('/register');
    const field = await app.findByPlaceholderText('Pick a date');
    expect(field).not.toHaveAttribute('readonly');
    fireEvent.change(field, { target: { value: '9.3.1985' } });
    expect(field).toHaveValue('9.3.1985');
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect((await app.findAllByLabelText('Month')).length).toBeGreaterThan(0);
    expect(app.getAllByLabelText('Year').length).toBeGreaterThan(0);
    // The typed day is the calendar's: its day button is the one in the Tab order.
    await waitFor(() => expect(document.querySelector('[data-day="1985-03-09"]')).toHaveAttribute('tabindex', '0'));
    fireEvent.keyDown(document.querySelector('[data-day="1985-03-09"]')!, { key: 'ArrowRight' });
    await waitFor(() => expect(document.querySelector('[data-day="1985-03-10"]')).toHaveAttribute('tabindex', '0'));
    fireEvent.click(document.querySelector('[data-day="1985-03-10"]')!);
    await waitFor(() => expect(field).toHaveValue('10.03.1985'));
  });

  it('reads typed dates strictly: a real day or nothing', () => {
    expect(parseTypedDate('09.03.1985')).toBe('1985-03-09');
    expect(parseTypedDate('9/3/1985')).toBe('1985-03-09');
    expect(parseTypedDate('31.02.1985')).toBe('');
    expect(parseTypedDate('1985-03-09')).toBe('');
    expect(parseTypedDate('09.03.85')).toBe('');
  });
});

describe('the filter dialog', () => {
  function renderDialog() {
    const api = signedInApi([BUSINESS]);
    render(
      <MemoryRouter>
        <Providers>
          <RefineProviders>
            <FilterDialog open businessId={5} onClose={() => {}} onSaved={() => {}} />
          </RefineProviders>
        </Providers>
      </MemoryRouter>,
    );
    return { api, dialog: () => screen.getByRole('dialog') };
  }

  it('clears an error as soon as its field is valid', async () => {
    const { dialog } = renderDialog();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create filter' }));
    const name = within(dialog()).getByLabelText('Filter name');
    expect(await within(fieldOf(name)).findByText('Filter name is required')).toBeInTheDocument();
    const value = within(dialog()).getByPlaceholderText('Value');
    expect(await within(fieldOf(value)).findByText('Value is required')).toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'VIP' } });
    fireEvent.change(value, { target: { value: 'vip' } });
    await waitFor(() => expect(within(dialog()).queryByText('Filter name is required')).not.toBeInTheDocument());
    await waitFor(() => expect(within(dialog()).queryByText('Value is required')).not.toBeInTheDocument());
    expect(within(dialog()).getByText('Attribute is required')).toBeInTheDocument();
  });

  it('says a contact must meet all of the conditions', () => {
    const { dialog } = renderDialog();
    expect(within(dialog()).getByRole('group', { name: /meets all of them/ })).toBeInTheDocument();
  });
});

describe('the campaign wizard', () => {
  const zoe = contact(9, 'Zoe', { tags: 'vip' });

  function renderWizard({ channels = { EMAIL: OUTBOX, SMS: OUTBOX }, path = '/campaigns/create-new-campaign' } = {}) {
    const api = withSelectedBusiness();
    api.on(`GET /contact-filter/get-contact-filters/${BUSINESS.id}`, [200, [{ id: 3, name: 'VIP customers', businessId: 5, items: [] }]]);
    api.on(`GET /campaign/get-sender/${BUSINESS.id}`, [200, senders({ sms: null, smsSetupRequest: 'Please set SMS_FROM.', channels })]);
    api.on('POST /campaign/check-campaign-name', [200, { taken: false, message: null }]);
    api.on('POST /contact-filter/count-matching-contacts', [200, { count: 19, sample: zoe }]);
    return { api, app: renderApp(path) };
  }

  async function toSetup(app: ReturnType<typeof renderApp>, name = 'Spring promo') {
    fireEvent.click(await app.findByText('Email Campaign'));
    fireEvent.click(app.getByRole('button', { name: 'Next' }));
    fireEvent.change(app.getByLabelText('Campaign name'), { target: { value: name } });
    fireEvent.click(app.getByRole('button', { name: 'Next' }));
    await app.findByText('Send pacing');
  }

  it('offers the type cards as a radio group in the Tab order, chosen with the arrow keys', async () => {
    const { app } = renderWizard();
    const group = await app.findByRole('radiogroup', { name: 'Campaign type' });
    const [email, sms] = within(group).getAllByRole('radio');
    expect(email).toHaveAttribute('tabindex', '0');
    expect(sms).toHaveAttribute('tabindex', '-1');
    fireEvent.keyDown(email!, { key: 'ArrowRight' });
    expect(sms).toHaveAttribute('aria-checked', 'true');
    expect(sms).toHaveAttribute('tabindex', '0');
    fireEvent.keyDown(sms!, { key: ' ' });
    expect(app.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('shows a name the business already uses under the name field on step 2, and stays there', async () => {
    const { api, app } = renderWizard();
    api.on('POST /campaign/check-campaign-name', [200, { taken: true, message: 'A campaign with this name already exists.' }]);
    fireEvent.click(await app.findByText('Email Campaign'));
    fireEvent.click(app.getByRole('button', { name: 'Next' }));
    const name = app.getByLabelText('Campaign name');
    fireEvent.change(name, { target: { value: 'Spring promo' } });
    fireEvent.click(app.getByRole('button', { name: 'Next' }));
    expect(await within(fieldOf(name)).findByText('A campaign with this name already exists.')).toBeInTheDocument();
    expect(app.queryByText('Send pacing')).not.toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'Spring promo 2' } });
    await waitFor(() => expect(fieldOf(name)).not.toHaveClass('ant-form-item-has-error'));
  });

  it('clears "Email subject is required" once a subject is typed', async () => {
    const { app } = renderWizard();
    await toSetup(app);
    const subject = app.getByLabelText('Email subject');
    fireEvent.change(subject, { target: { value: '' } });
    fireEvent.click(app.getByRole('button', { name: 'Save as draft' }));
    expect(await within(fieldOf(subject)).findByText('Email subject is required')).toBeInTheDocument();
    fireEvent.change(subject, { target: { value: 'Spring at Corner Bakery' } });
    await waitFor(() => expect(app.queryByText('Email subject is required')).not.toBeInTheDocument());
    fireEvent.change(document.querySelector('textarea')!, { target: { value: 'Hi' } });
    await waitFor(() => expect(app.queryByText('Message body is required')).not.toBeInTheDocument());
  });

  it('says before launching that messages go to the outbox, asks with the count and channel, and says it again in the toast', async () => {
    const { api, app } = renderWizard();
    api.on('POST /campaign/launch-new-campaign', (body) => [201, campaign(11, { ...(body as object), status: 'IN_PROGRESS' })]);
    await toSetup(app);
    expect(app.getByTestId('channel-note')).toHaveTextContent('messages are stored in the outbox and not delivered');
    await chooseOption('Recipients', 'VIP customers');
    // The preview is the count's sample: a contact the filter selects.
    expect(await app.findByText('As Zoe Last9 will receive it')).toBeInTheDocument();
    expect(api.bodies['POST /contact-filter/count-matching-contacts']).toContainEqual({ businessId: 5, contactFilterId: 3, type: 'EMAIL' });
    fireEvent.change(document.querySelector('textarea')!, { target: { value: 'Hi ${firstName}' } });
    fireEvent.click(app.getByRole('button', { name: 'Launch' }));
    const dialog = await app.findByRole('dialog');
    expect(within(dialog).getByTestId('launch-question')).toHaveTextContent('Send to 19 recipients by email now?');
    expect(dialog).toHaveTextContent('Campaign: Spring promo');
    expect(within(dialog).getByTestId('launch-outbox-note')).toBeInTheDocument();
    expect(api.calls).not.toContain('POST /campaign/launch-new-campaign');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Launch' }));
    expect(await app.findByText('Campaign Started!')).toBeInTheDocument();
    expect(
      app.getByText(
        'A new campaign has been successfully started. No channel is configured: messages are stored in the outbox and not delivered.',
      ),
    ).toBeInTheDocument();
    expect(api.calls).toContain('POST /campaign/launch-new-campaign');
  });

  it("asks before scheduling too, with the day it will go out by the business's clock", () => {
    const berlin = businessTime('Europe/Berlin', 'America/New_York');
    expect(launchQuestion(1, 'SMS', '2030-06-15T10:00:00.000Z', berlin)).toBe(
      'Send to 1 recipient by text message on Saturday, 15 June 2030 at 12:00 (Berlin time)?',
    );
    expect(launchQuestion(19, 'EMAIL', null, berlin)).toBe('Send to 19 recipients by email now?');
  });

  it('says at the message, with the way to fix it, that a review request needs a review site the business does not have', async () => {
    const { api, app } = renderWizard();
    api.on('GET /business/get-current-users-businesses', [200, [{ ...fixtureBusiness(BUSINESS), reviewSites: [] }]]);
    await toSetup(app);
    fireEvent.change(document.querySelector('textarea')!, { target: { value: 'Thanks, ${firstName}!' } });
    expect(app.queryByTestId('no-review-sites')).toBeNull();
    fireEvent.change(document.querySelector('textarea')!, { target: { value: 'Review us: ${reviewLink}' } });
    const warning = await app.findByTestId('no-review-sites');
    expect(warning).toHaveTextContent('Add a review site to the business (Business settings) before using ${reviewLink}.');
    expect(within(warning).getByRole('link', { name: 'Open Business settings' })).toHaveAttribute('href', '/business-settings');
  });

  it('will not launch now to nobody, and says why; scheduled, it warns that contacts must come first', async () => {
    const { api, app } = renderWizard();
    api.on('POST /contact-filter/count-matching-contacts', [200, { count: 0, sample: null }]);
    await toSetup(app);
    await chooseOption('Recipients', 'VIP customers');
    fireEvent.change(document.querySelector('textarea')!, { target: { value: 'Hi ${firstName}' } });
    fireEvent.click(app.getByRole('button', { name: 'Launch' }));
    const dialog = await app.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByTestId('launch-question')).toHaveTextContent('Send to 0 recipients by email now?'));
    expect(within(dialog).getByTestId('launch-nobody')).toHaveTextContent('there is nobody to send it to');
    expect(within(dialog).getByRole('button', { name: 'Launch' })).toBeDisabled();
  });

  it('refuses, with the reason, to edit a campaign that is no longer a draft', async () => {
    const { api, app } = renderWizard({ path: '/campaigns/create-new-campaign?edit=7' });
    api.on('GET /campaign/get-campaign/7', [200, campaign(7, { name: 'Spring promo', status: 'COMPLETED', startTime: '2025-01-01T10:00:00.000Z' })]);
    expect(await app.findByText('This campaign cannot be edited because it is Completed.')).toBeInTheDocument();
    expect(app.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });
});

describe('the campaigns overview', () => {
  function renderOverview(campaigns: Campaign[]) {
    const api = withSelectedBusiness();
    api.on(`GET /campaign/get-campaigns/${BUSINESS.id}`, [200, campaigns]);
    return { api, app: renderApp('/campaigns') };
  }

  it('counts the outbox on a card and says it was not delivered', async () => {
    const { app } = renderOverview([campaign(1, { status: 'COMPLETED', counts: { recipients: 19, sent: 0, failed: 0, outbox: 19 } })]);
    expect(await app.findByTestId('campaign-progress')).toHaveTextContent('0 sent, 0 failed, 19 in the outbox (not delivered), of 19 recipients');
    // Every message was handled: the bar is full, none of it green (sent).
    expect(app.getByRole('progressbar')).toHaveTextContent('100%');
    expect(progressLine({ recipients: 3, sent: 2, failed: 1, outbox: 0 })).toBe('2 sent, 1 failed, of 3 recipients');
  });

  // Focus going back to the card's button after the dialog closes is checked in Chromium (tests/e2e/keyboard.test.ts).
  it('names the campaign in the action dialog and keeps the spec text', async () => {
    const { app } = renderOverview([campaign(1, { name: 'Spring promo' }), campaign(2, { name: 'Spring promo 2' })]);
    const opener = await app.findByRole('button', { name: 'Campaign actions for Spring promo' });
    fireEvent.click(opener);
    fireEvent.click(await app.findByText('Start'));
    const dialog = await app.findByRole('dialog');
    expect(within(dialog).getByText('Confirm campaign action')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Are you sure you want to start this campaign. This action cannot be reverted.');
    expect(within(dialog).getByTestId('confirm-campaign-name')).toHaveTextContent('Campaign: Spring promo');
  });

  it("is not 'Not synced yet' once the list has loaded", async () => {
    const { app } = renderOverview([campaign(1)]);
    await app.findByText('Campaign 1');
    expect(app.getByTestId('sync-indicator')).not.toHaveTextContent('Not synced yet');
    expect(app.getByTestId('sync-indicator')).toHaveTextContent(/Synced at/);
  });

  it('gives each status its own badge colour, and the status filter the words of the badges', async () => {
    const statuses = Object.keys(DISPLAY_STATUS_LABELS);
    expect(new Set(statuses.map((status) => badgeColor(status))).size).toBe(statuses.length);
    const { app } = renderOverview([campaign(1, { status: 'IN_PROGRESS' })]);
    expect(await app.findByTestId('status-badge')).toHaveTextContent('Running');
    await chooseOption('Campaign status', 'Running');
    expect(app.getByTestId('campaign-card')).toBeInTheDocument();
  });
});

describe('the details page', () => {
  it('never shows a "Next try" already past: a first try waits for its turn', () => {
    const now = new Date('2030-01-01T12:00:00Z');
    const at = (iso: string) => ({ state: 'queued' as const, error: null, nextAttemptAt: iso });
    const berlin = businessTime('Europe/Berlin', 'Europe/Berlin');
    expect(pendingNote({ state: 'queued', error: null, nextAttemptAt: null }, berlin)).toBe('Waiting for its turn');
    expect(pendingNote(at('2030-01-01T11:59:00Z'), berlin, dayjs(now))).toBe('Retrying now');
    expect(pendingNote(at('2030-01-01T12:05:00Z'), berlin, dayjs(now))).toBe('Next try 01.01.2030, 13:05h');
    expect(pendingNote({ state: 'failed', error: '554 Relay access denied', nextAttemptAt: null }, berlin)).toBe('554 Relay access denied');
  });
});

describe('the contacts screen', () => {
  it('does not say "0 of 0 contacts" while the list is loading', async () => {
    const api = withSelectedBusiness();
    let answer = () => {};
    api.on(`GET /contact/get-contacts/${BUSINESS.id}`, () => new Promise((resolve) => (answer = () => resolve([200, [contact(1, 'Anna')]]))));
    const app = renderApp('/contacts');
    expect(await app.findByTestId('contacts-loading')).toBeInTheDocument();
    expect(app.getByTestId('selection-count')).not.toHaveTextContent('0 of 0 contacts');
    answer();
    await waitFor(() => expect(app.getByTestId('selection-count')).toHaveTextContent('1 of 1 contacts'));
  });

  it('says in the Delete dialog how many of the selected contacts the search hides', async () => {
    const api = withSelectedBusiness();
    api.on(`GET /contact/get-contacts/${BUSINESS.id}`, [200, [contact(1, 'Anna'), contact(2, 'Annabel'), contact(3, 'Ben')]]);
    const app = renderApp('/contacts');
    await app.findByText('Ben');
    fireEvent.click(document.querySelector('.ant-table-thead input[type="checkbox"]')!);
    fireEvent.change(app.getByPlaceholderText('Search contacts'), { target: { value: 'ben' } });
    await waitFor(() => expect(document.querySelectorAll('.ant-table-row')).toHaveLength(1));
    fireEvent.click(app.getByRole('button', { name: /Delete/ }));
    const dialog = await app.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete 3 contacts.');
    expect(within(dialog).getByTestId('hidden-selection-note')).toHaveTextContent('2 of them are hidden by the search "ben".');
  });

  it('adds a tag typed but not confirmed with Enter when the contact is created', async () => {
    const api = withSelectedBusiness();
    api.on(`GET /contact/get-contacts/${BUSINESS.id}`, [200, []]);
    api.on('POST /contact/create-new-contact', (body) => [201, { id: 10, ...(body as object) }]);
    const app = renderApp('/contacts');
    const dialog = await openFilledContactDialog(app);
    const tags = within(dialog).getByLabelText('Tags');
    fireEvent.change(tags, { target: { value: 'vip' } });
    fireEvent.blur(tags);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create contact' }));
    expect(await app.findByText('Contact Created')).toBeInTheDocument();
    expect(api.bodies['POST /contact/create-new-contact']).toEqual([expect.objectContaining({ tags: 'vip', birthDate: '1990-04-12' })]);
  });
});

describe('error toasts', () => {
  it("say what failed in words and the server's message, never a status code", async () => {
    const api = withSelectedBusiness();
    api.on(`GET /campaign/get-campaigns/${BUSINESS.id}`, [200, [campaign(1, { name: 'Spring promo' })]]);
    api.on('PUT /campaign/start-campaign/1', [409, { message: 'This campaign cannot be started because it is Completed.' }]);
    const app = renderApp('/campaigns');
    fireEvent.click(await app.findByRole('button', { name: /Campaign actions/ }));
    fireEvent.click(await app.findByText('Start'));
    fireEvent.click(within(await app.findByRole('dialog')).getByRole('button', { name: 'Confirm action' }));
    expect(await app.findByText('This campaign cannot be started because it is Completed.')).toBeInTheDocument();
    expect(app.getByText('Something went wrong')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/status code/i);
  });

  it('name the record that could not be created, and put a status without a message into words', async () => {
    const api = withSelectedBusiness();
    api.on(`GET /contact/get-contacts/${BUSINESS.id}`, [200, []]);
    api.on('POST /contact/create-new-contact', [500, {}]);
    const app = renderApp('/contacts');
    const dialog = await openFilledContactDialog(app);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create contact' }));
    expect(await app.findByText('Could not create the contact')).toBeInTheDocument();
    expect(app.getByText('The server ran into a problem. Please try again in a moment.')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/status code|\(500\)/i);
  });
});
