import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { GOOGLE_REPORT_KEYS, GOOGLE_REPORTS, type GoogleReport, type GoogleReportResponse, type GoogleReportRow } from '@parallels/contract/google-reports';
import type { ProductMetricsResponse, SearchTermMetricsResponse } from '@parallels/contract/segment';
import { queryRows } from '../src/db/client.js';
import { DEMO_USER } from '../src/sandbox/demo.js';
import { runBackfill } from '../src/sync/backfill.job.js';
import { addDays, todayIn } from '@parallels/contract/days';
import { searchStream } from '../src/connectors/google-ads/google-ads-api.js';
import type { AdsRow } from '../src/connectors/google-ads/google-ads-mapping.js';
import { Browser } from './browser.js';
import { lastUtcTime, pinnedDemoApp } from './pinned-demo.js';
import { DB_KINDS, type TestApp } from './test-app.js';

// Reconciliation of the Google Ads reports (issue 18, "Numbers"): for any range, each account's rows in every
// view equal what one GAQL query over the same view and range answers, row by row (cost in micros, clicks,
// impressions, conversions, conversion value) and in total. The demo brand's Google Ads account is backfilled
// from the in-process emulator; the ranges come from a seeded PRNG (RECON_SEED replays a failure) and the
// emulator's and the app's clocks are pinned to the same instant. The segment dashboard's products and search
// terms are checked against the same queries.

const HISTORY_DAYS = 75;
const TZ = 'Asia/Kolkata';
const RANDOM_RANGES = 4;
const SEED = process.env.RECON_SEED ? Number(process.env.RECON_SEED) : Math.floor(Math.random() * 2 ** 31);
const PINNED = lastUtcTime(18, 20);
const TODAY = todayIn(TZ, PINNED);
const YESTERDAY = addDays(TODAY, -1);
const EARLIEST = addDays(YESTERDAY, -(HISTORY_DAYS - 1));
const GOOGLE_SUB = '100000000000000000001';
const GOOGLE_SCOPE = 'https://www.googleapis.com/auth/adwords https://www.googleapis.com/auth/analytics.readonly';
const METRICS = 'metrics.cost_micros, metrics.clicks, metrics.impressions, metrics.conversions, metrics.conversions_value';

interface Range {
  label: string;
  from: string;
  to: string;
}
const RANGES: Range[] = [...randomRanges(SEED, RANDOM_RANGES), { label: 'single day (yesterday)', from: YESTERDAY, to: YESTERDAY }, { label: 'whole synced history', from: EARLIEST, to: YESTERDAY }];

/** Each view's GAQL without a date segment (the platform sums the range) and how its rows are keyed in our facts. */
const TRUTH: Record<GoogleReport, { query: (from: string, to: string) => string; key: (r: AdsRow) => string }> = {
  searchTerm: {
    query: (f, t) => `SELECT search_term_view.search_term, segments.search_term_match_type, ad_group.id, ${METRICS} FROM search_term_view WHERE segments.date BETWEEN '${f}' AND '${t}'`,
    key: (r) => `${r.searchTermView?.searchTerm ?? ''}|${r.segments?.searchTermMatchType ?? ''}|${r.adGroup?.id ?? ''}`,
  },
  keyword: {
    query: (f, t) => `SELECT ad_group.id, ad_group_criterion.criterion_id, ${METRICS} FROM keyword_view WHERE segments.date BETWEEN '${f}' AND '${t}'`,
    key: (r) => `${r.adGroup?.id ?? ''}~${r.adGroupCriterion?.criterionId ?? ''}`,
  },
  age: {
    query: (f, t) => `SELECT ad_group_criterion.age_range.type, ${METRICS} FROM age_range_view WHERE segments.date BETWEEN '${f}' AND '${t}'`,
    key: (r) => r.adGroupCriterion?.ageRange?.type ?? 'UNKNOWN',
  },
  gender: {
    query: (f, t) => `SELECT ad_group_criterion.gender.type, ${METRICS} FROM gender_view WHERE segments.date BETWEEN '${f}' AND '${t}'`,
    key: (r) => r.adGroupCriterion?.gender?.type ?? 'UNKNOWN',
  },
  product: {
    query: (f, t) => `SELECT segments.product_item_id, ${METRICS} FROM shopping_performance_view WHERE segments.date BETWEEN '${f}' AND '${t}'`,
    key: (r) => (r.segments?.productItemId ?? '').toLowerCase(),
  },
};

