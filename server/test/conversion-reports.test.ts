import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CATEGORY_OF_TONE, colourTone, CONVERSION_REPORTS, conversionRate, conversionReportSchema, PERFORMANCE_CATEGORIES, type ConversionReport, type ConversionRow, type PerformanceCategory } from '@parallels/contract/analytics';
import { queryRows } from '../src/db/client.js';
import { insertBrand } from '../src/modules/brands/brands.sql.js';
import { createTestApp, DB_KINDS, sessionCookie, type TestApp } from './test-app.js';
import { seedGa4Window, subscribeBrand, type Ga4DimensionDay } from './reports-seed.js';

// POST /api/analytics/{name}ConversionReport/{brandId} over seeded GA4 facts, exact numbers. The clock is pinned
// to 2026-03-15 12:00 UTC (Asia/Kolkata: today 2026-03-15, yesterday 2026-03-14).
const NOW = new Date('2026-03-15T12:00:00Z');
const ORIGIN = 'http://localhost:3000';

// Age by day: 18-24 every day (Jan 10 sessions / 1 purchase, Feb 20 / 1, Mar 5 / 1); 25-34 in Jan (30 / 3) and
// Mar (40 / 0); 35-44 once (Jan 5: 500 / 50); (other) once (Feb 10: 7 / 0). Country: IN every day (100 / 2).
function ageDays(date: string): Ga4DimensionDay[] {
  const month = date.slice(0, 7);
  const day = (value: string, sessions: number, purchases: number, dimension = 'age'): Ga4DimensionDay => ({ dimension, value, sessions, purchases, addToCarts: 0, checkouts: 0 });
  const out: Ga4DimensionDay[] = [day('IN', 100, 2, 'country')];
  if (month === '2026-01') out.push(day('18-24', 10, 1), day('25-34', 30, 3));
  if (month === '2026-02') out.push(day('18-24', 20, 1));
  if (month === '2026-03') out.push(day('18-24', 5, 1), day('25-34', 40, 0));
  if (date === '2026-01-05') out.push(day('35-44', 500, 50));
  if (date === '2026-02-10') out.push(day('(other)', 7, 0));
  return out;
}

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

const funnelDay = () => ({ sessions: 100, addToCarts: 10, checkouts: 5, purchases: 2 });

