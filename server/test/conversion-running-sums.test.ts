import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { conversionRate, type ConversionReport } from '@parallels/contract/analytics';
import { daysBetween } from '@parallels/contract/days';
import { queryRows } from '../src/db/client.js';
import { insertBrand } from '../src/modules/brands/brands.sql.js';
import { createTestApp, DB_KINDS, sessionCookie, type TestApp } from './test-app.js';
import { daysOf, seedGa4Window, subscribeBrand, type Ga4DimensionDay } from './reports-seed.js';

// The conversion reports' running sums (decision 014, "Running sums for a range", migration 0027): a page of a
// report reads each value's range sums as year-to-date and month-to-date differences. For ranges with partial
// months at both ends (across a year's end), inside one month, across one month's end and on whole months, every
// row's Total Sessions, Total Purchases, rate and month cells must be exactly the sums of the seeded days, and the
// page exactly the unpaged answer's (summed by month) first rows; also after GA4 restates days in the middle of a
// month and across a year's end (the rows after the window are rewritten), and the migration's statements must
// fill the tables exactly as the window writer does. The clock is pinned to 2026-03-15 12:00 UTC (yesterday
// 2026-03-14 in Asia/Kolkata).
const NOW = new Date('2026-03-15T12:00:00Z');
const ORIGIN = 'http://localhost:3000';
const FIRST = '2025-11-10';
const LAST = '2026-03-14';
const CITIES = 60;

/** restated: the days GA4 restated, where every fourth city is gone and the others' sessions doubled */
function cityDays(restated: (date: string) => boolean) {
  return (date: string): Ga4DimensionDay[] => {
    const t = daysBetween(FIRST, date);
    const dayOfMonth = Number(date.slice(8, 10));
    const again = restated(date);
    const out: Ga4DimensionDay[] = [];
    for (let i = 0; i < CITIES; i++) {
      if (i % 7 === 3 && t % 5 !== 0) continue; // a city every fifth day only
      if (i % 11 === 5 && dayOfMonth > 15) continue; // a city of the first half of each month
      if (i === CITIES - 1 && date !== '2026-01-31' && date !== '2025-11-10') continue; // a city of two days, a month's last and the first
      if (again && i % 4 === 1) continue;
      // every 13th city has rows of zeros: it is there (a month entry), with no sessions
      const sessions = i % 13 === 0 ? 0 : (((i * 31 + t * 7) % 29) + 1) * (again ? 2 : 1);
      const purchases = sessions === 0 ? 0 : (i + t) % 4 === 0 ? (i % 3) + 1 : 0;
      out.push({ dimension: 'city', value: `City ${String(i).padStart(2, '0')}`, sessions, purchases, addToCarts: 0, checkouts: 0 });
    }
    return out;
  };
}

interface Sums {
  sessions: number;
  purchases: number;
}

/** what the report must answer, summed here from the seeded days: each value's months ('YYYYMM') */
function expected(range: { from: string; to: string }, day: (date: string) => Ga4DimensionDay[]): Map<string, Map<string, Sums>> {
  const out = new Map<string, Map<string, Sums>>();
  for (const date of daysOf(range.from, range.to)) {
    const month = date.slice(0, 4) + date.slice(5, 7);
    for (const d of day(date)) {
      let months = out.get(d.value);
      if (!months) out.set(d.value, (months = new Map()));
      const s = months.get(month) ?? { sessions: 0, purchases: 0 };
      months.set(month, { sessions: s.sessions + d.sessions, purchases: s.purchases + d.purchases });
    }
  }
  return out;
}

const RANGES: Array<[string, string, string]> = [
  ['partial months at both ends, across a year end', '2025-11-20', '2026-02-10'],
  ['from the first synced day to the last', FIRST, LAST],
  ['inside one month', '2026-01-05', '2026-01-20'],
  ['to a month end inside one month', '2026-01-25', '2026-01-31'],
  ['across one month end, no whole month', '2026-01-20', '2026-02-10'],
  ['whole months only, across a year end', '2025-12-01', '2026-02-28'],
  ['a whole month and a partial one', '2026-02-01', '2026-03-05'],
  ['one day', '2026-01-31', '2026-01-31'],
];

