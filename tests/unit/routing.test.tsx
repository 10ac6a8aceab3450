import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SELECTED_BUSINESS_STORAGE_KEY } from '#domain';
import { installFixtureApi, signedInApi, signedOutApi } from '../support/fixture-api';
import { renderApp } from '../support/render-app';

describe('route guards and redirects', () => {
  it('sends a signed-out visitor of a protected screen to /login after trying one refresh', async () => {
    const api = signedOutApi();
    const app = renderApp('/dashboard');
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(api.calls).toContain('POST /auth/refresh-token');
  });

  it('asks nothing of the server for a browser that never signed in (no 401 in the console): straight to /login', async () => {
    const api = installFixtureApi();
    const app = renderApp('/dashboard');
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(await app.findByLabelText('Email')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.startsWith('POST /auth/'))).toEqual([]);
  });

  it.each([
    ['a server error', [500, { message: 'Something went wrong on our side.' }] as const],
    ['no answer', [0] as const],
  ])('treats %s from the session check as signed out, without trying a refresh', async (_what, reply) => {
    const api = signedOutApi();
    api.on('POST /auth/authorize', [...reply]);
    api.on('POST /auth/refresh-token', [200, { success: true }]);
    const app = renderApp('/dashboard');
    await waitFor(() => expect(app.location()).toBe('/login'));
    // Each guard on the way (/dashboard, /, /login) checks the session; none tries a refresh.
    expect(api.calls).toContain('POST /auth/authorize');
    expect(api.calls).not.toContain('POST /auth/refresh-token');
  });

  it('renews the session once for several calls refused with 401 at the same time, then repeats each of them', async () => {
    const api = signedInApi([{ id: 3, name: 'Corner Bakery' }]);
    let refreshed = false;
    let refusals = 0;
    let bothRefused!: () => void;
    const secondRefusal = new Promise<void>((resolve) => (bothRefused = resolve));
    const untilRefreshed = (reply: [number, unknown]) => (): [number, unknown] => {
      if (refreshed) return reply;
      if (++refusals === 2) bothRefused();
      return [401, { message: 'Your session has expired. Please sign in again.' }];
    };
    api.on('GET /user/get-current-user', untilRefreshed([200, { firstName: 'Ada', lastName: 'Lovelace' }]));
    api.on('GET /business/get-current-users-businesses', untilRefreshed([200, [{ id: 3, name: 'Corner Bakery' }]]));
    // The refresh answers only once both calls were refused: the second one must wait for it, not start another.
    api.on('POST /auth/refresh-token', async () => {
      await secondRefusal;
      refreshed = true;
      return [200, { success: true }];
    });
    const app = renderApp('/dashboard');
    expect(await app.findByText('Ada Lovelace')).toBeInTheDocument();
    await waitFor(() => expect(app.getByTestId('business-switcher')).toHaveTextContent('Corner Bakery'));
    expect(api.calls.filter((call) => call === 'POST /auth/refresh-token')).toHaveLength(1);
    expect(api.calls.filter((call) => call === 'GET /user/get-current-user')).toHaveLength(2);
    expect(api.calls.filter((call) => call === 'GET /business/get-current-users-businesses')).toHaveLength(2);
    expect(app.location()).toBe('/dashboard');
  });

  it('shows the spinner while the session check runs', async () => {
    signedOutApi().on('POST /auth/authorize', () => new Promise(() => {}));
    const app = renderApp('/dashboard');
    expect(await app.findByTestId('full-screen-spinner')).toBeInTheDocument();
  });

  it('renews an expired access token once and stays on the protected screen', async () => {
    let authorizeCalls = 0;
    const api = signedInApi([]);
    api.on('POST /auth/authorize', () => (++authorizeCalls === 1 ? [401, { message: 'expired' }] : [200, {}]));
    api.on('POST /auth/refresh-token', [200, { success: true }]);
    const app = renderApp('/dashboard');
    expect(await app.findByText('Welcome to Starboost!')).toBeInTheDocument();
    expect(app.location()).toBe('/dashboard');
    expect(api.calls.filter((call) => call === 'POST /auth/refresh-token')).toHaveLength(1);
  });

  it("asks about the session once as the app opens on a screen (Refine's route-change check is off)", async () => {
    localStorage.setItem(SELECTED_BUSINESS_STORAGE_KEY, JSON.stringify({ id: 7, name: 'Bakery' }));
    const api = signedInApi([{ id: 7, name: 'Bakery' }]);
    const app = renderApp('/reputation');
    expect(await app.findByRole('heading', { name: 'Reputation' })).toBeInTheDocument();
    expect(api.calls.filter((call) => call === 'POST /auth/authorize')).toHaveLength(1);
  });

  it('sends a signed-in user away from /login to /dashboard', async () => {
    signedInApi([]);
    const app = renderApp('/login');
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
  });

  it('sends unknown paths to /login', async () => {
    signedOutApi();
    const app = renderApp('/no/such/page');
    await waitFor(() => expect(app.location()).toBe('/login'));
  });

  it.each(['/contacts', '/campaigns', '/reputation'])('sends %s to / and on to /dashboard without a selected business', async (path) => {
    signedInApi([]);
    const app = renderApp(path);
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
  });

  it('shows Reputation with a selected business', async () => {
    localStorage.setItem(SELECTED_BUSINESS_STORAGE_KEY, JSON.stringify({ id: 7, name: 'Bakery' }));
    signedInApi([{ id: 7, name: 'Bakery' }]);
    const app = renderApp('/reputation');
    expect(await app.findByRole('heading', { name: 'Reputation' })).toBeInTheDocument();
    expect(app.location()).toBe('/reputation');
  });
});
