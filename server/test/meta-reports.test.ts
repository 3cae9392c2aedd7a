import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { META_REPORT_BREAKDOWNS, META_REPORT_TABS, metaReportResponseSchemas } from '@parallels/contract/meta-reports';
import { insertBrand } from '../src/modules/brands/brands.sql.js';
import { createTestApp, DB_KINDS, sessionCookie, type TestApp } from './test-app.js';
import { daysOf, subscribeBrand } from './reports-seed.js';
import { breakdownRows, seedMetaFacts, type BreakdownCell } from './meta-seed.js';

// POST /api/meta/report/{breakdown}/{brandId} over seeded breakdown facts, exact numbers. The clock is pinned to
// 2026-03-15 12:00 UTC (Asia/Kolkata: today 2026-03-15, yesterday 2026-03-14). act_1 synced Feb 1 - Mar 14,
// act_2 only Feb 15 - Mar 14, so February is complete for act_1 and missing for act_2.
const NOW = new Date('2026-03-15T12:00:00Z');
const ORIGIN = 'http://localhost:3000';

const ACT1_DAY: BreakdownCell[] = [
  { breakdown: 'age', value: '25-34', spend: 10.1, revenue: 30, purchases: 1, impressions: 100, clicks: 5, linkClicks: 3 },
  { breakdown: 'age', value: '18-24', spend: 5, revenue: 0, purchases: 0, impressions: 50, clicks: 2, linkClicks: 1 },
  { breakdown: 'gender', value: 'female', spend: 7.5, revenue: 15, purchases: 1 },
  { breakdown: 'country', value: 'IN', spend: 9, revenue: 27, purchases: 2 },
  { breakdown: 'publisher_platform', value: 'instagram', spend: 4, revenue: 10, purchases: 1 },
  { breakdown: 'platform_position', value: 'instagram/feed', spend: 3, revenue: 6, purchases: 1 },
  { breakdown: 'impression_device', value: 'iphone', spend: 2, revenue: 8, purchases: 1 },
  { breakdown: 'user_segment_key', value: 'prospecting', spend: 1, revenue: 1, purchases: 0 },
];
const ACT2_DAY = (date: string): BreakdownCell[] => [
  { breakdown: 'age', value: '25-34', spend: 2.05, revenue: 4, purchases: 1, impressions: 20, clicks: 1, linkClicks: 1 },
  { breakdown: 'gender', value: 'female', spend: 1, revenue: 1, purchases: 0 },
  ...(date === '2026-03-05' ? [{ breakdown: 'gender', value: 'male', spend: 3, revenue: 12, purchases: 2 }] : []),
];