describe.each(DB_KINDS)('the conversion reports from running sums on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  let brandId: string;

  const report = async (payload: Record<string, unknown>): Promise<ConversionReport> => {
    const res = await t.app.inject({ method: 'POST', url: `/api/analytics/cityConversionReport/${brandId}`, headers: { cookie, origin: ORIGIN }, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ConversionReport;
  };

  /** every range: the page of 200 (running sums) holds exactly the days' sums, and page 1 of 50 the unpaged answer's first rows */
  const checkRanges = async (day: (date: string) => Ga4DimensionDay[]) => {
    for (const [label, startDate, endDate] of RANGES) {
      const want = expected({ from: startDate, to: endDate }, day);
      const page = await report({ startDate, endDate, page: 1, pageSize: 200 });
      const got = new Map(page.data.map((r) => [r.City as string, r]));
      expect([...got.keys()].sort(), label).toEqual([...want.keys()].sort());
      expect(page.totalRows, label).toBe(want.size);
      let entries = 0;
      let entrySessions = 0;
      for (const [value, months] of want) {
        const row = got.get(value)!;
        const total = [...months.values()].reduce((a, s) => ({ sessions: a.sessions + s.sessions, purchases: a.purchases + s.purchases }), { sessions: 0, purchases: 0 });
        entries += months.size;
        entrySessions += total.sessions;
        expect([row['Total Sessions'], row['Total Purchases'], row['Avg Conv. Rate']], `${label}: ${value}`).toEqual([total.sessions, total.purchases, conversionRate(total.purchases, total.sessions)]);
        const cells = [...months].sort(([a], [b]) => (a < b ? 1 : -1)).map(([month, s]) => [month, s.sessions, s.purchases, conversionRate(s.purchases, s.sessions)]);
        expect(row.MonthlyData.map((m) => [m.Month, m.Sessions, m.Purchases, m['Conv. Rate']]), `${label}: ${value}`).toEqual(cells);
      }
      expect(page.averages.monthlySessions, label).toBe(entrySessions / entries);
      // the unpaged answer sums by month (the packed months and days): the page is exactly its first rows
      const whole = await report({ startDate, endDate });
      const first = await report({ startDate, endDate, page: 1, pageSize: 50 });
      expect(first.data, label).toEqual(whole.data.slice(0, 50));
      expect([first.totalRows, first.matchingRows, first.categoryCounts, first.averages], label).toEqual([whole.totalRows, whole.matchingRows, whole.categoryCounts, whole.averages]);
      // a category and a sort on a total: still the unpaged list's slice
      const sorted = { sortBy: 'totalSessions', sortOrder: 'asc', category: 'Under Performers' };
      const wholeSorted = await report({ startDate, endDate, ...sorted });
      expect((await report({ startDate, endDate, ...sorted, page: 2, pageSize: 50 })).data, label).toEqual(wholeSorted.data.slice(50, 100));
      expect((await report({ startDate, endDate, ...sorted, page: 1, pageSize: 50 })).data, label).toEqual(wholeSorted.data.slice(0, 50));
    }
  };

  const runningSums = async () =>
    queryRows<{ t: string; dimension: string; at: string; entries: string }>(
      t.database.db,
      sql`select 'month_to_date' as t, dimension, date::text as at, entries::text as entries from ga4_dimension_month_to_date where brand_id = ${brandId}
        union all select 'year_to_date', dimension, month::text, entries::text from ga4_dimension_year_to_date where brand_id = ${brandId} order by 1, 2, 3`,
    );

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { now: () => NOW });
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { origin: ORIGIN }, payload: { username: 'ravi', email: 'ravi@example.com', password: 'ravi-password-1' } });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/normal', headers: { origin: ORIGIN }, payload: { email: 'ravi@example.com', password: 'ravi-password-1' } });
    cookie = sessionCookie(login);
    const userId = login.json().user.id as string;
    const db = t.database.db;
    brandId = await insertBrand(db, { name: 'Running sums', currency: 'INR', timezone: 'Asia/Kolkata', userId, connections: [{ platform: 'ga4', accountId: '300000031', accountName: 'p', managerId: null, grantId: null }] });
    await subscribeBrand(db, brandId);
    // as a backfill writes: the newest days first, then the older ones (whose months and year come before)
    const day = cityDays(() => false);
    await seedGa4Window(db, brandId, '300000031', { from: '2026-01-14', to: LAST }, () => ({ sessions: 100, addToCarts: 10, checkouts: 5, purchases: 2 }), day);
    await seedGa4Window(db, brandId, '300000031', { from: FIRST, to: '2026-01-13' }, () => ({ sessions: 100, addToCarts: 10, checkouts: 5, purchases: 2 }), day);
  });
  afterAll(async () => t?.close());

  it('every range: the days\' exact sums, and the unpaged answer\'s rows', async () => {
    const rows = await runningSums();
    expect(rows.length).toBeGreaterThan(0);
    await checkRanges(cityDays(() => false));
  });

  it('after GA4 restates days in the middle of a month and across a year end, the same', async () => {
    const db = t.database.db;
    const restated = (date: string) => (date >= '2026-01-10' && date <= '2026-01-15') || (date >= '2025-12-28' && date <= '2026-01-03');
    const day = cityDays(restated);
    const funnel = () => ({ sessions: 100, addToCarts: 10, checkouts: 5, purchases: 2 });
    await seedGa4Window(db, brandId, '300000031', { from: '2026-01-10', to: '2026-01-15' }, funnel, day);
    await seedGa4Window(db, brandId, '300000031', { from: '2025-12-28', to: '2026-01-03' }, funnel, day);
    await checkRanges(day);
  });

  it('a window written in short steps (decision 027) ends with the rollups and running sums of one transaction', async () => {
    // windows on month starts and not, newest first as a backfill writes them: the whole months, their running sums
    // and (from a month start) their year-to-date go before the checkpoint's step; the edge months with it
    const windows = [{ from: '2026-02-10', to: LAST }, { from: '2025-12-01', to: '2026-02-09' }, { from: FIRST, to: '2025-11-30' }];
    const db = t.database.db;
    const userId = (await queryRows<{ id: string }>(db, sql`select id from users limit 1`))[0]!.id;
    const derived = async (id: string) =>
      queryRows<{ t: string; dimension: string; at: string; entries: string }>(
        db,
        sql`select 'month_to_date' as t, dimension, date::text as at, entries::text as entries from ga4_dimension_month_to_date where brand_id = ${id}
          union all select 'year_to_date', dimension, month::text, entries::text from ga4_dimension_year_to_date where brand_id = ${id}
          union all select 'month_values', dimension, month::text, entries::text from ga4_dimension_month_values where brand_id = ${id}
          union all select 'day_values', dimension, date::text, entries::text from ga4_dimension_day_values where brand_id = ${id}
          union all select 'monthly', dimension || ' ' || value, month::text, sessions || ' ' || purchases from ga4_dimension_monthly where brand_id = ${id}
          order by 1, 2, 3`,
      );
    // two dimensions: the running sums go a dimension per step
    const cities = cityDays(() => false);
    const twoDimensions = (date: string) => cities(date).flatMap((row) => [row, { ...row, dimension: 'age', sessions: row.sessions + 1 }]);
    const write = async (name: string, list: typeof windows, shortSteps: boolean) => {
      const id = await insertBrand(db, { name, currency: 'INR', timezone: 'Asia/Kolkata', userId, connections: [{ platform: 'ga4', accountId: '300000032', accountName: 'p', managerId: null, grantId: null }] });
      for (const window of list) await seedGa4Window(db, id, '300000032', window, () => ({ sessions: 100, addToCarts: 10, checkouts: 5, purchases: 2 }), twoDimensions, { shortSteps });
      return derived(id);
    };
    // the reference: every day in one window, so every month and running sum is computed once from all the days
    const whole = await write('One window', [{ from: FIRST, to: LAST }], false);
    expect(whole.length).toBeGreaterThan(500);
    expect(new Set(whole.map((r) => r.t))).toEqual(new Set(['month_to_date', 'year_to_date', 'month_values', 'day_values', 'monthly']));
    expect(new Set(whole.filter((r) => r.t === 'month_to_date').map((r) => r.dimension))).toEqual(new Set(['age', 'city']));
    expect(await write('Short steps', windows, true)).toEqual(whole);
    expect(await write('One transaction each', windows, false)).toEqual(whole);
  });

  it('the migration fills the running sums exactly as the window writer does', async () => {
    const written = await runningSums();
    expect(written.length).toBeGreaterThan(0);
    const db = t.database.db;
    // the migration's statements (every brand's rows) over emptied tables
    await db.execute(sql`delete from ga4_dimension_month_to_date`);
    await db.execute(sql`delete from ga4_dimension_year_to_date`);
    const migration = readFileSync(new URL('../drizzle/0027_ga4_dimension_running_sums.sql', import.meta.url), 'utf8');
    const inserts = migration.split('--> statement-breakpoint').map((s) => s.trim()).filter((s) => s.startsWith('INSERT'));
    expect(inserts).toHaveLength(2);
    for (const statement of inserts) await db.execute(sql.raw(statement));
    expect(await runningSums()).toEqual(written);
  });
});
