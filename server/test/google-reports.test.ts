import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { googleReportResponseSchema, type GoogleReportAccount, type GoogleReportResponse, type GoogleReportRow } from '@parallels/contract/google-reports';
import { insertBrand } from '../src/modules/brands/brands.sql.js';
import { createTestApp, DB_KINDS, sessionCookie, type TestApp } from './test-app.js';
import { daysOf, subscribeBrand } from './reports-seed.js';
import { seedGoogleViews, type ViewSeed } from './google-ads-seed.js';
import { splitRange } from '../src/db/google-views.sql.js';

// POST /api/google/{report}/{brandId} over seeded facts, exact numbers. The clock is pinned to 2026-03-15
// 12:00 UTC (Asia/Kolkata: today 2026-03-15, yesterday 2026-03-14).
const NOW = new Date('2026-03-15T12:00:00Z');
const ORIGIN = 'http://localhost:3000';
const FULL = { startDate: '2026-02-01', endDate: '2026-03-14' };

const term = (date: string, label: string, matchType: string, adGroup: string, m: { cost: number; clicks: number; impressions: number; conversions: number; value: number }): ViewSeed => ({
  view: 'search_term',
  key: `${label}|${matchType}|${adGroup}`,
  date,
  label,
  campaignId: 'c1',
  campaignName: 'Generic | Sarees',
  adGroupId: adGroup,
  adGroupName: `Ad group ${adGroup}`,
  attributes: { matchType, status: 'ADDED' },
  costMicros: m.cost,
  clicks: m.clicks,
  impressions: m.impressions,
  conversions: m.conversions,
  conversionsValue: m.value,
});

