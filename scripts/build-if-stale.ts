import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// The browser app is built from src and the shared rules in domain; the precompress plugin is part of the build.
const BUILD_INPUTS = ['src', 'domain', 'index.html', 'vite.config.ts', 'scripts/vite-precompress.ts', 'package-lock.json'];
const BUILT_MARKER = join('dist', 'index.html');

function newestChange(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestChange(join(path, entry))), stats.mtimeMs);
}

function buildIsStale(): boolean {
  if (!existsSync(BUILT_MARKER)) return true;
  const builtAt = statSync(BUILT_MARKER).mtimeMs;
  return BUILD_INPUTS.filter((input) => existsSync(input)).some((input) => newestChange(input) > builtAt);
}

/** Builds the browser app when its sources are newer than the last build (run from the project root). */
export function buildBrowserAppIfStale() {
  if (!buildIsStale()) return;
  console.log('Building the browser app...');
  // Always a production build, also when started from a test runner (which sets NODE_ENV=test).
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
