import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { loadTokenKeyring } from '../src/lib/token-keyring.js';
import { liveSpoolFiles } from '../src/lib/row-spool.js';
import { seedDemo } from '../src/sandbox/demo.js';
import { runBackfill, runRefresh, type JobDeps } from '../src/sync/backfill.job.js';
import { addDays, yesterdayIn } from '@parallels/contract/days';
import { backfillWindows, refreshWindow } from '../src/sync/windows.js';
import { createListeningApp } from './browser.js';
import { DB_KINDS, type TestApp } from './test-app.js';

const HISTORY_DAYS = 75; // the recent 60 days and part of an older quarter: every code path, in seconds

describe.each(DB_KINDS)('sync engine against the emulators on %s', (kind) => {
  let t: TestApp & { origin: string };
  let deps: JobDeps;
  let conns: Array<{ id: string; platform: string; account_id: string }>;
  let brandId: string;

  const admin = (platform: string, path: string, body: unknown, method = 'PUT') =>
    fetch(`${t.origin}/sandbox/${platform}/__admin/${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  beforeAll(async () => {
    t = await createListeningApp(kind);
    const keyring = loadTokenKeyring(t.config);
    await seedDemo(t.app, { db: t.database.db, keyring });
    deps = { db: t.database.db, config: t.config, keyring, log: t.app.log, historyDays: HISTORY_DAYS, retry: { sleep: async () => undefined } };
    conns = await queryRows(t.database.db, sql`select id, platform, account_id from connections order by platform, account_id`);
    brandId = (await queryRows<{ brand_id: string }>(t.database.db, sql`select brand_id from connections limit 1`))[0]!.brand_id;
  }, 120_000);
  afterAll(async () => t?.close());

  it('backfills every connection of the demo brand, window by window, and marks it fresh', async () => {
    expect(conns.map((c) => c.platform)).toEqual(['ga4', 'google_ads', 'meta', 'meta', 'shopify']);
    const timezone = (await queryRows<{ timezone: string }>(t.database.db, sql`select timezone from brands where id = ${brandId}`))[0]!.timezone;
    const span = backfillWindows(yesterdayIn(timezone), HISTORY_DAYS);
    for (const c of conns) {
      const r = await runBackfill(deps, c.id);
      expect(r).toMatchObject({ outcome: 'done', skipped: 0, windows: span.length });
      expect(r.rows).toBeGreaterThan(0);
      // every window of the span is committed, once, and nothing else
      const windows = await queryRows<{ from: string; to: string }>(t.database.db, sql`select window_from::text as "from", window_to::text as "to" from sync_windows where connection_id = ${c.id} order by window_from desc`);
      expect(windows, c.platform).toEqual(span.map((w) => ({ from: w.from, to: w.to })));
    }
    const states = await queryRows<{ sync_state: string; backfill_progress: string }>(t.database.db, sql`select sync_state, backfill_progress::text from connections`);
    expect(states.every((s) => s.sync_state === 'fresh' && Number(s.backfill_progress) === 1)).toBe(true);
    // the Google Ads views each window spooled to disk on the way were freed once it committed
    expect(liveSpoolFiles()).toBe(0);
  }, 180_000);

  it('Meta spend, clicks, impressions and purchase value equal the platform’s own range totals', async () => {
    const minted = (await (await fetch(`${t.origin}/sandbox/meta/__admin/tokens`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ userId: "10000000000000001" }) })).json()) as { access_token: string };
    const token = minted.access_token;
    const yesterday = yesterdayIn('Asia/Kolkata');
    for (const c of conns.filter((x) => x.platform === 'meta')) {
      for (const [from, to] of [[daysAgo(yesterday, 30), yesterday], [daysAgo(yesterday, 70), daysAgo(yesterday, 41)]]) {
        const url = `${t.origin}/sandbox/meta/v25.0/${c.account_id}/insights?fields=spend,impressions,clicks&time_range=${encodeURIComponent(JSON.stringify({ since: from, until: to }))}&access_token=${token}`;
        const truth = ((await (await fetch(url)).json()) as { data: Array<{ spend: string; impressions: string; clicks: string }> }).data[0]!;
        const [ours] = await queryRows<{ spend: string; impressions: string; clicks: string }>(t.database.db,
          sql`select coalesce(sum(spend), 0)::numeric(16,2)::text as spend, coalesce(sum(impressions), 0)::text as impressions, coalesce(sum(clicks), 0)::text as clicks from meta_ad_daily where brand_id = ${brandId} and account_id = ${c.account_id} and level = 'campaign' and date between ${from} and ${to}`);
        expect({ range: [from, to], ...ours }).toEqual({ range: [from, to], spend: Number(truth.spend).toFixed(2), impressions: truth.impressions, clicks: truth.clicks });
      }
    }
  });

  it('replaying finds every checkpoint; a window synced again duplicates nothing', async () => {
    const before = await factCounts(t);
    for (const c of conns) expect(await runBackfill(deps, c.id)).toMatchObject({ outcome: 'done', rows: 0, skipped: backfillWindows('2026-01-01', HISTORY_DAYS).length });
    await t.database.db.execute(sql`delete from sync_windows`);
    for (const c of conns) await runBackfill(deps, c.id);
    expect(await factCounts(t)).toEqual(before);
  }, 180_000);

  it('an outage mid-backfill loses nothing: the next run resumes from the checkpoints', async () => {
    const before = await factCounts(t);
    const ga4 = conns.find((c) => c.platform === 'ga4')!;
    await t.database.db.execute(sql`delete from sync_windows where connection_id = ${ga4.id}`);
    await t.database.db.execute(sql`delete from ga4_daily`);
    await t.database.db.execute(sql`delete from ga4_dimension_daily`);
    // GA4 goes down once the first window's facts are in, as the second window's pull starts (the job pulls
    // both at once; here the second waits for the first's facts): the first window is committed, the second is not.
    const [first] = backfillWindows(yesterdayIn('Asia/Kolkata'), HISTORY_DAYS);
    let firstIn!: () => void;
    const firstPulled = new Promise<void>((r) => (firstIn = r));
    const failing: JobDeps = {
      ...deps,
      retry: { maxAttempts: 2, sleep: async () => undefined },
      tracePull: async (window, pull) => {
        if (window.from === first!.from) return pull().finally(firstIn);
        await firstPulled;
        await admin('ga4', 'faults', { key: '*', plan: { serverError: { status: 503 } } });
        return pull();
      },
    };
    await expect(runBackfill(failing, ga4.id)).rejects.toThrow();
    await fetch(`${t.origin}/sandbox/ga4/__admin/faults`, { method: 'DELETE' });
    const [state] = await queryRows<{ sync_state: string; last_error: string }>(t.database.db, sql`select sync_state, last_error from connections where id = ${ga4.id}`);
    expect(state!.sync_state).toBe('failing');
    expect(state!.last_error).toBeTruthy();
    const checkpoints = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from sync_windows where connection_id = ${ga4.id}`);
    expect(checkpoints[0]!.n).toBe(1);
    expect(await runBackfill(deps, ga4.id)).toMatchObject({ outcome: 'done', skipped: 1 });
    expect(await factCounts(t)).toEqual(before);
  }, 180_000);

  it('an expired token marks the connection for reconnection and stops', async () => {
    const shop = conns.find((c) => c.platform === 'shopify')!;
    await admin('shopify', 'faults', { key: '*', plan: { tokenExpired: true } });
    try {
      expect(await runRefresh(deps, shop.id)).toMatchObject({ outcome: 'reauth_required' });
    } finally {
      await fetch(`${t.origin}/sandbox/shopify/__admin/faults`, { method: 'DELETE' });
    }
    const [row] = await queryRows<{ status: string; sync_state: string }>(t.database.db, sql`select status, sync_state from connections where id = ${shop.id}`);
    expect(row).toEqual({ status: 'reauth_required', sync_state: 'failing' });
  });

  it('pipelines: GA4 pulls up to three windows at once (10 concurrent requests a property, three a window) once the newest has committed, and commits each once, in order', async () => {
    const ga4 = conns.find((c) => c.platform === 'ga4')!;
    await t.database.db.execute(sql`delete from sync_windows where connection_id = ${ga4.id}`);
    const days = 430; // six windows
    const windows = backfillWindows(yesterdayIn('Asia/Kolkata'), days);
    const events: string[] = [];
    let commits = 0;
    const db = new Proxy(deps.db, {
      get(target, prop) {
        if (prop === 'transaction') return async (...args: Parameters<typeof target.transaction>) => {
          const result = await target.transaction(...args);
          events.push(`commit ${commits++}`);
          return result;
        };
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    let inFlight = 0;
    let peak = 0;
    let peakBeforeFirstCommit = 0;
    const traced: JobDeps = { ...deps, db, historyDays: days, tracePull: async (window, pull) => {
      events.push(`pull ${windows.findIndex((w) => w.from === window.from)}`);
      peak = Math.max(peak, ++inFlight);
      if (commits === 0) peakBeforeFirstCommit = Math.max(peakBeforeFirstCommit, inFlight);
      try {
        return await pull();
      } finally {
        inFlight--;
      }
    } };
    expect(await runBackfill(traced, ga4.id)).toMatchObject({ outcome: 'done', windows: windows.length });
    expect(windows).toHaveLength(6);
    // every window pulled once, newest first, and committed in that order
    expect(events.filter((e) => e.startsWith('pull'))).toEqual(windows.map((_, k) => `pull ${k}`));
    expect(events.filter((e) => e.startsWith('commit'))).toEqual(windows.map((_, k) => `commit ${k}`));
    const at = (e: string) => events.indexOf(e);
    // until the newest window has committed, one pull at a time (the next starts once its facts are in); then
    // up to three at once (how many overlap depends on how fast our writes are: sync-concurrency.test.ts shows it
    // from the emulators' counts)
    expect(at('pull 1')).toBeLessThan(at('commit 0'));
    expect(peakBeforeFirstCommit).toBe(1);
    expect(peak).toBeLessThanOrEqual(3);
    // at most three windows beyond the one being written: window k + 4 waits for window k's commit
    for (let k = 0; k + 4 < windows.length; k++) expect(at(`pull ${k + 4}`)).toBeGreaterThan(at(`commit ${k}`));
    const [n] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from sync_windows where connection_id = ${ga4.id}`);
    expect(n!.n).toBe(windows.length);
  }, 120_000);

  it('a first pass reads only the newest window (and pulls the next for the history pass); the history pass reads the rest', async () => {
    const meta = conns.find((c) => c.platform === 'meta')!;
    await t.database.db.execute(sql`delete from sync_windows where connection_id = ${meta.id}`);
    const total = backfillWindows('2026-01-01', HISTORY_DAYS).length;
    const pulled: string[] = [];
    const traced: JobDeps = { ...deps, tracePull: (window, pull) => (pulled.push(window.from), pull()) };
    const recent = await runBackfill(traced, meta.id, 'recent');
    // the recent job's pipeline goes on into the history windows (it never writes them); the history job adopts it
    const windows = backfillWindows(yesterdayIn('Asia/Kolkata'), HISTORY_DAYS);
    expect(pulled).toEqual([windows[0]!.from, windows[1]!.from]);
    expect(recent).toMatchObject({ outcome: 'done' });
    const count = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from sync_windows where connection_id = ${meta.id}`))[0]!.n;
    expect(await count()).toBe(1);
    const [mid] = await queryRows<{ sync_state: string; backfill_progress: string }>(t.database.db, sql`select sync_state, backfill_progress::text from connections where id = ${meta.id}`);
    expect(mid).toEqual({ sync_state: 'backfilling', backfill_progress: (1 / total).toFixed(4) });
    expect(await runBackfill(traced, meta.id, 'history')).toMatchObject({ outcome: 'done' });
    expect(pulled).toEqual(windows.map((w) => w.from)); // every window pulled once
    expect(await count()).toBe(total);
    const [end] = await queryRows<{ sync_state: string }>(t.database.db, sql`select sync_state from connections where id = ${meta.id}`);
    expect(end!.sync_state).toBe('fresh');
  }, 120_000);

  it('disconnecting an account removes the facts synced from it, and only those', async () => {
    const [gone, kept] = conns.filter((c) => c.platform === 'meta');
    const count = async (account: string) => (await queryRows<{ n: number }>(t.database.db, sql`select (select count(*) from meta_ad_daily where account_id = ${account}) + (select count(*) from meta_breakdown_daily where account_id = ${account}) + (select count(*) from meta_campaigns where account_id = ${account}) as n`))[0]!.n;
    expect(Number(await count(gone!.account_id))).toBeGreaterThan(0);
    const keptBefore = Number(await count(kept!.account_id));
    const { replaceConnections } = await import('../src/modules/brands/brands.sql.js');
    await replaceConnections(t.database.db, brandId, 'meta', [{ platform: 'meta', accountId: kept!.account_id, accountName: 'kept', managerId: null, grantId: null }]);
    expect(Number(await count(gone!.account_id))).toBe(0);
    expect(Number(await count(kept!.account_id))).toBe(keptBefore);
    conns = conns.filter((c) => c.id !== gone!.id);
  });

  it('a storm of rate limits is waited out, never sooner than each platform asks, and nothing is lost', async () => {
    const before = await factCounts(t);
    const waits: Record<string, number[]> = {};
    for (const platform of ['google_ads', 'ga4'] as const) {
      const emulator = platform === 'google_ads' ? 'google-ads' : 'ga4';
      await admin(emulator, 'faults', { key: '*', plan: { rateLimit: { retryAfterSeconds: 3 }, times: 4 } });
      const conn = conns.find((c) => c.platform === platform)!;
      waits[platform] = [];
      const r = await runRefresh({ ...deps, retry: { sleep: async (ms) => void waits[platform]!.push(ms) } }, conn.id);
      await fetch(`${t.origin}/sandbox/${emulator}/__admin/faults`, { method: 'DELETE' });
      expect(r.outcome).toBe('done');
      expect(waits[platform]!.length).toBe(4);
    }
    // Google Ads says how long (retryDelay); every wait honours it. GA4's quota message picks its own wait.
    expect(waits.google_ads!.every((ms) => ms >= 3000)).toBe(true);
    expect(waits.ga4!.every((ms) => ms > 0)).toBe(true);
    expect(await factCounts(t)).toEqual(before);
  }, 120_000);

  it('refresh re-reads exactly the lookback window', async () => {
    const meta = conns.find((c) => c.platform === 'meta')!;
    const timezone = (await queryRows<{ timezone: string }>(t.database.db, sql`select timezone from brands where id = ${brandId}`))[0]!.timezone;
    const lookback = refreshWindow('meta', yesterdayIn(timezone));
    const inside = lookback.from;
    const outside = daysAgo(lookback.from, 1);
    const spendOn = async (day: string) =>
      (await queryRows<{ n: number; spend: string | null }>(t.database.db, sql`select count(*)::int as n, sum(spend)::numeric(16,2)::text as spend from meta_ad_daily where brand_id = ${brandId} and account_id = ${meta.account_id} and date = ${day}`))[0]!;
    const before = { inside: await spendOn(inside), outside: await spendOn(outside) };
    expect(before.inside.n).toBeGreaterThan(0);
    expect(before.outside.n).toBeGreaterThan(0);
    // two days' facts lost on our side: the first day of the lookback and the day before it
    await t.database.db.execute(sql`delete from meta_ad_daily where brand_id = ${brandId} and account_id = ${meta.account_id} and date in (${inside}, ${outside})`);

    const r = await runRefresh(deps, meta.id);
    expect(r.outcome).toBe('done');
    // the lookback's first day is read again, to the cent; the day before it is not the refresh's to read
    expect(await spendOn(inside)).toEqual(before.inside);
    expect(await spendOn(outside)).toEqual({ n: 0, spend: null });
  });
});

function daysAgo(day: string, n: number): string {
  return addDays(day, -n);
}

async function factCounts(t: TestApp) {
  const tables = ['store_orders', 'store_refunds', 'meta_ad_daily', 'meta_breakdown_daily', 'meta_campaigns', 'google_campaign_daily', 'google_view_daily', 'google_products', 'ga4_daily', 'ga4_dimension_daily'];
  const out: Record<string, number> = {};
  for (const table of tables) out[table] = (await queryRows<{ n: number }>(t.database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;
  return out;
}