describe.each(DB_KINDS)('Google Ads reports on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  let brandId: string; // account 1111111111 synced Feb 1 - Mar 14, 2222222222 March only
  let waitingId: string;
  let expiredId: string;
  let noGoogleId: string;

  const post = (report: string, id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/google/${report}/${id}`, headers: { cookie, origin: ORIGIN }, payload });
  const report = async (name: string, payload: Record<string, unknown> = FULL): Promise<GoogleReportResponse> => {
    const res = await post(name, brandId, payload);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // sent as plain JSON (lib/plain-json.ts): exactly what the declared schema lets through, nothing it would strip
    expect(googleReportResponseSchema.parse(body)).toEqual(body);
    return body;
  };
  const account = (body: GoogleReportResponse, id: string): GoogleReportAccount => body.data.find((a) => a.accountId === id)!;
  const labels = (rows: GoogleReportRow[] | undefined) => (rows ?? []).map((r) => r.label);

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { now: () => NOW });
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { origin: ORIGIN }, payload: { username: 'asha', email: 'asha@example.com', password: 'asha-password-1' } });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/normal', headers: { origin: ORIGIN }, payload: { email: 'asha@example.com', password: 'asha-password-1' } });
    cookie = sessionCookie(login);
    const userId = login.json().user.id as string;
    const db = t.database.db;
    const conn = (platform: 'google_ads' | 'meta', accountId: string, accountName: string) => ({ platform, accountId, accountName, managerId: null, grantId: null });
    const brand = async (name: string, connections: ReturnType<typeof conn>[]) => {
      const id = await insertBrand(db, { name, currency: 'INR', timezone: 'Asia/Kolkata', userId, connections });
      await subscribeBrand(db, id); // reports need the Startup Plan
      return id;
    };
    brandId = await brand('Sarees', [conn('google_ads', '1111111111', 'Sarees India'), conn('google_ads', '2222222222', 'Sarees Export')]);
    waitingId = await brand('Waiting', [conn('google_ads', '3333333333', 'Waiting')]);
    expiredId = await brand('Expired', [conn('google_ads', '4444444444', 'Expired')]);
    noGoogleId = await brand('Meta only', [conn('meta', 'act_9', 'Meta')]);

    // Account 1: silk saree every day (2.00 cost, 10 value); cotton kurta every March day (10.333333 cost,
    // 7.75 value); wedding lehenga once in February (30 cost, 300 value); linen shirt once in March (200, 2000).
    const rows: ViewSeed[] = [];
    for (const d of daysOf('2026-02-01', '2026-03-14')) {
      rows.push(term(d, 'silk saree', 'EXACT', 'ag1', { cost: 2_000_000, clicks: 4, impressions: 40, conversions: 1, value: 10 }));
      if (d >= '2026-03-01') rows.push(term(d, 'cotton kurta', 'PHRASE', 'ag2', { cost: 10_333_333, clicks: 5, impressions: 100, conversions: 0.5, value: 7.75 }));
    }
    rows.push(term('2026-02-10', 'wedding lehenga', 'BROAD', 'ag1', { cost: 30_000_000, clicks: 10, impressions: 50, conversions: 3, value: 300 }));
    rows.push(term('2026-03-01', 'linen shirt', 'EXACT', 'ag2', { cost: 200_000_000, clicks: 20, impressions: 100, conversions: 4, value: 2000 }));
    const demographic = (view: 'age' | 'gender', key: string, date: string, cost: number, value: number): ViewSeed => ({
      view, key, date, label: key, attributes: {}, costMicros: cost, clicks: 2, impressions: 20, conversions: 1, conversionsValue: value,
    });
    rows.push(demographic('age', 'AGE_RANGE_25_34', '2026-02-03', 5_000_000, 50), demographic('age', 'AGE_RANGE_25_34', '2026-03-03', 5_000_000, 25), demographic('age', 'AGE_RANGE_65_UP', '2026-03-04', 1_500_000, 0));
    rows.push(demographic('gender', 'FEMALE', '2026-03-05', 7_000_000, 70), demographic('gender', 'UNDETERMINED', '2026-03-05', 1_000_000, 1));
    rows.push({ view: 'keyword', key: 'ag1~101', date: '2026-03-02', label: 'silk sarees online', campaignName: 'Generic | Sarees', adGroupName: 'Ad group ag1', attributes: { matchType: 'PHRASE', status: 'ENABLED' }, costMicros: 4_500_000, clicks: 3, impressions: 30, conversions: 1, conversionsValue: 45 });
    rows.push({ view: 'product', key: 'shopify_in_1', date: '2026-03-02', label: 'Banarasi Silk Saree', attributes: { title: 'Banarasi Silk Saree', brand: 'Weaves' }, costMicros: 12_000_000, clicks: 6, impressions: 600, conversions: 2, conversionsValue: 240 });
    await seedGoogleViews(db, brandId, '1111111111', { from: '2026-02-01', to: '2026-03-14' }, rows);
    await seedGoogleViews(db, brandId, '2222222222', { from: '2026-03-01', to: '2026-03-14' }, daysOf('2026-03-01', '2026-03-14').map((d) => term(d, 'denim jacket', 'EXACT', 'ag9', { cost: 1_000_000, clicks: 1, impressions: 10, conversions: 0, value: 0 })));
    await seedGoogleViews(db, expiredId, '4444444444', { from: '2026-03-01', to: '2026-03-14' }, [term('2026-03-02', 'old term', 'EXACT', 'ag1', { cost: 3_000_000, clicks: 1, impressions: 1, conversions: 0, value: 0 })]);
    await db.execute(sql`update connections set status = 'reauth_required' where brand_id = ${expiredId}`);
  });
  afterAll(async () => t?.close());

  it('search terms: one entry per account, totals and ratios from sums, months newest first, cost first', async () => {
    const body = await report('searchTerm', { ...FULL, userId: 'ignored' });
    expect(body.range).toEqual({ from: '2026-02-01', to: '2026-03-14' });
    expect(body.months).toEqual(['202603', '202602']);
    expect(body.currency).toBe('INR');
    expect(body.data.map((a) => [a.accountId, a.accountName])).toEqual([['1111111111', 'Sarees India'], ['2222222222', 'Sarees Export']]);
    const a = account(body, '1111111111');
    expect(a.error).toBeNull();
    expect(a.status.state).toBe('ready');
    expect(a.totalRows).toBe(4);
    expect(labels(a.searchTerms)).toEqual(['linen shirt', 'cotton kurta', 'silk saree', 'wedding lehenga']);
    const silk = a.searchTerms!.find((r) => r.label === 'silk saree')!;
    expect(silk).toMatchObject({
      key: 'silk saree|EXACT|ag1',
      details: { campaignName: 'Generic | Sarees', adGroupName: 'Ad group ag1', matchType: 'EXACT', status: 'ADDED' },
      'Total Cost': 84,
      'Total Clicks': 168,
      'Total Impressions': 1680,
      'Total Conversions': 42,
      'Total Conv. Value': 420,
      'Conv. Value / Cost': 5,
      'Conversion Rate': 25,
      CTR: 10,
      'Avg. CPC': 0.5,
    });
    expect(silk.MonthlyData).toEqual([
      { Month: '202603', Cost: 28, Clicks: 56, Impressions: 560, Conversions: 14, 'Conv. Value': 140, 'Conv. Value/ Cost': 5, 'Conversion Rate': 25 },
      { Month: '202602', Cost: 56, Clicks: 112, Impressions: 1120, Conversions: 28, 'Conv. Value': 280, 'Conv. Value/ Cost': 5, 'Conversion Rate': 25 },
    ]);
    // 14 days of 10,333,333 micros: summed in micros, divided once (144.666662, not 14 x 10.33)
    const cotton = a.searchTerms!.find((r) => r.label === 'cotton kurta')!;
    expect(cotton['Total Cost']).toBe(144.666662);
    expect(cotton['Conv. Value / Cost']).toBeCloseTo(108.5 / 144.666662, 12);
    expect(cotton['Conversion Rate']).toBe(10);
    // a synced month without activity is a real zero
    const wedding = a.searchTerms!.find((r) => r.label === 'wedding lehenga')!;
    expect(wedding.MonthlyData[0]).toEqual({ Month: '202603', Cost: 0, Clicks: 0, Impressions: 0, Conversions: 0, 'Conv. Value': 0, 'Conv. Value/ Cost': 0, 'Conversion Rate': 0 });
  });

  it('colour categories: Cost and Conv. Value/Cost against the account averages', async () => {
    const a = account(await report('searchTerm'), '1111111111');
    // averages: cost (200 + 144.666662 + 84 + 30) / 4 = 114.6666655; value per cost (10 + 0.75 + 5 + 10) / 4 = 6.4375
    expect(Object.fromEntries(a.searchTerms!.map((r) => [r.label, r.category]))).toEqual({
      'linen shirt': 'Top Performers',
      'cotton kurta': 'High Cost',
      'silk saree': 'Under Performers',
      'wedding lehenga': 'High Conv. Value/Cost',
    });
  });

  it('an account whose days have not all synced: months and totals missing (null), never a partial sum', async () => {
    const b = account(await report('searchTerm'), '2222222222');
    expect(b.status.state).toBe('syncing');
    expect(b.error).toBeNull();
    const [denim] = b.searchTerms!;
    expect(denim).toMatchObject({ label: 'denim jacket', 'Total Cost': null, 'Conv. Value / Cost': null, category: null });
    expect(denim!.MonthlyData.map((m) => [m.Month, m.Cost])).toEqual([['202603', 14], ['202602', null]]);
    // March alone has synced: complete
    const march = account(await report('searchTerm', { startDate: '2026-03-01', endDate: '2026-03-15' }), '2222222222');
    expect(march.status.state).toBe('ready');
    expect(march.searchTerms![0]).toMatchObject({ 'Total Cost': 14, 'Total Clicks': 14, 'Conv. Value / Cost': 0, category: 'Top Performers' });
    // missing figures match no filter
    expect(account(await report('searchTerm', { ...FULL, costFilter: { value: 0, operator: '>=' } }), '2222222222').searchTerms).toEqual([]);
  });

  it('the column filters, each operator, applied on the server', async () => {
    const cost = async (operator: string, value: number) => labels(account(await report('searchTerm', { ...FULL, costFilter: { operator, value } }), '1111111111').searchTerms);
    expect(await cost('>', 100)).toEqual(['linen shirt', 'cotton kurta']);
    expect(await cost('>=', 84)).toEqual(['linen shirt', 'cotton kurta', 'silk saree']);
    expect(await cost('<', 84)).toEqual(['wedding lehenga']);
    expect(await cost('<=', 84)).toEqual(['silk saree', 'wedding lehenga']);
    expect(await cost('==', 84)).toEqual(['silk saree']);
    expect(await cost('==', 144.67)).toEqual(['cotton kurta']); // as shown, to 2 decimals
    const perCost = async (operator: string, value: number) => labels(account(await report('searchTerm', { ...FULL, convValuePerCostFilter: { operator, value } }), '1111111111').searchTerms);
    expect(await perCost('>=', 10)).toEqual(['linen shirt', 'wedding lehenga']);
    expect(await perCost('<', 1)).toEqual(['cotton kurta']);
    const both = account(await report('searchTerm', { ...FULL, costFilter: { operator: '>', value: 50 }, convValuePerCostFilter: { operator: '>', value: 1 } }), '1111111111');
    expect(labels(both.searchTerms)).toEqual(['linen shirt', 'silk saree']);
    expect(both.totalRows).toBe(4);
    // categories do not move with the filter: they compare against every row of the account
    expect(both.searchTerms!.map((r) => r.category)).toEqual(['Top Performers', 'Under Performers']);
  });

  it('paged on the server: limit and offset per account, the same order across pages, totals and chip counts beside the page', async () => {
    const first = account(await report('searchTerm', { ...FULL, limit: 2 }), '1111111111');
    expect(labels(first.searchTerms)).toEqual(['linen shirt', 'cotton kurta']);
    expect(first).toMatchObject({ totalRows: 4, matchingRows: 4, offset: 0, categoryCounts: { 'Top Performers': 1, 'High Cost': 1, 'High Conv. Value/Cost': 1, 'Under Performers': 1 } });
    // the next page of one account only (a card loading more): no other account in the answer
    const next = await report('searchTerm', { ...FULL, accountId: '1111111111', limit: 2, offset: 2 });
    expect(next.data.map((a) => a.accountId)).toEqual(['1111111111']);
    expect(labels(next.data[0]!.searchTerms)).toEqual(['silk saree', 'wedding lehenga']);
    expect(next.data[0]!.searchTerms!.map((r) => r.category)).toEqual(['Under Performers', 'High Conv. Value/Cost']);
    // a row keeps its months and details on any page
    expect(next.data[0]!.searchTerms![0]!.MonthlyData.map((m) => m.Cost)).toEqual([28, 56]);
    expect(next.data[0]!.searchTerms![0]!.details).toMatchObject({ matchType: 'EXACT', adGroupName: 'Ad group ag1' });
    // past the end: an empty page, the totals unchanged
    expect(account(await report('searchTerm', { ...FULL, limit: 2, offset: 4 }), '1111111111')).toMatchObject({ searchTerms: [], matchingRows: 4, totalRows: 4 });
  });

  it('the header sort on the server: any total or the label, ascending or descending, ratios of the sums, across pages, with filters and chips', async () => {
    const sorted = async (sortBy: string, sortOrder: string, extra: Record<string, unknown> = {}) =>
      labels(account(await report('searchTerm', { ...FULL, sortBy, sortOrder, ...extra }), '1111111111').searchTerms);
    // linen shirt 200 cost, 2000 value, 20 clicks, 100 impressions; cotton kurta 144.666662, 108.5, 70, 1400;
    // silk saree 84, 420, 168, 1680; wedding lehenga 30, 300, 10, 50
    expect(await sorted('label', 'asc')).toEqual(['cotton kurta', 'linen shirt', 'silk saree', 'wedding lehenga']);
    expect(await sorted('label', 'desc')).toEqual(['wedding lehenga', 'silk saree', 'linen shirt', 'cotton kurta']);
    expect(await sorted('Total Cost', 'asc')).toEqual(['wedding lehenga', 'silk saree', 'cotton kurta', 'linen shirt']);
    expect(await sorted('Total Cost', 'desc')).toEqual(['linen shirt', 'cotton kurta', 'silk saree', 'wedding lehenga']);
    expect(await sorted('Total Clicks', 'asc')).toEqual(['wedding lehenga', 'linen shirt', 'cotton kurta', 'silk saree']);
    expect(await sorted('Total Conv. Value', 'desc')).toEqual(['linen shirt', 'silk saree', 'wedding lehenga', 'cotton kurta']);
    // ratios of the sums: value per cost 10, 0.75, 5, 10 (ties by label); CPC 10, 2.0667, 0.5, 3; CTR 20, 5, 10, 20
    expect(await sorted('Conv. Value / Cost', 'desc')).toEqual(['linen shirt', 'wedding lehenga', 'silk saree', 'cotton kurta']);
    expect(await sorted('Conv. Value / Cost', 'asc')).toEqual(['cotton kurta', 'silk saree', 'linen shirt', 'wedding lehenga']);
    expect(await sorted('Avg. CPC', 'desc')).toEqual(['linen shirt', 'wedding lehenga', 'cotton kurta', 'silk saree']);
    expect(await sorted('CTR', 'asc')).toEqual(['cotton kurta', 'silk saree', 'linen shirt', 'wedding lehenga']);
    expect(await sorted('Conversion Rate', 'desc')).toEqual(['wedding lehenga', 'silk saree', 'linen shirt', 'cotton kurta']);
    // pages walk the asked order; a row keeps its figures and category
    const page2 = account(await report('searchTerm', { ...FULL, accountId: '1111111111', sortBy: 'label', sortOrder: 'asc', limit: 2, offset: 2 }), '1111111111');
    expect(labels(page2.searchTerms)).toEqual(['silk saree', 'wedding lehenga']);
    expect(page2.searchTerms!.map((r) => [r['Total Cost'], r.category])).toEqual([[84, 'Under Performers'], [30, 'High Conv. Value/Cost']]);
    // with a column filter and a chip: sorted within what matches
    expect(await sorted('Total Cost', 'asc', { costFilter: { operator: '>', value: 50 } })).toEqual(['silk saree', 'cotton kurta', 'linen shirt']);
    expect(await sorted('label', 'desc', { costFilter: { operator: '>', value: 50 }, category: 'Top Performers' })).toEqual(['linen shirt']);
    // figures missing (account 2 not synced for February): the label still sorts both ways
    const b = await report('searchTerm', { ...FULL, sortBy: 'label', sortOrder: 'desc' });
    expect(labels(account(b, '2222222222').searchTerms)).toEqual(['denim jacket']);
  });

  it('the performance chips on the server: only that category, counted after the column filters; a chip without rows is empty', async () => {
    const chip = account(await report('searchTerm', { ...FULL, category: 'High Cost' }), '1111111111');
    expect(labels(chip.searchTerms)).toEqual(['cotton kurta']);
    expect(chip).toMatchObject({ matchingRows: 1, totalRows: 4 });
    // cost > 50 leaves linen shirt, cotton kurta and silk saree: the counts follow the filter, the categories do not move
    const filtered = account(await report('searchTerm', { ...FULL, costFilter: { operator: '>', value: 50 }, category: 'Under Performers' }), '1111111111');
    expect(labels(filtered.searchTerms)).toEqual(['silk saree']);
    expect(filtered.categoryCounts).toEqual({ 'Top Performers': 1, 'High Cost': 1, 'High Conv. Value/Cost': 0, 'Under Performers': 1 });
    expect(filtered.matchingRows).toBe(1);
    const empty = account(await report('searchTerm', { ...FULL, costFilter: { operator: '>', value: 50 }, category: 'High Conv. Value/Cost' }), '1111111111');
    expect(empty).toMatchObject({ searchTerms: [], matchingRows: 0 });
    // figures missing: no chip matches
    expect(account(await report('searchTerm', { ...FULL, category: 'Top Performers' }), '2222222222')).toMatchObject({ searchTerms: [], matchingRows: 0, totalRows: 1 });
  });

  it('google_view_monthly: the window writer keeps it equal to the daily rows summed per key and month; a rewritten window replaces its months', async () => {
    const db = t.database.db;
    const diff = async () =>
      (
        (await db.execute(sql`(select customer_id, view, key, month, cost_micros, clicks, impressions, conversions, conversions_value, last_date from google_view_monthly
            except select customer_id, view, key, date_trunc('month', date)::date, sum(cost_micros), sum(clicks), sum(impressions), sum(conversions), sum(conversions_value), max(date) from google_view_daily group by 1, 2, 3, 4)
          union all (select customer_id, view, key, date_trunc('month', date)::date, sum(cost_micros), sum(clicks), sum(impressions), sum(conversions), sum(conversions_value), max(date) from google_view_daily group by 1, 2, 3, 4
            except select customer_id, view, key, month, cost_micros, clicks, impressions, conversions, conversions_value, last_date from google_view_monthly)`)) as unknown as { rows: unknown[] }
      ).rows;
    expect(await diff()).toEqual([]);
    const months = (await db.execute(sql`select count(*)::int as n from google_view_monthly where brand_id = ${brandId} and view = 'search_term'`)) as unknown as { rows: Array<{ n: number }> };
    expect(months.rows[0]!.n).toBe(6); // key-months: silk saree Feb and Mar, wedding lehenga Feb, cotton kurta, linen shirt and denim jacket Mar
    // a window over the same days written again (a restated term gone) replaces those days and its months follow
    await seedGoogleViews(db, expiredId, '4444444444', { from: '2026-03-01', to: '2026-03-14' }, [term('2026-03-03', 'new term', 'EXACT', 'ag1', { cost: 5_000_000, clicks: 1, impressions: 1, conversions: 0, value: 0 })]);
    expect(await diff()).toEqual([]);
    const expired = (await db.execute(sql`select key, cost_micros::float8 as cost from google_view_monthly where brand_id = ${expiredId}`)) as unknown as { rows: Array<{ key: string; cost: number }> };
    expect(expired.rows).toEqual([{ key: 'new term|EXACT|ag1', cost: 5_000_000 }]);
    // and back as it was for the other tests
    await seedGoogleViews(db, expiredId, '4444444444', { from: '2026-03-01', to: '2026-03-14' }, [term('2026-03-02', 'old term', 'EXACT', 'ag1', { cost: 3_000_000, clicks: 1, impressions: 1, conversions: 0, value: 0 })]);
  });

  it('a range splits into the whole months the rollup holds and the partial edge months read from the days', () => {
    expect(splitRange({ from: '2026-02-01', to: '2026-03-14' })).toEqual({ months: { from: '2026-02-01', to: '2026-02-01' }, days: [{ from: '2026-03-01', to: '2026-03-14' }] });
    expect(splitRange({ from: '2024-11-22', to: '2026-11-21' })).toEqual({
      months: { from: '2024-12-01', to: '2026-10-01' },
      days: [{ from: '2024-11-22', to: '2024-11-30' }, { from: '2026-11-01', to: '2026-11-21' }],
    });
    expect(splitRange({ from: '2025-12-15', to: '2026-01-31' })).toEqual({ months: { from: '2026-01-01', to: '2026-01-01' }, days: [{ from: '2025-12-15', to: '2025-12-31' }] });
    expect(splitRange({ from: '2026-02-01', to: '2026-02-28' })).toEqual({ months: { from: '2026-02-01', to: '2026-02-01' }, days: [] });
    expect(splitRange({ from: '2026-03-02', to: '2026-03-30' })).toEqual({ months: null, days: [{ from: '2026-03-02', to: '2026-03-30' }] });
    expect(splitRange({ from: '2026-01-31', to: '2026-02-01' })).toEqual({ months: null, days: [{ from: '2026-01-31', to: '2026-02-01' }] });
  });

  it('keywords, age, gender and products: the same rows under their own keys, readable labels', async () => {
    const keyword = account(await report('keyword'), '1111111111');
    expect(keyword.keywords).toHaveLength(1);
    expect(keyword.keywords![0]).toMatchObject({ label: 'silk sarees online', details: { matchType: 'PHRASE', status: 'ENABLED', adGroupName: 'Ad group ag1' }, 'Total Cost': 4.5, 'Conv. Value / Cost': 10 });
    expect(keyword.searchTerms).toBeUndefined();
    const age = account(await report('age'), '1111111111');
    expect(age.ageRanges!.map((r) => [r.label, r['Total Cost'], r['Total Conv. Value'], r['Conv. Value / Cost']])).toEqual([['25-34', 10, 75, 7.5], ['65+', 1.5, 0, 0]]);
    expect(age.ageRanges![0]!.MonthlyData.map((m) => m.Cost)).toEqual([5, 5]);
    const gender = account(await report('gender'), '1111111111');
    expect(gender.genders!.map((r) => [r.label, r['Total Cost']])).toEqual([['Female', 7], ['Undetermined', 1]]);
    const product = account(await report('product'), '1111111111');
    expect(product.products![0]).toMatchObject({ label: 'Banarasi Silk Saree', details: { itemId: 'shopify_in_1', brand: 'Weaves' }, 'Total Cost': 12, CTR: 1, 'Avg. CPC': 2 });
    // an account with no rows for a view: an empty list (the card's empty text), not an error
    expect(account(await report('product'), '2222222222')).toMatchObject({ products: [], totalRows: 0, error: null });
  });

  it('409 before anything synced; 403 with the stale answer on an expired token; no account: an empty list', async () => {
    const waiting = await post('searchTerm', waitingId, FULL);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toMatchObject({ message: 'No metrics data available yet. Please try again later.', code: 'METRICS_NOT_READY' });
    const expired = await post('searchTerm', expiredId, { startDate: '2026-03-01', endDate: '2026-03-14' });
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ code: 'TOKEN_EXPIRED', platform: 'google_ads' });
    expect(expired.json().stale.data[0].searchTerms[0]).toMatchObject({ label: 'old term', 'Total Cost': 3 });
    const none = await post('age', noGoogleId, FULL);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ data: [], status: { state: 'not_connected' } });
  });

  it('bad input is a 400 naming the field, never a 500', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...FULL, costFilter: { value: 'abc', operator: '>' } }, 'costFilter.value', 'Please enter a valid value'],
      [{ ...FULL, convValuePerCostFilter: { value: null, operator: '<' } }, 'convValuePerCostFilter.value', 'Please enter a valid value'],
      [{ ...FULL, costFilter: { value: 5, operator: '=' } }, 'costFilter.operator', 'The operator must be one of > >= < <= =='],
      [{ startDate: '2026-03-01' }, 'endDate', ''],
      [{ startDate: '2026-03-10', endDate: '2026-03-01' }, 'startDate', ''],
      [{ startDate: '2026-03-01', endDate: '2026-03-16' }, 'endDate', ''],
      [{ ...FULL, limit: 0 }, 'limit', 'limit must be a whole number from 1 to 500'],
      [{ ...FULL, limit: 'eight' }, 'limit', 'limit must be a whole number from 1 to 500'],
      [{ ...FULL, offset: -1 }, 'offset', 'offset must be a whole number of 0 or more'],
      [{ ...FULL, category: 'Best' }, 'category', 'category must be one of'],
      [{ ...FULL, accountId: '' }, 'accountId', 'accountId must not be empty'],
      [{ ...FULL, sortBy: 'Cost' }, 'sortBy', 'sortBy must be one of label, Total Cost'],
      [{ ...FULL, sortOrder: 'up' }, 'sortOrder', 'sortOrder must be asc or desc'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await post('searchTerm', brandId, payload);
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 400 });
      const errors = res.json().errors as Array<{ field: string; message: string }>;
      expect(errors.map((e) => e.field)).toContain(field);
      if (message) expect(res.json().message).toContain(message);
    }
  });
});