describe.each(DB_KINDS)('GA4 conversion reports on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  let brandId: string; // GA4 synced 2026-01-01..2026-03-14
  let partialId: string; // GA4 synced from 2026-02-01 only
  let noGa4Id: string;
  let waitingId: string;
  let expiredId: string;
  let userId: string;
  let citiesId: string; // 237 cities synced 2026-01-01..2026-03-14
  let citiesPartialId: string; // the same cities synced from 2026-02-01 only: totals are missing

  const post = (id: string, call: string, payload: unknown) => t.app.inject({ method: 'POST', url: `/api/analytics/${call}/${id}`, headers: { cookie, origin: ORIGIN }, payload: payload as object });
  const age = (id: string, startDate: string, endDate: string) => post(id, 'ageConversionReport', { startDate, endDate });

  // The reports paged on the server (decision 014, "Paged on the server"): a page, a category, column filters and
  // a header sort of cityConversionReport must be exactly the slice of the unpaged answer, with the counts,
  // categories and header averages of every row, never of the page.
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
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { origin: ORIGIN }, payload: { username: 'asha', email: 'asha@example.com', password: 'asha-password-1' } });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/normal', headers: { origin: ORIGIN }, payload: { email: 'asha@example.com', password: 'asha-password-1' } });
    cookie = sessionCookie(login);
    userId = login.json().user.id as string;
    const db = t.database.db;
    const conn = (platform: 'meta' | 'ga4', accountId: string) => ({ platform, accountId, accountName: accountId, managerId: null, grantId: null });
    const brand = async (name: string, connections: ReturnType<typeof conn>[]) => {
      const id = await insertBrand(db, { name, currency: 'INR', timezone: 'Asia/Kolkata', userId, connections });
      await subscribeBrand(db, id); // reports need the Startup Plan
      return id;
    };
    brandId = await brand('Conversions', [conn('ga4', '300000011')]);
    partialId = await brand('Partial', [conn('ga4', '300000012')]);
    noGa4Id = await brand('Meta only', [conn('meta', 'act_9')]);
    waitingId = await brand('Waiting', [conn('ga4', '300000013')]);
    expiredId = await brand('Expired', [conn('ga4', '300000014')]);
    await seedGa4Window(db, brandId, '300000011', { from: '2026-01-01', to: '2026-03-14' }, funnelDay, ageDays);
    await seedGa4Window(db, partialId, '300000012', { from: '2026-02-01', to: '2026-03-14' }, funnelDay, ageDays);
    await seedGa4Window(db, expiredId, '300000014', { from: '2026-03-01', to: '2026-03-14' }, funnelDay, ageDays);
    await db.execute(sql`update connections set status = 'reauth_required' where brand_id = ${expiredId}`);
    citiesId = await brand('Cities', [conn('ga4', '300000021')]);
    citiesPartialId = await brand('Cities partial', [conn('ga4', '300000022')]);
    await seedGa4Window(db, citiesId, '300000021', { from: '2026-01-01', to: '2026-03-14' }, funnelDay, cityDays);
    await seedGa4Window(db, citiesPartialId, '300000022', { from: '2026-02-01', to: '2026-03-14' }, funnelDay, cityDays);
  });
  afterAll(async () => t?.close());

  it('rows by value with months newest first, totals and rates from the sums, the colour rule and its categories', async () => {
    const res = await age(brandId, '2026-01-01', '2026-03-15');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.range).toEqual({ from: '2026-01-01', to: '2026-03-14' });
    expect(body.dimensionKey).toBe('Age');
    expect(body.months).toEqual(['202603', '202602', '202601']);
    expect(body.data.map((r: Record<string, unknown>) => r.Age)).toEqual(['25-34', '18-24', '35-44', '(other)']);
    const [r2534, r1824, r3544, other] = body.data;
    // 18-24: Jan 31 x 10 = 310 sessions / 31 purchases, Feb 28 x 20 = 560 / 28, Mar 14 x 5 = 70 / 14
    expect(r1824['Total Sessions']).toBe(940);
    expect(r1824['Total Purchases']).toBe(73);
    expect(r1824['Avg Conv. Rate']).toBeCloseTo((73 / 940) * 100, 10);
    expect(r1824.MonthlyData).toEqual([
      { Month: '202603', Sessions: 70, 'Conv. Rate': 20, Purchases: 14, tone: 'neutral-down' },
      { Month: '202602', Sessions: 560, 'Conv. Rate': 5, Purchases: 28, tone: 'neutral-up' },
      { Month: '202601', Sessions: 310, 'Conv. Rate': 10, Purchases: 31, tone: 'neutral-down' },
    ]);
    // 25-34 had no February: GA4's February answer has no row for it, so neither has ours
    expect(r2534['Total Sessions']).toBe(1490);
    expect(r2534['Avg Conv. Rate']).toBeCloseTo((93 / 1490) * 100, 10);
    expect(r2534.MonthlyData).toEqual([
      { Month: '202603', Sessions: 560, 'Conv. Rate': 0, Purchases: 0, tone: 'neutral-up' },
      { Month: '202601', Sessions: 930, 'Conv. Rate': 10, Purchases: 93, tone: 'positive' },
    ]);
    expect(r3544.MonthlyData).toEqual([{ Month: '202601', Sessions: 500, 'Conv. Rate': 10, Purchases: 50, tone: 'positive' }]);
    expect(other.MonthlyData).toEqual([{ Month: '202602', Sessions: 7, 'Conv. Rate': 0, Purchases: 0, tone: 'negative' }]);
    // seven monthly entries: 2937 sessions, 216 purchases
    expect(body.averages.monthlySessions).toBeCloseTo(2937 / 7, 10);
    expect(body.averages.monthlyConvRate).toBeCloseTo((216 / 2937) * 100, 10);
    expect(body.averages.totalSessions).toBeCloseTo(2937 / 4, 10);
    expect(body.averages.convRate).toBeCloseTo((216 / 2937) * 100, 10);
    // each row's mean month and its rate against those: 745 & 6.24 %, 313.3 & 7.77 %, 500 & 10 %, 7 & 0 %
    expect(body.data.map((r: { category: string }) => r.category)).toEqual(['High Sessions', 'High Conv. Rate', 'Top Performers', 'Under Performers']);
    expect(other.note).toMatch(/GA4 grouped rare values of this dimension into \(other\)/);
    expect(r1824.note).toBeNull();
    expect(body.notice).toMatch(/thresholding/);
    expect(body.status.state).toBe('ready');
  });

  it('a range across one month end with no whole month inside: each month from its own days', async () => {
    const body = (await age(brandId, '2026-01-20', '2026-02-10')).json();
    const r1824 = body.data.find((r: Record<string, unknown>) => r.Age === '18-24');
    expect(r1824.MonthlyData.map((m: { Month: string; Sessions: number; Purchases: number }) => [m.Month, m.Sessions, m.Purchases])).toEqual([['202602', 200, 10], ['202601', 120, 12]]);
    expect(r1824['Total Sessions']).toBe(320);
  });

  it('a month whose days have not all synced is null and so are the totals, never a partial sum', async () => {
    const body = (await age(partialId, '2026-01-20', '2026-03-14')).json();
    const r1824 = body.data.find((r: Record<string, unknown>) => r.Age === '18-24');
    expect(r1824['Total Sessions']).toBeNull();
    expect(r1824['Avg Conv. Rate']).toBeNull();
    expect(r1824.MonthlyData).toEqual([
      { Month: '202603', Sessions: 70, 'Conv. Rate': 20, Purchases: 14, tone: expect.any(String) },
      { Month: '202602', Sessions: 560, 'Conv. Rate': 5, Purchases: 28, tone: expect.any(String) },
      { Month: '202601', Sessions: null, 'Conv. Rate': null, Purchases: null, tone: null },
    ]);
    expect(body.averages.totalSessions).toBeNull();
    expect(body.status.state).toBe('syncing');
  });

  it('each of the 15 calls answers its own dimension; page paths say how GA4 counts them', async () => {
    for (const report of CONVERSION_REPORTS) {
      const res = await post(brandId, report.call, { startDate: '2026-03-01', endDate: '2026-03-14' });
      expect({ call: report.call, status: res.statusCode }).toEqual({ call: report.call, status: 200 });
      expect(res.json().dimensionKey).toBe(report.label);
      // the route sends the service's answer as JSON without re-encoding it: it must be exactly what the declared
      // response schema lets through (valid, and no key the schema would strip)
      expect(conversionReportSchema.parse(res.json())).toEqual(res.json());
    }
    for (const [id, range] of [[brandId, ['2026-01-01', '2026-03-14']], [partialId, ['2026-01-01', '2026-03-14']], [noGa4Id, ['2026-01-01', '2026-03-14']]] as const) {
      const answer = (await age(id, range[0], range[1])).json();
      expect(conversionReportSchema.parse(answer)).toEqual(answer);
    }
    const country = (await post(brandId, 'countryConversionReport', { startDate: '2026-02-01', endDate: '2026-02-28' })).json();
    expect(country.data).toEqual([
      { Country: 'IN', 'Total Sessions': 2800, 'Avg Conv. Rate': 2, 'Total Purchases': 56, MonthlyData: [{ Month: '202602', Sessions: 2800, 'Conv. Rate': 2, Purchases: 56, tone: 'positive' }], category: 'Top Performers', note: null },
    ]);
    expect(country.notice).toBeNull();
    expect((await post(brandId, 'pagePathConversionReport', { startDate: '2026-02-01', endDate: '2026-02-28' })).json().notice).toMatch(/every page it viewed/);
  });

  it('no GA4 property: an empty answer saying so; 409 before anything synced; 403 with the stale answer on a token problem', async () => {
    const none = await age(noGa4Id, '2026-03-01', '2026-03-14');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ data: [], months: [], status: { state: 'not_connected' } });
    const waiting = await age(waitingId, '2026-03-01', '2026-03-14');
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toMatchObject({ message: 'No metrics data available yet. Please try again later.', code: 'METRICS_NOT_READY' });
    const expired = await age(expiredId, '2026-03-01', '2026-03-14');
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ code: 'TOKEN_EXPIRED', platform: 'ga4' });
    expect(expired.json().stale.data.find((r: Record<string, unknown>) => r.Age === '18-24')['Total Sessions']).toBe(70);
  });

  it('the monthly rollup follows a restated window: a value GA4 no longer reports for those days leaves the month too', async () => {
    const db = t.database.db;
    const id = await insertBrand(db, { name: 'Restated', currency: 'INR', timezone: 'Asia/Kolkata', userId, connections: [{ platform: 'ga4', accountId: '300000015', accountName: 'p', managerId: null, grantId: null }] });
    await subscribeBrand(db, id);
    const dim = (value: string, sessions: number): Ga4DimensionDay => ({ dimension: 'source', value, sessions, purchases: 1, addToCarts: 0, checkouts: 0 });
    await seedGa4Window(db, id, '300000015', { from: '2026-02-01', to: '2026-02-28' }, funnelDay, (d) => (d === '2026-02-10' ? [dim('google', 10), dim('bing', 5)] : [dim('google', 10)]));
    const before = (await post(id, 'sourceConversionReport', { startDate: '2026-02-01', endDate: '2026-02-28' })).json();
    expect(before.data.map((r: Record<string, unknown>) => [r.Source, r['Total Sessions']])).toEqual([['google', 280], ['bing', 5]]);
    // GA4 restates 02-05..02-15: bing is gone and google doubled on those days
    await seedGa4Window(db, id, '300000015', { from: '2026-02-05', to: '2026-02-15' }, funnelDay, () => [dim('google', 20)]);
    const after = (await post(id, 'sourceConversionReport', { startDate: '2026-02-01', endDate: '2026-02-28' })).json();
    expect(after.data.map((r: Record<string, unknown>) => [r.Source, r['Total Sessions']])).toEqual([['google', 280 + 11 * 10]]);
    expect(after.data[0].MonthlyData).toEqual([{ Month: '202602', Sessions: 390, 'Conv. Rate': (28 / 390) * 100, Purchases: 28, tone: 'positive' }]);
    // a table's rows as [dimension, month or day, value, sessions, purchases]; a packed table's entries one a row
    const plain = async (table: string, at: 'month' | 'date', packed: boolean) => {
      const rows = await queryRows<{ dimension: string; at: string; value: string; sessions: number | string; purchases: number | string }>(
        db,
        packed
          ? sql`select p.dimension, p.${sql.raw(at)}::text as at, e->>0 as value, (e->>1)::bigint as sessions, (e->>2)::bigint as purchases
              from ${sql.raw(table)} p cross join lateral json_array_elements(p.entries) e where p.property_id = '300000015' order by 1, 2, 3`
          : sql`select dimension, ${sql.raw(at)}::text as at, value, sessions, purchases from ${sql.raw(table)} where property_id = '300000015' order by 1, 2, 3`,
      );
      return rows.map((r) => [r.dimension, r.at, r.value, Number(r.sessions), Number(r.purchases)]);
    };
    // the packed months (ga4_dimension_month_values, what the report reads for whole months) are exactly the
    // monthly rollup's rows after the restatement: same values, sessions and purchases, nothing more or less
    const packedMonths = await plain('ga4_dimension_month_values', 'month', true);
    expect(packedMonths).toEqual([['source', '2026-02-01', 'google', 390, 28]]);
    expect(packedMonths).toEqual(await plain('ga4_dimension_monthly', 'month', false));
    // the packed days (ga4_dimension_day_values, what the report reads for edge months) are exactly the daily
    // rows after the restatement: bing's 02-10 went with the window's days, google's restated days doubled
    const packedDays = await plain('ga4_dimension_day_values', 'date', true);
    expect(packedDays).toHaveLength(28);
    expect(packedDays).toEqual(await plain('ga4_dimension_daily', 'date', false));
    expect(packedDays.filter((r) => r[2] === 'bing')).toEqual([]);
    // an edge month read from the packed days: 02-03..02-12 is 2 days of 10 and 8 restated days of 20
    const edge = (await post(id, 'sourceConversionReport', { startDate: '2026-02-03', endDate: '2026-02-12' })).json();
    expect(edge.data.map((r: Record<string, unknown>) => [r.Source, r['Total Sessions'], r['Total Purchases']])).toEqual([['google', 2 * 10 + 8 * 20, 10]]);
  });

  it('two GA4 properties on a brand: each value-month is the sum of both, whole months and edge days alike', async () => {
    const db = t.database.db;
    const ga4 = (accountId: string) => ({ platform: 'ga4' as const, accountId, accountName: accountId, managerId: null, grantId: null });
    const id = await insertBrand(db, { name: 'Two properties', currency: 'INR', timezone: 'Asia/Kolkata', userId, connections: [ga4('300000016'), ga4('300000017')] });
    await subscribeBrand(db, id);
    await seedGa4Window(db, id, '300000016', { from: '2026-01-01', to: '2026-03-14' }, funnelDay, ageDays);
    await seedGa4Window(db, id, '300000017', { from: '2026-01-01', to: '2026-03-14' }, funnelDay, (d) => (d.startsWith('2026-02') ? [{ dimension: 'age', value: '18-24', sessions: 1, purchases: 1, addToCarts: 0, checkouts: 0 }] : []));
    // 2026-01-20..2026-03-14: January's and March's days are edges, February a whole month from the packed rollup
    const body = (await age(id, '2026-01-20', '2026-03-14')).json();
    const row = body.data.find((r: Record<string, unknown>) => r.Age === '18-24');
    expect(row.MonthlyData).toEqual([
      { Month: '202603', Sessions: 14 * 5, 'Conv. Rate': (14 / 70) * 100, Purchases: 14, tone: expect.any(String) },
      { Month: '202602', Sessions: 28 * 20 + 28, 'Conv. Rate': (56 / 588) * 100, Purchases: 56, tone: expect.any(String) },
      { Month: '202601', Sessions: 12 * 10, 'Conv. Rate': (12 / 120) * 100, Purchases: 12, tone: expect.any(String) },
    ]);
    expect(row['Total Sessions']).toBe(70 + 588 + 120);
  });

  it('bad input is a 400 naming the field, never a 500', async () => {
    const cases: Array<[unknown, string]> = [
      [{ startDate: '2026-3-01', endDate: '2026-03-14' }, 'startDate'],
      [{ startDate: '2026-03-01' }, 'endDate'],
      [{ startDate: '2026-03-10', endDate: '2026-03-01' }, 'startDate'],
      [{ startDate: '2026-03-01', endDate: '2026-03-16' }, 'endDate'],
      [{ startDate: '2024-02-29', endDate: '2026-03-14' }, 'startDate'],
      [{ startDate: 20260301, endDate: '2026-03-14' }, 'startDate'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(brandId, 'cityConversionReport', payload);
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 400 });
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect((await post(brandId, 'shoeSizeConversionReport', { startDate: '2026-03-01', endDate: '2026-03-14' })).statusCode).toBe(404);
  });

  it('without paging the answer is every row; its counts, categories and averages are those of the rows', async () => {
    const all = await city(citiesId, RANGE);
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
    const all = await city(citiesId, RANGE);
    for (const category of [undefined, ...PERFORMANCE_CATEGORIES] as Array<PerformanceCategory | undefined>) {
      const expected = category ? all.data.filter((r) => r.category === category) : all.data;
      for (const pageSize of [50, 100, 200] as const) {
        const pages = await allPages(citiesId, category ? { category } : {}, pageSize);
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
      expect((await city(citiesId, { ...RANGE, pageSize: 'all', ...(category ? { category } : {}) })).data).toEqual(expected);
      const past = await city(citiesId, { ...RANGE, page: 99, pageSize: 50, ...(category ? { category } : {}) });
      expect(past).toMatchObject({ data: [], page: 99, matchingRows: expected.length, totalRows: CITIES });
    }
    // a page without a size is 50 rows; a size without a page is page 1
    expect((await city(citiesId, { ...RANGE, page: 2 })).data).toEqual(all.data.slice(50, 100));
    expect((await city(citiesId, { ...RANGE, pageSize: 100 })).data).toEqual(all.data.slice(0, 100));
  });

  it('the header sort orders the whole list before the page is cut, missing figures last either way', async () => {
    const all = await city(citiesId, RANGE);
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
        const pages = await allPages(citiesId, { sortBy, sortOrder }, 100);
        expect(pages.flatMap((p) => p.data).map(value), `${sortBy} ${sortOrder}`).toEqual(expected.map(value));
      }
    }
    // February has rows missing for a third of the cities: they come last in both directions
    const feb = await city(citiesId, { ...RANGE, sortBy: 'm-202602', sortOrder: 'asc', pageSize: 'all' });
    expect(feb.data.slice(-Math.ceil(CITIES / 3)).every((r) => month('202602')(r) === null)).toBe(true);
    const byName = await city(citiesId, { ...RANGE, sortBy: 'dimension', sortOrder: 'desc', page: 1, pageSize: 50 });
    expect(byName.data.map(value)).toEqual([...defaultOrder].sort().reverse().slice(0, 50));
    // the sort with a category: that category's rows in that order
    const top = await city(citiesId, { ...RANGE, category: 'Top Performers', sortBy: 'avgConvRate', sortOrder: 'desc', pageSize: 'all' });
    const rates = top.data.map((r) => r['Avg Conv. Rate']!);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    expect(top.data).toHaveLength(all.categoryCounts['Top Performers']);
  });

  it('column filters apply before the category and the pages; the counts per category are among the rows passing them', async () => {
    const all = await city(citiesId, RANGE);
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
      const pages = await allPages(citiesId, { filters, ...(category ? { category } : {}) }, 50);
      expect(pages.flatMap((p) => p.data), String(category)).toEqual(expected);
      for (const p of pages) expect({ totalRows: p.totalRows, matchingRows: p.matchingRows, categoryCounts: p.categoryCounts, averages: p.averages }).toEqual({ totalRows: CITIES, matchingRows: expected.length, categoryCounts: counts, averages: all.averages });
    }
    // '=' on the dimension: case-insensitive text; on a figure: the number
    expect((await city(citiesId, { ...RANGE, filters: [{ columnId: 'dimension', operator: '=', value: ' city 010 ' }] })).data.map((r) => r.City)).toEqual(['City 010']);
    const exact = all.data[7]!;
    const equal = await city(citiesId, { ...RANGE, pageSize: 'all', filters: [{ columnId: 'avgConvRate', operator: '=', value: String(exact['Avg Conv. Rate']) }] });
    expect(equal.data).toEqual(all.data.filter((r) => r['Avg Conv. Rate'] === exact['Avg Conv. Rate']));
    // a comparison on text, or a figure missing: no match
    expect((await city(citiesId, { ...RANGE, filters: [{ columnId: 'dimension', operator: '>', value: '3' }] })).matchingRows).toBe(0);
    expect((await city(citiesPartialId, { ...RANGE, filters: [{ columnId: 'totalSessions', operator: '>=', value: '0' }] })).matchingRows).toBe(0);
  });

  it('with months not synced the totals are missing: they sort last, and the pages still cut the unpaged list', async () => {
    const all = await city(citiesPartialId, RANGE);
    expect(all.averages.totalSessions).toBeNull();
    expect(all.data.every((r) => r['Total Sessions'] === null)).toBe(true);
    const sorted = await city(citiesPartialId, { ...RANGE, sortBy: 'totalSessions', sortOrder: 'asc', pageSize: 'all' });
    // every total missing: the default order stays
    expect(sorted.data).toEqual(all.data);
    const pages = await allPages(citiesPartialId, { category: 'Under Performers' }, 50);
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
      const res = await t.app.inject({ method: 'POST', url: `/api/analytics/cityConversionReport/${citiesId}`, headers: { cookie, origin: ORIGIN }, payload: { ...RANGE, ...extra } });
      expect({ extra, status: res.statusCode }).toEqual({ extra, status: 400 });
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });
});
