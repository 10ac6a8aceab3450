import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';
import { SIGNED_IN_HINT_COOKIE } from '#domain/session';
import { http } from '../../src/providers/http';

/** A status and body; status 0 stands for no answer at all (the server could not be reached). */
type Reply = [status: number, body?: unknown];
type Handler = (body: unknown, config: InternalAxiosRequestConfig) => Reply | Promise<Reply>;

export type FixtureApi = {
  /** Every request made, as 'METHOD /path'. */
  calls: string[];
  bodies: Record<string, unknown[]>;
  on(route: string, handler: Handler | Reply): void;
};

/**
 * A fixture transport for the real HTTP client (and for `fetch`): routes like 'POST /auth/authorize'
 * answer with canned statuses and bodies, so the real providers run without a server.
 */
export function installFixtureApi(routes: Record<string, Handler | Reply> = {}): FixtureApi {
  setSignedInHint(false);
  const table = new Map<string, Handler>();
  const api: FixtureApi = {
    calls: [],
    bodies: {},
    on(route, handler) {
      table.set(route, typeof handler === 'function' ? handler : () => handler);
    },
  };
  Object.entries(routes).forEach(([route, handler]) => api.on(route, handler));

  const adapter: AxiosAdapter = async (config) => {
    const route = `${config.method?.toUpperCase()} ${config.url}`;
    api.calls.push(route);
    const body = typeof config.data === 'string' && config.data ? JSON.parse(config.data) : config.data;
    (api.bodies[route] ??= []).push(body);
    const handler = table.get(route);
    const [status, data] = handler ? await handler(body, config) : [404, { message: `No fixture for ${route}` }];
    setsSessionCookies(route, status);
    if (status === 0) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, null);
    const response: AxiosResponse = { data, status, statusText: String(status), headers: {}, config };
    if (status >= 400) throw new AxiosError(`Request failed with status ${status}`, String(status), config, null, response);
    return response;
  };
  http.defaults.adapter = adapter;
  // The sign-in page's session calls use fetch (src/providers/session.ts): the same routes answer them.
  globalThis.fetch = async (input, init) => {
    const url = new URL(String(input), window.location.href);
    const config = { method: (init?.method ?? 'GET').toLowerCase(), url: url.pathname.replace(/^\/api/, ''), data: init?.body } as InternalAxiosRequestConfig;
    const asResponse = ({ status, data }: { status: number; data: unknown }) =>
      new Response(status === 204 ? null : JSON.stringify(data ?? null), { status, headers: { 'content-type': 'application/json' } });
    try {
      return asResponse(await adapter(config));
    } catch (error) {
      const failed = error as AxiosError;
      if (!failed.response) throw new TypeError('Failed to fetch', { cause: error });
      return asResponse(failed.response);
    }
  };
  return api;
}

/** The cookie the server sets on sign-in and clears on sign-out, which tells the app to ask about a session at all. */
export function setSignedInHint(present: boolean) {
  document.cookie = present ? `${SIGNED_IN_HINT_COOKIE}=1; path=/` : `${SIGNED_IN_HINT_COOKIE}=; path=/; max-age=0`;
}

// What the server's Set-Cookie does to the hint (server/auth/routes.ts).
function setsSessionCookies(route: string, status: number) {
  if ((route === 'POST /auth/sign-in' || route === 'POST /auth/refresh-token') && status === 200) setSignedInHint(true);
  if (route === 'POST /auth/sign-out' || (route === 'POST /auth/refresh-token' && status === 401)) setSignedInHint(false);
}

export const signedInUser = { id: 1, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };

/** A business as the API answers it (address and settings filled in). */
export const fixtureBusiness = ({ id, name }: { id: number; name: string }) => ({
  id,
  name,
  streetName: 'Main Street',
  streetNumber: '1',
  country: 'Germany',
  city: 'Berlin',
  postalCode: '10115',
  // Phone numbers are read and shown as German ones.
  region: 'DE',
  reviewSites: [{ name: 'Google', url: 'https://g.page/r/example/review' }],
  reviewRequestCapDays: 30,
  textCountries: [],
  senderName: null,
  replyTo: null,
});

/** A signed-in owner with the given businesses. */
export function signedInApi(businesses: Array<{ id: number; name: string }> = []) {
  const api = installFixtureApi({
    'POST /auth/authorize': [200, signedInUser],
    'GET /user/get-current-user': [200, signedInUser],
    'GET /business/get-current-users-businesses': [200, businesses.map(fixtureBusiness)],
  });
  setSignedInHint(true);
  return api;
}

/** A browser that signed in once, whose session has ended: authorize and refresh both answer 401. */
export function signedOutApi() {
  const api = installFixtureApi({
    'POST /auth/authorize': [401, { message: 'You are not signed in.' }],
    'POST /auth/refresh-token': [401, { message: 'You are not signed in.' }],
  });
  setSignedInHint(true);
  return api;
}
