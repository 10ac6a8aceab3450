import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';

type Hit = { current: number; ttl: number };
type Callback = (error: Error | null, hit?: Hit) => void;
// What the plugin passes to child(): the route's options under routeInfo (its types say otherwise).
type RouteOptions = { url?: string; routeInfo?: { method?: unknown; url?: string } };

/** Expired windows are swept by every this many counts of a process, not by a timer of its own. */
const SWEEP_EVERY = 500;

/**
 * A store for @fastify/rate-limit that counts in PostgreSQL, so every web process sharing the
 * database counts the same attempts (an in-memory count would let N processes allow N times as
 * many). Fixed windows: the first hit opens a window of `timeWindow`, later hits add to it until it
 * ends. `namespace` keeps apart servers that share a database but must not share counts (tests).
 */
export function postgresRateLimitStore(db: Db, namespace = '') {
  let counted = 0;

  class PostgresRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = `${namespace}:`,
    ) {}

    // @fastify/rate-limit always passes the route's window (its type declarations leave it out).
    incr(key: string, callback: Callback, timeWindow = 60_000) {
      counted += 1;
      const sweep = counted % SWEEP_EVERY === 0;
      countHit(db, hashed(this.prefix + key), timeWindow, sweep).then(
        (hit) => callback(null, hit),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: RouteOptions) {
      const route = `${String(routeOptions.routeInfo?.method ?? '')}${routeOptions.routeInfo?.url ?? ''}`;
      return new PostgresRateLimitStore(undefined, `${this.prefix}${route}:`);
    }
  }
  return PostgresRateLimitStore;
}

// Keys hold client addresses and email addresses: only their digest is stored.
const hashed = (key: string) => createHash('sha256').update(key).digest('base64url');

async function countHit(db: Db, key: string, windowMs: number, sweep: boolean): Promise<Hit> {
  if (sweep) await db.execute(sql`delete from rate_limit_hits where window_ends_at < now()`);
  const [hit] = await queryRows<{ current: number; ttl: number }>(
    db,
    sql`insert into rate_limit_hits as hits (key, hits, window_ends_at)
        values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set
          hits = case when hits.window_ends_at <= now() then 1 else hits.hits + 1 end,
          window_ends_at = case when hits.window_ends_at <= now() then excluded.window_ends_at else hits.window_ends_at end
        returning hits as current, greatest(0, ceil(extract(epoch from window_ends_at - now()) * 1000))::int as ttl`,
  );
  return hit!;
}
