import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_OF_TONE, colourTone, conversionRate, conversionReportSchema, PERFORMANCE_CATEGORIES, type ConversionReport, type ConversionRow, type PerformanceCategory } from '@parallels/contract/analytics';
import { insertBrand } from '../src/modules/brands/brands.sql.js';
import { createTestApp, DB_KINDS, sessionCookie, type TestApp } from './test-app.js';
import { seedGa4Window, subscribeBrand, type Ga4DimensionDay } from './reports-seed.js';

// The conversion reports paged on the server (decision 014, "Paged on the server"): a page, a category and a
// header sort of POST /api/analytics/cityConversionReport must be exactly the slice of the unpaged answer, with
// the counts, categories and header averages of every row, never of the page. The clock is pinned to
// 2026-03-15 12:00 UTC (Asia/Kolkata: yesterday 2026-03-14).
const NOW = new Date('2026-03-15T12:00:00Z');
const ORIGIN = 'http://localhost:3000';
const CITIES = 237;

// City i: sessions and purchases varying by city and month so that every category has rows; a third of the
// cities skip February (a month without the value), a few appear on one day only.
function cityDays(date: string): Ga4DimensionDay[] {
  const month = Number(date.slice(5, 7));
  const dayOfMonth = Number(date.slice(8, 10));
  const out: Ga4DimensionDay[] = [];
  for (let i = 0; i < CITIES; i++) {
    if (i % 3 === 0 && month === 2) continue;
    if (i % 50 === 49 && dayOfMonth !== 7) continue;
    const sessions = ((i * 37) % 23) + month * ((i % 5) + 1);
    const purchases = (i * 11 + dayOfMonth) % 7 === 0 ? ((i % 4) + month) % 3 : 0;
    out.push({ dimension: 'city', value: `City ${String(i).padStart(3, '0')}`, sessions, purchases, addToCarts: 0, checkouts: 0 });
  }
  return out;
}

