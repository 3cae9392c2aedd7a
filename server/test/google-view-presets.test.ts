import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, eachDay, todayIn } from '@parallels/contract/days';
import { presetRanges } from '@parallels/contract/report-presets';
import { reportDayBounds } from '@parallels/contract/report-dates';
import { HISTORY_DAYS } from '../src/sync/windows.js';
import { queryRows } from '../src/db/client.js';
import { PRESET_VIEWS, presetBuilds, rebuildGoogleViewPresets } from '../src/db/google-view-presets.sql.js';
import { insertBrand } from '../src/modules/brands/brands.sql.js';
import { subscribeBrand } from './reports-seed.js';
import { createTestApp, DB_KINDS, sessionCookie, type TestApp } from './test-app.js';
import { seedGoogleViews, type ViewSeed } from './google-ads-seed.js';

// The preset summaries (google_view_presets, decision 015 "Scale") answer exactly what the per-request
// statements answer, for every preset range and every kind of call (pages, filters, chips, header sorts, the
// segment's filters and page clamping): after a backfill, after a window restated, after the day rolls over.
const START = new Date('2026-03-15T12:00:00Z');
const ORIGIN = 'http://localhost:3000';
const TZ = 'UTC';
const ACCOUNTS = ['1111111111', '2222222222'];

/** A small deterministic generator (the same data on every run and database). */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/**
 * Two years of search terms and keywords for one account: terms active on scattered days (recent days too, so
 * the short presets have rows), the same words under two match types (label ties), two terms with identical
 * figures (cost ties), terms without cost, statuses changing over time, names per ad group.
 */
function facts(account: number, from: string, to: string, seed: number): ViewSeed[] {
  const next = random(seed);
  const days = eachDay({ from, to });
  const rows: ViewSeed[] = [];
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  for (let k = 0; k < 24; k++) {
    const words = `term ${k % 18}`;
    const matchType = k < 18 ? 'EXACT' : 'PHRASE';
    const group = k % 4;
    const activeDays = new Set<string>();
    for (let i = 0; i < 25; i++) activeDays.add(pick(days));
    for (let i = 0; i < 3; i++) activeDays.add(days[Math.max(0, days.length - 1 - Math.floor(next() * 10))]!);
    for (const date of activeDays) {
      const free = k === 5;
      const twin = k === 7 || k === 8; // the same figures on the same days
      const r = twin ? 0.5 : next();
      const base = {
        date,
        campaignId: `c${group % 2}`,
        campaignName: `Campaign ${account}-${group % 2}`,
        adGroupId: `g${group}`,
        adGroupName: `Group ${group}`,
        costMicros: free ? 0 : Math.round(r * 500) * 10_000,
        clicks: Math.round(r * 40),
        impressions: 100 + Math.round(r * 900),
        conversions: Math.round(r * 8) / 4,
        conversionsValue: Math.round(r * 9000) / 100,
      };
      const status = twin ? 'ADDED' : pick(['ADDED', 'NONE', 'EXCLUDED']);
      rows.push({ ...base, view: 'search_term', key: `${words}|${matchType}|g${group}${twin ? `|${k}` : ''}`, label: words, attributes: { matchType, status } });
      if (k < 12) rows.push({ ...base, view: 'keyword', key: `kw${k}`, label: `keyword ${k % 9}`, attributes: { matchType, status: 'ENABLED' } });
      // products whose brand and category change over time (the sums take the greatest over the range)
      if (k < 8) {
        const attributes = { brand: pick(['Weaves', 'Looms']), productType: `Sarees > ${k % 2 ? 'Silk' : 'Cotton'}`, category: pick(['Apparel > Sarees', 'Apparel > Kurtas > Festive']) };
        rows.push({ ...base, view: 'product', key: `item${k}`, label: `Product ${k % 5}`, attributes });
      }
    }
  }
  return rows;
}

