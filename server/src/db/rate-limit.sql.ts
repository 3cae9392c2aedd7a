import { lt, sql } from 'drizzle-orm';
import type { Database } from './client.js';
import { rateLimitHits } from './schema.js';

/**
 * Counts one request against `key` in one statement: a window that has ended starts again at 1. Every API
 * process counts in the same row, so N processes behind a load balancer allow a client `max`, not N × `max`.
 */
export async function countHit(db: Database, key: string, windowMs: number): Promise<{ hits: number; ttlMs: number }> {
  const result = (await db.execute(sql`
    insert into rate_limit_hits as r (key, hits, window_ends_at)
    values (${key}, 1, clock_timestamp() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      hits = case when r.window_ends_at <= clock_timestamp() then 1 else r.hits + 1 end,
      window_ends_at = case when r.window_ends_at <= clock_timestamp() then excluded.window_ends_at else r.window_ends_at end
    returning hits, greatest(0, extract(epoch from (window_ends_at - clock_timestamp())) * 1000)::float8 as ttl_ms`)) as unknown as { rows: Array<{ hits: number | string; ttl_ms: number | string }> };
  const row = result.rows[0]!;
  return { hits: Number(row.hits), ttlMs: Math.ceil(Number(row.ttl_ms)) };
}

/** Deletes the counts whose window has ended (housekeeping). */
export async function deleteEndedRateLimitWindows(db: Database, now: Date): Promise<number> {
  const rows = await db.delete(rateLimitHits).where(lt(rateLimitHits.windowEndsAt, now)).returning({ key: rateLimitHits.key });
  return rows.length;
}
