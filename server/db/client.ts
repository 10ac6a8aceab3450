import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { migrateData } from './data-migrations';
import type { Db } from './rows';
import * as schema from './schema';

// Where most modules look for them; they live in rows.ts, which data-migrations.ts (run from here) uses too.
export { preparedRows, queryRows, type Db } from './rows';

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
  let unlock = () => {};
  if (!dataDir.startsWith('memory://')) {
    mkdirSync(dataDir, { recursive: true });
    // One process per folder (data-dir-lock.ts): `npm run demo` beside `npm start` is refused, naming it.
    unlock = lockDataDir(dataDir);
  }
  const client = await PGlite.create(dataDir).catch((error: unknown) => {
    unlock();
    throw error;
  });
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
    async close() {
      await client.close();
      unlock();
    },
  };
}

/** The connection pool of a PostgreSQL database (for what drizzle does not do, such as COPY); undefined on PGlite. */
export function postgresPool(database: Database): pg.Pool | undefined {
  return database.kind === 'postgres' ? (database.db as unknown as { $client: pg.Pool }).$client : undefined;
}

export async function databaseState(db: Db): Promise<'up' | 'down'> {
  try {
    await db.execute(sql`select 1`);
    return 'up';
  } catch {
    return 'down';
  }
}
