import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { SELECTED_BUSINESS_STORAGE_KEY } from '#domain';
import { DEFAULT_AUTOMATION, type Automation, type AutomationLogItem } from '#domain/automation';
import { clickSelectOption } from '../support/antd-select';
import { signedInApi } from '../support/fixture-api';
import { BUSINESS, senders } from '../support/records';
import { renderApp } from '../support/render-app';
// Loaded ahead: the lazily loaded screen then renders without waiting on its chunk.
import '../../src/components/layout/AppLayout';
import '../../src/pages/automations/AutomationPage';

const automation = (overrides: Partial<Automation> = {}): Automation => ({
  businessId: BUSINESS.id,
  ...DEFAULT_AUTOMATION,
  failureReason: null,
  funnel: { sent: 4, delivered: 3, visited: 2, clicked: 1, feedback: 1, automated: 0 },
  averageRating: 4.5,
  sites: [{ name: 'Google', clicks: 1 }],
  visits: { total: 5, requested: 4, skipped: 1 },
  reminders: { recipients: 0, sent: 0 },
  ...overrides,
});

/** Today at hh:mm on the reader's clock. */
const today = (hour: number, minute: number) => dayjs().hour(hour).minute(minute).second(0).millisecond(0).toISOString();

const LOG: AutomationLogItem[] = [
  {
    id: 2,
    contactId: 8,
    contactName: 'Ivo Kovač',
    visitedAt: today(15, 10),
    source: 'check-in',
    skipped: 'skipped: asked 12 days ago',
    request: null,
    visited: false,
    clicked: [],
    rating: null,
    reminder: null,
  },
  {
    id: 1,
    contactId: 7,
    contactName: 'Ana Horvat',
    visitedAt: today(14, 2),
    source: 'check-in',
    skipped: null,
    request: { channel: 'SMS', dueAt: today(16, 2), state: 'sent', sentAt: today(16, 2), error: null, waitingFor: null },
    visited: true,
    clicked: ['Google'],
    rating: null,
    reminder: null,
  },
];

function renderAutomation(record: Automation = automation()) {
  localStorage.setItem(SELECTED_BUSINESS_STORAGE_KEY, JSON.stringify(BUSINESS));
  const api = signedInApi([BUSINESS]);
  api.on(`GET /automation/get-automation/${BUSINESS.id}`, [200, record]);
  api.on(`GET /automation/get-automation-log/${BUSINESS.id}`, [200, LOG]);
  api.on(`GET /campaign/get-sender/${BUSINESS.id}`, [
    200,
    senders({
      sms: null,
      channels: {
        SMS: { name: 'outbox', delivers: false, note: 'No channel is configured: messages are stored in the outbox and not delivered.' },
        EMAIL: { name: 'smtp', delivers: true, note: 'Emails are sent through the configured SMTP server.' },
      },
    }),
  ]);
  api.on(`PUT /automation/update-automation/${BUSINESS.id}`, (body) => [200, { ...record, ...(body as object) }]);
  return { api, app: renderApp('/automations') };
}

