import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_EXPIRED } from '../../server/plugins/authentication';
import { PUBLIC_ROUTES, publicRoute } from '../../server/public-routes';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Authenticated by default: every route the app registers (every method, HEAD too, the browser
 * app's files included) is called without a session and must answer 401 with the session's
 * message, except the routes server/public-routes.ts declares public. A route added later is
 * refused to anonymous callers until it is declared there.
 */

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const registered: Array<{ method: Method; url: string }> = [];
let testApp: TestApp;
let staticDir: string;

beforeAll(async () => {
  // A built browser app, so its files' routes are walked too.
  staticDir = mkdtempSync(join(tmpdir(), 'starboost-public-routes-'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  writeFileSync(join(staticDir, 'assets', 'app-3f2a1b.js'), 'export const app = 1;');
  testApp = await startTestApp({ STATIC_DIR: staticDir }, {
    onRoute: (route) => {
      for (const method of [route.method].flat()) registered.push({ method: method as Method, url: route.url });
    },
  });
});
afterAll(async () => {
  await testApp?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

/** The route's path with a value in each parameter (`:id` -> 1) and wildcard. */
const pathOf = (url: string) => url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');

/** An anonymous call: no cookies, an empty JSON body where a body can go. */
const callAnonymously = (method: Method, url: string): Promise<LightMyRequestResponse> =>
  testApp.app.inject({
    method,
    url: pathOf(url),
    headers: { 'content-type': 'application/json' },
    ...(method === 'GET' || method === 'HEAD' ? {} : { payload: '{}' }),
  });

/** The session check's answer; a HEAD answer has no body, but only other credentials' 401s carry WWW-Authenticate. */
const refusedForNoSession = (response: LightMyRequestResponse, method: Method) =>
  response.statusCode === 401 &&
  (method === 'HEAD' ? !response.headers['www-authenticate'] : response.json<{ message: string }>().message === SESSION_EXPIRED);

const key = ({ method, url }: { method: string; url: string }) => `${method} ${url}`;

describe('routes are private unless declared public', () => {
  it('walks every route: the declaration names only routes that exist, and the app has private routes', () => {
    expect(registered.length).toBeGreaterThan(80);
    const declared = PUBLIC_ROUTES.flatMap((group) => group.routes);
    const unused = declared.filter((declaredRoute) => !registered.some((route) => publicRoute(route.method, route.url)?.route === declaredRoute));
    expect(unused, 'public routes declared that the app does not register').toEqual([]);
    expect(registered.filter((route) => !publicRoute(route.method, route.url)).length).toBeGreaterThan(50);
  });

  it('refuses an anonymous caller with 401 on every route not declared public', async () => {
    const privateRoutes = registered.filter((route) => !publicRoute(route.method, route.url));
    const open: string[] = [];
    for (const route of privateRoutes) {
      const response = await callAnonymously(route.method, route.url);
      if (!refusedForNoSession(response, route.method)) open.push(`${key(route)}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(open, 'private routes that answered an anonymous caller').toEqual([]);
  });

  it('lets an anonymous caller reach every route declared public (its own credential may still refuse it)', async () => {
    const publicRoutes = registered.filter((route) => publicRoute(route.method, route.url));
    expect(publicRoutes.length).toBeGreaterThan(25);
    const closed: string[] = [];
    for (const route of publicRoutes) {
      const response = await callAnonymously(route.method, route.url);
      if (refusedForNoSession(response, route.method)) closed.push(`${key(route)} (${publicRoute(route.method, route.url)!.credential}): ${response.statusCode}`);
    }
    expect(closed, 'public routes that asked for a session').toEqual([]);
  });
});
