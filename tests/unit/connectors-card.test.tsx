import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SELECTED_BUSINESS_STORAGE_KEY } from '#domain';
import { connectorMessages, connectorOutcomes, type Connector } from '#domain/connectors';
import { signedInApi } from '../support/fixture-api';
import { BUSINESS, senders } from '../support/records';
import { renderApp } from '../support/render-app';
// Loaded ahead: the lazily loaded screen then renders without waiting on its chunk.
import '../../src/components/layout/AppLayout';
import '../../src/pages/business-settings/BusinessSettingsPage';

const LIST = `GET /business/get-connectors/${BUSINESS.id}`;
const CONNECT = `PUT /business/update-connector/${BUSINESS.id}`;
const STRIPE_URL = 'https://app.example.com/api/webhooks/stripe/7';
const STRIPE_SECRET = 'whsec_4eC39HqLyjWDarjtT1zdp7dcA1b2C3d4';
const today = (hour: number, minute: number) => dayjs().hour(hour).minute(minute).second(0).millisecond(0).toISOString();

const stripe = (overrides: Partial<Connector> = {}): Connector => ({
  provider: 'stripe',
  webhookUrl: STRIPE_URL,
  createdAt: today(9, 0),
  lastEventAt: null,
  secretEnding: 'c3d4',
  events: [],
  ...overrides,
});

/** The settings screen with the connections the list answers (changed by the test as the server would). */
function renderSettings(connected: Connector[] = []) {
  localStorage.setItem(SELECTED_BUSINESS_STORAGE_KEY, JSON.stringify(BUSINESS));
  const api = signedInApi([BUSINESS]);
  const state = { connected };
  api.on(`GET /campaign/get-sender/${BUSINESS.id}`, [200, senders()]);
  api.on(LIST, () => [200, state.connected]);
  return { api, state, app: renderApp('/business-settings') };
}

const card = async (provider: string) => screen.findByTestId(`connector-${provider}`);

afterEach(() => vi.unstubAllGlobals());

// The whole settings screen renders with the card: room for a loaded 2-core machine.
describe('the connected systems card', { timeout: 40_000 }, () => {
  it('connects Stripe with its signing secret (refusing one that is not), then shows the address to paste with a copy button', async () => {
    const { api, state } = renderSettings();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    for (const provider of ['square', 'stripe', 'shopify']) expect(within(await card(provider)).getByText('Not connected')).toBeInTheDocument();

    const stripeCard = await card('stripe');
    expect(within(stripeCard).getByText(/Then reveal its Signing secret \(whsec_…\) and paste it here/)).toBeInTheDocument();
    const secret = within(stripeCard).getByLabelText('Stripe signing secret');
    fireEvent.change(secret, { target: { value: 'sk_live_abcdefghijklmnop' } });
    fireEvent.click(within(stripeCard).getByRole('button', { name: 'Connect Stripe' }));
    expect(await within(stripeCard).findByText(connectorMessages.secretShape.stripe)).toBeInTheDocument();
    expect(api.calls).not.toContain(CONNECT);

    api.on(CONNECT, () => {
      state.connected = [stripe()];
      return [200, { webhookUrl: STRIPE_URL }];
    });
    fireEvent.change(secret, { target: { value: STRIPE_SECRET } });
    fireEvent.click(within(stripeCard).getByRole('button', { name: 'Connect Stripe' }));
    expect(await screen.findByText('Stripe Connected')).toBeInTheDocument();
    expect(api.bodies[CONNECT]).toEqual([{ provider: 'stripe', secret: STRIPE_SECRET }]);

    const address = await within(stripeCard).findByLabelText('Stripe webhook address');
    expect(address).toHaveValue(STRIPE_URL);
    // The Connect button is gone: the keyboard goes on from the address.
    await waitFor(() => expect(address).toHaveFocus());
    expect(within(stripeCard).getByText('Connected')).toBeInTheDocument();
    expect(within(stripeCard).getByText(/Events: checkout\.session\.completed and charge\.succeeded\./)).toBeInTheDocument();
    expect(within(stripeCard).getByTestId('stripe-last-event')).toHaveTextContent('No events yet: Stripe posts one with its next payment.');
    expect(within(stripeCard).getByText('Secret ending in …c3d4')).toBeInTheDocument();
    fireEvent.click(within(stripeCard).getByRole('button', { name: 'Copy the Stripe webhook address' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(STRIPE_URL));
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    // The others stay as they were.
    expect(within(await card('square')).getByText('Not connected')).toBeInTheDocument();
  });

  it("shows a connection's last event and recent outcomes, and disconnects it once confirmed", async () => {
    const events = [
      { receivedAt: today(14, 2), outcome: connectorOutcomes.visit(true, connectorOutcomes.requestScheduled) },
      { receivedAt: today(13, 40), outcome: connectorOutcomes.noReach },
    ];
    const { api, state } = renderSettings([stripe({ lastEventAt: today(14, 2), events })]);
    const stripeCard = await card('stripe');
    expect(await within(stripeCard).findByTestId('stripe-last-event')).toHaveTextContent('Last event: 14:02');
    expect(within(stripeCard).getAllByTestId('stripe-event').map((item) => item.textContent)).toEqual([
      '14:02Visitvisit recorded (new contact); review request scheduled',
      '13:40Ignoredignored: no email or phone',
    ]);

    const DISCONNECT = `DELETE /business/delete-connector/${BUSINESS.id}/stripe`;
    api.on(DISCONNECT, () => {
      state.connected = [];
      return [204];
    });
    fireEvent.click(within(stripeCard).getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Stripe' });
    expect(api.calls).not.toContain(DISCONNECT);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Stripe Disconnected')).toBeInTheDocument();
    expect(api.calls).toContain(DISCONNECT);
    await waitFor(() => expect(within(stripeCard).getByText('Not connected')).toBeInTheDocument());
    await waitFor(() => expect(within(stripeCard).getByLabelText('Stripe signing secret')).toHaveFocus());
  });

  it('says when the connections could not be loaded, and tries again', async () => {
    const { api, state } = renderSettings();
    api.on(LIST, [500, { message: 'The server could not answer.' }]);
    const error = await screen.findByText('The connected systems could not be loaded.');
    api.on(LIST, () => [200, state.connected]);
    // The page's other cards may fail too (their routes are not answered here): this card's button.
    fireEvent.click(within(error.closest('.ant-card')! as HTMLElement).getByRole('button', { name: 'Try again' }));
    expect(within(await card('shopify')).getByLabelText('Shopify webhook signing key')).toBeInTheDocument();
  });
});
