import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SELECTED_BUSINESS_STORAGE_KEY } from '#domain';
import { webhookMessages, type WebhookDelivery, type WebhookEndpoint } from '#domain/webhooks';
import { signedInApi } from '../support/fixture-api';
import { BUSINESS, senders } from '../support/records';
import { renderApp } from '../support/render-app';
// Loaded ahead: the lazily loaded screen then renders without waiting on its chunk.
import '../../src/components/layout/AppLayout';
import '../../src/pages/business-settings/BusinessSettingsPage';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw1BtM4ROHMqc=';
const ENDPOINT: WebhookEndpoint = {
  id: 3,
  url: 'https://hooks.example.com/starboost',
  events: ['review.rating', 'contact.unsubscribed'],
  secret: SECRET,
  createdAt: '2026-11-20T10:00:00.000Z',
};

const delivery = (overrides: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: 1,
  endpointId: ENDPOINT.id,
  endpointUrl: ENDPOINT.url,
  messageId: 'msg_1',
  eventType: 'review.rating',
  state: 'delivered',
  attempts: 1,
  lastStatus: 204,
  lastError: null,
  createdAt: '2026-11-20T10:05:00.000Z',
  nextAttemptAt: null,
  deliveredAt: '2026-11-20T10:05:01.000Z',
  ...overrides,
});

const LOG: WebhookDelivery[] = [
  delivery({ id: 2, messageId: 'msg_2', eventType: 'contact.unsubscribed', state: 'failed', attempts: 8, lastStatus: 500, lastError: 'The endpoint answered 500', deliveredAt: null }),
  delivery({ id: 1 }),
];

const ENDPOINTS = `GET /business/get-webhook-endpoints/${BUSINESS.id}`;
const DELIVERIES = `GET /business/get-webhook-deliveries/${BUSINESS.id}`;
const CREATE = `POST /business/create-webhook-endpoint/${BUSINESS.id}`;
const DELETE = `DELETE /business/delete-webhook-endpoint/${BUSINESS.id}/${ENDPOINT.id}`;
const TEST = `POST /business/send-test-webhook/${BUSINESS.id}/${ENDPOINT.id}`;

function renderSettings({ endpoints = [ENDPOINT], log = LOG }: { endpoints?: WebhookEndpoint[]; log?: WebhookDelivery[] } = {}) {
  localStorage.setItem(SELECTED_BUSINESS_STORAGE_KEY, JSON.stringify(BUSINESS));
  const api = signedInApi([BUSINESS]);
  api.on(`GET /campaign/get-sender/${BUSINESS.id}`, [200, senders()]);
  let listed = endpoints;
  api.on(ENDPOINTS, () => [200, listed]);
  api.on(DELIVERIES, [200, log]);
  api.on(CREATE, (body) => {
    const created = { ...ENDPOINT, id: 4, ...(body as object) };
    listed = [...listed, created];
    return [201, created];
  });
  api.on(DELETE, () => {
    listed = listed.filter((endpoint) => endpoint.id !== ENDPOINT.id);
    return [204];
  });
  api.on(TEST, [202, delivery({ id: 9, eventType: 'webhook.test', state: 'pending', attempts: 0, lastStatus: null, deliveredAt: null })]);
  renderApp('/business-settings');
  return { api, card: async () => (await screen.findByRole('heading', { name: 'Webhooks' })).closest<HTMLElement>('.ant-card')! };
}