const select = (label: string) => screen.getByRole('combobox', { name: label }).closest<HTMLElement>('.ant-select')!;
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('the review automation screen', () => {
  it('shows the settings, the preview as a customer gets it with the segment counter, the figures and one line per visit', async () => {
    renderAutomation();
    expect(await screen.findByRole('heading', { name: 'Review automation' })).toBeInTheDocument();
    await waitFor(() => expect(field('Delay after the visit').value).toBe('2'));
    expect(screen.getByRole('switch', { name: 'Ask for a review after each visit' })).not.toBeChecked();
    expect(within(select('Unit')).getByText('hours')).toBeInTheDocument();
    expect(within(select('Send by')).getByText('Text message, else email')).toBeInTheDocument();
    expect(field('Email subject').value).toBe(DEFAULT_AUTOMATION.subject);

    const preview = screen.getByTestId('message-preview');
    expect(within(preview).getByText('As Ana Horvat will receive it')).toBeInTheDocument();
    expect(within(preview).getByText('How was your visit to Corner Bakery?')).toBeInTheDocument();
    expect(within(preview).getByTestId('preview-body')).toHaveTextContent(
      'Hi Ana, thank you for visiting Corner Bakery! How was it? http://localhost:3000/r/SampleLink-abcdefghijk',
    );
    expect(within(preview).getByTestId('sms-segments')).toHaveTextContent(/\d+ characters, 1 segment \(GSM-7\)/);
    // Texts are not delivered here: the owner is told before saving.
    expect(screen.getByText(/^Text message: No channel is configured/)).toBeInTheDocument();

    const results = screen.getByTestId('automation-results');
    expect(within(results).getByTestId('funnel-sent')).toHaveTextContent('4');
    expect(within(results).getByTestId('funnel-clicked')).toHaveTextContent('1');
    const statistic = (title: string) => within(results).getByText(title).closest('.ant-statistic')!.querySelector('.ant-statistic-content')!.textContent;
    expect(statistic('Average rating')).toBe('4.5/ 5');
    expect(statistic('Asked')).toBe('4');

    await waitFor(() => expect(screen.getAllByTestId('automation-log-line')).toHaveLength(2));
    expect(screen.getAllByTestId('automation-log-line').map((line) => line.textContent)).toEqual([
      'Ivo Kovač visited 15:10 → skipped: asked 12 days ago',
      'Ana Horvat visited 14:02 → request due 16:02 → sent by SMS → visited the review page → clicked Google',
    ]);
  });

  it('saves what the owner set: on, the delay in minutes, the channel, a reminder', async () => {
    const { api } = renderAutomation();
    await waitFor(() => expect(field('Delay after the visit').value).toBe('2'));
    fireEvent.click(screen.getByRole('switch', { name: 'Ask for a review after each visit' }));
    fireEvent.change(field('Delay after the visit'), { target: { value: '45' } });
    await clickSelectOption(select('Unit'), 'minutes');
    await clickSelectOption(select('Send by'), 'Email only');
    // Email only: no segment counter.
    await waitFor(() => expect(screen.queryByTestId('sms-segments')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('switch', { name: 'Send a reminder' }));
    fireEvent.change(await screen.findByLabelText('Reminder message'), { target: { value: 'Still time, ${firstName}: ${reviewLink}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save automation' }));

    await waitFor(() => expect(api.bodies[`PUT /automation/update-automation/${BUSINESS.id}`]).toHaveLength(1));
    expect(api.bodies[`PUT /automation/update-automation/${BUSINESS.id}`]![0]).toEqual({
      enabled: true,
      delayMinutes: 45,
      channel: 'EMAIL',
      subject: DEFAULT_AUTOMATION.subject,
      messageBody: DEFAULT_AUTOMATION.messageBody,
      reminder: { afterDays: 3, messageBody: 'Still time, ${firstName}: ${reviewLink}', subject: null },
    });
    expect(await screen.findByText('Automation Saved')).toBeInTheDocument();
  });

  it('says what to correct, under each field, and sends nothing', async () => {
    const { api } = renderAutomation();
    await waitFor(() => expect(field('Delay after the visit').value).toBe('2'));
    fireEvent.change(field('Message'), { target: { value: 'Thanks for visiting!' } });
    fireEvent.change(field('Email subject'), { target: { value: ' ' } });
    await clickSelectOption(select('Unit'), 'days');
    fireEvent.change(field('Delay after the visit'), { target: { value: '31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save automation' }));
    expect(await screen.findByText('The automation asks for reviews: use ${reviewLink} in the message.')).toBeInTheDocument();
    expect(screen.getByText('Email subject is required')).toBeInTheDocument();
    expect(screen.getByText(/^The delay must be a whole number of minutes from 1 to 43,200/)).toBeInTheDocument();
    // Fixed: the error goes as soon as the field is valid.
    fireEvent.change(field('Message'), { target: { value: 'How was it? ${reviewLink}' } });
    await waitFor(() => expect(screen.queryByText('The automation asks for reviews: use ${reviewLink} in the message.')).not.toBeInTheDocument());
    expect(api.calls.filter((call) => call.startsWith('PUT'))).toEqual([]);
  });

  it('text messages only: no subject to ask for', async () => {
    renderAutomation(automation({ channel: 'SMS', subject: null, enabled: true }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Ask for a review after each visit' })).toBeChecked());
    expect(screen.queryByLabelText('Email subject')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('message-preview')).getByTestId('sms-segments')).toBeInTheDocument();
  });
});