describe.each(DB_KINDS)('GA4 conversion reports paged on the server on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  let brandId: string; // synced 2026-01-01..2026-03-14
  let partialId: string; // synced from 2026-02-01 only: totals are missing

  const city = async (id: string, payload: Record<string, unknown>): Promise<ConversionReport> => {
    const res = await t.app.inject({ method: 'POST', url: `/api/analytics/cityConversionReport/${id}`, headers: { cookie, origin: ORIGIN }, payload });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ConversionReport;
    // the plain serializer's answer is exactly what the declared schema lets through
    expect(conversionReportSchema.parse(body)).toEqual(body);
    return body;
  };
  const RANGE = { startDate: '2026-01-01', endDate: '2026-03-14' };
  /** every page of a list, one call each, until the pages cover matchingRows */
  const allPages = async (id: string, extra: Record<string, unknown>, pageSize: 50 | 100 | 200) => {
    const pages: ConversionReport[] = [];
    for (let page = 1; ; page++) {
      const answer = await city(id, { ...RANGE, ...extra, page, pageSize });
      expect(answer.page).toBe(page);
      expect(answer.pageSize).toBe(pageSize);
      pages.push(answer);
      if (page * pageSize >= answer.matchingRows) break;
    }
    return pages;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { now: () => NOW });
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { origin: ORIGIN }, payload: { username: 'ravi', email: 'ravi@example.com', password: 'ravi-password-1' } });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/normal', headers: { origin: ORIGIN }, payload: { email: 'ravi@example.com', password: 'ravi-password-1' } });
    cookie = sessionCookie(login);
    const userId = login.json().user.id as string;
    const db = t.database.db;
    const brand = async (name: string, propertyId: string) => {
      const id = await insertBrand(db, { name, currency: 'INR', timezone: 'Asia/Kolkata', userId, connections: [{ platform: 'ga4', accountId: propertyId, accountName: propertyId, managerId: null, grantId: null }] });
      await subscribeBrand(db, id);
      return id;
    };
    brandId = await brand('Cities', '300000021');
    partialId = await brand('Cities partial', '300000022');
    const funnelDay = () => ({ sessions: 100, addToCarts: 10, checkouts: 5, purchases: 2 });
    await seedGa4Window(db, brandId, '300000021', { from: '2026-01-01', to: '2026-03-14' }, funnelDay, cityDays);
    await seedGa4Window(db, partialId, '300000022', { from: '2026-02-01', to: '2026-03-14' }, funnelDay, cityDays);
  });
  afterAll(async () => t?.close());

  it('without paging the answer is every row; its counts, categories and averages are those of the rows', async () => {
    const all = await city(brandId, RANGE);
    expect(all.data).toHaveLength(CITIES);
    expect(all).toMatchObject({ page: 1, pageSize: 'all', totalRows: CITIES, matchingRows: CITIES });
    // every category has rows, so each filter below is a real one
    for (const c of PERFORMANCE_CATEGORIES) {
      expect(all.categoryCounts[c], c).toBe(all.data.filter((r) => r.category === c).length);
      expect(all.categoryCounts[c], c).toBeGreaterThan(0);
    }
    // the header averages from the rows' own figures (the way the screen computed them from every row)
    const totals = all.data.map((r) => r['Total Sessions']!);
    const purchases = all.data.map((r) => r['Total Purchases']!);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(all.averages.totalSessions).toBeCloseTo(sum(totals) / CITIES, 9);
    expect(all.averages.convRate).toBeCloseTo(conversionRate(sum(purchases), sum(totals)), 9);
    const entries = all.data.flatMap((r) => r.MonthlyData);
    const monthlySessions = sum(entries.map((m) => m.Sessions!)) / entries.length;
    const monthlyRate = conversionRate(sum(entries.map((m) => m.Purchases!)), sum(entries.map((m) => m.Sessions!)));
    expect(all.averages.monthlySessions).toBeCloseTo(monthlySessions, 9);
    expect(all.averages.monthlyConvRate).toBeCloseTo(monthlyRate, 9);
    // each row's category from its mean month and its rate against those averages
    for (const r of all.data) {
      const s = sum(r.MonthlyData.map((m) => m.Sessions!));
      const p = sum(r.MonthlyData.map((m) => m.Purchases!));
      expect(r.category).toBe(CATEGORY_OF_TONE[colourTone(s / r.MonthlyData.length, conversionRate(p, s), all.averages.monthlySessions!, all.averages.monthlyConvRate!)!]);
    }
  });

  it('pages of 50, 100 and 200, with and without each category, are the unpaged list cut in order', async () => {
    const all = await city(brandId, RANGE);
    for (const category of [undefined, ...PERFORMANCE_CATEGORIES] as Array<PerformanceCategory | undefined>) {
      const expected = category ? all.data.filter((r) => r.category === category) : all.data;
      for (const pageSize of [50, 100, 200] as const) {
        const pages = await allPages(brandId, category ? { category } : {}, pageSize);
        expect(pages.flatMap((p) => p.data), `${category} ${pageSize}`).toEqual(expected);
        for (const p of pages) {
          expect(p.data.length).toBeLessThanOrEqual(pageSize);
          // never from the page alone: the same counts and averages on every page
          expect({ totalRows: p.totalRows, matchingRows: p.matchingRows, categoryCounts: p.categoryCounts, averages: p.averages, months: p.months }).toEqual({
            totalRows: CITIES,
            matchingRows: expected.length,
            categoryCounts: all.categoryCounts,
            averages: all.averages,
            months: all.months,
          });
        }
      }
      // 'all' with a category: that category's every row; a page past the end: no rows, the same counts
      expect((await city(brandId, { ...RANGE, pageSize: 'all', ...(category ? { category } : {}) })).data).toEqual(expected);
      const past = await city(brandId, { ...RANGE, page: 99, pageSize: 50, ...(category ? { category } : {}) });
      expect(past).toMatchObject({ data: [], page: 99, matchingRows: expected.length, totalRows: CITIES });
    }
    // a page without a size is 50 rows; a size without a page is page 1
    expect((await city(brandId, { ...RANGE, page: 2 })).data).toEqual(all.data.slice(50, 100));
    expect((await city(brandId, { ...RANGE, pageSize: 100 })).data).toEqual(all.data.slice(0, 100));
  });

  it('the header sort orders the whole list before the page is cut, missing figures last either way', async () => {
    const all = await city(brandId, RANGE);
    const value = (r: ConversionRow) => String(r.City);
    const defaultOrder = all.data.map(value);
    const month = (m: string) => (r: ConversionRow) => r.MonthlyData.find((x) => x.Month === m)?.Sessions ?? null;
    const figures: Array<[string, (r: ConversionRow) => number | null]> = [
      ['totalSessions', (r) => r['Total Sessions']],
      ['avgConvRate', (r) => r['Avg Conv. Rate']],
      ['m-202602', month('202602')],
      ['m-202601', month('202601')],
    ];
    for (const [sortBy, figure] of figures) {
      for (const sortOrder of ['asc', 'desc'] as const) {
        const sign = sortOrder === 'asc' ? 1 : -1;
        const expected = [...all.data].sort((a, b) => {
          const x = figure(a);
          const y = figure(b);
          if (x === null || y === null) return x === y ? defaultOrder.indexOf(value(a)) - defaultOrder.indexOf(value(b)) : x === null ? 1 : -1;
          return sign * (x - y) || defaultOrder.indexOf(value(a)) - defaultOrder.indexOf(value(b));
        });
        const pages = await allPages(brandId, { sortBy, sortOrder }, 100);
        expect(pages.flatMap((p) => p.data).map(value), `${sortBy} ${sortOrder}`).toEqual(expected.map(value));
      }
    }
    // February has rows missing for a third of the cities: they come last in both directions
    const feb = await city(brandId, { ...RANGE, sortBy: 'm-202602', sortOrder: 'asc', pageSize: 'all' });
    expect(feb.data.slice(-Math.ceil(CITIES / 3)).every((r) => month('202602')(r) === null)).toBe(true);
    const byName = await city(brandId, { ...RANGE, sortBy: 'dimension', sortOrder: 'desc', page: 1, pageSize: 50 });
    expect(byName.data.map(value)).toEqual([...defaultOrder].sort().reverse().slice(0, 50));
    // the sort with a category: that category's rows in that order
    const top = await city(brandId, { ...RANGE, category: 'Top Performers', sortBy: 'avgConvRate', sortOrder: 'desc', pageSize: 'all' });
    const rates = top.data.map((r) => r['Avg Conv. Rate']!);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    expect(top.data).toHaveLength(all.categoryCounts['Top Performers']);
  });

  it('column filters apply before the category and the pages; the counts per category are among the rows passing them', async () => {
    const all = await city(brandId, RANGE);
    const feb = (r: ConversionRow) => r.MonthlyData.find((m) => m.Month === '202602')?.Sessions ?? null;
    const sessions = all.data.map((r) => r['Total Sessions']!).sort((a, b) => a - b);
    const median = sessions[Math.floor(sessions.length / 2)]!;
    const filters = [
      { columnId: 'totalSessions', operator: '>=', value: String(median) },
      { columnId: 'm-202602', operator: '<', value: '600' },
    ];
    const passing = all.data.filter((r) => r['Total Sessions']! >= median && feb(r) !== null && feb(r)! < 600);
    expect(passing.length).toBeGreaterThan(20);
    expect(passing.length).toBeLessThan(CITIES / 2);
    const counts = Object.fromEntries(PERFORMANCE_CATEGORIES.map((c) => [c, passing.filter((r) => r.category === c).length]));
    for (const category of [undefined, 'Top Performers', 'Under Performers'] as const) {
      const expected = category ? passing.filter((r) => r.category === category) : passing;
      const pages = await allPages(brandId, { filters, ...(category ? { category } : {}) }, 50);
      expect(pages.flatMap((p) => p.data), String(category)).toEqual(expected);
      for (const p of pages) expect({ totalRows: p.totalRows, matchingRows: p.matchingRows, categoryCounts: p.categoryCounts, averages: p.averages }).toEqual({ totalRows: CITIES, matchingRows: expected.length, categoryCounts: counts, averages: all.averages });
    }
    // '=' on the dimension: case-insensitive text; on a figure: the number
    expect((await city(brandId, { ...RANGE, filters: [{ columnId: 'dimension', operator: '=', value: ' city 010 ' }] })).data.map((r) => r.City)).toEqual(['City 010']);
    const exact = all.data[7]!;
    const equal = await city(brandId, { ...RANGE, pageSize: 'all', filters: [{ columnId: 'avgConvRate', operator: '=', value: String(exact['Avg Conv. Rate']) }] });
    expect(equal.data).toEqual(all.data.filter((r) => r['Avg Conv. Rate'] === exact['Avg Conv. Rate']));
    // a comparison on text, or a figure missing: no match
    expect((await city(brandId, { ...RANGE, filters: [{ columnId: 'dimension', operator: '>', value: '3' }] })).matchingRows).toBe(0);
    expect((await city(partialId, { ...RANGE, filters: [{ columnId: 'totalSessions', operator: '>=', value: '0' }] })).matchingRows).toBe(0);
  });

  it('with months not synced the totals are missing: they sort last, and the pages still cut the unpaged list', async () => {
    const all = await city(partialId, RANGE);
    expect(all.averages.totalSessions).toBeNull();
    expect(all.data.every((r) => r['Total Sessions'] === null)).toBe(true);
    const sorted = await city(partialId, { ...RANGE, sortBy: 'totalSessions', sortOrder: 'asc', pageSize: 'all' });
    // every total missing: the default order stays
    expect(sorted.data).toEqual(all.data);
    const pages = await allPages(partialId, { category: 'Under Performers' }, 50);
    expect(pages.flatMap((p) => p.data)).toEqual(all.data.filter((r) => r.category === 'Under Performers'));
  });

  it('bad paging input is a 400 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ page: 0 }, 'page'],
      [{ page: 1.5 }, 'page'],
      [{ pageSize: 25 }, 'pageSize'],
      [{ pageSize: 'All' }, 'pageSize'],
      [{ category: 'Best' }, 'category'],
      [{ sortBy: 'Sessions' }, 'sortBy'],
      [{ sortBy: 'm-2026' }, 'sortBy'],
      [{ sortOrder: 'up' }, 'sortOrder'],
      [{ filters: [{ columnId: 'totalSessions', operator: '!=', value: '1' }] }, 'filters.0.operator'],
      [{ filters: [{ columnId: 'Sessions', operator: '>', value: '1' }] }, 'filters.0.columnId'],
      [{ filters: { columnId: 'totalSessions', operator: '>', value: '1' } }, 'filters'],
    ];
    for (const [extra, field] of cases) {
      const res = await t.app.inject({ method: 'POST', url: `/api/analytics/cityConversionReport/${brandId}`, headers: { cookie, origin: ORIGIN }, payload: { ...RANGE, ...extra } });
      expect({ extra, status: res.statusCode }).toEqual({ extra, status: 400 });
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });
});