type Call = [string, Record<string, unknown>];
const CALLS: Call[] = [
  ['google/searchTerm', { limit: 8 }],
  ['google/searchTerm', { accountId: ACCOUNTS[0], limit: 5, offset: 3 }],
  ['google/searchTerm', { costFilter: { value: 1, operator: '>' }, limit: 10 }],
  ['google/searchTerm', { category: 'High Cost', convValuePerCostFilter: { value: 0.5, operator: '>=' }, limit: 10 }],
  ['google/searchTerm', { category: 'Under Performers', limit: 4, offset: 1 }],
  // a chip under a cost filter alone: its page is a range of the category's places by cost, its counts two lookups
  ['google/searchTerm', { category: 'High Cost', costFilter: { value: 60, operator: '>' }, limit: 3 }],
  ['google/searchTerm', { category: 'Under Performers', costFilter: { value: 75, operator: '<=' }, limit: 4 }],
  ['google/searchTerm', { category: 'High Conv. Value/Cost', costFilter: { value: 50, operator: '>=' }, limit: 2, offset: 0 }],
  ['google/searchTerm', { category: 'Top Performers', costFilter: { value: 80, operator: '<' }, limit: 10 }],
  ['google/searchTerm', { accountId: ACCOUNTS[0], costFilter: { value: 5.2, operator: '==' }, limit: 10 }],
  ['google/searchTerm', { accountId: ACCOUNTS[0], costFilter: { value: 64.5, operator: '<' }, limit: 10 }],
  ['google/searchTerm', { sortBy: 'CTR', sortOrder: 'asc', limit: 10, offset: 2 }],
  ['google/searchTerm', { sortBy: 'label', sortOrder: 'desc', limit: 10 }],
  ['google/searchTerm', { sortBy: 'Total Cost', sortOrder: 'asc', limit: 10 }],
  ['google/keyword', { limit: 8 }],
  ['google/keyword', { category: 'Top Performers', sortBy: 'Conv. Value / Cost', limit: 5 }],
  ['google/keyword', { category: 'High Cost', costFilter: { value: 0.5, operator: '>=' }, limit: 3, offset: 1 }],
  ['google/product', { limit: 8 }],
  ['segment/productMetrics', {}],
  ['segment/productMetrics', { brands: 'Weaves', categoryName: 'Kurtas' }],
  ['segment/categoryMetrics', {}],
  ['segment/brandMetrics', {}],
  ['segment/typeMetrics', { brands: 'Looms' }],
  ['segment/searchTermMetrics', { page: 1, limit: 10, sortBy: 'cost', sortOrder: 'desc' }],
  ['segment/searchTermMetrics', { page: 2, limit: 7, campaign: 'Campaign 1-0', sortBy: 'ctr', sortOrder: 'asc' }],
  ['segment/searchTermMetrics', { page: 99, limit: 10, status: 'ADDED', sortBy: 'searchTerm', sortOrder: 'asc' }],
  ['segment/searchTermMetrics', { page: 1, limit: 5, campaign: 'Campaign 2-1', adGroup: 'Group 3', sortBy: 'avg_cpc', sortOrder: 'desc' }],
];

