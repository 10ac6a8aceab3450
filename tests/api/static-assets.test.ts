import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFile } from '../../scripts/vite-precompress';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';

const SCRIPT = '/assets/app-3f2a1b.js';
// A script that compresses well, as built code does.
const source = Array.from({ length: 400 }, (_, i) => `export const value${i} = () => "some repeated text ${i % 7}";`).join('\n');

let staticDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'starboost-static-'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  writeFileSync(join(staticDir, SCRIPT), source);
  // What the build does to every asset (vite.config.ts).
  await precompressFile(join(staticDir, SCRIPT));
  app = await buildApp({ ...loadConfig({ LOG_LEVEL: 'silent', STATIC_DIR: staticDir }) }, { database: await openDatabase({ dataDir: 'memory://' }), logger: false });
});
afterAll(async () => {
  await app?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

const get = (url: string, encoding: string) => app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });

describe('built assets', () => {
  it.each([
    ['br', 'br', brotliDecompressSync],
    ['gzip', 'gz', gunzipSync],
  ] as const)('are sent as the %s file the build wrote, not compressed again', async (encoding, extension, decompress) => {
    const response = await get(SCRIPT, `${encoding}, identity`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.equals(readFileSync(join(staticDir, `${SCRIPT}.${extension}`)))).toBe(true);
    expect(decompress(response.rawPayload).toString()).toBe(source);
    expect(response.rawPayload.length).toBeLessThan(source.length / 5);
  });

  it('are sent as they are to a client that takes no compression', async () => {
    const plain = await get(SCRIPT, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toBe(source);
  });
});
