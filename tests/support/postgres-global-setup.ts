import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { postgresTestUrl } from './postgres-url';
import { createScratchDatabase } from './scratch-database';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/** Creates a throw-away database on the PostgreSQL server, migrates it once, and drops it afterwards. */
export default async function setup(project: TestProject) {
  // The project's `env` reaches the test workers, not this main-process hook: fall back to the same source.
  const serverUrl = process.env.STARBOOST_TEST_PG_URL ?? postgresTestUrl();
  const scratch = await createScratchDatabase(serverUrl, 'starboost_test');
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
  await database.migrate();
  await database.close();
  project.provide('postgresUrl', scratch.url);
  return () => scratch.drop();
}
