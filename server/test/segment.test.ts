import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brandMetricsResponseSchema,
  categoryMetricsResponseSchema,
  productMetricsResponseSchema,
  searchTermMetricsResponseSchema,
  typeMetricsResponseSchema,
  type SegmentCategory,
} from '@parallels/contract/segment';
import { insertBrand } from '../src/modules/brands/brands.sql.js';
import { subscribeBrand } from './reports-seed.js';
import { createTestApp, DB_KINDS, sessionCookie, type TestApp } from './test-app.js';
import { seedGoogleViews, type ProductSeed, type ViewSeed } from './google-ads-seed.js';

// POST /api/segment/{report}/{brandId} over seeded facts, exact numbers. Clock: 2026-03-15 12:00 UTC
// (Asia/Kolkata: yesterday 2026-03-14). Both Google Ads accounts synced March 1-14.
const NOW = new Date('2026-03-15T12:00:00Z');
const ORIGIN = 'http://localhost:3000';
const MARCH = { startDate: '2026-03-01', endDate: '2026-03-14' };
const WINDOW = { from: '2026-03-01', to: '2026-03-14' };
const RESPONSE_SCHEMAS: Record<string, { parse(v: unknown): unknown }> = {
  productMetrics: productMetricsResponseSchema,
  categoryMetrics: categoryMetricsResponseSchema,
  brandMetrics: brandMetricsResponseSchema,
  typeMetrics: typeMetricsResponseSchema,
  searchTermMetrics: searchTermMetricsResponseSchema,
};

const product = (itemId: string, title: string, brand: string | null, productType: string | null, category: string | null, status: string, issues: ProductSeed['issues'] = []): ProductSeed => ({ itemId, title, brand, productType, category, status, issues });
const shopping = (key: string, date: string, label: string, m: [number, number, number, number, number], attributes: Record<string, string> = {}): ViewSeed => ({
  view: 'product', key, date, label, attributes: { title: label, ...attributes }, costMicros: m[0], clicks: m[1], impressions: m[2], conversions: m[3], conversionsValue: m[4],
});
const term = (date: string, text: string, matchType: string, adGroupId: string, campaignName: string, adGroupName: string, status: string, m: [number, number, number, number, number]): ViewSeed => ({
  view: 'search_term', key: `${text}|${matchType}|${adGroupId}`, date, label: text, campaignId: campaignName, campaignName, adGroupId, adGroupName, attributes: { matchType, status },
  costMicros: m[0], clicks: m[1], impressions: m[2], conversions: m[3], conversionsValue: m[4],
});

