import type { TestProject } from 'vitest/node';
import { startAppProcess } from './app-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** The app as `npm start` runs it, on a fresh embedded database; short access tokens to see renewal. */
export default async function setup(project: TestProject) {
  const app = await startAppProcess({ ACCESS_TOKEN_TTL_SECONDS: '4', AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  project.provide('baseUrl', app.baseUrl);
  return () => app.stop();
}
