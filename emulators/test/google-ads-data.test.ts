import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleAdsEmulator } from '../src/google-ads/app.js';
import { createWorld, findMerchant, merchantDay, SANDBOX_APPS } from '../src/common/world.js';
import { startPlatform, type RunningPlatform } from './harness.js';

// Google Ads REST emulator data: paging, searchStream shape, range totals vs daily rows, views
// summing to their campaigns, product statuses, restatement, determinism, agreement with the world.

const CLIENT = '2345678901';
const OTHER = '5678901234';
type Json = Record<string, unknown>;
type Row = { campaign?: Json; metrics?: Json; segments?: Json; [k: string]: unknown };

let p: RunningPlatform;
let token: string;

async function mintOn(platform: RunningPlatform, body: Json = {}): Promise<string> {
  const res = await fetch(`${platform.baseUrl}/__admin/tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return ((await res.json()) as Json).access_token as string;
}

async function call(platform: RunningPlatform, tok: string, cid: string, method: 'search' | 'searchStream', body: Json): Promise<{ status: number; text: string }> {
  const res = await fetch(`${platform.baseUrl}/v23/customers/${cid}/googleAds:${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tok}`, 'developer-token': SANDBOX_APPS.googleAdsDeveloperToken, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

async function search(query: string, extra: Json = {}, cid = CLIENT, tok = token): Promise<Json> {
  const r = await call(p, tok, cid, 'search', { query, ...extra });
  expect(r.status, r.text.slice(0, 400)).toBe(200);
  return JSON.parse(r.text) as Json;
}

/** every row of a query, through searchStream */
async function rows(query: string, cid = CLIENT, tok = token): Promise<Row[]> {
  const r = await call(p, tok, cid, 'searchStream', { query });
  expect(r.status, r.text.slice(0, 400)).toBe(200);
  return (JSON.parse(r.text) as Json[]).flatMap((b) => (b.results as Row[] | undefined) ?? []);
}

interface Totals { cost: bigint; clicks: number; impressions: number; conv: number; value: number }
const zero = (): Totals => ({ cost: 0n, clicks: 0, impressions: 0, conv: 0, value: 0 });
function add(t: Totals, m: Json | undefined): Totals {
  t.cost += BigInt(String(m?.costMicros ?? '0'));
  t.clicks += Number(m?.clicks ?? 0);
  t.impressions += Number(m?.impressions ?? 0);
  t.conv += Math.round(Number(m?.conversions ?? 0) * 100);
  t.value += Math.round(Number(m?.conversionsValue ?? 0) * 100);
  return t;
}
function sumBy(list: Row[], key: (r: Row) => string): Map<string, Totals> {
  const out = new Map<string, Totals>();
  for (const r of list) out.set(key(r), add(out.get(key(r)) ?? zero(), r.metrics));
  return out;
}
const M = 'metrics.cost_micros, metrics.clicks, metrics.impressions, metrics.conversions, metrics.conversions_value';

beforeAll(async () => {
  p = await startPlatform('google-ads', googleAdsEmulator);
  token = await mintOn(p);
});
afterAll(async () => p.close());

describe('paging and searchStream', () => {
  const q = `SELECT campaign.id, segments.product_item_id, segments.date, metrics.clicks, metrics.cost_micros FROM shopping_performance_view WHERE segments.date BETWEEN '2026-04-01' AND '2026-05-31'`;

  it('pages search results 10,000 at a time with nextPageToken to the end', async () => {
    const first = await search(q, { returnTotalResultsCount: true });
    const total = Number(first.totalResultsCount);
    expect(total).toBeGreaterThan(10_000);
    expect(first.results as Row[]).toHaveLength(10_000);
    expect(first.fieldMask).toBe('campaign.id,segments.productItemId,segments.date,metrics.clicks,metrics.costMicros');
    const seen = [...(first.results as Row[])];
    let next = first.nextPageToken as string | undefined;
    let pages = 1;
    while (next) {
      const page = await search(q, { pageToken: next });
      seen.push(...(page.results as Row[]));
      next = page.nextPageToken as string | undefined;
      pages++;
    }
    expect(seen).toHaveLength(total);
    expect(pages).toBe(Math.ceil(total / 10_000));
    const stream = JSON.parse((await call(p, token, CLIENT, 'searchStream', { query: q })).text) as Json[];
    expect(stream.map((b) => (b.results as Row[]).length)).toEqual(Array.from({ length: pages }, (_, i) => Math.min(10_000, total - i * 10_000)));
    expect(stream.flatMap((b) => b.results as Row[])).toEqual(seen);
    const bad = await call(p, token, CLIENT, 'search', { query: q, pageToken: 'bm9wZQ' });
    expect(JSON.parse(bad.text)).toMatchObject({ error: { details: [{ errors: [{ errorCode: { requestError: 'INVALID_PAGE_TOKEN' } }] }] } });
  });

  it('answers searchStream as one JSON array of batches, and handles empty results', async () => {
    const r = JSON.parse((await call(p, token, CLIENT, 'searchStream', { query: 'SELECT campaign.id, campaign.name FROM campaign' })).text) as Json[];
    expect(Array.isArray(r)).toBe(true);
    expect(Object.keys(r[0]!)).toEqual(['results', 'fieldMask', 'requestId', 'queryResourceConsumption']);
    expect(r[0]!.fieldMask).toBe('campaign.id,campaign.name');
    expect((r[0]!.results as Row[])[0]).toEqual({ campaign: { resourceName: `customers/${CLIENT}/campaigns/20931540017`, id: '20931540017', name: 'Brand | Exact' } });
    const none = JSON.parse((await call(p, token, CLIENT, 'searchStream', { query: "SELECT campaign.id FROM campaign WHERE campaign.name = 'nope'" })).text) as Json[];
    expect(none).toHaveLength(1);
    expect(none[0]!.results).toBeUndefined();
    expect(none[0]).toMatchObject({ fieldMask: 'campaign.id', requestId: expect.any(String) });
    const searchNone = await search("SELECT campaign.id FROM campaign WHERE campaign.name = 'nope'");
    expect(searchNone.results).toBeUndefined();
  });

  it('returns a summary row of recomputed totals when asked', async () => {
    const r = await search(`SELECT campaign.id, ${M}, metrics.ctr FROM campaign WHERE segments.date DURING LAST_30_DAYS`, { summaryRowSetting: 'SUMMARY_ROW_WITH_RESULTS' });
    const t = [...sumBy(r.results as Row[], () => 'all').values()][0]!;
    const s = (r.summaryRow as Json).metrics as Json;
    expect(BigInt(String(s.costMicros))).toBe(t.cost);
    expect(s.ctr).toBeCloseTo(t.clicks / t.impressions, 12);
  });
});

describe('ground truth', () => {
  it('range totals equal the sum of daily rows, with ratios recomputed from the sums', async () => {
    const range = "segments.date BETWEEN '2026-05-01' AND '2026-05-31'";
    const daily = await rows(`SELECT campaign.id, segments.date, ${M}, metrics.ctr FROM campaign WHERE ${range}`);
    const total = await rows(`SELECT campaign.id, ${M}, metrics.ctr, metrics.average_cpc FROM campaign WHERE ${range} AND metrics.impressions > 0`);
    const sums = sumBy(daily, (r) => String(r.campaign?.id));
    expect(total.length).toBe(sums.size);
    for (const row of total) {
      const s = sums.get(String(row.campaign?.id))!;
      expect(add(zero(), row.metrics)).toEqual(s);
      expect(row.metrics?.ctr).toBeCloseTo(s.clicks / s.impressions, 12);
      expect(row.metrics?.averageCpc).toBeCloseTo(Number(s.cost) / s.clicks, 6);
      const dailyCtrs = daily.filter((d) => d.campaign?.id === row.campaign?.id).map((d) => Number(d.metrics?.ctr));
      expect(row.metrics?.ctr).not.toBeCloseTo(dailyCtrs.reduce((a, b) => a + b, 0) / dailyCtrs.length, 10);
    }
    // int64 as strings, doubles as numbers
    expect(typeof total[0]!.metrics!.costMicros).toBe('string');
    expect(typeof total[0]!.metrics!.conversions).toBe('number');
  });

  it("each view's rows sum exactly to its campaigns' daily metrics", async () => {
    const range = "segments.date BETWEEN '2026-06-01' AND '2026-06-07'";
    const campaigns = await rows(`SELECT campaign.id, campaign.advertising_channel_type, segments.date, ${M} FROM campaign WHERE ${range}`);
    const byKey = (r: Row) => `${String(r.campaign?.id)}|${String(r.segments?.date)}`;
    const expected = (types: string[]) => new Map(campaigns.filter((c) => types.includes(String(c.campaign?.advertisingChannelType))).map((c) => [byKey(c), add(zero(), c.metrics)]));
    const views: Array<[string, string[]]> = [
      ['ad_group', ['SEARCH', 'SHOPPING']],
      ['keyword_view', ['SEARCH']],
      ['search_term_view', ['SEARCH', 'SHOPPING']],
      ['age_range_view', ['SEARCH', 'SHOPPING']],
      ['gender_view', ['SEARCH', 'SHOPPING']],
      ['shopping_performance_view', ['SHOPPING', 'PERFORMANCE_MAX']],
    ];
    for (const [view, types] of views) {
      const got = sumBy(await rows(`SELECT campaign.id, segments.date, ${M} FROM ${view} WHERE ${range}`), byKey);
      expect(got, view).toEqual(expected(types));
    }
  });

  it('keeps the demo account consistent with the world: daily cost = merchantDay googleSpend, final value = attributed revenue', async () => {
    const world = createWorld('test-seed');
    const demo = findMerchant(world, 'demo');
    const days = await rows(`SELECT segments.date, ${M} FROM customer WHERE segments.date BETWEEN '2026-04-01' AND '2026-05-31'`);
    expect(days).toHaveLength(61);
    for (const d of days) {
      const md = merchantDay('test-seed', demo, String(d.segments?.date));
      expect(Math.abs(Number(BigInt(String(d.metrics?.costMicros))) / 1e6 - md.googleSpend)).toBeLessThan(1);
      expect(Number(d.metrics?.conversionsValue)).toBeCloseTo(md.googleAttributedRevenue, 2); // older than 14 days: final
    }
  });
});

describe('entities', () => {
  it('has realistic search terms with match types and statuses', async () => {
    const terms = await rows("SELECT campaign.name, search_term_view.search_term, search_term_view.status, segments.search_term_match_type, metrics.clicks FROM search_term_view WHERE segments.date BETWEEN '2025-06-01' AND '2026-06-14'");
    const distinct = new Set(terms.map((t) => `${String(t.campaign?.name)}|${String((t.searchTermView as Json).searchTerm)}`));
    expect(distinct.size).toBeGreaterThanOrEqual(150);
    expect(distinct.size).toBeLessThanOrEqual(400);
    expect(new Set(terms.map((t) => (t.searchTermView as Json).status))).toEqual(new Set(['ADDED', 'EXCLUDED', 'ADDED_EXCLUDED', 'NONE']));
    expect(new Set(terms.map((t) => t.segments?.searchTermMatchType).filter(Boolean))).toEqual(new Set(['EXACT', 'NEAR_EXACT', 'PHRASE', 'NEAR_PHRASE', 'BROAD']));
  });

  it('reports products with eligibility statuses and issues', async () => {
    const products = await rows('SELECT shopping_product.item_id, shopping_product.title, shopping_product.brand, shopping_product.status, shopping_product.issues, shopping_product.category_level1, shopping_product.product_type_level1, shopping_product.price_micros FROM shopping_product');
    expect(products.length).toBeGreaterThanOrEqual(80);
    expect(products.length).toBeLessThanOrEqual(200);
    const sp = products.map((r) => r.shoppingProduct as Json);
    const byStatus = (s: string) => sp.filter((x) => x.status === s);
    expect(byStatus('ELIGIBLE').length).toBeGreaterThan(sp.length * 0.6);
    for (const x of byStatus('NOT_ELIGIBLE')) expect((x.issues as Json[]).some((i) => i.adsSeverity === 'ERROR')).toBe(true);
    for (const x of byStatus('ELIGIBLE_LIMITED')) expect(x.issues).toEqual([expect.objectContaining({ adsSeverity: 'WARNING', errorCode: expect.any(String), description: expect.any(String), affectedRegions: ['IN'] })]);
    expect(byStatus('ELIGIBLE_LIMITED').length + byStatus('NOT_ELIGIBLE').length).toBeGreaterThan(5);
    expect(sp[0]).toMatchObject({ itemId: expect.stringMatching(/^shopify_IN_\d+_\d+$/), categoryLevel1: 'Apparel & Accessories', priceMicros: expect.stringMatching(/^\d+$/) });
    const perf = await rows("SELECT segments.product_item_id, segments.product_category_level1, segments.product_category_level2, segments.product_type_l1, segments.product_brand, segments.product_channel, metrics.clicks FROM shopping_performance_view WHERE segments.date DURING LAST_7_DAYS");
    const seg = perf[0]!.segments as Json;
    expect(seg.productItemId).toBe(String(seg.productItemId).toLowerCase()); // lower-cased in reports
    expect(seg).toMatchObject({ productCategoryLevel1: 'Apparel & Accessories', productChannel: 'ONLINE' });
    const limited = await rows("SELECT shopping_product.item_id FROM shopping_product WHERE shopping_product.status = 'NOT_ELIGIBLE'");
    expect(limited).toHaveLength(byStatus('NOT_ELIGIBLE').length);
  });

  it('serves the US store in USD with its own campaigns', async () => {
    const northwind = await mintOn(p, { sub: '100000000000000000002' });
    const r = await rows('SELECT customer.currency_code, campaign.name, campaign.status FROM campaign', OTHER, northwind);
    expect(r[0]!.customer).toMatchObject({ currencyCode: 'USD' });
    expect(r.map((x) => x.campaign?.name)).toContain('PMax | Black Friday');
  });
});

describe('restatement and determinism', () => {
  it('restates the last 14 days of conversions as the clock moves, never cost or old days', async () => {
    const q = `SELECT segments.date, ${M} FROM customer WHERE segments.date BETWEEN '2026-05-25' AND '2026-06-14'`;
    const before = new Map((await rows(q)).map((r) => [String(r.segments?.date), r.metrics!]));
    await fetch(`${p.baseUrl}/__admin/clock`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ now: '2026-06-20T06:00:00Z' }) });
    try {
      const fresh = await mintOn(p); // the old access token expired with the clock (1 h lifetime)
      const after = new Map((await rows(q, CLIENT, fresh)).map((r) => [String(r.segments?.date), r.metrics!]));
      for (const [day, m] of before) {
        const a = after.get(day)!;
        expect(a.costMicros, day).toBe(m.costMicros);
        expect(a.clicks, day).toBe(m.clicks);
        if (day <= '2026-06-01') expect(a.conversionsValue, day).toBe(m.conversionsValue); // 14+ days old both times
        else expect(Number(a.conversionsValue), day).toBeGreaterThan(Number(m.conversionsValue));
      }
    } finally {
      await fetch(`${p.baseUrl}/__admin/clock`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ now: '2026-06-15T06:00:00Z' }) });
    }
  });

  it('gives byte-identical bodies for the same seed and different ones for another seed', async () => {
    const body = { query: `SELECT campaign.id, ad_group.id, search_term_view.search_term, segments.date, ${M} FROM search_term_view WHERE segments.date DURING LAST_14_DAYS` };
    const a = await startPlatform('google-ads', googleAdsEmulator, { seed: 'same' });
    const b = await startPlatform('google-ads', googleAdsEmulator, { seed: 'same' });
    const c = await startPlatform('google-ads', googleAdsEmulator, { seed: 'other' });
    try {
      const [ra, rb, rc] = await Promise.all([a, b, c].map(async (x) => (await call(x, await mintOn(x), CLIENT, 'searchStream', body)).text));
      expect(ra!.length).toBeGreaterThan(1000);
      expect(rb).toBe(ra);
      expect(rc).not.toBe(ra);
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });
});
