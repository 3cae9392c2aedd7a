import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PerformanceReport } from '@parallels/contract/marketing-insights';
import { queryRows } from '../src/db/client.js';
import { DEMO_USER } from '../src/sandbox/demo.js';
import { runBackfill } from '../src/sync/backfill.job.js';
import { addDays, todayIn } from '@parallels/contract/days';
import { ACTION_ALIASES, pickAction } from '../src/connectors/meta/meta-mapping.js';
import { searchStream } from '../src/connectors/google-ads/google-ads-api.js';
import { Browser } from './browser.js';
import { lastUtcTime, pinnedDemoApp } from './pinned-demo.js';
import { DB_KINDS, type TestApp } from './test-app.js';

// Reconciliation of the performance table (GET /api/report/{brandId}): for random ranges inside the synced
// history, its Meta and Google spend and revenue equal the emulators' own range totals, and its store sales
// equal the Shopify emulator's orders (neither test nor cancelled) created in the range. The demo brand is
// backfilled from the in-process emulators with a short history (Shopify's orders are the biggest backfill).
// The clocks are pinned like ad-metrics-reconciliation.test.ts; RECON_SEED replays a failure.

const HISTORY_DAYS = 14;
const TZ = 'Asia/Kolkata';
const SEED = process.env.RECON_SEED ? Number(process.env.RECON_SEED) : Math.floor(Math.random() * 2 ** 31);
const PINNED = lastUtcTime(18, 20); // 23:50 in Asia/Kolkata
const TODAY = todayIn(TZ, PINNED);
const YESTERDAY = addDays(TODAY, -1);
const EARLIEST = addDays(YESTERDAY, -(HISTORY_DAYS - 1));
const GOOGLE_SUB = '100000000000000000001';
const META_USER = '10000000000000001';
const GOOGLE_SCOPE = 'https://www.googleapis.com/auth/adwords https://www.googleapis.com/auth/analytics.readonly';

interface Conn {
  id: string;
  platform: string;
  account_id: string;
  manager_id: string | null;
}

