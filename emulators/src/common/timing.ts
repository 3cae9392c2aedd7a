import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from './context.js';
import { sleep } from './faults.js';

/**
 * Server timing and realistic latency, shared by every platform emulator.
 *
 * Every response carries the standard `Server-Timing` header (W3C Server Timing) with the emulator's own time:
 *   `Server-Timing: app;dur=3.1`                    time spent on the request in the emulator (parse, work,
 *                                                   serialize: onRequest to onSend), in ms
 *   `..., latency;dur=300`                          realistic latency added on top, as waiting (see below)
 *   `..., job;dur=4200`                             an asynchronous job this call started (a Meta report run, a
 *                                                   Shopify bulk operation) is ready this many ms after it
 * A client (the backfill benchmark) reads them to know what the platform itself spent on each call.
 *
 * Realistic latency: when the quota mode is 'realistic' AND its latency setting is 'realistic'
 * (`PUT /__admin/quota {"mode":"realistic","latency":"realistic"}`), data calls wait the platform's typical
 * latency (REALISTIC_LATENCY) before their answer is sent, and async jobs finish after a realistic time
 * instead of after a few polls. The wait is a timer (setTimeout), never CPU, so an emulator serving several
 * clients keeps serving while one waits. Off by default: tests stay fast.
 */

/** Typical latencies in ms, modelled on platform-apis.md (see emulators/README.md, "Realistic latency"). */
export const REALISTIC_LATENCY = {
  meta: {
    /** any Graph read (edges, nodes, a report run's status, a page of its results) */
    callMs: 200,
    /** POST /act_{id}/insights: creating an async report run */
    createRunMs: 300,
    /** a report run finishes this long after it was created ('a few seconds'; reference 1.8: poll every 5-30 s) ... */
    runBaseMs: 3000,
    /** ... plus this much per day of its time range */
    runPerDayMs: 10,
  },
  google: {
    /** OAuth token, userinfo */
    callMs: 100,
  },
  googleAds: {
    /** googleAds:searchStream / googleAds:search page: a few hundred ms ... */
    queryMs: 300,
    /** ... plus this much per 1,000 rows streamed */
    perThousandRowsMs: 25,
    /** customers:listAccessibleCustomers */
    callMs: 150,
  },
  ga4: {
    /** runReport: a few hundred ms; batchRunReports: the same for its first report ... */
    reportMs: 300,
    /** ... plus this much for each further report in the batch */
    perExtraReportMs: 100,
    /** Admin API (accountSummaries, properties) */
    adminMs: 150,
  },
  shopify: {
    /** an Admin GraphQL call */
    graphqlMs: 100,
    /** a bulk operation's JSONL is ready this long after bulkOperationRunQuery ('several seconds') ... */
    bulkBaseMs: 3000,
    /** ... plus this much per 1,000 objects (lines) in the file */
    bulkPerThousandObjectsMs: 100,
    /** the bulk file's first byte (a signed storage URL) */
    fileMs: 150,
  },
  zoho: {
    callMs: 200,
  },
} as const;

interface Timing {
  start: number;
  /** latency chosen by the handler for this answer (overrides the platform's default) */
  latencyMs?: number;
  /** extra Server-Timing metrics, in order */
  metrics: Array<{ name: string; ms: number }>;
}

const timings = new WeakMap<FastifyRequest, Timing>();

/** true when the emulators add realistic latency (realistic quota mode with realistic latency) */
export function latencyOn(ctx: EmulatorContext): boolean {
  return ctx.quota.mode === 'realistic' && ctx.quota.latency === 'realistic';
}

/** The latency this answer waits before it is sent (only applied when latencyOn). */
export function setLatency(req: FastifyRequest, ms: number): void {
  const t = timings.get(req);
  if (t) t.latencyMs = Math.max(0, ms);
}

/** One more Server-Timing metric on this answer (e.g. `job`: when the async job it started is ready). */
export function addServerTiming(req: FastifyRequest, name: string, ms: number): void {
  timings.get(req)?.metrics.push({ name, ms });
}

/**
 * A fault plan's latency (`latencyMs`): holds the answer that long and says so in Server-Timing (`fault;dur=`),
 * so tests read what was injected from the answer itself and bench/src/emulator-timing.ts measures the wait.
 */
export async function injectFaultLatency(req: FastifyRequest, ms: number | undefined): Promise<void> {
  if (!ms || ms <= 0) return;
  addServerTiming(req, 'fault', ms);
  await sleep(ms);
}

const fmt = (ms: number) => (Math.round(ms * 10) / 10).toString();

/**
 * Register on a platform's Fastify scope, before its routes: every answer gets `Server-Timing`; when
 * latencyOn, answers to requests for which `defaultLatency` (or the handler, through setLatency) gives a
 * positive value are held that long first. Admin routes (`/__admin/...`) never wait.
 */
export function registerServerTiming(app: FastifyInstance, ctx: EmulatorContext, defaultLatency: (req: FastifyRequest) => number = () => 0): void {
  app.addHook('onRequest', async (req) => {
    timings.set(req, { start: performance.now(), metrics: [] });
  });
  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const t = timings.get(req);
    if (!t) return payload;
    const appMs = performance.now() - t.start;
    let wait = 0;
    if (latencyOn(ctx) && !req.url.includes('/__admin/')) wait = t.latencyMs ?? defaultLatency(req);
    const parts = [`app;dur=${fmt(appMs)}`];
    if (wait > 0) parts.push(`latency;dur=${fmt(wait)}`);
    for (const m of t.metrics) parts.push(`${m.name};dur=${fmt(m.ms)}`);
    reply.header('server-timing', parts.join(', '));
    if (wait > 0) await sleep(wait);
    return payload;
  });
}