describe('the Webhooks card', () => {
  it('lists the endpoints with their events and a hidden secret that can be shown and copied, and the delivery log', async () => {
    const { card } = renderSettings();
    const item = await within(await card()).findByTestId('webhook-endpoint');
    expect(within(item).getByText(ENDPOINT.url)).toBeInTheDocument();
    expect(within(item).getByText('A customer chose a star rating')).toBeInTheDocument();
    expect(within(item).getByText('A contact unsubscribed')).toBeInTheDocument();
    const secret = within(item).getByTestId('webhook-secret');
    expect(secret).not.toHaveTextContent(SECRET);
    expect(within(item).getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
    fireEvent.click(within(item).getByRole('button', { name: `Show the signing secret of ${ENDPOINT.url}` }));
    expect(secret).toHaveTextContent(SECRET);
    expect(within(item).getByRole('button', { name: `Hide the signing secret of ${ENDPOINT.url}` })).toHaveAttribute('aria-pressed', 'true');

    await within(await card()).findByText('The endpoint answered 500');
    const log = within(await card()).getByRole('group', { name: 'Delivery log, scrolls sideways' });
    const [failed, delivered] = [...log.querySelectorAll('.ant-table-row')].map((row) => row.textContent);
    expect(failed).toContain('A contact unsubscribed');
    expect(failed).toContain('Failed');
    expect(failed).toContain('8');
    expect(failed).toContain('The endpoint answered 500');
    expect(delivered).toContain('A customer chose a star rating');
    expect(delivered).toContain('Delivered');
    expect(delivered).toContain('204');
  });

  it('says so when there are no endpoints and no deliveries yet', async () => {
    const { card } = renderSettings({ endpoints: [], log: [] });
    expect(await within(await card()).findByText('No webhook endpoints yet.')).toBeInTheDocument();
    expect(await within(await card()).findByText('No events sent yet. Send a test event to check your receiver.')).toBeInTheDocument();
  });

  it('adds an endpoint for the events chosen, after saying what to correct', async () => {
    const { api, card } = renderSettings({ endpoints: [] });
    const add = await within(await card()).findByRole('button', { name: /Add endpoint/ });
    await waitFor(() => expect(add).toBeEnabled());
    fireEvent.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook endpoint' });
    fireEvent.change(within(dialog).getByLabelText('Endpoint URL'), { target: { value: 'hooks.example.com' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /A customer clicked a review site/ }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /A customer sent private feedback/ }));
    fireEvent.click(within(dialog).getByText('Add endpoint'));
    expect(await within(dialog).findByText(webhookMessages.urlInvalid)).toBeInTheDocument();
    expect(api.calls).not.toContain(CREATE);

    fireEvent.change(within(dialog).getByLabelText('Endpoint URL'), { target: { value: 'https://hooks.example.com/new' } });
    fireEvent.click(within(dialog).getByText('Add endpoint'));
    expect(await screen.findByText('Webhook endpoint added')).toBeInTheDocument();
    expect(api.bodies[CREATE]).toEqual([{ url: 'https://hooks.example.com/new', events: ['review.rating', 'contact.unsubscribed'] }]);
    expect(await within(await card()).findByText('https://hooks.example.com/new')).toBeInTheDocument();
  });

  it("shows the server's refusal under the field", async () => {
    const { api, card } = renderSettings({ endpoints: [] });
    api.on(CREATE, [400, { statusCode: 400, error: 'Bad Request', message: webhookMessages.urlHttps, errors: { url: webhookMessages.urlHttps } }]);
    const add = await within(await card()).findByRole('button', { name: /Add endpoint/ });
    await waitFor(() => expect(add).toBeEnabled());
    fireEvent.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook endpoint' });
    fireEvent.change(within(dialog).getByLabelText('Endpoint URL'), { target: { value: 'http://hooks.example.com/plain' } });
    fireEvent.click(within(dialog).getByText('Add endpoint'));
    await waitFor(() => expect(within(dialog).getAllByText(webhookMessages.urlHttps).length).toBeGreaterThan(0));
  });

  it('sends a test event, and deletes an endpoint once confirmed', async () => {
    const { api, card } = renderSettings();
    const item = await within(await card()).findByTestId('webhook-endpoint');
    const deliveriesRead = () => api.calls.filter((call) => call === DELIVERIES).length;
    const before = deliveriesRead();
    fireEvent.click(within(item).getByRole('button', { name: `Send test event to ${ENDPOINT.url}` }));
    expect(await screen.findByText('Test event sent')).toBeInTheDocument();
    expect(api.calls).toContain(TEST);
    await waitFor(() => expect(deliveriesRead()).toBeGreaterThan(before));

    fireEvent.click(within(item).getByRole('button', { name: `Delete ${ENDPOINT.url}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete webhook endpoint' });
    expect(dialog).toHaveTextContent(`Nothing more will be sent to ${ENDPOINT.url}`);
    expect(api.calls).not.toContain(DELETE);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete endpoint' }));
    expect(await screen.findByText('Webhook endpoint deleted')).toBeInTheDocument();
    expect(api.calls).toContain(DELETE);
    expect(await within(await card()).findByText('No webhook endpoints yet.')).toBeInTheDocument();
  });
});