describe.each(DB_KINDS)('Segment dashboard on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  let brandId: string;

  const post = (report: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api/segment/${report}/${brandId}`, headers: { cookie, origin: ORIGIN }, payload });
  const ok = async <T = Record<string, unknown>>(report: string, payload: Record<string, unknown> = MARCH): Promise<T> => {
    const res = await post(report, payload);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // sent as plain JSON (lib/plain-json.ts): exactly what the declared schema lets through, nothing it would strip
    expect(RESPONSE_SCHEMAS[report]!.parse(body)).toEqual(body);
    return body;
  };
  const titles = async (filters: Record<string, unknown>) => (await ok<{ productsData: Array<{ title: string }> }>('productMetrics', { ...MARCH, ...filters })).productsData.map((p) => p.title);
  const terms = async (payload: Record<string, unknown>) => ok<{ data: Array<{ searchTerm: string; performance: string | null }>; page: number; totalRecords: number; totalPages: number }>('searchTermMetrics', { ...MARCH, ...payload });

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { now: () => NOW });
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { origin: ORIGIN }, payload: { username: 'meera', email: 'meera@example.com', password: 'meera-password-1' } });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/normal', headers: { origin: ORIGIN }, payload: { email: 'meera@example.com', password: 'meera-password-1' } });
    cookie = sessionCookie(login);
    const userId = login.json().user.id as string;
    const db = t.database.db;
    const conn = (accountId: string) => ({ platform: 'google_ads' as const, accountId, accountName: accountId, managerId: null, grantId: null });
    brandId = await insertBrand(db, { name: 'Weaves', currency: 'INR', timezone: 'Asia/Kolkata', userId, connections: [conn('1111111111'), conn('2222222222')] });
    await subscribeBrand(db, brandId); // reports need the Startup Plan

    await seedGoogleViews(
      db, brandId, '1111111111', WINDOW,
      [
        shopping('p1', '2026-03-02', 'Banarasi Silk Saree', [10_000_000, 10, 1000, 2, 100]),
        shopping('p1', '2026-03-03', 'Banarasi Silk Saree', [5_000_000, 5, 500, 1, 50]),
        shopping('p2', '2026-03-04', 'Cotton Kurta', [20_000_000, 40, 800, 1, 30]),
        shopping('p3', '2026-03-05', 'Leather Bag', [3_333_333, 3, 300, 0, 0]),
        shopping('gone_1', '2026-03-06', 'Discontinued Stole', [1_000_000, 1, 10, 1, 25], { brand: 'Weaves', category: 'Apparel > Clothing' }),
        term('2026-03-02', 'silk saree', 'EXACT', 'ag1', 'Search | Sarees', 'Silk', 'ADDED', [4_000_000, 4, 40, 1, 40]),
        term('2026-03-09', 'silk saree', 'EXACT', 'ag1', 'Search | Sarees', 'Silk', 'EXCLUDED', [2_000_000, 2, 20, 0, 0]),
        term('2026-03-03', 'cotton kurta', 'PHRASE', 'ag2', 'Search | Kurtas', 'Cotton', 'ADDED', [10_000_000, 10, 200, 2, 30]),
        term('2026-03-04', 'kurta sale', 'BROAD', 'ag2', 'Search | Kurtas', 'Cotton', 'NONE', [1_000_000, 5, 50, 0, 0]),
        term('2026-03-05', 'wedding saree', 'EXACT', 'ag3', 'Search | Sarees', 'Wedding', 'ADDED', [2_000_000, 1, 10, 1, 100]),
      ],
      [
        product('p1', 'Banarasi Silk Saree', 'Weaves', 'Sarees > Silk', 'Apparel > Clothing > Sarees', 'ELIGIBLE'),
        product('p2', 'Cotton Kurta', 'Weaves', 'Kurtas', 'Apparel > Clothing > Kurtas', 'ELIGIBLE_LIMITED', [{ description: 'Missing GTIN', severity: 'WARNING' }]),
        product('p3', 'Leather Bag', 'Carry', 'Bags', 'Apparel > Handbags', 'NOT_ELIGIBLE', [{ description: 'Image too small' }]),
        product('p4', 'Old Scarf', null, null, null, 'UNSPECIFIED'),
      ],
    );
    await seedGoogleViews(
      db, brandId, '2222222222', WINDOW,
      [shopping('p5', '2026-03-07', 'Denim Jacket', [8_000_000, 8, 80, 2, 40]), term('2026-03-06', 'denim jacket', 'EXACT', 'ag9', 'Search | Jackets', 'Denim', 'ADDED', [3_000_000, 3, 30, 1, 15])],
      [product('p5', 'Denim Jacket', 'Carry', 'Jackets', 'Apparel > Clothing > Jackets', 'ELIGIBLE')],
    );
  });
  afterAll(async () => t?.close());

  it('products: every listed product and every product that ran, with status, issues and figures from sums, cost first', async () => {
    const body = await ok<{ productsData: Array<Record<string, unknown>>; range: unknown }>('productMetrics');
    expect(body.range).toEqual({ from: '2026-03-01', to: '2026-03-14' });
    expect(body.productsData.map((p) => p.title)).toEqual(['Cotton Kurta', 'Banarasi Silk Saree', 'Denim Jacket', 'Leather Bag', 'Discontinued Stole', 'Old Scarf']);
    const [kurta, saree] = body.productsData;
    expect(saree).toEqual({
      customerId: '1111111111', itemId: 'p1', title: 'Banarasi Silk Saree', brand: 'Weaves', productType: 'Sarees > Silk', category: 'Apparel > Clothing > Sarees', status: 'ELIGIBLE', issues: [],
      metrics: { products: 1, totalCost: 15, ROAS: 10, conversions: 3, ConversionValue: 150, ConversionRate: 20, totalClicks: 15, impressions: 1500, ctr: 1, AvgCPC: 1 },
    });
    expect(kurta).toMatchObject({ status: 'ELIGIBLE_LIMITED', issues: [{ description: 'Missing GTIN', severity: 'WARNING' }], metrics: { totalCost: 20, ROAS: 1.5, ConversionRate: 2.5, ctr: 5, AvgCPC: 0.5 } });
    // no longer listed: the view's attributes, status UNKNOWN; listed without activity: real zeros
    expect(body.productsData[4]).toMatchObject({ itemId: 'gone_1', brand: 'Weaves', status: 'UNKNOWN', category: 'Apparel > Clothing', metrics: { totalCost: 1, ROAS: 25 } });
    expect(body.productsData[5]).toMatchObject({ itemId: 'p4', status: 'UNSPECIFIED', brand: null, metrics: { products: 1, totalCost: 0, ROAS: 0, totalClicks: 0, ctr: 0 } });
    expect((body.productsData[3]!.metrics as { totalCost: number }).totalCost).toBe(3.333333);
  });

  it('categories: recursive through subcategories, each level summing the products under it', async () => {
    const { categoriesData } = await ok<{ categoriesData: SegmentCategory[] }>('categoryMetrics');
    const shape = (nodes: SegmentCategory[]): unknown[] => nodes.map((n) => [n.name, n.level, n.metrics.products, n.metrics.totalCost, shape(n.subcategories)]);
    expect(shape(categoriesData)).toEqual([
      ['Apparel', 1, 5, 47.333333, [
        ['Clothing', 2, 4, 44, [['Kurtas', 3, 1, 20, []], ['Sarees', 3, 1, 15, []], ['Jackets', 3, 1, 8, []]]],
        ['Handbags', 2, 1, 3.333333, []],
      ]],
      ['Uncategorized', 1, 1, 0, []],
    ]);
    const clothing = categoriesData[0]!.subcategories[0]!;
    expect(clothing.path).toBe('Apparel > Clothing');
    // from the sums of its four products: 245 value, 44 cost, 7 conversions, 64 clicks, 2390 impressions
    expect(clothing.metrics).toEqual({ products: 4, totalCost: 44, ROAS: 245 / 44, conversions: 7, ConversionValue: 245, ConversionRate: (7 / 64) * 100, totalClicks: 64, impressions: 2390, ctr: (64 / 2390) * 100, AvgCPC: 44 / 64 });
  });

  it('brands and product types: products grouped, the ones without a brand or type together', async () => {
    const { brandsData } = await ok<{ brandsData: Array<{ brand: string | null; metrics: { products: number; totalCost: number; ConversionValue: number } }> }>('brandMetrics');
    expect(brandsData.map((b) => [b.brand, b.metrics.products, b.metrics.totalCost, b.metrics.ConversionValue])).toEqual([['Weaves', 3, 36, 205], ['Carry', 2, 11.333333, 40], [null, 1, 0, 0]]);
    const { productTypesData } = await ok<{ productTypesData: Array<{ productType: string | null; metrics: { products: number; totalCost: number } }> }>('typeMetrics');
    expect(productTypesData.map((p) => [p.productType, p.metrics.products, p.metrics.totalCost])).toEqual([['Kurtas', 1, 20], ['Sarees > Silk', 1, 15], ['Jackets', 1, 8], ['Bags', 1, 3.333333], [null, 2, 1]]);
  });

  it('drill-down filters: brand, product type, category at a level, status, and together', async () => {
    expect(await titles({ brands: 'Weaves' })).toEqual(['Cotton Kurta', 'Banarasi Silk Saree', 'Discontinued Stole']);
    expect(await titles({ productType: 'Sarees > Silk' })).toEqual(['Banarasi Silk Saree']);
    expect(await titles({ categoryName: 'Clothing', categoryLevel: 2 })).toEqual(['Cotton Kurta', 'Banarasi Silk Saree', 'Denim Jacket', 'Discontinued Stole']);
    expect(await titles({ categoryName: 'Kurtas', categoryLevel: 3 })).toEqual(['Cotton Kurta']);
    expect(await titles({ categoryName: 'Clothing', categoryLevel: 3 })).toEqual([]);
    expect(await titles({ categoryName: 'Handbags' })).toEqual(['Leather Bag']);
    expect(await titles({ status: 'NOT_ELIGIBLE' })).toEqual(['Leather Bag']);
    expect(await titles({ brands: 'Carry', status: 'ELIGIBLE' })).toEqual(['Denim Jacket']);
    // the filters narrow the other views too
    const { brandsData } = await ok<{ brandsData: Array<{ brand: string }> }>('brandMetrics', { ...MARCH, status: 'ELIGIBLE' });
    expect(brandsData.map((b) => b.brand)).toEqual(['Weaves', 'Carry']);
  });

  it('search terms: server-side paging, sorting, the filters and their choices, the performance label', async () => {
    const first = await ok<Record<string, unknown> & { data: Array<Record<string, unknown>> }>('searchTermMetrics', { ...MARCH, limit: 100, page: 1 });
    expect(first).toMatchObject({ page: 1, limit: 100, totalRecords: 5, totalPages: 1, message: '', statusOptions: ['ADDED', 'EXCLUDED', 'NONE'] });
    expect(first.campaignAdGroupPairs).toEqual([
      { campaignName: 'Search | Jackets', adGroups: ['Denim'] },
      { campaignName: 'Search | Kurtas', adGroups: ['Cotton'] },
      { campaignName: 'Search | Sarees', adGroups: ['Silk', 'Wedding'] },
    ]);
    expect(first.data.map((r) => r.searchTerm)).toEqual(['cotton kurta', 'silk saree', 'denim jacket', 'wedding saree', 'kurta sale']);
    // the newest day's status; figures and ratios from the summed days; value per cost 185 / 22 overall
    expect(first.data[1]).toEqual({
      searchTerm: 'silk saree', matchType: 'EXACT', status: 'EXCLUDED', campaignName: 'Search | Sarees', adGroupName: 'Silk',
      cost: 6, conversions: 1, conversionsValue: 40, conversionsRate: (1 / 6) * 100, clicks: 6, impressions: 60, ctr: 10, avg_cpc: 1, performance: 'Low Performing Keyword',
    });
    expect(Object.fromEntries(first.data.map((r) => [r.searchTerm, r.performance]))).toEqual({
      'cotton kurta': 'Low Performing Keyword', 'silk saree': 'Low Performing Keyword', 'denim jacket': 'Low Performing Keyword', 'wedding saree': 'Best Performing Keyword', 'kurta sale': 'No Conversions',
    });

    const page2 = await terms({ limit: 2, page: 2 });
    expect([page2.page, page2.totalRecords, page2.totalPages, page2.data.map((r) => r.searchTerm)]).toEqual([2, 5, 3, ['denim jacket', 'wedding saree']]);
    const beyond = await terms({ limit: 2, page: 9 });
    expect([beyond.page, beyond.data.map((r) => r.searchTerm)]).toEqual([3, ['kurta sale']]);
    expect((await terms({ sortBy: 'searchTerm', sortOrder: 'asc' })).data.map((r) => r.searchTerm)).toEqual(['cotton kurta', 'denim jacket', 'kurta sale', 'silk saree', 'wedding saree']);
    expect((await terms({ sortBy: 'conversionsValue', sortOrder: 'desc' })).data.map((r) => r.searchTerm)).toEqual(['wedding saree', 'silk saree', 'cotton kurta', 'denim jacket', 'kurta sale']);
    // a ratio sorts by the ratio of the sums: 0%, 16.67%, 20%, 33.33%, 100%
    expect((await terms({ sortBy: 'conversionsRate', sortOrder: 'asc' })).data.map((r) => r.searchTerm)).toEqual(['kurta sale', 'silk saree', 'cotton kurta', 'denim jacket', 'wedding saree']);

    const kurtas = await terms({ campaign: 'Search | Kurtas' });
    // the yardstick is the filtered terms' own value per cost (30 / 11): cotton kurta (3) is now the best
    expect(kurtas.data.map((r) => [r.searchTerm, r.performance])).toEqual([['cotton kurta', 'Best Performing Keyword'], ['kurta sale', 'No Conversions']]);
    expect(kurtas.totalRecords).toBe(2);
    expect((await terms({ campaign: 'Search | Kurtas', adGroup: 'Cotton', status: 'NONE' })).data.map((r) => r.searchTerm)).toEqual(['kurta sale']);
    expect((await terms({ status: 'EXCLUDED' })).data.map((r) => r.searchTerm)).toEqual(['silk saree']);
    const none = await terms({ campaign: 'Nothing' });
    expect([none.totalRecords, none.totalPages, none.page, none.data]).toEqual([0, 1, 1, []]);
  });

  it('a range with days not synced: every figure missing, never a partial sum', async () => {
    const products = await ok<{ productsData: Array<{ itemId: string; metrics: Record<string, unknown> }>; status: { state: string } }>('productMetrics', { startDate: '2026-02-20', endDate: '2026-03-14' });
    expect(products.status.state).toBe('syncing');
    expect(products.productsData.find((p) => p.itemId === 'p1')!.metrics).toEqual({ products: 1, totalCost: null, ROAS: null, conversions: null, ConversionValue: null, ConversionRate: null, totalClicks: null, impressions: null, ctr: null, AvgCPC: null });
    const st = await ok<{ data: Array<{ cost: number | null; performance: string | null }>; message: string }>('searchTermMetrics', { startDate: '2026-02-20', endDate: '2026-03-14' });
    expect(st.data[0]).toMatchObject({ cost: null, performance: null });
    expect(st.message).not.toBe('');
  });

  it('bad input is a 400 naming the field, never a 500', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['productMetrics', { ...MARCH, categoryLevel: 9 }, 'categoryLevel'],
      ['productMetrics', { ...MARCH, categoryLevel: 'two' }, 'categoryLevel'],
      ['productMetrics', { ...MARCH, status: 'FOO' }, 'status'],
      ['brandMetrics', { ...MARCH, brands: 42 }, 'brands'],
      ['categoryMetrics', { startDate: '2026-03-01' }, 'endDate'],
      ['searchTermMetrics', { ...MARCH, limit: 0 }, 'limit'],
      ['searchTermMetrics', { ...MARCH, page: 'x' }, 'page'],
      ['searchTermMetrics', { ...MARCH, sortBy: 'cost; drop table users' }, 'sortBy'],
      ['searchTermMetrics', { ...MARCH, sortOrder: 'up' }, 'sortOrder'],
    ];
    for (const [report, payload, field] of cases) {
      const res = await post(report, payload);
      expect({ report, payload, status: res.statusCode }).toEqual({ report, payload, status: 400 });
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });
});
