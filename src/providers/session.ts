import type { AuthActionResponse } from '@refinedev/core';
import { toasts } from '#domain/messages';
import { SIGNED_IN_HINT_COOKIE } from '#domain/session';
import type { LoginPayload } from '#domain/rules';
import { API_BASE } from './api-base';
import { statusInWords } from './status-words';

/**
 * The session calls the sign-in page makes (is there a session, sign in, renew it), with `fetch`
 * rather than the app's HTTP client: the sign-in page is most visits' first screen and loads
 * neither axios nor Refine (src/App.tsx). Same origin, the session cookies, JSON only.
 */
type Answer = { ok: boolean; status: number; body: { message?: unknown } };

/** Null when the server was not reached. The body is always read, so the request ends (a browser keeps an unread one open). */
async function post(path: string, body: unknown = {}): Promise<Answer | null> {
  try {
    const response = await fetch(`${API_BASE}${path}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { ok: response.ok, status: response.status, body: parseObject(text) };
  } catch {
    return null;
  }
}

function parseObject(text: string): Answer['body'] {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : {};
  } catch {
    return {};
  }
}

let refreshInFlight: Promise<boolean> | null = null;

/** Renews the session once for every caller that saw a 401 at the same time (the HTTP client's too). */
export function refreshSession(): Promise<boolean> {
  refreshInFlight ??= post('/auth/refresh-token')
    .then((response) => Boolean(response?.ok))
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

const signedInHere = () => document.cookie.split('; ').some((cookie) => cookie.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));

/**
 * Whether the browser holds a live session. A browser that never signed in (or signed out) is not
 * asked about; only an expired access token is worth a refresh; any other failure means no.
 */
export async function hasSession(): Promise<boolean> {
  if (!signedInHere()) return false;
  const authorize = await post('/auth/authorize');
  if (authorize?.status !== 401) return Boolean(authorize?.ok);
  return (await refreshSession()) && Boolean((await post('/auth/authorize'))?.ok);
}

/** Refine's login answer for a sign-in: the server's message as the toast's title when it sent one. */
export async function signIn(payload: LoginPayload): Promise<AuthActionResponse> {
  const response = await post('/auth/sign-in', payload);
  if (response?.ok) return { success: true, redirectTo: '/dashboard', successNotification: toasts.loginSuccess };
  const message = response?.body.message;
  const title = response ? (typeof message === 'string' && message ? message : statusInWords(response.status)) : toasts.signInFailedFallback;
  return { success: false, error: { name: title, message: toasts.operationFailed } };
}
