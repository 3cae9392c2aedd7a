import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client.js';
import { queueStats, syncLags } from './ops.sql.js';
import { QuotaLedger } from '../../sync/quota-ledger.js';

/**
 * The app's Prometheus metrics (issue 23 item 6), one registry per app (tests build many): request latency by
 * route, the job queue's depth and age by kind, each connection's sync lag, quota use by platform, and the process's own (CPU, memory,
 * event loop lag). Queue and lag are read from the database at scrape time, so any process (API or worker)
 * reports the fleet's.
 */
/** Called on the root instance (its onResponse hook must see every route). */
export function createMetrics(app: FastifyInstance, db: Database): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'parallels_' });

  const latency = new Histogram({
    name: 'parallels_http_request_duration_seconds',
    help: 'HTTP request latency by route (the route pattern, not the URL)',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    // unknown paths share one label: a scanner must not grow the series without bound
    latency.observe({ method: request.method, route: route ?? 'unmatched', status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  const depth = new Gauge({ name: 'parallels_queue_jobs', help: 'Jobs in the queue by kind and state (ready: due and waiting; deferred: waiting for a later start; active: running)', labelNames: ['kind', 'state'] as const, registers: [registry] });
  const age = new Gauge({ name: 'parallels_queue_oldest_ready_seconds', help: 'How long the oldest due job of a kind has waited for a worker', labelNames: ['kind'] as const, registers: [registry] });
  const lag = new Gauge({ name: 'parallels_sync_lag_seconds', help: "Seconds since an active connection's last successful sync (connections never synced are counted in parallels_sync_never_synced)", labelNames: ['brand_id', 'connection_id', 'platform'] as const, registers: [registry] });
  const never = new Gauge({ name: 'parallels_sync_never_synced', help: 'Active connections that have not completed a sync yet, by platform', labelNames: ['platform'] as const, registers: [registry] });
  // The fleet's quota ledger (decision 022): each shared platform budget's use in its current window.
  const quotaUsed = new Gauge({ name: 'parallels_quota_used', help: "A platform budget's use in its current window (operations, tokens, cost points, percent of Meta's budget, or calls in flight), across every worker", labelNames: ['platform', 'budget', 'period'] as const, registers: [registry] });
  const quotaCapacity = new Gauge({ name: 'parallels_quota_capacity', help: "A platform budget's size in the same unit as parallels_quota_used", labelNames: ['platform', 'budget', 'period'] as const, registers: [registry] });
  const quotaRefused = new Gauge({ name: 'parallels_quota_refused', help: 'Reservations the ledger refused on a budget since it was first used (each one a job delayed, not failed)', labelNames: ['platform', 'budget'] as const, registers: [registry] });
  const quotaByPlatform = new Gauge({ name: 'parallels_quota_use_ratio', help: "The most used budget of each platform: used / capacity (1 = every job that needs it waits for its refill)", labelNames: ['platform'] as const, registers: [registry] });
  const ledger = new QuotaLedger(db);
  const scrapeErrors = new Gauge({ name: 'parallels_metrics_database_up', help: '1 when the scrape could read the queue and sync state from the database, 0 when not', registers: [registry] });

  // One database read per scrape for all four gauges.
  let collecting: Promise<void> | undefined;
  const collect = async () => {
    depth.reset();
    age.reset();
    lag.reset();
    never.reset();
    for (const g of [quotaUsed, quotaCapacity, quotaRefused, quotaByPlatform]) g.reset();
    try {
      const [queues, lags, budgets] = await Promise.all([queueStats(db), syncLags(db), ledger.usage()]);
      const ratio = new Map<string, number>();
      for (const b of budgets) {
        quotaUsed.set({ platform: b.platform, budget: b.budgetKey, period: b.period }, b.used);
        quotaCapacity.set({ platform: b.platform, budget: b.budgetKey, period: b.period }, b.capacity);
        quotaRefused.set({ platform: b.platform, budget: b.budgetKey }, b.refused);
        if (b.capacity > 0) ratio.set(b.platform, Math.max(ratio.get(b.platform) ?? 0, b.used / b.capacity));
      }
      for (const [platform, r] of ratio) quotaByPlatform.set({ platform }, r);
      for (const q of queues) {
        depth.set({ kind: q.kind, state: 'ready' }, q.ready);
        depth.set({ kind: q.kind, state: 'deferred' }, q.deferred);
        depth.set({ kind: q.kind, state: 'active' }, q.active);
        age.set({ kind: q.kind }, q.oldestReadySeconds);
      }
      const neverByPlatform = new Map<string, number>();
      for (const l of lags) {
        if (l.lagSeconds === null) neverByPlatform.set(l.platform, (neverByPlatform.get(l.platform) ?? 0) + 1);
        else lag.set({ brand_id: l.brandId, connection_id: l.connectionId, platform: l.platform }, l.lagSeconds);
      }
      for (const [platform, n] of neverByPlatform) never.set({ platform }, n);
      scrapeErrors.set(1);
    } catch (e) {
      app.log.warn({ err: e }, 'metrics: the database did not answer');
      scrapeErrors.set(0);
    }
  };
  // prom-client calls collect() per metric, every metric's before any resolves (registry.metrics maps them all at
  // once): the first one reads, the others wait for the same read, and the next scrape reads again. (Cleared in a
  // timer it could outlive a scrape: on PGlite, queries resolve without the event loop reaching its timers.)
  const once = async () => {
    collecting ??= collect().finally(() => (collecting = undefined));
    await collecting;
  };
  for (const g of [depth, age, lag, never, quotaUsed, quotaCapacity, quotaRefused, quotaByPlatform, scrapeErrors]) (g as unknown as { collect: () => Promise<void> }).collect = once;
  return registry;
}

/** In production /metrics asks for METRICS_TOKEN as a bearer token; without one configured there it is closed. */
export function metricsAllowed(request: FastifyRequest, token: string | undefined, production: boolean): boolean {
  if (!production) return true;
  if (!token) return false;
  const header = request.headers.authorization ?? '';
  const sent = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}
