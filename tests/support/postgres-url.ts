/** The PostgreSQL server the server tests also run against (each run gets its own fresh database). */
export function postgresTestUrl(): string {
  return process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
}
