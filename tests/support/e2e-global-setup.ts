import type { TestProject } from 'vitest/node';
import { startAppProcessOn } from './app-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/**
 * The app as `npm start` runs it, on a fresh embedded database or (STARBOOST_E2E_DB=postgres) a fresh
 * PostgreSQL database; a 30-second pacing minute so a
 * paced campaign stays running while the test pauses it, then completes within the test.
 */
export default async function setup(project: TestProject) {
  const database = project.config.env.STARBOOST_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  const app = await startAppProcessOn(database, {
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    PACING_MINUTE_MS: '30000',
  });
  project.provide('baseUrl', app.baseUrl);
  return () => app.stop();
}
