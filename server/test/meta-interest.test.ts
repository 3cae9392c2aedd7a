import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBrand } from '../src/modules/brands/brands.sql.js';
import { createTestApp, DB_KINDS, sessionCookie, type TestApp } from './test-app.js';
import { daysOf, subscribeBrand } from './reports-seed.js';
import { seedMetaFacts, type MetaWindowFacts } from './meta-seed.js';

// POST /api/meta/interest/{brandId} over seeded ad set days and targeting, exact numbers. Clock: 2026-03-15
// 12:00 UTC (Asia/Kolkata: today 2026-03-15). act_1 synced Mar 1-14, act_2 Feb 15 - Mar 14.
// act_1: ad set s1 targets Running and Hiking (10 spend, 40 revenue a day), s2 Hiking alone (6 and 6), s3 no
// interest (100 and 100). act_2: t1 targets Running, Yoga and Cycling (3 and 9 a day).
const NOW = new Date('2026-03-15T12:00:00Z');
const ORIGIN = 'http://localhost:3000';

type AdsetDay = { adsetId: string; campaignId: string; spend: number; revenue: number };

function adsetRows(brandId: string, accountId: string, days: string[], adsets: AdsetDay[]): MetaWindowFacts['adDaily'] {
  return days.flatMap((date) =>
    adsets.map((a) => ({
      brandId, accountId, level: 'adset', entityId: a.adsetId, date, campaignId: a.campaignId, campaignName: `Campaign ${a.campaignId}`, adsetId: a.adsetId, adsetName: `Ad set ${a.adsetId}`,
      spend: a.spend.toFixed(2), purchaseValue: a.revenue.toFixed(2), purchases: 1, impressions: 100, clicks: 3,
    })),
  );
}

