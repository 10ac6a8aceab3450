import pg from 'pg';

/** The PostgreSQL server the server tests also run against (each run gets its own fresh database). */
export function postgresTestUrl(): string {
  return process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
}

/** True when a PostgreSQL server answers at `url` within a second. */
export async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