describe.each(DB_KINDS)('Google Ads preset summaries on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  let brandId: string;
  let now = START;
  const today = () => todayIn(TZ, now);

  /** Every call's answer for every preset range as of the clock's today. */
  async function answers(): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    for (const range of presetRanges(today(), HISTORY_DAYS)) {
      for (const [i, [call, body]] of CALLS.entries()) {
        const res = await t.app.inject({ method: 'POST', url: `/api/${call}/${brandId}`, headers: { cookie, origin: ORIGIN }, payload: { startDate: range.from, endDate: range.to, ...body } });
        expect(res.statusCode, res.body).toBe(200);
        out[`${range.from}..${range.to} #${i} ${call}`] = res.json();
      }
    }
    return out;
  }

  // in transactions of 5 keys (a range has up to 24 keys here), so a range's keys span several
  // each read and transaction first awaits the sync's gate (on PGlite: the requests in flight go first)
  const rebuild = async () => {
    const ranges = presetRanges(today(), HISTORY_DAYS);
    for (const account of ACCOUNTS) {
      let waits = 0;
      await rebuildGoogleViewPresets(t.database.db, brandId, account, ranges, { batchKeys: 5, beforeEach: async () => void waits++ });
      // the first clear-out, and per view and range its read, its delete, its key batches and its summary
      expect(waits).toBeGreaterThanOrEqual(1 + PRESET_VIEWS.length * ranges.length * 4);
    }
  };

  /** Whether every account has a summary for every preset of today, for every view that has them. */
  async function served(): Promise<boolean> {
    for (const view of PRESET_VIEWS) {
      for (const range of presetRanges(today(), HISTORY_DAYS)) if (!(await presetBuilds(t.database.db, brandId, view, ACCOUNTS, range))) return false;
    }
    return true;
  }

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { now: () => now });
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { origin: ORIGIN }, payload: { username: 'asha', email: 'asha@example.com', password: 'asha-password-1' } });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/normal', headers: { origin: ORIGIN }, payload: { email: 'asha@example.com', password: 'asha-password-1' } });
    cookie = sessionCookie(login);
    const userId = login.json().user.id as string;
    const db = t.database.db;
    const conn = (accountId: string) => ({ platform: 'google_ads' as const, accountId, accountName: accountId, managerId: null, grantId: null });
    brandId = await insertBrand(db, { name: 'Looms', currency: 'INR', timezone: TZ, userId, connections: ACCOUNTS.map(conn) });
    await subscribeBrand(db, brandId);
    // the backfill: two years up to yesterday, as one window per account
    const window = { from: reportDayBounds(today()).earliest, to: addDays(today(), -1) };
    // (the second account's history starts later: its two-year figures are not complete, the label-order case)
    for (const [i, account] of ACCOUNTS.entries()) {
      const from = i === 0 ? window.from : addDays(window.from, 100);
      await seedGoogleViews(db, brandId, account, { from, to: window.to }, facts(i + 1, from, window.to, 7 + i));
    }
  }, 120_000);
  afterAll(async () => t?.close());

  it('after the backfill, a restated window and a day rolled over, every preset answers as the per-request statement', { timeout: 600_000 }, async () => {
    const db = t.database.db;
    // backfilled, no summary yet: the statement answers
    expect(await served()).toBe(false);
    const computed = await answers();
    const twoYears = presetRanges(today(), HISTORY_DAYS).at(-1)!;
    const cards = computed[`${twoYears.from}..${twoYears.to} #0 google/searchTerm`] as { data: Array<{ searchTerms: unknown[]; categoryCounts: Record<string, number> }> };
    expect(cards.data.map((a) => a.searchTerms.length)).toEqual([8, 8]);
    expect(Object.values(cards.data[0]!.categoryCounts).filter((n) => n > 0).length).toBeGreaterThan(1);
    const segmentPage = CALLS.findIndex(([call]) => call === 'segment/searchTermMetrics');
    expect((computed[`${twoYears.from}..${twoYears.to} #${segmentPage} segment/searchTermMetrics`] as { data: unknown[] }).data).toHaveLength(10);
    // the chips under a cost filter have rows to compare
    const chipCalls = CALLS.flatMap(([call, body], i) => (call === 'google/searchTerm' && body.category && body.costFilter ? [i] : []));
    const chipRows = chipCalls.map((i) => (computed[`${twoYears.from}..${twoYears.to} #${i} google/searchTerm`] as { data: Array<{ searchTerms: unknown[] }> }).data[0]!.searchTerms.length);
    expect(chipRows.filter((n) => n > 0).length).toBeGreaterThanOrEqual(2);
    // the second account has not synced the start of the two years: keys by label, no totals (served by the summary too)
    const partial = cards.data[1]!.searchTerms as Array<{ label: string; 'Total Cost': number | null }>;
    expect(partial.map((r) => r['Total Cost'])).toEqual(Array(8).fill(null));
    expect(partial.map((r) => r.label)).toEqual(partial.map((r) => r.label).sort());
    await rebuild();
    expect(await served()).toBe(true);
    expect(await answers()).toEqual(computed);

    // the summary is what answers: a figure changed in it shows (then the rebuild puts it back)
    const range = presetRanges(today(), HISTORY_DAYS).at(-1)!;
    await db.execute(sql`update google_view_presets set cost_micros = cost_micros + 7000000000 where brand_id = ${brandId} and view = 'search_term' and from_date = ${range.from} and to_date = ${range.to} and key = ${'term 3|EXACT|g3'}`);
    const changed = await t.app.inject({ method: 'POST', url: `/api/google/searchTerm/${brandId}`, headers: { cookie, origin: ORIGIN }, payload: { startDate: range.from, endDate: range.to, limit: 1 } });
    expect(changed.json().data[0].searchTerms[0]['Total Cost']).toBeGreaterThan(7000);
    await rebuild();

    // a refresh restates the last 10 days of the first account: its summaries stop being served at the commit
    const restated = { from: addDays(today(), -10), to: addDays(today(), -1) };
    await seedGoogleViews(db, brandId, ACCOUNTS[0]!, restated, facts(1, restated.from, restated.to, 99));
    expect(await presetBuilds(db, brandId, 'search_term', [ACCOUNTS[0]!], range)).toBeNull();
    const afterRestate = await answers();
    expect(afterRestate).not.toEqual(computed);
    await rebuild();
    expect(await answers()).toEqual(afterRestate);

    // the day rolls over: yesterday's summaries are keyed by yesterday's ranges and never served for today's
    now = new Date(START.getTime() + 24 * 3600 * 1000);
    await seedGoogleViews(db, brandId, ACCOUNTS[1]!, { from: addDays(today(), -1), to: addDays(today(), -1) }, facts(2, addDays(today(), -1), addDays(today(), -1), 5));
    await rebuildGoogleViewPresets(db, brandId, ACCOUNTS[1]!, presetRanges(today(), HISTORY_DAYS));
    // the first account's summary is still yesterday's (no job ran for it since), built for other ranges
    expect(await served()).toBe(false);
    const rolled = await answers();
    await rebuild();
    expect(await served()).toBe(true);
    expect(await answers()).toEqual(rolled);
    // the previous day's ranges are gone
    const stale = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from google_view_presets where brand_id = ${brandId} and to_date < ${addDays(today(), -1)}`);
    expect(stale[0]!.n).toBe(0);
  });
});