describe.each(DB_KINDS)('Meta interest analysis on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  let brandId: string;
  let noMetaId: string;
  const post = (id: string, payload: unknown) => t.app.inject({ method: 'POST', url: `/api/meta/interest/${id}`, headers: { cookie, origin: ORIGIN }, payload: payload as Record<string, unknown> });

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { now: () => NOW });
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { origin: ORIGIN }, payload: { username: 'ines', email: 'ines@example.com', password: 'ines-password-1' } });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/normal', headers: { origin: ORIGIN }, payload: { email: 'ines@example.com', password: 'ines-password-1' } });
    cookie = sessionCookie(login);
    const userId = login.json().user.id as string;
    const db = t.database.db;
    const conn = (accountId: string, accountName: string) => ({ platform: 'meta' as const, accountId, accountName, managerId: null, grantId: null });
    brandId = await insertBrand(db, { name: 'Interests', currency: 'INR', timezone: 'Asia/Kolkata', userId, connections: [conn('act_1', 'Main account'), conn('act_2', 'Second account')] });
    noMetaId = await insertBrand(db, { name: 'No Meta', currency: 'INR', timezone: 'Asia/Kolkata', userId, connections: [] });
    for (const id of [brandId, noMetaId]) await subscribeBrand(db, id); // reports need the Startup Plan
    const interest = (accountId: string, adsetId: string, interestId: string, interestName: string) => ({ brandId, accountId, adsetId, interestId, interestName, campaignId: 'c1' });

    const w1 = { from: '2026-03-01', to: '2026-03-14' };
    await seedMetaFacts(db, brandId, 'act_1', w1, {
      adDaily: adsetRows(brandId, 'act_1', daysOf(w1.from, w1.to), [
        { adsetId: 's1', campaignId: 'c1', spend: 10, revenue: 40 },
        { adsetId: 's2', campaignId: 'c1', spend: 6, revenue: 6 },
        { adsetId: 's3', campaignId: 'c1', spend: 100, revenue: 100 },
      ]),
      adsetInterests: [interest('act_1', 's1', 'i1', 'Running'), interest('act_1', 's1', 'i2', 'Hiking'), interest('act_1', 's2', 'i2', 'Hiking')],
    });
    const w2 = { from: '2026-02-15', to: '2026-03-14' };
    await seedMetaFacts(db, brandId, 'act_2', w2, {
      adDaily: adsetRows(brandId, 'act_2', daysOf(w2.from, w2.to), [{ adsetId: 't1', campaignId: 'c9', spend: 3, revenue: 9 }]),
      adsetInterests: [interest('act_2', 't1', 'i1', 'Running'), interest('act_2', 't1', 'i3', 'Yoga'), interest('act_2', 't1', 'i4', 'Cycling')],
    });
  });
  afterAll(async () => t?.close());

  it('splits an ad set’s spend and revenue equally among its interests; accounts add up in the blended summary', async () => {
    const res = await post(brandId, { startDate: '2026-03-01', endDate: '2026-03-14' });
    expect(res.statusCode).toBe(200);
    const { data, currency, status } = res.json();
    expect(currency).toBe('INR');
    expect(status.state).toBe('ready');
    expect(Object.keys(data.resultsByAccount)).toEqual(['act_1', 'act_2']);
    const main = data.resultsByAccount.act_1;
    expect(main.account_name).toBe('Main account');
    expect(main.interestMetrics).toEqual([
      { InterestId: 'i2', Interest: 'Hiking', Spend: 154, Revenue: 364, Roas: 364 / 154 },
      { InterestId: 'i1', Interest: 'Running', Spend: 70, Revenue: 280, Roas: 4 },
    ]);
    // the interests' spend adds up to their ad sets' spend (s1 140 + s2 84); the broad ad set s3 is no interest's
    expect(main.interestMetrics.reduce((s: number, m: { Spend: number }) => s + m.Spend, 0)).toBe(224);
    expect(data.resultsByAccount.act_2.interestMetrics).toEqual([
      { InterestId: 'i4', Interest: 'Cycling', Spend: 14, Revenue: 42, Roas: 3 },
      { InterestId: 'i1', Interest: 'Running', Spend: 14, Revenue: 42, Roas: 3 },
      { InterestId: 'i3', Interest: 'Yoga', Spend: 14, Revenue: 42, Roas: 3 },
    ]);
    expect(data.blendedSummary).toEqual([
      { InterestId: 'i2', Interest: 'Hiking', Spend: 154, Revenue: 364, Roas: 364 / 154, accounts: ['Main account'] },
      { InterestId: 'i1', Interest: 'Running', Spend: 84, Revenue: 322, Roas: 322 / 84, accounts: ['Main account', 'Second account'] },
      { InterestId: 'i4', Interest: 'Cycling', Spend: 14, Revenue: 42, Roas: 3, accounts: ['Second account'] },
      { InterestId: 'i3', Interest: 'Yoga', Spend: 14, Revenue: 42, Roas: 3, accounts: ['Second account'] },
    ]);
  });

  it('an account that has not synced the whole range shows its interests without figures; blended figures it adds to are missing', async () => {
    const { data } = (await post(brandId, { startDate: '2026-02-20', endDate: '2026-03-14' })).json();
    expect(data.resultsByAccount.act_1.status.state).toBe('syncing');
    expect(data.resultsByAccount.act_1.interestMetrics.map((m: { Spend: number | null; Roas: number | null }) => [m.Spend, m.Roas])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect(data.resultsByAccount.act_2.interestMetrics.find((m: { Interest: string }) => m.Interest === 'Yoga')).toEqual({ InterestId: 'i3', Interest: 'Yoga', Spend: 23, Revenue: 69, Roas: 3 });
    const blended = Object.fromEntries(data.blendedSummary.map((b: { Interest: string; Spend: number | null }) => [b.Interest, b.Spend]));
    expect(blended).toEqual({ Yoga: 23, Cycling: 23, Running: null, Hiking: null });
  });

  it('no Meta account: empty lists; bad input is a 400 naming the field', async () => {
    const none = await post(noMetaId, { startDate: '2026-03-01', endDate: '2026-03-14' });
    expect(none.statusCode).toBe(200);
    expect(none.json().data).toEqual({ resultsByAccount: {}, blendedSummary: [] });
    const cases: Array<[unknown, string]> = [
      [{ startDate: '2026-03-01' }, 'endDate'],
      [{ startDate: '2026-03-10', endDate: '2026-03-01' }, 'startDate'],
      [{ startDate: '2026-03-01', endDate: '2026-03-16' }, 'endDate'],
      [{ startDate: null, endDate: '2026-03-14' }, 'startDate'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(brandId, payload);
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 400 });
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });
});
