import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** What a row holds after a request has been counted. */
interface Counted {
  hits: number;
  ttl_ms: number | string;
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/**
 * Counts one request in `rate_limit_counters` and says where the window stands, in one statement: a new key or a
 * window that has ended starts again at 1, otherwise the count goes up. The database's clock decides, so processes
 * on machines whose clocks differ still share one window.
 */
async function count(db: Database, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const rows = rowsOf<Counted>(
    await db.execute(sql`
      insert into rate_limit_counters as c (key, hits, window_ends_at)
      values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
      on conflict (key) do update set
        hits = case when c.window_ends_at <= now() then 1 else c.hits + 1 end,
        window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at else c.window_ends_at end
      returning hits, ceil(extract(epoch from (window_ends_at - now())) * 1000) as ttl_ms`),
  );
  const row = rows[0];
  if (!row) throw new Error('The rate-limit counter returned no row');
  return { current: row.hits, ttl: Math.max(0, Number(row.ttl_ms)) };
}

/** Rows whose window ended: any process may drop them, as often as it likes. */
export async function dropEndedRateLimitWindows(db: Database): Promise<void> {
  await db.execute(sql`delete from rate_limit_counters where window_ends_at < now()`);
}

/**
 * A store for `@fastify/rate-limit` that keeps its counters in PostgreSQL, so that every process serving the same
 * instance counts the same requests: a client spreading its attempts over several processes meets one limit.
 *
 * Each limit set on a route counts apart, named by the route's method and address; the limits made with
 * `app.rateLimit(...)` have no route, and their keys already name what they count (`chat-reply|<id>`). The key
 * is stored hashed: the database never holds a client's address or account beside a route.
 */
export function postgresRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly namespace = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const hashed = createHash('sha256').update(`${this.namespace}\u0000${key}`).digest('base64url');
      count(db, hashed, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: { method?: unknown; url?: unknown; routeInfo?: { method?: unknown; url?: unknown } }): FastifyRateLimitStore {
      const route = routeOptions.routeInfo ?? {};
      const namespace = typeof route.url === 'string' ? `${[route.method].flat().join(',')} ${route.url}` : '';
      return new PostgresRateLimitStore(undefined, namespace);
    }
  }
  return PostgresRateLimitStore;
}