interface Truth {
  costMicros: number;
  clicks: number;
  impressions: number;
  conversions: number;
  value: number;
}

describe.each(DB_KINDS)(`Google Ads reports reconcile with GAQL over the same view and range on %s (seed ${SEED}, clock ${PINNED.toISOString()})`, (kind) => {
  let t: TestApp & { origin: string };
  let brandId: string;
  let conn: { id: string; account_id: string; manager_id: string | null };
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    const started = await pinnedDemoApp(kind, PINNED, HISTORY_DAYS);
    t = started.t;
    const deps = started.deps;
    const conns = await queryRows<{ id: string; account_id: string; manager_id: string | null }>(t.database.db, sql`select id, account_id, manager_id from connections where platform = 'google_ads'`);
    expect(conns).toHaveLength(1);
    conn = conns[0]!;
    brandId = (await queryRows<{ brand_id: string }>(t.database.db, sql`select brand_id from connections where id = ${conn.id}`))[0]!.brand_id;
    const r = await runBackfill(deps, conn.id);
    if (r.outcome !== 'done') throw new Error(`backfill of Google Ads ${conn.account_id}: ${r.outcome}`);
    browser = new Browser(t.origin);
    const login = await browser.post('/api/auth/login/normal', { email: DEMO_USER.email, password: DEMO_USER.password });
    if (login.status !== 200) throw new Error(`demo login failed: ${login.status} ${login.body}`);
    const res = await fetch(`${t.origin}/sandbox/google/__admin/tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sub: GOOGLE_SUB, scope: GOOGLE_SCOPE }) });
    token = ((await res.json()) as { access_token: string }).access_token;
  }, 180_000);
  afterAll(async () => t?.close());

  async function truth(report: GoogleReport, range: Range): Promise<Map<string, Truth>> {
    const rows = await searchStream<AdsRow>(t.config.platforms.googleAds, token, conn.account_id, TRUTH[report].query(range.from, range.to), conn.manager_id ?? undefined);
    const out = new Map<string, Truth>();
    for (const r of rows) {
      const key = TRUTH[report].key(r);
      const m = r.metrics ?? {};
      // an unsegmented keyword_view lists every keyword, idle ones too; the daily facts hold activity only
      if ([m.costMicros, m.clicks, m.impressions, m.conversions, m.conversionsValue].every((v) => !Number(v ?? 0))) continue;
      const prev = out.get(key) ?? { costMicros: 0, clicks: 0, impressions: 0, conversions: 0, value: 0 };
      out.set(key, {
        costMicros: prev.costMicros + Number(m.costMicros ?? 0),
        clicks: prev.clicks + Number(m.clicks ?? 0),
        impressions: prev.impressions + Number(m.impressions ?? 0),
        conversions: prev.conversions + (m.conversions ?? 0),
        value: prev.value + (m.conversionsValue ?? 0),
      });
    }
    return out;
  }

  it.each(RANGES)('$label ($from to $to): every view, row by row and in total, equals GAQL', async (range) => {
    for (const report of GOOGLE_REPORTS) {
      // every page of the account's rows (paged on the server, 7 at a time so most views take several pages)
      const at = `${report} ${range.from}..${range.to}`;
      const rows: GoogleReportRow[] = [];
      for (let offset = 0; ; ) {
        const res = await browser.post(`/api/google/${report}/${brandId}`, { startDate: range.from, endDate: range.to, accountId: conn.account_id, limit: 7, offset });
        expect(res.status, res.body.slice(0, 300)).toBe(200);
        const account = res.json<GoogleReportResponse>().data.find((a) => a.accountId === conn.account_id)!;
        expect({ at, state: account.status.state }).toEqual({ at, state: 'ready' });
        rows.push(...account[GOOGLE_REPORT_KEYS[report]]!);
        offset += 7;
        if (offset >= account.matchingRows) break;
      }
      const expected = await truth(report, range);
      expect({ at, keys: rows.map((r) => r.key).sort() }).toEqual({ at, keys: [...expected.keys()].sort() });
      const sum = { costMicros: 0, clicks: 0, value: 0 };
      for (const row of rows) {
        const e = expected.get(row.key)!;
        expect.soft({ at, key: row.key, costMicros: Math.round(row['Total Cost']! * 1e6), clicks: row['Total Clicks'], impressions: row['Total Impressions'] }).toEqual({ at, key: row.key, costMicros: e.costMicros, clicks: e.clicks, impressions: e.impressions });
        expect.soft(row['Total Conversions'], `${at} ${row.key} conversions`).toBeCloseTo(e.conversions, 4);
        expect.soft(row['Total Conv. Value'], `${at} ${row.key} value`).toBeCloseTo(e.value, 2);
        sum.costMicros += Math.round(row['Total Cost']! * 1e6);
        sum.clicks += row['Total Clicks']!;
        sum.value += row['Total Conv. Value']!;
      }
      const all = [...expected.values()];
      expect.soft({ at, costMicros: sum.costMicros, clicks: sum.clicks }).toEqual({ at, costMicros: all.reduce((s, x) => s + x.costMicros, 0), clicks: all.reduce((s, x) => s + x.clicks, 0) });
      expect.soft(sum.value, `${at} total value`).toBeCloseTo(all.reduce((s, x) => s + x.value, 0), 2);
    }
  });

  it.each(RANGES)('segment dashboard, $label ($from to $to): products and search terms equal GAQL', async (range) => {
    const at = `${range.from}..${range.to}`;
    const products = await browser.post(`/api/segment/productMetrics/${brandId}`, { startDate: range.from, endDate: range.to });
    expect(products.status, products.body.slice(0, 300)).toBe(200);
    const { productsData } = products.json<ProductMetricsResponse>();
    const shopping = await truth('product', range);
    const ours = new Map(productsData.map((p) => [p.itemId, p]));
    // every product that ran is listed; the listed ones that did not run have real zeros
    expect({ at, missing: [...shopping.keys()].filter((k) => !ours.has(k)) }).toEqual({ at, missing: [] });
    for (const p of productsData) {
      const e = shopping.get(p.itemId) ?? { costMicros: 0, clicks: 0, impressions: 0, conversions: 0, value: 0 };
      expect.soft({ at, item: p.itemId, costMicros: Math.round(p.metrics.totalCost! * 1e6), clicks: p.metrics.totalClicks, impressions: p.metrics.impressions }).toEqual({ at, item: p.itemId, costMicros: e.costMicros, clicks: e.clicks, impressions: e.impressions });
      expect.soft(p.metrics.ConversionValue, `${at} ${p.itemId} value`).toBeCloseTo(e.value, 2);
    }

    const terms = await browser.post(`/api/segment/searchTermMetrics/${brandId}`, { startDate: range.from, endDate: range.to, limit: 500, page: 1 });
    expect(terms.status, terms.body.slice(0, 300)).toBe(200);
    const body = terms.json<SearchTermMetricsResponse>();
    const expected = [...(await truth('searchTerm', range)).values()];
    expect({ at, records: body.totalRecords, shown: body.data.length }).toEqual({ at, records: expected.length, shown: Math.min(expected.length, 500) });
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect({ at, costMicros: sum(body.data.map((r) => Math.round(r.cost! * 1e6))), clicks: sum(body.data.map((r) => r.clicks!)) }).toEqual({ at, costMicros: sum(expected.map((e) => e.costMicros)), clicks: sum(expected.map((e) => e.clicks)) });
    expect(sum(body.data.map((r) => r.conversionsValue!)), `${at} value`).toBeCloseTo(sum(expected.map((e) => e.value)), 2);
  });
});

/** mulberry32: a tiny seeded PRNG, so a failing run's ranges can be replayed from its seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function randomRanges(seed: number, n: number): Range[] {
  const rand = prng(seed);
  const out: Range[] = [];
  for (let i = 0; i < n; i++) {
    const a = Math.floor(rand() * HISTORY_DAYS);
    const b = Math.floor(rand() * HISTORY_DAYS);
    const [lo, hi] = a <= b ? [a, b] : [b, a];
    out.push({ label: `random #${i + 1}`, from: addDays(EARLIEST, lo), to: addDays(EARLIEST, hi) });
  }
  return out;
}

/** The last instant at hh:mm UTC, at or before now (23:50 in Asia/Kolkata, as the other reconciliation pins). */
