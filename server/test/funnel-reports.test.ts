import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBrand } from '../src/modules/brands/brands.sql.js';
import { createTestApp, DB_KINDS, sessionCookie, type TestApp } from './test-app.js';
import { seedGa4Window, subscribeBrand } from './reports-seed.js';
import { dailyFunnelReportSchema, dayFunnelReportSchema, monthFunnelReportSchema } from '@parallels/contract/analytics';
import type { z } from 'zod';

const FUNNEL_SCHEMAS: Record<string, z.ZodType> = { atcreport: dailyFunnelReportSchema, dayAtcReport: dayFunnelReportSchema, monthAtcReport: monthFunnelReportSchema };

// The funnel reports' three calls over seeded ga4_daily facts, exact numbers. The clock is pinned to
// 2026-03-15 12:00 UTC (Asia/Kolkata: today Sunday 2026-03-15, yesterday 2026-03-14). Every day has 100 sessions,
// 10 add-to-carts, 4 checkouts and 2 purchases, except Sundays: 200, 30, 10 and 5.
const NOW = new Date('2026-03-15T12:00:00Z');
const ORIGIN = 'http://localhost:3000';
const isSunday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay() === 0;
const funnelDay = (d: string) => (isSunday(d) ? { sessions: 200, addToCarts: 30, checkouts: 10, purchases: 5 } : { sessions: 100, addToCarts: 10, checkouts: 4, purchases: 2 });
const rates = (sessions: number, atc: number, checkouts: number, purchases: number) => ({
  Sessions: sessions,
  'Add To Cart': atc,
  'Add To Cart Rate': (atc / sessions) * 100,
  Checkouts: checkouts,
  'Checkout Rate': (checkouts / sessions) * 100,
  Purchases: purchases,
  'Purchase Rate': (purchases / sessions) * 100,
});
const NULLS = { Sessions: null, 'Add To Cart': null, 'Add To Cart Rate': null, Checkouts: null, 'Checkout Rate': null, Purchases: null, 'Purchase Rate': null };

