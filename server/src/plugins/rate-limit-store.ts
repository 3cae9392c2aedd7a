import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db/client.js';
import { countHit } from '../db/rate-limit.sql.js';

interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
  groupId?: string;
}

/**
 * @fastify/rate-limit's store in the database instead of each process's memory (its default LocalStore): with
 * several API processes (PARALLELS_ROLE=api) a client's requests are counted together wherever the load
 * balancer sends them, so adding processes never multiplies anyone's allowance. Each route counts apart, as
 * LocalStore's per-route children do.
 */
export function databaseRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(private readonly scope = '') {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      countHit(db, `${this.scope}|${key}`, timeWindow).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    // called with the route's merged rate-limit settings, the route itself under routeInfo (the types say otherwise)
    child(options: object): FastifyRateLimitStore {
      const params = options as RouteParams;
      const route = params.routeInfo ?? {};
      return new DatabaseStore(params.groupId ?? `${[route.method ?? ''].flat().join(',')} ${route.url ?? ''}`);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}
