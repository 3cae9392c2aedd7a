import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { loadTokenKeyring } from '../src/lib/token-keyring.js';
import { seedDemo } from '../src/sandbox/demo.js';
import { runBackfill, type JobDeps } from '../src/sync/backfill.job.js';
import { insightsLoadPct, shopifyBulkQueriesPerShop } from '../src/sync/window-concurrency.js';
import { addDays, yesterdayIn } from '@parallels/contract/days';
import { backfillWindows } from '../src/sync/windows.js';
import { createListeningApp } from './browser.js';
import { DB_KINDS, type TestApp } from './test-app.js';

// Issue 21: a backfill runs several windows of a connection at once, at each platform's documented
// concurrency, and never beyond it, as the emulators count it themselves: Shopify's running bulk queries per
// shop (admin bulk-operations: peak, refused), Meta's ads_insights load in x-business-use-case-usage (and
// its 80000/2446079 refusal), GA4's concurrent-requests refusal. Every window is still pulled once and
// committed once, newest first.

const HISTORY_DAYS = 520; // the newest 60 days and six quarters: seven windows a connection

interface Seen {
  url: string;
  status: number;
  insightsLoad?: number;
  body?: string;
}

describe.each(DB_KINDS)('backfill concurrency against the emulators on %s', (kind) => {
  let t: TestApp & { origin: string };
  let deps: JobDeps;
  let conns: Array<{ id: string; platform: string; account_id: string }>;
  const seen: Seen[] = [];
  const realFetch = globalThis.fetch;

  const admin = async <T = unknown>(platform: string, path: string, body?: unknown, method = 'PUT'): Promise<T> => {
    const res = await realFetch(`${t.origin}/sandbox/${platform}/__admin/${path}`, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!res.ok) throw new Error(`admin ${platform}/${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };

  beforeAll(async () => {
    t = await createListeningApp(kind, { SYNC_WINDOW_CONCURRENCY: 'platform' });
    const keyring = loadTokenKeyring(t.config);
    await seedDemo(t.app, { db: t.database.db, keyring });
    // waits are real but at most a second: the platforms' jobs take real time here (a Shopify export until its
    // second poll or 1.5 s, a Meta run 2 s), so windows started together overlap on the platform as they would
    const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.min(ms, 1000)));
    deps = { db: t.database.db, config: t.config, keyring, log: t.app.log, historyDays: HISTORY_DAYS, retry: { sleep } };
    conns = await queryRows(t.database.db, sql`select id, platform, account_id from connections order by platform, account_id`);
    // every answer of Meta and GA4 as the app's connectors receive it: the emulator's own usage report
    globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
      const res = await realFetch(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('/__admin/')) return res;
      if (url.includes('/sandbox/meta/')) {
        seen.push({ url, status: res.status, insightsLoad: insightsLoadPct(res.headers.get('x-business-use-case-usage')), body: res.status >= 400 ? await res.clone().text() : undefined });
      } else if (url.includes('/sandbox/ga4/')) {
        seen.push({ url, status: res.status, body: res.status >= 400 ? await res.clone().text() : undefined });
      }
      return res;
    };
  }, 120_000);
  afterEach(async () => {
    seen.length = 0;
    await admin('meta', 'quota', { mode: 'off' });
  });
  afterAll(async () => {
    globalThis.fetch = realFetch;
    await t?.close();
  });

  /** a connection's backfill with every pull recorded; returns the windows in the order they were pulled */
  async function backfill(platform: string, around: <T>(pull: () => Promise<T>) => Promise<T> = (pull) => pull()) {
    const conn = conns.find((c) => c.platform === platform)!;
    await t.database.db.execute(sql`delete from sync_windows where connection_id = ${conn.id}`);
    const pulled: string[] = [];
    const result = await runBackfill({ ...deps, tracePull: (window, pull) => (pulled.push(window.from), around(pull)) }, conn.id);
    const committed = await queryRows<{ from: string }>(t.database.db, sql`select window_from::text as "from" from sync_windows where connection_id = ${conn.id} order by window_from desc`);
    return { conn, result, pulled, committed: committed.map((c) => c.from) };
  }

  const span = () => backfillWindows(yesterdayIn('Asia/Kolkata'), HISTORY_DAYS).map((w) => w.from);

  it('Shopify: up to five bulk queries of one shop at once (API 2026-07), never a sixth; every window pulled and committed once', async () => {
    expect(t.config.platforms.shopify.version).toBe('2026-07');
    const limit = shopifyBulkQueriesPerShop(t.config.platforms.shopify.version);
    expect(limit).toBe(5);
    const shop = conns.find((c) => c.platform === 'shopify')!;
    const before = await admin<{ peak: number; refused: number; operations: unknown[] }>('shopify', `bulk-operations?shop=${shop.account_id}`, undefined, 'GET');
    // realistic latency: each export runs its realistic time (3 s and more), so windows in flight overlap on
    // the shop whatever the speed of our writes (afterEach turns it off)
    await admin('shopify', 'quota', { mode: 'realistic', latency: 'realistic' });
    const { result, pulled, committed } = await backfill('shopify');
    expect(result).toMatchObject({ outcome: 'done', skipped: 0 });
    const after = await admin<{ peak: number; refused: number; operations: unknown[] }>('shopify', `bulk-operations?shop=${shop.account_id}`, undefined, 'GET');
    expect(pulled).toEqual(span());
    expect(committed).toEqual(span());
    expect(after.operations.length - before.operations.length).toBe(span().length); // one export a window, none repeated
    expect(after.refused).toBe(before.refused); // never refused: we stay within the five
    expect(after.peak).toBeLessThanOrEqual(limit);
    expect(after.peak).toBeGreaterThan(1); // several windows' exports did run at once
  }, 180_000);

  it('Shopify: a start refused because the shop is busy with other bulk queries waits for one to end and is started again; nothing is lost or doubled', async () => {
    const shop = conns.find((c) => c.platform === 'shopify')!;
    const token = (await admin<{ access_token: string }>('shopify', 'tokens', { shop: shop.account_id }, 'POST')).access_token;
    // another app's work on the shop: five bulk queries running, so none of ours fits until one of them ends (with
    // four, one of ours fitting and whether a second started beside it depended on how many windows were left and how
    // fast they came: on 2026-11-28 no start of ours was refused on PostgreSQL)
    const gql = (query: string) => realFetch(`${t.origin}/sandbox/shopify/${shop.account_id}/admin/api/2026-07/graphql.json`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-shopify-access-token': token }, body: JSON.stringify({ query }),
    }).then((r) => r.json() as Promise<{ data?: { bulkOperationRunQuery?: { bulkOperation: { id: string } | null } } }>);
    const before = await admin<{ peak: number; refused: number; operations: unknown[] }>('shopify', `bulk-operations?shop=${shop.account_id}`, undefined, 'GET');
    // The other app starts its five just before our first pull (the newest window, which goes alone), so that pull
    // always finds every place taken, whatever the speed of our writes (starting them at a later window raced with
    // our own exports ending: on 2026-11-29 a fast run found a place free and no start of ours was refused).
    // Created under realistic latency, they run their realistic time, 3 s and more however polled, which is far
    // longer than the few milliseconds from their start to ours; ours are created with latency off.
    const since = addDays(yesterdayIn('Asia/Kolkata'), -30);
    let othersStarted = 0;
    let othersRefused = 0;
    const startOthers = async () => {
      await admin('shopify', 'quota', { mode: 'realistic', latency: 'realistic' });
      try {
        for (let i = 0; i < 5; i++) {
          const started = await gql(`mutation { bulkOperationRunQuery(query: "{ orders(query: \\"created_at:>=${since}\\") { edges { node { id } } } }") { bulkOperation { id } userErrors { message } } }`);
          if (!started.data?.bulkOperationRunQuery?.bulkOperation?.id) {
            othersRefused++;
            break;
          }
          othersStarted++;
        }
      } finally {
        await admin('shopify', 'quota', { mode: 'off' });
      }
    };
    let others: Promise<void> | undefined;
    const { result, pulled, committed } = await backfill('shopify', async (pull) => {
      await (others ??= startOthers());
      return pull();
    });
    expect(result).toMatchObject({ outcome: 'done', skipped: 0 });
    const after = await admin<{ peak: number; refused: number; operations: unknown[] }>('shopify', `bulk-operations?shop=${shop.account_id}`, undefined, 'GET');
    expect([othersStarted, othersRefused]).toEqual([5, 0]); // the other app held every place...
    expect(after.refused - before.refused - othersRefused).toBeGreaterThan(0); // ...some of our starts were refused...
    expect(after.peak).toBeLessThanOrEqual(5); // ...by the emulator's own count, never more than five ran
    expect(pulled).toEqual(span()); // ...and each window was still pulled once, and committed once
    expect(committed).toEqual(span());
    expect(after.operations.length - before.operations.length).toBe(othersStarted + span().length);
  }, 180_000);

  it('Meta: several windows’ report runs at once, as many as the ad account’s ads_insights budget has room for, never refused', async () => {
    // realistic quotas, and a budget of 20 running runs: two windows of nine runs fit, a third does not
    await admin('meta', 'quota', { mode: 'realistic' });
    await admin('meta', 'meta/config', { insightsRunBudget: 20, pollsToComplete: 1000, secondsToComplete: 2 });
    try {
      const { result, pulled, committed } = await backfill('meta');
      expect(result).toMatchObject({ outcome: 'done', skipped: 0 });
      expect(pulled).toEqual(span());
      expect(committed).toEqual(span());
      const loads = seen.map((s) => s.insightsLoad ?? 0);
      expect(seen.filter((s) => s.status >= 400)).toEqual([]); // never refused (80000/2446079 over the budget)
      expect(Math.max(...loads)).toBeLessThanOrEqual(100);
      // more than one window's runs (9 of 20 = 45%) were running at once
      expect(Math.max(...loads)).toBeGreaterThan(45);
    } finally {
      await admin('meta', 'meta/config', { insightsRunBudget: 30, pollsToComplete: 4, secondsToComplete: 2 });
    }
  }, 180_000);

  it('GA4: several windows at once within the property’s 10 concurrent requests, never refused for concurrency', async () => {
    await admin('ga4', 'quota', { mode: 'realistic' });
    const { result, pulled, committed } = await backfill('ga4');
    expect(result).toMatchObject({ outcome: 'done', skipped: 0 });
    expect(pulled).toEqual(span());
    expect(committed).toEqual(span());
    expect(seen.filter((s) => s.status === 429)).toEqual([]);
  }, 180_000);
});
