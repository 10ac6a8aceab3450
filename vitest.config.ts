import { existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { postgresTestUrl } from './tests/support/postgres-url.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Test files of the unit and API projects run two at a time, even on two cores (vitest's default
 * there is one): much of a file's time is spent loading modules and PGlite and waiting on timers
 * and PostgreSQL, so two overlap well (the two API suites took 744 + 445 s one file at a time,
 * 405 + 312 s two at a time). Files on the shared PostgreSQL database must therefore not count
 * other owners' rows; one that does asks for a database of its own (startTestApp's `ownDatabase`).
 */
const NODE_WORKERS = 2;

/**
 * The server tests the embedded database runs when PostgreSQL runs them all: those that touch what
 * differs between the two (COPY and the import's batches, prepared statements and the review page,
 * locking and the job queue, the data folder and its lock, the startup lines), and a smoke pass of
 * each module. Without PostgreSQL, PGlite runs every file. Node 24 (.ci/node24) runs these on PostgreSQL.
 */
const API_SMOKE_FILES = [
  // What differs: writes by COPY or in batches, the list's query, the queue, locks, the data folder.
  'app',
  'automation',
  'contacts-derived-writes',
  'contacts-export',
  'contacts-import',
  'contacts-import-escaping',
  'contacts-list-pages',
  'contacts-revisions',
  'delivery',
  'demo-beside-server',
  'review-page',
  'shutdown',
  'terminal-logs',
  'visits-api',
  // A smoke pass of each module.
  'businesses',
  'campaigns',
  'check-in-page',
  'connectors',
  'contact-filters',
  'contacts',
  'inbound-mail',
  'sign-up',
  'webhooks',
].map((name) => `tests/api/${name}.test.ts`);

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 5432), timeout: 1000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

/**
 * Five projects: browser-app units (jsdom), server tests on PostgreSQL, those of them that touch
 * what differs on PGlite (API_SMOKE_FILES; all of them without PostgreSQL), end-to-end tests in
 * Chromium, and the resource generator's check (tests/scaffold). CI sets
 * STARBOOST_REQUIRE_ALL=1 so a missing PostgreSQL or Chromium fails the run instead of skipping
 * those projects.
 */
export default defineConfig(async () => {
  const requireAll = process.env.STARBOOST_REQUIRE_ALL === '1';
  const pgUrl = postgresTestUrl();
  const hasPostgres = await reachable(pgUrl);
  const hasChromium = existsSync(CHROMIUM);
  const missing = [!hasPostgres && `PostgreSQL at ${new URL(pgUrl).host}`, !hasChromium && `Chromium at ${CHROMIUM}`].filter(Boolean);
  if (missing.length && requireAll) throw new Error(`STARBOOST_REQUIRE_ALL=1 but not available: ${missing.join(', ')}`);
  if (missing.length) console.warn(`[starboost] skipping test projects, not available: ${missing.join(', ')}`);

  // STARBOOST_API_FILES: 'smoke' runs only the smoke files (Node 24's pass, .ci/node24), 'all' every
  // file on both databases (the generator's check names the files it runs).
  const apiFiles = process.env.STARBOOST_API_FILES;
  const serverProject = (name: string, database: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
    test: {
      name,
      maxWorkers: NODE_WORKERS,
      include:
        apiFiles === 'smoke' || (apiFiles !== 'all' && database === 'pglite' && hasPostgres) ? API_SMOKE_FILES : ['tests/api/**/*.test.ts'],
      environment: 'node',
      env: { STARBOOST_TEST_DB: database, ...(database === 'postgres' ? { STARBOOST_TEST_PG_URL: pgUrl } : {}) },
      globalSetup: database === 'postgres' ? ['tests/support/postgres-global-setup.ts'] : [],
      // Room for a loaded 2-core machine: tests wait for events, so a limit only ends a hang.
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  });

  // End-to-end tests run once, on the embedded database `npm start` uses (the server's own tests
  // cover PostgreSQL); STARBOOST_E2E_DB=postgres runs them on PostgreSQL instead.
  const e2eDatabase = process.env.STARBOOST_E2E_DB === 'postgres' && hasPostgres ? 'postgres' : 'pglite';
  const e2eProject: TestProjectInlineConfiguration = {
    test: {
      name: 'e2e',
      include: ['tests/e2e/**/*.test.ts'],
      environment: 'node',
      globalSetup: ['tests/support/e2e-global-setup.ts'],
      env: { CHROMIUM_PATH: CHROMIUM, STARBOOST_TEST_DB: e2eDatabase, ...(e2eDatabase === 'postgres' ? { STARBOOST_TEST_PG_URL: pgUrl } : {}) },
      fileParallelism: false,
      testTimeout: 120_000,
      hookTimeout: 180_000,
      // A screen waits for the server and the browser: 1 s (the default) is too short on a busy machine.
      expect: { poll: { timeout: 20_000 } },
      sequence: { groupOrder: 1 },
    },
  };

  return {
    test: {
      // CI's log also says how long each project took (tests/support/project-times.ts).
      reporters: process.env.CI ? ['default', './tests/support/project-times.ts'] : ['default'],
      projects: <TestProjectInlineConfiguration[]>[
        {
          plugins: [react()],
          test: {
            name: 'unit',
            include: ['tests/unit/**/*.test.{ts,tsx}'],
            environment: 'jsdom',
            setupFiles: ['tests/support/jsdom-setup.ts'],
            // Refine's CommonJS build would load a second copy of react-router; let Vite resolve it as ESM.
            server: { deps: { inline: [/@refinedev\//] } },
            // As for the server tests: a limit only ends a hang. A screen's first test in a file
            // took 21 s beside a CPU burner (the grid test, rendering 100 rows), over the 20 s it had.
            testTimeout: 60_000,
            maxWorkers: NODE_WORKERS,
          },
        },
        serverProject('api-pglite', 'pglite'),
        ...(hasPostgres ? [serverProject('api-postgres', 'postgres')] : []),
        ...(hasChromium ? [e2eProject] : []),
        {
          // npm run new-resource in a scratch copy, then the typecheck, lint and tests there: last,
          // alone, as it runs a project's worth of checks itself.
          test: {
            name: 'scaffold',
            include: ['tests/scaffold/**/*.test.ts'],
            environment: 'node',
            testTimeout: 900_000,
            hookTimeout: 120_000,
            sequence: { groupOrder: 3 },
          },
        },
      ],
    },
  };
});
