import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { postgresTestUrl } from './postgres-url';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/** Creates a throw-away database on the PostgreSQL server, migrates it once, and drops it afterwards. */
export default async function setup(project: TestProject) {
  // The project's `env` reaches the test workers, not this main-process hook: fall back to the same source.
  const serverUrl = process.env.STARBOOST_TEST_PG_URL ?? postgresTestUrl();
  const name = `starboost_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  await database.migrate();
  await database.close();
  project.provide('postgresUrl', url.toString());

  return async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}
