import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { performanceReportSchema } from '@parallels/contract/marketing-insights';
import { queryRows } from '../src/db/client.js';
import { insertBrand } from '../src/modules/brands/brands.sql.js';
import { writeWindowFacts } from '../src/sync/facts-writer.sql.js';
import { recordWindow } from '../src/sync/sync.sql.js';
import { createTestApp, DB_KINDS, sessionCookie, type TestApp } from './test-app.js';
import { daysOf, seedGoogleWindow, seedMetaWindow, subscribeBrand } from './reports-seed.js';

// GET /api/report/{brandId} over seeded facts, exact numbers. The clock is pinned to 2026-03-15 12:00 UTC
// (Asia/Kolkata: today 2026-03-15, yesterday 2026-03-14).
const NOW = new Date('2026-03-15T12:00:00Z');
const ORIGIN = 'http://localhost:3000';
const SHOP = 'reports-shop.myshopify.com';

describe.each(DB_KINDS)('Marketing Insights report on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  let brandId: string; // Shopify from Feb, Meta from Feb 15, Google March only
  let metaOnlyId: string;
  let waitingId: string;
  let expiredId: string;

  const get = (id: string, query: string) => t.app.inject({ method: 'GET', url: `/api/report/${id}?${query}`, headers: { cookie, origin: ORIGIN } });

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { now: () => NOW });
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { origin: ORIGIN }, payload: { username: 'ravi', email: 'ravi@example.com', password: 'ravi-password-1' } });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/normal', headers: { origin: ORIGIN }, payload: { email: 'ravi@example.com', password: 'ravi-password-1' } });
    cookie = sessionCookie(login);
    const userId = login.json().user.id as string;
    const db = t.database.db;
    const conn = (platform: 'meta' | 'google_ads' | 'shopify', accountId: string) => ({ platform, accountId, accountName: accountId, managerId: null, grantId: null });
    const brand = (name: string, connections: ReturnType<typeof conn>[]) => insertBrand(db, { name, currency: 'INR', timezone: 'Asia/Kolkata', userId, connections });
    brandId = await brand('Insights', [conn('shopify', SHOP), conn('meta', 'act_1'), conn('google_ads', '1111111111')]);
    metaOnlyId = await brand('Meta only', [conn('meta', 'act_2')]);
    waitingId = await brand('Waiting', [conn('meta', 'act_3')]);
    expiredId = await brand('Expired', [conn('meta', 'act_4')]);
    for (const id of [brandId, metaOnlyId, waitingId, expiredId]) await subscribeBrand(db, id);

    // Shopify: one 1000.50 order a day; on 03-10 also a test order and a cancelled one (not sales); a 200 refund on 03-12.
    const shopifyWindow = { from: '2026-02-01', to: '2026-03-14' };
    const order = (date: string, id: string, over: Record<string, unknown> = {}) => ({
      brandId, shop: SHOP, orderId: id, orderName: `#${id}`, createdAt: new Date(`${date}T06:00:00Z`), orderDate: date, updatedAt: new Date(`${date}T06:00:00Z`),
      financialStatus: 'paid', currency: 'INR', totalPrice: '1000.50', test: 0, cancelledAt: null, ...over,
    });
    const orders = daysOf(shopifyWindow.from, shopifyWindow.to).map((d) => order(d, `o-${d}`));
    orders.push(order('2026-03-10', 'test-1', { test: 1, totalPrice: '5000.00' }), order('2026-03-10', 'cancel-1', { cancelledAt: new Date('2026-03-10T08:00:00Z'), totalPrice: '7000.00' }));
    const refunds = [{ brandId, shop: SHOP, refundId: 'r1', orderId: 'o-2026-03-01', refundedAt: new Date('2026-03-12T05:00:00Z'), refundDate: '2026-03-12', amount: '200.00' }];
    const [shopConn] = await queryRows<{ id: string }>(db, sql`select id from connections where brand_id = ${brandId} and platform = 'shopify'`);
    await db.transaction(async (tx) => {
      const rows = await writeWindowFacts(tx, brandId, SHOP, shopifyWindow, { platform: 'shopify', orders, refunds, calls: 1 } as never);
      await recordWindow(tx, { brandId, connectionId: shopConn!.id, stream: 'backfill', from: shopifyWindow.from, to: shopifyWindow.to, rows, calls: 1 });
    });
    await seedMetaWindow(db, brandId, 'act_1', { from: '2026-02-15', to: '2026-03-14' }, () => [{ campaignId: 'c1', spend: 100, revenue: 250, purchases: 2, clicks: 40, impressions: 4000 }]);
    await seedGoogleWindow(db, brandId, '1111111111', { from: '2026-03-01', to: '2026-03-14' }, () => [{ campaignId: 'g1', costMicros: 12_345_678, conversions: 1.5, value: 100, clicks: 3, impressions: 300 }]);
    await seedMetaWindow(db, metaOnlyId, 'act_2', { from: '2026-03-01', to: '2026-03-14' }, (d) => (d === '2026-03-05' ? [] : [{ campaignId: 'c2', spend: 10, revenue: 30, purchases: 1, clicks: 1, impressions: 10 }]));
    await seedMetaWindow(db, expiredId, 'act_4', { from: '2026-03-01', to: '2026-03-14' }, () => [{ campaignId: 'c4', spend: 5, revenue: 5, purchases: 1, clicks: 1, impressions: 10 }]);
    await db.execute(sql`update connections set status = 'reauth_required' where brand_id = ${expiredId}`);
  });
  afterAll(async () => t?.close());

  it('months newest first with their days; a source whose days have not all synced is null, never a partial sum', async () => {
    const res = await get(brandId, 'startDate=2026-02-01&endDate=2026-03-15');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.range).toEqual({ from: '2026-02-01', to: '2026-03-14' }); // today is never synced: the range ends yesterday
    expect(body.compare).toBeNull();
    expect(performanceReportSchema.parse(body)).toEqual(body);
    expect(body.currency).toBe('INR');
    expect(body.data.map((m: { year: number; month: number }) => `${m.year}-${m.month}`)).toEqual(['2026-3', '2026-2']);
    const [march, february] = body.data;
    expect(march.totalSales).toBeCloseTo(14 * 1000.5, 6);
    expect(march.shopifySales).toBe(march.totalSales);
    expect(march.refundAmount).toBe(200);
    expect(march.metaSpend).toBe(1400);
    expect(march.metaRevenue).toBe(3500);
    expect(march.metaROAS).toBe(2.5);
    expect(march.googleSpend).toBeCloseTo(14 * 12.345678, 6);
    expect(march.googleRevenue).toBe(1400);
    expect(march.totalSpend).toBeCloseTo(1400 + 14 * 12.345678, 6);
    expect(march.roi).toBeCloseTo(14007 / (1400 + 172.839492), 9);
    expect(march.grossROI).toBeCloseTo(4900 / (1400 + 172.839492), 9);
    expect(march.dailyMetrics).toHaveLength(14);
    expect(march.dailyMetrics[0]).toMatchObject({ _id: '2026-03-01', date: '2026-03-01', totalSales: 1000.5, refundAmount: 0, metaSpend: 100 });
    expect(march.dailyMetrics[11]).toMatchObject({ date: '2026-03-12', refundAmount: 200 });
    // February: the store synced every day; Meta only from the 15th, Google not at all
    expect(february.totalSales).toBeCloseTo(28 * 1000.5, 6);
    expect(february).toMatchObject({ metaSpend: null, metaRevenue: null, googleSpend: null, totalSpend: null, roi: null, grossROI: null });
    const feb20 = february.dailyMetrics.find((d: { date: string }) => d.date === '2026-02-20');
    expect(feb20).toMatchObject({ metaSpend: 100, metaRevenue: 250, googleSpend: null, totalSpend: null, grossROI: null, totalSales: 1000.5 });
    expect(body.status.google_ads.state).toBe('syncing');
    expect(body.status.shopify.state).toBe('ready');
  });

  it('compare: totals beside the compare range, its own months, changes in percent', async () => {
    const res = await get(brandId, 'startDate=2026-03-08&endDate=2026-03-14&compareStartDate=2026-02-22&compareEndDate=2026-02-28');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.compare.from).toBe('2026-02-22');
    expect(body.compare.data).toHaveLength(1);
    // sent as plain JSON (lib/plain-json.ts): exactly what the declared schema lets through, nothing it would strip
    expect(performanceReportSchema.parse(body)).toEqual(body);
    expect(body.totals.totalSales).toEqual({ current: 7003.5, previous: 7003.5, change: 0, trend: 'up' });
    expect(body.totals.refundAmount).toEqual({ current: 200, previous: 0, change: null, trend: 'up' });
    expect(body.totals.metaSpend).toEqual({ current: 700, previous: 700, change: 0, trend: 'up' });
    // Google had not synced the compare week: its figures there are missing, so no change can be given
    expect(body.totals.googleSpend.previous).toBeNull();
    expect(body.totals.googleSpend.change).toBeNull();
    expect(body.totals.totalSpend.current).toBeCloseTo(700 + 7 * 12.345678, 6);
    expect(body.totals.totalSpend.previous).toBeNull();
  });

  it('a source that is not connected adds nothing; a synced day without delivery is a real zero', async () => {
    const body = (await get(metaOnlyId, 'startDate=2026-03-01&endDate=2026-03-14')).json();
    const [march] = body.data;
    expect(march).toMatchObject({ totalSales: null, refundAmount: null, googleSpend: null, metaSpend: 130, totalSpend: 130, metaRevenue: 390, metaROAS: 3, roi: null });
    expect(march.dailyMetrics.find((d: { date: string }) => d.date === '2026-03-05')).toMatchObject({ metaSpend: 0, metaRevenue: 0, metaROAS: 0 });
    expect(body.status.shopify.state).toBe('not_connected');
  });

  it('409 before anything synced; 403 with the stale answer when a token needs reconnecting', async () => {
    const waiting = await get(waitingId, 'startDate=2026-03-01&endDate=2026-03-14');
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toMatchObject({ message: 'No metrics data available yet. Please try again later.', code: 'METRICS_NOT_READY' });
    const expired = await get(expiredId, 'startDate=2026-03-01&endDate=2026-03-14');
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ code: 'TOKEN_EXPIRED', platform: 'meta' });
    expect(expired.json().stale.data[0].metaSpend).toBe(70);
  });

  it('reports need the Startup Plan: a Free brand gets 402 naming the plan, a cancelled plan is Free again', async () => {
    const db = t.database.db;
    await db.execute(sql`update brand_subscriptions set status = 'cancelled' where brand_id = ${metaOnlyId}`);
    const free = await get(metaOnlyId, 'startDate=2026-03-01&endDate=2026-03-14');
    expect(free.statusCode).toBe(402);
    expect(free.json()).toEqual({ success: false, message: 'Reports and exports come with the Startup Plan. Upgrade to see them.', code: 'PLAN_LIMIT', requiredPlan: 'STARTUP' });
    // the plan check runs after brand access: an unknown brand is still the same 404, whatever its plan
    expect((await get('00000000-0000-4000-8000-000000000000', 'startDate=2026-03-01&endDate=2026-03-14')).statusCode).toBe(404);
    await db.execute(sql`update brand_subscriptions set status = 'active', plan = 'GROWTH' where brand_id = ${metaOnlyId}`);
    expect((await get(metaOnlyId, 'startDate=2026-03-01&endDate=2026-03-14')).statusCode).toBe(200);
  });

  it('bad dates are a 400 naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['startDate=2026-3-01&endDate=2026-03-14', 'startDate'],
      ['startDate=2026-03-01', 'endDate'],
      ['startDate=2026-03-10&endDate=2026-03-01', 'startDate'],
      ['startDate=2026-03-01&endDate=2026-03-16', 'endDate'],
      ['startDate=2024-02-29&endDate=2026-03-14', 'startDate'],
      ['startDate=2026-03-01&endDate=2026-03-14&compareStartDate=2026-02-01', 'compareEndDate'],
      ['startDate=2026-03-01&endDate=2026-03-14&compareStartDate=2026-02-10&compareEndDate=2026-02-01', 'compareStartDate'],
    ];
    for (const [query, field] of cases) {
      const res = await get(brandId, query);
      expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect((await get(brandId, 'startDate=2024-03-01&endDate=2024-03-31')).statusCode).toBe(200);
  });
});
