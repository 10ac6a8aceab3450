import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { launchChromium } from './chromium';

export { launchChromium };

/**
 * One Chromium for the test file, closed after it; call at the top level of the file. Every
 * context it opens reports Content-Security-Policy violations, and a test that caused any fails.
 * A failing test also prints the API calls of its pages: what answered, how, and what never did.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  const violations: string[] = [];
  const traffic = new ApiTraffic();
  beforeAll(async () => {
    browser = await launchChromium();
    const newContext = browser.newContext.bind(browser);
    // Reduced motion: a dialog or menu is usable as soon as it is shown, so no click lands on one
    // still animating in (on a loaded machine such clicks were lost).
    browser.newContext = async (options) => {
      const context = await newContext({ reducedMotion: 'reduce', ...options });
      await reportCspViolations(context, violations);
      traffic.watch(context);
      return context;
    };
  });
  beforeEach(({ onTestFailed }) => {
    traffic.clear();
    onTestFailed(() => console.error(traffic.report()));
  });
  afterEach(() => {
    const seen = violations.splice(0);
    expect(seen, 'Content-Security-Policy violations').toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

/** The app's API calls in a test, for the report of a failure: a stalled call shows as still waiting. */
class ApiTraffic {
  private readonly started = new Map<Request, number>();
  private readonly lines: string[] = [];
  private readonly since = Date.now();

  watch(context: BrowserContext) {
    const isApi = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');
    const finish = (request: Request, outcome: string) => {
      const started = this.started.get(request);
      if (started === undefined) return;
      this.started.delete(request);
      this.lines.push(this.line(request, started, `${outcome} after ${Date.now() - started} ms`));
    };
    context.on('request', (request) => isApi(request) && this.started.set(request, Date.now()));
    context.on('requestfinished', (request) =>
      void request.response().then(
        (response) => finish(request, String(response?.status() ?? '?')),
        () => finish(request, 'answered, page closed before it was read'),
      ),
    );
    context.on('requestfailed', (request) => finish(request, `failed (${request.failure()?.errorText ?? 'unknown'})`));
  }

  clear() {
    this.started.clear();
    this.lines.length = 0;
  }

  report() {
    const waiting = [...this.started].map(([request, started]) => this.line(request, started, `no answer after ${Date.now() - started} ms`));
    return ['API calls of the failed test (seconds since the file started):', ...this.lines.slice(-40), ...waiting].join('\n');
  }

  private line(request: Request, started: number, outcome: string) {
    return `+${((started - this.since) / 1000).toFixed(1)}s ${request.method()} ${new URL(request.url()).pathname} -> ${outcome}`;
  }
}

/** Collects what the page's policy blocked: the securitypolicyviolation events and Chromium's console errors. */
async function reportCspViolations(context: BrowserContext, violations: string[]) {
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline"} "${event.sample}" (${event.sourceFile}:${event.lineNumber})`),
    );
  });
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|CSP violation/i.test(message.text())) violations.push(message.text());
  });
}

/** The visible toast with this title. */
export const toast = (page: Page, title: string) => page.locator('.ant-notification-notice').filter({ hasText: title });

/**
 * Waits for the app to go to `url` after an action; when it shows an error toast instead, fails at
 * once with the toast's words, so a refused action reads as its reason rather than a timeout.
 */
export async function waitForURLOrErrorToast(page: Page, url: RegExp | string) {
  const errorToast = page.locator('.ant-notification-notice-error').first();
  await Promise.race([
    page.waitForURL(url),
    errorToast.waitFor().then(async () => {
      throw new Error(`Expected to reach ${url}, but the app said: ${await errorToast.textContent()}`);
    }),
  ]);
}

export const baseUrl = () => inject('baseUrl');

/** `timezoneId`: the browser's own time zone (the machine's when not given). */
export async function newAppPage(browser: Browser, viewport = { width: 1280, height: 800 }, { timezoneId }: { timezoneId?: string } = {}) {
  const context: BrowserContext = await browser.newContext({ viewport, baseURL: baseUrl(), timezoneId });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

const ARTIFACTS = join('artifacts', 'e2e');
/** Screenshots for people to look at; the folder is git-ignored. */
export async function screenshot(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

let counter = 0;
export function newOwner() {
  counter += 1;
  return {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: `grace.${Date.now()}.${counter}@example.com`,
    password: 'Str0ng!pass',
    phoneNumber: '4915112345678',
  };
}

/** Registers through the API (same origin as the app) so a test can start from sign-in. */
export async function registerOwner(page: Page, owner = newOwner()) {
  const response = await page.request.post('/api/auth/sign-up', {
    data: { ...owner, birthDate: '1985-03-09' },
    headers: { origin: baseUrl() },
  });
  if (response.status() !== 201) throw new Error(`sign-up failed: ${await response.text()}`);
  return owner;
}

export async function signIn(page: Page, owner: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/dashboard');
}

/** Adds a business through the form and waits for the dashboard that greets it. */
export async function addBusiness(page: Page, name: string) {
  await page.goto('/add-new-business');
  const values: Record<string, string> = {
    Name: name,
    'Street name': 'Main Street',
    'Street number': '12',
    Country: 'Germany',
    City: 'Berlin',
    'Postal code': '10115',
  };
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: /Create business/ }).click();
  await page.waitForURL('**/dashboard');
}

/**
 * API calls in the page's session, as the app makes them: same origin, and on a 401 (the short
 * test access token expired while a loaded machine was busy) the session is renewed once with
 * the refresh token and the call repeated.
 */
export async function apiCall(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
  const send = () => page.request.fetch(path, { method, data, headers: { origin: baseUrl() } });
  const first = await send();
  if (first.status() !== 401) return first;
  const renewed = await page.request.post('/api/auth/refresh-token', { headers: { origin: baseUrl() } });
  if (!renewed.ok()) return first;
  return send();
}
