import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CONVERSION_REPORTS, conversionReportSchema } from '@parallels/contract/analytics';
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

  const post = (id: string, call: string, payload: unknown) => t.app.inject({ method: 'POST', url: `/api/analytics/${call}/${id}`, headers: { cookie, origin: ORIGIN }, payload: payload as object });
  const age = (id: string, startDate: string, endDate: string) => post(id, 'ageConversionReport', { startDate, endDate });

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
    // the packed months (ga4_dimension_month_values, what the report reads for whole months) are exactly the
    // monthly rollup's rows after the restatement: same values, sessions and purchases, nothing more or less
    const packed = await queryRows<{ dimension: string; month: string; value: string; sessions: number | string; purchases: number | string }>(
      db,
      sql`select p.dimension, p.month::text as month, e->>0 as value, (e->>1)::bigint as sessions, (e->>2)::bigint as purchases
          from ga4_dimension_month_values p cross join lateral json_array_elements(p.entries) e where p.property_id = '300000015' order by 1, 2, 3`,
    );
    const monthly = await queryRows<{ dimension: string; month: string; value: string; sessions: number | string; purchases: number | string }>(
      db,
      sql`select dimension, month::text as month, value, sessions, purchases from ga4_dimension_monthly where property_id = '300000015' order by 1, 2, 3`,
    );
    const plain = (rows: typeof packed) => rows.map((r) => [r.dimension, r.month, r.value, Number(r.sessions), Number(r.purchases)]);
    expect(plain(packed)).toEqual([['source', '2026-02-01', 'google', 390, 28]]);
    expect(plain(packed)).toEqual(plain(monthly));
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
});