describe.each(DB_KINDS)('Meta reports on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  let brandId: string;
  let notConnectedId: string;
  let waitingId: string;
  let expiredId: string;

  const post = (breakdown: string, id: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/meta/report/${breakdown}/${id}`, headers: { cookie, origin: ORIGIN }, payload: payload as Record<string, unknown> });
  const MARCH = { startDate: '2026-03-01', endDate: '2026-03-14' };

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { now: () => NOW });
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { origin: ORIGIN }, payload: { username: 'mira', email: 'mira@example.com', password: 'mira-password-1' } });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/normal', headers: { origin: ORIGIN }, payload: { email: 'mira@example.com', password: 'mira-password-1' } });
    cookie = sessionCookie(login);
    const userId = login.json().user.id as string;
    const db = t.database.db;
    const conn = (accountId: string, accountName: string) => ({ platform: 'meta' as const, accountId, accountName, managerId: null, grantId: null });
    const brand = async (name: string, connections: ReturnType<typeof conn>[]) => {
      const id = await insertBrand(db, { name, currency: 'INR', timezone: 'Asia/Kolkata', userId, connections });
      await subscribeBrand(db, id); // reports need the Startup Plan
      return id;
    };
    brandId = await brand('Meta reports', [conn('act_1', 'Main account'), conn('act_2', 'Second account')]);
    notConnectedId = await brand('No Meta', []);
    waitingId = await brand('Waiting', [conn('act_3', 'Waiting account')]);
    expiredId = await brand('Expired', [conn('act_4', 'Expired account')]);

    const w1 = { from: '2026-02-01', to: '2026-03-14' };
    await seedMetaFacts(db, brandId, 'act_1', w1, { breakdowns: breakdownRows(brandId, 'act_1', daysOf(w1.from, w1.to), () => ACT1_DAY) });
    const w2 = { from: '2026-02-15', to: '2026-03-14' };
    await seedMetaFacts(db, brandId, 'act_2', w2, { breakdowns: breakdownRows(brandId, 'act_2', daysOf(w2.from, w2.to), ACT2_DAY) });
    const w4 = { from: '2026-03-01', to: '2026-03-14' };
    await seedMetaFacts(db, expiredId, 'act_4', w4, { breakdowns: breakdownRows(expiredId, 'act_4', daysOf(w4.from, w4.to), () => [{ breakdown: 'age', value: '35-44', spend: 5, revenue: 10, purchases: 1 }]) });
    await db.execute(sql`update connections set status = 'reauth_required' where brand_id = ${expiredId}`);
  });
  afterAll(async () => t?.close());

  it('Age: per account and blended, exact sums; blended ROAS is blended revenue over blended spend', async () => {
    const res = await post('age', brandId, MARCH);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.range).toEqual({ from: '2026-03-01', to: '2026-03-14' });
    expect(body.currency).toBe('INR');
    expect(body.status.state).toBe('ready');
    expect(body.data.map((a: { account_id: string; account_name: string }) => [a.account_id, a.account_name])).toEqual([
      ['act_1', 'Main account'],
      ['act_2', 'Second account'],
    ]);
    const [a1, a2] = body.data;
    expect(a1.ageData).toEqual([
      {
        value: '25-34', totalSpend: 141.4, totalPurchaseRoas: 420 / 141.4, totalPcv: 420, totalPurchases: 14, totalImpressions: 1400, totalClicks: 70, totalLinkClicks: 42,
        monthlyData: [{ month: '202603', spend: 141.4, purchaseRoas: 420 / 141.4, purchaseConversionValue: 420, purchases: 14, impressions: 1400, clicks: 70, linkClicks: 42 }],
      },
      {
        value: '18-24', totalSpend: 70, totalPurchaseRoas: 0, totalPcv: 0, totalPurchases: 0, totalImpressions: 700, totalClicks: 28, totalLinkClicks: 14,
        monthlyData: [{ month: '202603', spend: 70, purchaseRoas: 0, purchaseConversionValue: 0, purchases: 0, impressions: 700, clicks: 28, linkClicks: 14 }],
      },
    ]);
    expect(a2.ageData.map((r: { value: string }) => r.value)).toEqual(['25-34']);
    expect(a2.ageData[0]).toMatchObject({ totalSpend: 28.7, totalPcv: 56, totalPurchases: 14, totalPurchaseRoas: 56 / 28.7 });
    const [b25, b18] = body.blendedAgeData;
    expect(b25).toMatchObject({ value: '25-34', totalSpend: 170.1, totalPcv: 476, totalPurchases: 28, totalImpressions: 1680, totalClicks: 84, totalLinkClicks: 56 });
    expect(b25.totalPurchaseRoas).toBeCloseTo(476 / 170.1, 12);
    // not the average of the accounts' ROAS (2.97 and 1.95)
    expect(b25.totalPurchaseRoas).not.toBeCloseTo((420 / 141.4 + 56 / 28.7) / 2, 2);
    // a value only one account has: the other account adds its real zeros
    expect(b18).toMatchObject({ value: '18-24', totalSpend: 70, totalPcv: 0 });
  });

  it('a month an account has not fully synced is null, and so are its totals and the blended ones; never a partial sum', async () => {
    const body = (await post('age', brandId, { startDate: '2026-02-01', endDate: '2026-03-14' })).json();
    expect(body.status.state).toBe('syncing');
    const [a1, a2] = body.data;
    expect(a1.status.state).toBe('ready');
    expect(a2.status.state).toBe('syncing');
    const a1Row = a1.ageData.find((r: { value: string }) => r.value === '25-34');
    expect(a1Row.totalSpend).toBeCloseTo(424.2, 9);
    expect(a1Row.monthlyData.map((m: { month: string; spend: number }) => [m.month, m.spend])).toEqual([
      ['202602', 282.8],
      ['202603', 141.4],
    ]);
    const a2Row = a2.ageData[0];
    expect(a2Row).toMatchObject({ value: '25-34', totalSpend: null, totalPurchaseRoas: null, totalPcv: null, totalPurchases: null });
    expect(a2Row.monthlyData.map((m: { spend: number | null }) => m.spend)).toEqual([null, 28.7]);
    const blended = body.blendedAgeData.find((r: { value: string }) => r.value === '25-34');
    expect(blended.totalSpend).toBeNull();
    expect(blended.monthlyData.map((m: { spend: number | null }) => m.spend)).toEqual([null, 170.1]);
  });

  it('every tab answers its own keys (ageData ... audienceData, blendedAgeData ...) from its breakdown', async () => {
    const expected: Record<string, Array<[string, number, number]>> = {
      age: [['25-34', 170.1, 476], ['18-24', 70, 0]],
      gender: [['female', 119, 224], ['male', 3, 12]],
      country: [['IN', 126, 378]],
      platform: [['instagram', 56, 140]],
      placement: [['instagram/feed', 42, 84]],
      device: [['iphone', 28, 112]],
      audience: [['prospecting', 14, 14]],
    };
    for (const tab of META_REPORT_TABS) {
      const { listKey, blendedKey } = META_REPORT_BREAKDOWNS[tab];
      const res = await post(tab, brandId, MARCH);
      expect({ tab, status: res.statusCode }).toEqual({ tab, status: 200 });
      const body = res.json();
      // sent as plain JSON (lib/plain-json.ts): exactly what the declared schema lets through, nothing it would strip
      expect(metaReportResponseSchemas[tab].parse(body), tab).toEqual(body);
      expect(Object.keys(body).sort(), tab).toEqual([blendedKey, 'currency', 'data', 'range', 'status', 'success'].sort());
      expect(Object.keys(body.data[0]).sort(), tab).toEqual(['account_id', 'account_name', listKey, 'status'].sort());
      const blended = body[blendedKey].map((r: { value: string; totalSpend: number; totalPcv: number }) => [r.value, r.totalSpend, r.totalPcv]);
      expect({ tab, blended }).toEqual({ tab, blended: expected[tab] });
    }
  });

  it('today is never synced: a range of today alone is missing, not zero', async () => {
    const body = (await post('gender', brandId, { startDate: '2026-03-15', endDate: '2026-03-15' })).json();
    expect(body.range).toEqual({ from: '2026-03-15', to: '2026-03-15' });
    expect(body.blendedGenderData).toEqual([]);
    expect(body.data.map((a: { genderData: unknown[] }) => a.genderData)).toEqual([[], []]);
    expect(body.status.state).toBe('syncing');
  });

  it('no Meta account: empty lists; nothing synced: 409; a token to renew: 403 with the stale answer', async () => {
    const none = await post('age', notConnectedId, MARCH);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ data: [], blendedAgeData: [], status: { state: 'not_connected' } });
    const waiting = await post('age', waitingId, MARCH);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toMatchObject({ message: 'No metrics data available yet. Please try again later.', code: 'METRICS_NOT_READY' });
    const expired = await post('age', expiredId, MARCH);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ code: 'TOKEN_EXPIRED', platform: 'meta' });
    expect(expired.json().stale.blendedAgeData[0]).toMatchObject({ value: '35-44', totalSpend: 70, totalPcv: 140, totalPurchaseRoas: 2 });
  });

  it('bad input is a 400 naming the field, never a 500', async () => {
    const cases: Array<[unknown, string]> = [
      [{ startDate: '2026-03-01' }, 'endDate'],
      [{ endDate: '2026-03-01' }, 'startDate'],
      [{ startDate: '2026-3-01', endDate: '2026-03-14' }, 'startDate'],
      [{ startDate: '2026-03-10', endDate: '2026-03-01' }, 'startDate'],
      [{ startDate: '2026-03-01', endDate: '2026-03-16' }, 'endDate'],
      [{ startDate: '2024-02-29', endDate: '2026-03-14' }, 'startDate'],
      [{ startDate: 20260301, endDate: '2026-03-14' }, 'startDate'],
    ];
    for (const [payload, field] of cases) {
      const res = await post('country', brandId, payload);
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 400 });
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect((await post('weekday', brandId, MARCH)).statusCode).toBe(404);
  });
});
