import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrateData } from './data-migrations';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Runs `setUp` while no other process sharing the database sets up (migrations, the job queue's schema). */
  exclusively<T>(setUp: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Any constant works; it only has to be the same in every process that sets up.
const SET_UP_LOCK_KEY = 727_001;

/** Raw SQL for what the query builder does not express well (JSON building, bulk upserts). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

type DatabaseOptions = { databaseUrl?: string; dataDir?: string; poolSize?: number };

/**
 * A real PostgreSQL server when a URL is given, else embedded PGlite kept in `dataDir`
 * (or in memory when `dataDir` is 'memory://'). Same schema and migrations on both.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir ?? './data');
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // Several processes (web and workers) may start at once: one sets up at a time, under a lock
  // held by a connection of its own.
  async function exclusively<T>(setUp: () => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [SET_UP_LOCK_KEY]);
      return await setUp();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [SET_UP_LOCK_KEY]).catch(() => {});
      client.release();
    }
  }
  return {
    db,
    kind: 'postgres',
    exclusively,
    migrate: () =>
      exclusively(async () => {
        await migratePg(db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder });
        await migrateData(db);
      }),
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string): Promise<Database> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // One process, one connection: nothing else can set up at the same time.
    exclusively: (setUp) => setUp(),
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
      await migrateData(db);
    },
    close: () => client.close(),
  };
}

export async function databaseState(db: Db): Promise<'up' | 'down'> {
  try {
    await db.execute(sql`select 1`);
    return 'up';
  } catch {
    return 'down';
  }
}
