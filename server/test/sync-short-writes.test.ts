import { connect, type AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { RequestsInFlight } from '../src/db/requests-in-flight.js';
import { DEMO_USER } from '../src/sandbox/demo.js';
import { runBackfill, runRefresh, type JobDeps } from '../src/sync/backfill.job.js';
import { yesterdayIn } from '@parallels/contract/days';
import { backfillWindows } from '../src/sync/windows.js';
import { Browser } from './browser.js';
import { pinnedDemoApp } from './pinned-demo.js';
import { DB_KINDS, type TestApp } from './test-app.js';

// Decision 027: on embedded PGlite a window no checkpoint covers is written in short transactions (so the app's
// requests are not held behind the whole window), its checkpoint with the last. What must stay true: the facts and
// rollups are exactly those of a one-transaction write, a report never shows a half-written window, a failure
// between steps duplicates and loses nothing, and a refresh of synced days is still one transaction.

const HISTORY_DAYS = 61; // two windows per connection: the newest 60 days and the day before them
const FACT_TABLES = ['store_orders', 'store_refunds', 'meta_ad_daily', 'meta_breakdown_daily', 'meta_campaigns', 'google_campaign_daily', 'google_view_daily', 'google_products', 'ga4_daily', 'ga4_dimension_daily'];
// derived tables, compared by a fingerprint of their contents (what a report reads)
const ROLLUPS: Record<string, string> = {
  ad_account_daily: 'select count(*)::int as n, coalesce(sum(spend), 0)::numeric(18,2)::text as a, coalesce(sum(revenue), 0)::numeric(18,2)::text as b from ad_account_daily',
  meta_breakdown_monthly: 'select count(*)::int as n, coalesce(sum(spend), 0)::numeric(18,2)::text as a, coalesce(sum(purchase_value), 0)::numeric(18,2)::text as b from meta_breakdown_monthly',
  meta_ad_monthly: 'select count(*)::int as n, coalesce(sum(spend), 0)::numeric(18,2)::text as a, coalesce(sum(impressions), 0)::text as b from meta_ad_monthly',
  meta_interest_monthly: 'select count(*)::int as n, coalesce(sum(spend), 0)::numeric(18,2)::text as a, coalesce(sum(revenue), 0)::numeric(18,2)::text as b from meta_interest_monthly',
  google_view_monthly: 'select count(*)::int as n, coalesce(sum(cost_micros), 0)::text as a, coalesce(sum(clicks), 0)::text as b from google_view_monthly',
  ga4_dimension_monthly: 'select count(*)::int as n, coalesce(sum(sessions), 0)::text as a, coalesce(sum(purchases), 0)::text as b from ga4_dimension_monthly',
};

describe.each(DB_KINDS)('short write transactions for windows nothing reads yet, on %s', (kind) => {
  let t: TestApp & { origin: string };
  let base: JobDeps;
  let conns: Array<{ id: string; platform: string; account_id: string }>;
  let brandId: string;
  let clean: Awaited<ReturnType<typeof snapshot>>;
  let windowCount: number;

  const snapshot = async () => {
    const out: Record<string, unknown> = {};
    for (const table of FACT_TABLES) out[table] = (await queryRows<{ n: number }>(t.database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;
    for (const [table, query] of Object.entries(ROLLUPS)) out[table] = (await queryRows(t.database.db, sql.raw(query)))[0];
    out.windows = (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from sync_windows`))[0]!.n;
    return out;
  };
  /** job deps whose short writes count their steps and run `onStep` before each */
  const stepped = (onStep: (n: number) => Promise<void> = async () => undefined) => {
    const steps = { n: 0 };
    const deps: JobDeps = { ...base, shortWrites: { beforeEach: async () => onStep(++steps.n) } };
    return { deps, steps };
  };
  const forgetHistory = async (connectionId?: string) => {
    const only = connectionId ? sql`where connection_id = ${connectionId}` : sql``;
    await t.database.db.execute(sql`delete from sync_windows ${only}`);
  };

  beforeAll(async () => {
    // the emulators' clock pinned: a refund the demo store processes later today must not appear between two runs
    ({ t, deps: base } = await pinnedDemoApp(kind, new Date(), HISTORY_DAYS));
    conns = await queryRows(t.database.db, sql`select id, platform, account_id from connections order by platform, account_id`);
    brandId = (await queryRows<{ brand_id: string }>(t.database.db, sql`select brand_id from connections limit 1`))[0]!.brand_id;
    const timezone = (await queryRows<{ timezone: string }>(t.database.db, sql`select timezone from brands where id = ${brandId}`))[0]!.timezone;
    windowCount = backfillWindows(yesterdayIn(timezone), HISTORY_DAYS).length;
  }, 120_000);
  afterAll(async () => t?.close());

  it('writes each new window in many short transactions, and ends with exactly what one transaction per window writes', async () => {
    const { deps, steps } = stepped();
    for (const c of conns) expect(await runBackfill(deps, c.id)).toMatchObject({ outcome: 'done', skipped: 0 });
    // several steps per window: the delete, the rows a chunk at a time, the rollups with the checkpoint
    expect(steps.n).toBeGreaterThan(conns.length * windowCount * 3);
    const shortly = await snapshot();
    expect(shortly.windows).toBe(conns.length * windowCount);

    // the same windows again in one transaction each (no short writes): the same facts and rollups
    await forgetHistory();
    for (const c of conns) expect(await runBackfill(base, c.id)).toMatchObject({ outcome: 'done', skipped: 0 });
    clean = await snapshot();
    expect(shortly).toEqual(clean);
  }, 240_000);

  it('a report asked between two steps shows the window being written as missing, never a partial sum', async () => {
    const shop = conns.find((c) => c.platform === 'shopify')!;
    const browser = new Browser(t.origin);
    expect((await browser.request('POST', '/api/auth/login/normal', { email: DEMO_USER.email, password: DEMO_USER.password })).status).toBe(200);
    await forgetHistory(shop.id);
    const window = backfillWindows(yesterdayIn('Asia/Kolkata'), HISTORY_DAYS)[0]!;
    let seen: { rowsSoFar: number; sales: Array<number | null> } | undefined;
    const { deps } = stepped(async (n) => {
      if (n !== 3 || seen) return;
      // some of the window's orders are in (the delete, then a chunk), its checkpoint is not
      const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from store_orders where brand_id = ${brandId} and order_date between ${window.from} and ${window.to}`);
      const res = await browser.request('GET', `/api/report/${brandId}?startDate=${window.from}&endDate=${window.to}`);
      expect(res.status).toBe(200);
      const body = JSON.parse(res.body) as { data: Array<{ totalSales: number | null; dailyMetrics: Array<{ totalSales: number | null }> }> };
      seen = { rowsSoFar: row!.n, sales: body.data.flatMap((m) => [m.totalSales, ...m.dailyMetrics.map((d) => d.totalSales)]) };
    });
    expect(await runBackfill(deps, shop.id)).toMatchObject({ outcome: 'done' });
    expect(seen?.rowsSoFar).toBeGreaterThan(0);
    expect(seen?.sales.length).toBeGreaterThan(0);
    expect(seen?.sales.every((s) => s === null)).toBe(true);
    expect(await snapshot()).toEqual(clean);
  }, 120_000);

  it('a failure between steps leaves the window without its checkpoint; the next run replaces it, duplicating and losing nothing', async () => {
    // Meta's breakdown cells ADD UP across pages (upsert with sum): leftover rows would double if not deleted first
    for (const platform of ['meta', 'google_ads', 'ga4', 'shopify']) {
      const c = conns.find((x) => x.platform === platform)!;
      await forgetHistory(c.id);
      const { deps } = stepped(async (n) => {
        if (n === 6) throw new Error('worker lost between two steps');
      });
      await expect(runBackfill(deps, c.id)).rejects.toThrow('worker lost between two steps');
      const [committed] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from sync_windows where connection_id = ${c.id}`);
      expect(committed!.n, platform).toBe(0);
      const { deps: again } = stepped();
      expect(await runBackfill(again, c.id)).toMatchObject({ outcome: 'done', skipped: 0 });
    }
    expect(await snapshot()).toEqual(clean);
  }, 240_000);

  it('a refresh of synced days stays one transaction', async () => {
    const meta = conns.find((c) => c.platform === 'meta')!;
    const { deps, steps } = stepped();
    expect(await runRefresh(deps, meta.id)).toMatchObject({ outcome: 'done' });
    expect(steps.n).toBe(0);
  });
});

describe('RequestsInFlight', () => {
  it('counts /api requests until answered or aborted, and a writer waits for them a bounded while', async () => {
    const app = Fastify();
    const requests = new RequestsInFlight();
    requests.track(app);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    app.get('/api/slow', async () => {
      await held;
      return { ok: true };
    });
    app.get('/sandbox/meta/insights', async () => ({ ok: true }));
    await app.ready();

    expect(requests.inFlight).toBe(0);
    await requests.idle(10_000); // nothing in flight: at once

    const slow = app.inject({ method: 'GET', url: '/api/slow' });
    await new Promise((r) => setTimeout(r, 20));
    expect(requests.inFlight).toBe(1);
    // an emulator call (the sync's own) is not a request to wait for
    await app.inject({ method: 'GET', url: '/sandbox/meta/insights' });
    expect(requests.inFlight).toBe(1);

    let idle = false;
    const waiting = requests.idle(10_000).then(() => (idle = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(idle).toBe(false);
    release();
    await slow;
    await waiting;
    expect(requests.inFlight).toBe(0);
    await app.close();
  });

  it('lets a request that arrived while the writer held the thread in first (a turn of the event loop before it looks)', async () => {
    const app = Fastify();
    const requests = new RequestsInFlight();
    requests.track(app);
    app.get('/api/report', async () => {
      await new Promise((r) => setTimeout(r, 150));
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const accepted = new Promise((r) => app.server.once('connection', r));
    const socket = connect(port, '127.0.0.1');
    await Promise.all([new Promise((r) => socket.once('connect', r)), accepted]);
    socket.write('GET /api/report HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    // a write step's queries: the request's bytes are on the socket, the loop has not read them
    const busyUntil = Date.now() + 50;
    while (Date.now() < busyUntil);
    expect(requests.inFlight).toBe(0);
    const started = Date.now();
    await requests.idle(5_000);
    // the writer went on only after the request was answered (its handler takes 150 ms), not before it was read
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    socket.destroy();
    await app.close();
  });

  it('gives up waiting after maxWaitMs', async () => {
    const app = Fastify();
    const requests = new RequestsInFlight();
    requests.track(app);
    app.get('/api/hang', () => new Promise(() => undefined));
    await app.ready();
    void app.inject({ method: 'GET', url: '/api/hang' }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 20));
    expect(requests.inFlight).toBe(1);
    const started = Date.now();
    await requests.idle(100);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    await app.close().catch(() => undefined);
  });
});
