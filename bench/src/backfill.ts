import { createServer } from 'node:net';
import { buildApp } from '@parallels/server/app';
import { loadConfig } from '@parallels/server/config';
import { openDatabase, queryRows } from '@parallels/server/db/client';
import { loadTokenKeyring } from '@parallels/server/lib/token-keyring';
import { seedDemo } from '@parallels/server/sandbox/demo';
import { runBackfill, type JobDeps } from '@parallels/server/sync/backfill.job';
import { sql } from 'drizzle-orm';

/**
 * bench/backfill: the demo brand's two-year backfill against the emulators in their realistic-quota mode,
 * on embedded PGlite, in the order the queue runs it (every connection's newest 60 days, then history).
 * Prints wall time, platform calls per platform, when the newest 60 days were ready, and the floor: the calls
 * made times the median round trip of the cheapest call to the same emulator (what a perfect client would
 * still spend on the wire), for the budget "within 1.2x of the floor".
 */
async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: String(port), PUBLIC_URL: origin, TOKEN_ENCRYPTION_KEYS: `bench:${Buffer.alloc(32, 7).toString('base64')}` });
const database = await openDatabase({});
const app = await buildApp({ config, database });
await app.listen({ port, host: '127.0.0.1' });
await fetch(`${origin}/sandbox/meta/__admin/quota`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'realistic' }) });
const keyring = loadTokenKeyring(config);
await seedDemo(app, { db: database.db, keyring });
const deps: JobDeps = { db: database.db, config, keyring, log: app.log };
const conns = await queryRows<{ id: string; platform: string }>(database.db, sql`select id, platform from connections order by platform`);

const calls: Record<string, number> = {};
const seconds: Record<string, number> = {};
const started = performance.now();
for (const c of conns) {
  const t0 = performance.now();
  const r = await runBackfill(deps, c.id, 'recent');
  calls[c.platform] = (calls[c.platform] ?? 0) + r.calls;
  seconds[c.platform] = (seconds[c.platform] ?? 0) + (performance.now() - t0) / 1000;
}
const recentReady = (performance.now() - started) / 1000;
for (const c of conns) {
  const t0 = performance.now();
  const r = await runBackfill(deps, c.id, 'history');
  calls[c.platform] = (calls[c.platform] ?? 0) + r.calls;
  seconds[c.platform] = (seconds[c.platform] ?? 0) + (performance.now() - t0) / 1000;
}
const wall = (performance.now() - started) / 1000;

// The floor: median round trip of a cheap authenticated call per emulator, times the calls made.
async function medianMs(url: string, init: RequestInit = {}): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 15; i++) {
    const t0 = performance.now();
    await (await fetch(url, init)).arrayBuffer();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[7]!;
}
const rtt = await medianMs(`${origin}/api/health`);
let floorSeconds = 0;
for (const n of Object.values(calls)) floorSeconds += (n * rtt) / 1000;

const [facts] = await queryRows<{ orders: number; meta: number; google: number; ga4: number }>(
  database.db,
  sql`select (select count(*)::int from store_orders) as orders, (select count(*)::int from meta_ad_daily) as meta, (select count(*)::int from google_view_daily) as google, (select count(*)::int from ga4_dimension_daily) as ga4`,
);
console.log(`backfill: demo brand, ${config.syncHistoryDays} days, ${conns.length} connections, PGlite`);
for (const p of Object.keys(calls).sort()) console.log(`backfill: ${p.padEnd(10)} ${String(calls[p]).padStart(4)} calls  ${seconds[p]!.toFixed(1).padStart(6)} s`);
console.log(`backfill: newest 60 days of every connection ready after ${recentReady.toFixed(1)} s (budget 60 s)`);
console.log(`backfill: two years done in ${wall.toFixed(1)} s wall; floor ${floorSeconds.toFixed(2)} s (${Object.values(calls).reduce((a, b) => a + b, 0)} calls x ${rtt.toFixed(1)} ms median round trip); ratio ${(wall / floorSeconds).toFixed(1)}x (budget 1.2x)`);
console.log(`backfill: rows: ${facts!.orders} orders, ${facts!.meta} Meta ad-days, ${facts!.google} Google Ads view-days, ${facts!.ga4} GA4 dimension-days`);
await app.close();
await database.close();
