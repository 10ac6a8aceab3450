import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSP_NONCE_PLACEHOLDER } from '#domain';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { cspAllowing } from '../../server/plugins/security-headers';
import { startOwnerAndStranger, withTestApp } from './helpers';
import type { ApiClient, TestApp } from '../support/test-app';

let testApp: TestApp;
let owner: ApiClient;
let businessId: number;
beforeAll(async () => {
  ({ testApp, owner, businessId } = await startOwnerAndStranger());
});
afterAll(() => testApp?.close());

const directives = (header: string | undefined) =>
  Object.fromEntries((header ?? '').split(';').map((directive) => {
    const [name, ...sources] = directive.trim().split(/\s+/);
    return [name, sources];
  }));

describe('security headers', () => {
  it.each([
    ['health', '/api/health'],
    ['the contacts list', '/api/contact/get-contacts/:businessId'],
    ['the businesses', '/api/business/get-current-users-businesses'],
    ['a missing route', '/api/no-such-route'],
  ])('every API answer (%s) has the CSP, no framing, nosniff, a referrer policy and no-store', async (_name, path) => {
    const response = await owner.get(path.replace(':businessId', String(businessId)));
    expect(response.statusCode).toBeLessThan(500);
    const csp = directives(response.headers['content-security-policy'] as string);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['style-src']).toEqual(["'self'", "'report-sample'", expect.stringMatching(/^'nonce-[0-9a-f]{32}'$/)]);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // Not no-referrer: a same-origin POST must keep its Origin header for the cross-site check.
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('the API docs may use inline styles (Swagger UI injects them) but still no inline or foreign scripts, and no framing', async () => {
    const response = await owner.get('/api/docs/');
    expect(response.statusCode).toBe(200);
    const csp = directives(response.headers['content-security-policy'] as string);
    expect(csp['style-src']).toContain("'unsafe-inline'");
    expect(csp['script-src']).toEqual(["'self'", "'report-sample'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
  });

  it('a new nonce for every response', async () => {
    const nonce = async () => directives((await owner.get('/api/health')).headers['content-security-policy'] as string)['style-src'][2];
    expect(await nonce()).not.toBe(await nonce());
  });

  it('HSTS when cookies are Secure (served over HTTPS), with insecure requests upgraded', async () => {
    await withTestApp({ COOKIE_SECURE: 'true' }, async ({ app }) => {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(directives(response.headers['content-security-policy'] as string)).toHaveProperty('upgrade-insecure-requests');
    });
  });

  it('the unsubscribe page styles itself with the response nonce', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/unsubscribe/00000000-0000-4000-8000-000000000000' });
    expect(response.statusCode).toBe(404);
    const styleNonce = directives(response.headers['content-security-policy'] as string)['style-src'][2].slice(7, -1);
    expect(response.body).toContain(`<style nonce="${styleNonce}">`);
  });

  it("public pages name their icon, and /favicon.ico answers it (no 404 in the visitor's console)", async () => {
    const page = await testApp.app.inject({ method: 'GET', url: '/r/not-a-real-token' });
    const icon = /<link rel="icon" href="([^"]+)" type="image\/svg\+xml">/.exec(page.body)?.[1];
    expect(icon).toBe('/favicon.svg');
    for (const url of [icon!, '/favicon.ico']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/svg+xml');
      expect(response.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      // Allowed by the pages' own policy (img-src 'self').
      expect(directives(page.headers['content-security-policy'] as string)['img-src']).toContain("'self'");
    }
  });

  it('a route can allow more sources (for a docs UI) on top of the policy', () => {
    const policy = cspAllowing(false, { 'script-src': ["'unsafe-eval'"], 'img-src': ['https://validator.example'] });
    expect(policy.directives['script-src']).toEqual(["'self'", "'report-sample'", "'unsafe-eval'"]);
    expect(policy.directives['img-src']).toEqual(["'self'", 'data:', 'https://validator.example']);
    expect(policy.directives['frame-ancestors']).toEqual(["'none'"]);
  });
});

describe('the browser app page', () => {
  it("carries the nonce of its own response's policy in every tag, and is never stored", async () => {
    const staticDir = mkdtempSync(join(tmpdir(), 'starboost-static-'));
    writeFileSync(
      join(staticDir, 'index.html'),
      `<!doctype html><html><head><style nonce="${CSP_NONCE_PLACEHOLDER}">body{}</style><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"></head><body></body></html>`,
    );
    const config = { ...loadConfig({ LOG_LEVEL: 'silent', STATIC_DIR: staticDir }) };
    const app = await buildApp(config, { database: await openDatabase({ dataDir: 'memory://' }), logger: false });
    try {
      for (const url of ['/', '/contacts', '/campaigns/12']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        const nonce = directives(response.headers['content-security-policy'] as string)['style-src'][2].slice(7, -1);
        expect(response.body).not.toContain(CSP_NONCE_PLACEHOLDER);
        expect(response.body).toContain(`<style nonce="${nonce}">`);
        expect(response.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
        expect(response.headers['cache-control']).toBe('no-store');
      }
      // The template itself is not served as a file.
      expect((await app.inject({ method: 'GET', url: '/index.html' })).body).not.toContain(CSP_NONCE_PLACEHOLDER);
    } finally {
      await app.close();
      rmSync(staticDir, { recursive: true, force: true });
    }
  });
});