describe.each(DB_KINDS)(`the performance table reconciles with the emulators on %s (seed ${SEED}, clock ${PINNED.toISOString()})`, (kind) => {
  let t: TestApp & { origin: string };
  let conns: Conn[];
  let brandId: string;
  let browser: Browser;
  let metaToken: string;
  let googleToken: string;
  let shopifyToken: string;

  beforeAll(async () => {
    const started = await pinnedDemoApp(kind, PINNED, HISTORY_DAYS);
    t = started.t;
    const deps = started.deps;
    conns = await queryRows<Conn>(t.database.db, sql`select id, platform, account_id, manager_id from connections where platform <> 'ga4' order by platform, account_id`);
    brandId = (await queryRows<{ brand_id: string }>(t.database.db, sql`select brand_id from connections limit 1`))[0]!.brand_id;
    for (const c of conns) {
      const r = await runBackfill(deps, c.id);
      if (r.outcome !== 'done') throw new Error(`backfill of ${c.platform} ${c.account_id}: ${r.outcome}`);
    }
    browser = new Browser(t.origin);
    const login = await browser.post('/api/auth/login/normal', { email: DEMO_USER.email, password: DEMO_USER.password });
    if (login.status !== 200) throw new Error(`demo login failed: ${login.status}`);
    const mint = async (platform: string, body: unknown) => {
      const res = await fetch(`${t.origin}/sandbox/${platform}/__admin/tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return ((await res.json()) as { access_token: string }).access_token;
    };
    metaToken = await mint('meta', { userId: META_USER });
    googleToken = await mint('google', { sub: GOOGLE_SUB, scope: GOOGLE_SCOPE });
    shopifyToken = await mint('shopify', { shop: conns.find((c) => c.platform === 'shopify')!.account_id });
  }, 240_000);
  afterAll(async () => t?.close());

  /** Meta's account-level insights for the range, summed over the brand's accounts, in cents. */
  async function metaTruth(from: string, to: string) {
    let spend = 0;
    let revenue = 0;
    for (const c of conns.filter((x) => x.platform === 'meta')) {
      const url = new URL(`${t.origin}/sandbox/meta/v25.0/${c.account_id}/insights`);
      url.searchParams.set('fields', 'spend,action_values');
      url.searchParams.set('time_range', JSON.stringify({ since: from, until: to }));
      url.searchParams.set('access_token', metaToken);
      const body = (await (await fetch(url)).json()) as { data: Array<Record<string, unknown>> };
      const row = body.data[0];
      if (row) {
        spend += cents(row.spend);
        revenue += cents(pickAction(row.action_values, ACTION_ALIASES.purchases) ?? '0');
      }
    }
    return { spend, revenue };
  }

  /** Google Ads' customer-level totals for the range: cost in micros, conversion value in cents. */
  async function googleTruth(from: string, to: string) {
    let micros = 0;
    let value = 0;
    for (const c of conns.filter((x) => x.platform === 'google_ads')) {
      const query = `SELECT metrics.cost_micros, metrics.conversions_value FROM customer WHERE segments.date BETWEEN '${from}' AND '${to}'`;
      const rows = await searchStream<{ metrics?: { costMicros?: string; conversionsValue?: number } }>(t.config.platforms.googleAds, googleToken, c.account_id, query, c.manager_id ?? undefined);
      micros += Number(rows[0]?.metrics?.costMicros ?? 0);
      value += cents(rows[0]?.metrics?.conversionsValue ?? 0);
    }
    return { micros, value };
  }

  /** The shop's orders created in the range (its own time zone), neither test nor cancelled, in paise. */
  async function shopifyTruth(from: string, to: string) {
    const shop = conns.find((c) => c.platform === 'shopify')!.account_id;
    let total = 0;
    let after: string | null = null;
    for (;;) {
      const query = `query($after: String) { orders(first: 250, after: $after, query: "created_at:>=${from} created_at:<${addDays(to, 1)}") {
        nodes { test cancelledAt totalPriceSet { shopMoney { amount } } } pageInfo { hasNextPage endCursor } } }`;
      const res = await fetch(`${t.origin}/sandbox/shopify/${shop}/admin/api/${t.config.platforms.shopify.version}/graphql.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shopify-access-token': shopifyToken },
        body: JSON.stringify({ query, variables: { after } }),
      });
      type Page = { data: { orders: { nodes: Array<{ test: boolean; cancelledAt: string | null; totalPriceSet: { shopMoney: { amount: string } } }>; pageInfo: { hasNextPage: boolean; endCursor: string } } } };
      const body = (await res.json()) as Page;
      for (const o of body.data.orders.nodes) if (!o.test && !o.cancelledAt) total += cents(o.totalPriceSet.shopMoney.amount);
      if (!body.data.orders.pageInfo.hasNextPage) return total;
      after = body.data.orders.pageInfo.endCursor;
    }
  }

  it('Meta and Google spend and revenue, and store sales, equal the platforms’ own totals for random ranges', async () => {
    const ranges = [...randomRanges(SEED, 3), { from: YESTERDAY, to: YESTERDAY }, { from: EARLIEST, to: YESTERDAY }];
    for (const { from, to } of ranges) {
      const at = `${from}..${to}`;
      const res = await browser.get(`/api/report/${brandId}?startDate=${from}&endDate=${to}`);
      expect(res.status, at).toBe(200);
      const totals = res.json<PerformanceReport>().totals;
      const [meta, google, store] = await Promise.all([metaTruth(from, to), googleTruth(from, to), shopifyTruth(from, to)]);
      expect.soft({ at, metaSpend: cents(totals.metaSpend!.current), metaRevenue: cents(totals.metaRevenue!.current) }).toEqual({ at, metaSpend: meta.spend, metaRevenue: meta.revenue });
      expect.soft(totals.googleSpend!.current, `${at} Google spend (cost_micros ${google.micros})`).toBeCloseTo(google.micros / 1e6, 6);
      expect.soft({ at, googleRevenue: cents(totals.googleRevenue!.current) }).toEqual({ at, googleRevenue: google.value });
      expect.soft({ at, storeSales: cents(totals.totalSales!.current) }).toEqual({ at, storeSales: store });
      expect(store, `${at} the shop sold something`).toBeGreaterThan(0);
    }
  }, 240_000);
});

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function randomRanges(seed: number, n: number): Array<{ from: string; to: string }> {
  const rand = prng(seed);
  return Array.from({ length: n }, () => {
    const a = Math.floor(rand() * HISTORY_DAYS);
    const b = Math.floor(rand() * HISTORY_DAYS);
    return { from: addDays(EARLIEST, Math.min(a, b)), to: addDays(EARLIEST, Math.max(a, b)) };
  });
}


function cents(value: unknown): number {
  return Math.round(Number(value ?? 0) * 100);
}