describe.each(DB_KINDS)('GA4 funnel reports on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  let brandId: string; // synced 2026-02-01..2026-03-14
  let partialId: string; // synced from 2026-03-05
  let noGa4Id: string;

  const post = async (call: string, id: string, payload: unknown) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/analytics/${call}/${id}`, headers: { cookie, origin: ORIGIN }, payload: payload as object });
    if (res.statusCode === 200) {
      // sent as plain JSON (lib/plain-json.ts): exactly what the declared schema lets through, nothing it would strip
      const body = res.json();
      expect(FUNNEL_SCHEMAS[call]!.parse(body)).toEqual(body);
    }
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { now: () => NOW });
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { origin: ORIGIN }, payload: { username: 'meera', email: 'meera@example.com', password: 'meera-password-1' } });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/normal', headers: { origin: ORIGIN }, payload: { email: 'meera@example.com', password: 'meera-password-1' } });
    cookie = sessionCookie(login);
    const userId = login.json().user.id as string;
    const db = t.database.db;
    const conn = (platform: 'meta' | 'ga4', accountId: string) => ({ platform, accountId, accountName: accountId, managerId: null, grantId: null });
    const brand = async (name: string, connections: ReturnType<typeof conn>[]) => {
      const id = await insertBrand(db, { name, currency: 'INR', timezone: 'Asia/Kolkata', userId, connections });
      await subscribeBrand(db, id); // reports need the Startup Plan
      return id;
    };
    brandId = await brand('Funnel', [conn('ga4', '300000021')]);
    partialId = await brand('Funnel partial', [conn('ga4', '300000022')]);
    noGa4Id = await brand('No GA4', [conn('meta', 'act_21')]);
    await seedGa4Window(db, brandId, '300000021', { from: '2026-02-01', to: '2026-03-14' }, funnelDay);
    await seedGa4Window(db, partialId, '300000022', { from: '2026-03-05', to: '2026-03-14' }, funnelDay);
  });
  afterAll(async () => t?.close());

  it('Daily: one row per day, newest first, each range ending yesterday, totals from the sums', async () => {
    const res = await post('atcreport', brandId, { dateRanges: [{ startDate: '2026-03-01', endDate: '2026-03-15' }] });
    expect(res.statusCode).toBe(200);
    const [range] = res.json().ranges;
    expect([range.startDate, range.endDate]).toEqual(['2026-03-01', '2026-03-14']);
    expect(range.rows.map((r: { Date: string }) => r.Date)).toEqual(['2026-03-14', '2026-03-13', '2026-03-12', '2026-03-11', '2026-03-10', '2026-03-09', '2026-03-08', '2026-03-07', '2026-03-06', '2026-03-05', '2026-03-04', '2026-03-03', '2026-03-02', '2026-03-01']);
    expect(range.rows[0]).toEqual({ Date: '2026-03-14', ...rates(100, 10, 4, 2) });
    expect(range.rows[6]).toEqual({ Date: '2026-03-08', ...rates(200, 30, 10, 5) });
    // two Sundays and twelve other days
    expect(range.totals).toEqual(rates(1600, 180, 68, 34));
    expect(res.json().status.state).toBe('ready');
  });

  it('Monthly Metrics: months newest first per range; a month’s rate is from its sums, not the mean of its days’ rates', async () => {
    const res = await post('monthAtcReport', brandId, { dateRanges: [{ startDate: '2026-02-01', endDate: '2026-03-14' }, { startDate: '2026-02-01', endDate: '2026-02-28' }] });
    expect(res.statusCode).toBe(200);
    const [both, february] = res.json().ranges;
    expect(both.rows.map((r: { Month: string }) => r.Month)).toEqual(['2026-03', '2026-02']);
    // February: four Sundays, 24 other days. 68 / 3200 = 2.125 %, while the mean of the daily rates is 2.0714 %
    expect(both.rows[1]).toEqual({ Month: '2026-02', ...rates(3200, 360, 136, 68) });
    expect(both.rows[1]['Purchase Rate']).toBe(2.125);
    expect(both.rows[0]).toEqual({ Month: '2026-03', ...rates(1600, 180, 68, 34) });
    expect(february.rows).toEqual([{ Month: '2026-02', ...rates(3200, 360, 136, 68) }]);
    expect(both.totals).toEqual(rates(4800, 540, 204, 102));
  });

  it('Day wise: one row per weekday, Monday first, summed over the range', async () => {
    const res = await post('dayAtcReport', brandId, { startDate: '2026-03-01', endDate: '2026-03-14' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((r: { Day: string }) => r.Day)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(body.data[0]).toEqual({ Day: 'Monday', ...rates(200, 20, 8, 4) });
    expect(body.data[6]).toEqual({ Day: 'Sunday', ...rates(400, 60, 20, 10) });
    expect(body.totals).toEqual(rates(1600, 180, 68, 34));
    const short = (await post('dayAtcReport', brandId, { startDate: '2026-03-09', endDate: '2026-03-10' })).json();
    expect(short.data.map((r: { Day: string }) => r.Day)).toEqual(['Monday', 'Tuesday']);
  });

  it('a row with a day not synced is null, never a partial sum; no GA4 property gives no rows', async () => {
    const daily = (await post('atcreport', partialId, { dateRanges: [{ startDate: '2026-03-01', endDate: '2026-03-14' }] })).json();
    expect(daily.ranges[0].rows.find((r: { Date: string }) => r.Date === '2026-03-04')).toEqual({ Date: '2026-03-04', ...NULLS });
    expect(daily.ranges[0].rows.find((r: { Date: string }) => r.Date === '2026-03-05')).toEqual({ Date: '2026-03-05', ...rates(100, 10, 4, 2) });
    expect(daily.ranges[0].totals).toEqual(NULLS);
    expect(daily.status.state).toBe('syncing');
    const month = (await post('monthAtcReport', partialId, { dateRanges: [{ startDate: '2026-03-01', endDate: '2026-03-14' }] })).json();
    expect(month.ranges[0].rows).toEqual([{ Month: '2026-03', ...NULLS }]);
    const days = (await post('dayAtcReport', partialId, { startDate: '2026-03-01', endDate: '2026-03-14' })).json();
    expect(days.data.find((r: { Day: string }) => r.Day === 'Sunday')).toEqual({ Day: 'Sunday', ...NULLS }); // 03-01 missing
    expect(days.data.find((r: { Day: string }) => r.Day === 'Thursday')).toEqual({ Day: 'Thursday', ...rates(200, 20, 8, 4) });
    const none = await post('atcreport', noGa4Id, { dateRanges: [{ startDate: '2026-03-01', endDate: '2026-03-14' }] });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ ranges: [{ rows: [], totals: NULLS }], status: { state: 'not_connected' } });
  });

  it('bad input is a 400 naming the field, never a 500', async () => {
    const cases: Array<[string, unknown, string]> = [
      ['atcreport', {}, 'dateRanges'],
      ['atcreport', { dateRanges: [] }, 'dateRanges'],
      ['monthAtcReport', { dateRanges: 'last month' }, 'dateRanges'],
      ['atcreport', { dateRanges: [{ startDate: '2026-03-01' }] }, 'dateRanges.0.endDate'],
      ['monthAtcReport', { dateRanges: [{ startDate: '2026-03-01', endDate: '2026-03-02' }, { startDate: '2026-03-01', endDate: '2026-03-16' }] }, 'dateRanges.1.endDate'],
      ['atcreport', { dateRanges: [{ startDate: '2024-01-01', endDate: '2026-03-02' }] }, 'dateRanges.0.startDate'],
      ['atcreport', { dateRanges: Array.from({ length: 5 }, () => ({ startDate: '2026-03-01', endDate: '2026-03-02' })) }, 'dateRanges'],
      ['dayAtcReport', { startDate: '2026-03-05', endDate: '2026-03-01' }, 'startDate'],
      ['dayAtcReport', { dateRanges: [{ startDate: '2026-03-01', endDate: '2026-03-02' }] }, 'startDate'],
    ];
    for (const [call, payload, field] of cases) {
      const res = await post(call, brandId, payload);
      expect({ call, payload, status: res.statusCode }).toEqual({ call, payload, status: 400 });
      expect({ call, payload, fields: res.json().errors.map((e: { field: string }) => e.field) }).toEqual({ call, payload, fields: expect.arrayContaining([field]) });
    }
  });
});
