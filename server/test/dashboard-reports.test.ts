import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { REPORT_DATE_MESSAGE } from '@parallels/contract/report-dates';
import { summaryResponseSchema } from '@parallels/contract/summary';
import { queryRows } from '../src/db/client.js';
import { insertBrand, replaceConnections } from '../src/modules/brands/brands.sql.js';
import { createTestApp, DB_KINDS, sessionCookie, type TestApp } from './test-app.js';
import { seedGa4Window, seedGoogleWindow, seedMetaWindow, seedShopifyWindow } from './reports-seed.js';

// The dashboard's overview and the AdMetrics calls over seeded facts, with exact numbers. The clock is pinned
// to 2026-03-15 12:00 UTC: 17:30 in Asia/Kolkata, so "today" is 2026-03-15 and "yesterday" 2026-03-14.
const NOW = new Date('2026-03-15T12:00:00Z');
const ORIGIN = 'http://localhost:3000';

describe.each(DB_KINDS)('dashboard and AdMetrics reports on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  let brandId: string; // Meta act_1 (history from Jan) and act_2 (March only), Google 1111111111, GA4 999
  let quietBrandId: string; // Meta act_3 synced but without delivery; nothing else connected
  let waitingBrandId: string; // Meta act_4 connected, nothing synced yet
  let shopOnlyBrandId: string; // a Shopify store only, synced from February

  const post = async (url: string, payload?: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url, headers: { cookie, origin: ORIGIN }, ...(payload === undefined ? {} : { payload }) });
    if (res.statusCode === 200 && url.startsWith('/api/summary/')) {
      // sent as plain JSON (lib/plain-json.ts): exactly what the declared schema lets through, nothing it would strip
      const body = res.json();
      expect(summaryResponseSchema.parse(body)).toEqual(body);
    }
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { now: () => NOW });
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { origin: ORIGIN }, payload: { username: 'maya', email: 'maya@example.com', password: 'maya-password-1' } });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/normal', headers: { origin: ORIGIN }, payload: { email: 'maya@example.com', password: 'maya-password-1' } });
    cookie = sessionCookie(login);
    const userId = login.json().user.id as string;
    const db = t.database.db;
    const conn = (platform: 'shopify' | 'meta' | 'google_ads' | 'ga4', accountId: string, accountName: string) => ({ platform, accountId, accountName, managerId: platform === 'google_ads' ? '2222222222' : null, grantId: null });
    brandId = await insertBrand(db, {
      name: 'Reports_Brand',
      currency: 'INR',
      timezone: 'Asia/Kolkata',
      userId,
      connections: [conn('shopify', 'reports.myshopify.com', 'Reports Store'), conn('meta', 'act_1', 'Store One'), conn('meta', 'act_2', 'Store Two'), conn('google_ads', '1111111111', 'Search Account'), conn('ga4', '999', 'Web')],
    });
    quietBrandId = await insertBrand(db, { name: 'Quiet', currency: 'USD', timezone: 'UTC', userId, connections: [conn('meta', 'act_3', 'Paused Account')] });
    waitingBrandId = await insertBrand(db, { name: 'Waiting', currency: 'INR', timezone: 'Asia/Kolkata', userId, connections: [conn('meta', 'act_4', 'New Account')] });

    // act_1: campaign c1 every day (100 spend, 250 revenue, 2 purchases, 40 clicks, 4000 impressions);
    // campaign c2 on 2026-03-14 only (50.25 spend, 10 clicks, 1000 impressions, no purchases).
    await seedMetaWindow(db, brandId, 'act_1', { from: '2026-01-01', to: '2026-03-14' }, (d) => [
      { campaignId: 'c1', spend: 100, revenue: 250, purchases: 2, clicks: 40, impressions: 4000 },
      ...(d === '2026-03-14' ? [{ campaignId: 'c2', spend: 50.25, revenue: 0, purchases: 0, clicks: 10, impressions: 1000 }] : []),
    ]);
    // act_2: only March has synced: 10 spend, 5 revenue, 1 purchase, 5 clicks, 500 impressions a day.
    await seedMetaWindow(db, brandId, 'act_2', { from: '2026-03-01', to: '2026-03-14' }, () => [{ campaignId: 'c3', spend: 10, revenue: 5, purchases: 1, clicks: 5, impressions: 500 }]);
    // Google: from February, 12.345678 a day in micros, 1.5 conversions worth 100, 3 clicks, 300 impressions.
    await seedGoogleWindow(db, brandId, '1111111111', { from: '2026-02-01', to: '2026-03-14' }, () => [{ campaignId: 'g1', costMicros: 12_345_678, conversions: 1.5, value: 100, clicks: 3, impressions: 300 }]);
    // GA4: March; 100 sessions, 10 add-to-carts, 5 checkouts, 2 purchases a day, doubled-ish yesterday.
    await seedGa4Window(db, brandId, '999', { from: '2026-03-01', to: '2026-03-14' }, (d) =>
      d === '2026-03-14' ? { sessions: 200, addToCarts: 30, checkouts: 10, purchases: 4 } : { sessions: 100, addToCarts: 10, checkouts: 5, purchases: 2 },
    );
    // The store: March; every day orders of 500 and 300, a cancelled 1000 and a test order of 50 (neither are
    // sales); yesterday a third order of 400 and a 50 refund.
    await seedShopifyWindow(db, brandId, 'reports.myshopify.com', { from: '2026-03-01', to: '2026-03-14' }, (d) => ({
      orders: [
        { orderId: '1', total: 500 },
        { orderId: '2', total: 300 },
        { orderId: '3', total: 1000, cancelled: true },
        { orderId: '4', total: 50, test: true },
        ...(d === '2026-03-14' ? [{ orderId: '5', total: 400 }] : []),
      ],
      refunds: d === '2026-03-14' ? [50] : [],
    }));
    shopOnlyBrandId = await insertBrand(db, { name: 'Shop_Only', currency: 'USD', timezone: 'UTC', userId, connections: [conn('shopify', 'only.myshopify.com', 'Only Store')] });
    await seedShopifyWindow(db, shopOnlyBrandId, 'only.myshopify.com', { from: '2026-02-01', to: '2026-03-14' }, () => ({ orders: [{ orderId: '1', total: 120 }] }));
    await seedMetaWindow(db, quietBrandId, 'act_3', { from: '2026-02-01', to: '2026-03-14' }, () => []);
  });
  afterAll(async () => t?.close());

  describe('POST /api/summary/{source}/{brandId}', () => {
    it('Facebook: spend and ROAS per period against the period before, summed over both accounts', async () => {
      const res = await post(`/api/summary/facebook-ads/${brandId}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.periods).toEqual({
        yesterday: { from: '2026-03-14', to: '2026-03-14', previousFrom: '2026-03-13', previousTo: '2026-03-13' },
        last7Days: { from: '2026-03-08', to: '2026-03-14', previousFrom: '2026-03-01', previousTo: '2026-03-07' },
        last30Days: { from: '2026-02-13', to: '2026-03-14', previousFrom: '2026-01-14', previousTo: '2026-02-12' },
      });
      expect(body.periodData.yesterday.metaspend).toEqual({ current: 160.25, previous: 110, change: 45.68, trend: 'up' });
      expect(body.periodData.yesterday.metaroas.current).toBeCloseTo(255 / 160.25, 12);
      expect(body.periodData.yesterday.metaroas.previous).toBeCloseTo(255 / 110, 12);
      expect(body.periodData.yesterday.metaroas).toMatchObject({ change: -31.36, trend: 'down' });
      expect(body.periodData.last7Days.metaspend).toEqual({ current: 820.25, previous: 770, change: 6.53, trend: 'up' });
      // act_2 has not synced February: the last 30 days are missing, not a partial sum
      expect(body.periodData.last30Days.metaspend).toEqual({ current: null, previous: null, change: null, trend: null });
      expect(body.status).toMatchObject({ state: 'syncing', syncedThrough: '2026-03-14' });
      expect(body.currency).toBe('INR');
    });

    it('Google Ads: micros summed exactly; a previous period that has not synced has no change', async () => {
      const body = (await post(`/api/summary/google-ads/${brandId}`)).json();
      expect(body.periodData.yesterday.spend).toEqual({ current: 12.345678, previous: 12.345678, change: 0, trend: 'up' });
      expect(body.periodData.yesterday.roas.current).toBeCloseTo(100 / 12.345678, 10);
      expect(body.periodData.last7Days.spend.current).toBeCloseTo(86.419746, 9);
      expect(body.periodData.last30Days.spend.current).toBeCloseTo(370.37034, 9);
      expect(body.periodData.last30Days.spend).toMatchObject({ previous: null, change: null, trend: null });
    });

    it('Analytics: the funnel counts and rates (percent of sessions)', async () => {
      const body = (await post(`/api/summary/analytics/${brandId}`)).json();
      const y = body.periodData.yesterday;
      expect(y.sessions).toEqual({ current: 200, previous: 100, change: 100, trend: 'up' });
      expect(y.addToCarts).toEqual({ current: 30, previous: 10, change: 200, trend: 'up' });
      expect(y.addToCartRate).toEqual({ current: 15, previous: 10, change: 50, trend: 'up' });
      expect(y.checkoutRate).toEqual({ current: 5, previous: 5, change: 0, trend: 'up' });
      expect(y.purchaseRate).toEqual({ current: 2, previous: 2, change: 0, trend: 'up' });
      const w = body.periodData.last7Days;
      expect(w.sessions).toEqual({ current: 800, previous: 700, change: 14.29, trend: 'up' });
      expect(w.addToCartRate).toEqual({ current: 11.25, previous: 10, change: 12.5, trend: 'up' });
      expect(w.purchases).toEqual({ current: 16, previous: 14, change: 14.29, trend: 'up' });
      expect(body.periodData.last30Days.sessions.current).toBeNull();
    });

    it('a chosen range is compared with the compare range (or the days right before it)', async () => {
      const withCompare = (await post(`/api/summary/facebook-ads/${brandId}`, { startDate: '2026-03-10', endDate: '2026-03-14', compareStartDate: '2026-03-01', compareEndDate: '2026-03-05' })).json();
      expect(withCompare.periods.custom).toEqual({ from: '2026-03-10', to: '2026-03-14', previousFrom: '2026-03-01', previousTo: '2026-03-05' });
      expect(withCompare.periodData.custom.metaspend).toEqual({ current: 600.25, previous: 550, change: 9.14, trend: 'up' });
      const before = (await post(`/api/summary/facebook-ads/${brandId}`, { startDate: '2026-03-12', endDate: '2026-03-14' })).json();
      expect(before.periods.custom).toEqual({ from: '2026-03-12', to: '2026-03-14', previousFrom: '2026-03-09', previousTo: '2026-03-11' });
      expect(before.periodData.custom.metaspend).toEqual({ current: 380.25, previous: 330, change: 15.23, trend: 'up' });
      // a range running into today ends yesterday, and is compared with as many whole days before it
      const toToday = (await post(`/api/summary/facebook-ads/${brandId}`, { startDate: '2026-03-12', endDate: '2026-03-15' })).json();
      expect(toToday.periods.custom).toEqual({ from: '2026-03-12', to: '2026-03-14', previousFrom: '2026-03-09', previousTo: '2026-03-11' });
      expect(toToday.today).toBe('2026-03-15');
    });

    it('a comparison is always of equal lengths: the compare range is cut with the range (today) or to its length', async () => {
      // 10-15 Mar runs into today and ends on the 14th: 5 days, so 1-6 Mar is compared as 1-5 Mar
      const intoToday = (await post(`/api/summary/facebook-ads/${brandId}`, { startDate: '2026-03-10', endDate: '2026-03-15', compareStartDate: '2026-03-01', compareEndDate: '2026-03-06' })).json();
      expect(intoToday.periods.custom).toEqual({ from: '2026-03-10', to: '2026-03-14', previousFrom: '2026-03-01', previousTo: '2026-03-05' });
      expect(intoToday.periodData.custom.metaspend).toEqual({ current: 600.25, previous: 550, change: 9.14, trend: 'up' });
      // a longer (or shorter) compare range keeps its first day and takes the range's length
      const longer = (await post(`/api/summary/facebook-ads/${brandId}`, { startDate: '2026-03-10', endDate: '2026-03-14', compareStartDate: '2026-03-01', compareEndDate: '2026-03-09' })).json();
      expect(longer.periods.custom).toMatchObject({ previousFrom: '2026-03-01', previousTo: '2026-03-05' });
      const shorter = (await post(`/api/summary/facebook-ads/${brandId}`, { startDate: '2026-03-10', endDate: '2026-03-14', compareStartDate: '2026-03-01', compareEndDate: '2026-03-02' })).json();
      expect(shorter.periods.custom).toMatchObject({ previousFrom: '2026-03-01', previousTo: '2026-03-05' });
      // today alone is not over: its days are today's, the figures missing until it has synced
      const today = (await post(`/api/summary/facebook-ads/${brandId}`, { startDate: '2026-03-15', endDate: '2026-03-15' })).json();
      expect(today.periods.custom).toEqual({ from: '2026-03-15', to: '2026-03-15', previousFrom: '2026-03-14', previousTo: '2026-03-14' });
      expect(today.periodData.custom.metaspend.current).toBeNull();
    });

    it('the store: sales, orders, average order value, returns and the blended ROAS over Meta and Google spend', async () => {
      const body = (await post(`/api/summary/shopify/${brandId}`)).json();
      expect(body.status.state).toBe('syncing'); // March only: the last 30 days are not all there
      const y = body.periodData.yesterday;
      expect(y.totalSales).toEqual({ current: 1200, previous: 800, change: 50, trend: 'up' });
      expect(y.orders).toEqual({ current: 3, previous: 2, change: 50, trend: 'up' });
      expect(y.averageOrderValue).toEqual({ current: 400, previous: 400, change: 0, trend: 'up' });
      expect(y.returns).toMatchObject({ current: 50, previous: 0 });
      // 14 Mar: Meta 150.25 + 10, Google 12.345678; 13 Mar: Meta 100 + 10, Google 12.345678
      expect(y.blendedRoas.current).toBeCloseTo(1200 / 172.595678, 10);
      expect(y.blendedRoas.previous).toBeCloseTo(800 / 122.345678, 10);
      // the 30 days need February, which the store has not synced: missing, never a partial sum
      expect(body.periodData.last30Days.totalSales).toEqual({ current: null, previous: null, change: null, trend: null });
      // the trend lines: each day of the last 30, oldest first; days not synced are null, never 0
      expect(body.series).toHaveLength(30);
      expect(body.series[0]).toEqual({ date: '2026-02-13', values: { totalSales: null, orders: null, averageOrderValue: null, returns: null, blendedRoas: null } });
      expect(body.series.at(-1)).toMatchObject({ date: '2026-03-14', values: { totalSales: 1200, orders: 3, averageOrderValue: 400, returns: 50 } });
      expect(body.series.at(-1).values.blendedRoas).toBeCloseTo(1200 / 172.595678, 10);
      // a chosen range longer than the last 30 days adds its days (up to 92 of them)
      const ranged = (await post(`/api/summary/shopify/${brandId}`, { startDate: '2026-01-01', endDate: '2026-03-14' })).json();
      expect(ranged.series[0].date).toBe('2026-01-01');
      expect(ranged.series).toHaveLength(73);
    });

    it('a store-only brand has store figures; its blended ROAS is unknown (no ad spend), never 0', async () => {
      const body = (await post(`/api/summary/shopify/${shopOnlyBrandId}`)).json();
      expect(body.currency).toBe('USD');
      expect(body.periodData.last7Days.totalSales).toEqual({ current: 840, previous: 840, change: 0, trend: 'up' });
      expect(body.periodData.last7Days.orders.current).toBe(7);
      expect(body.periodData.last7Days.averageOrderValue.current).toBe(120);
      expect(body.periodData.last7Days.blendedRoas).toEqual({ current: null, previous: null, change: null, trend: null });
      // and the ad sources say they are not connected
      expect((await post(`/api/summary/facebook-ads/${shopOnlyBrandId}`)).json().status.state).toBe('not_connected');
    });

    it('a source that is not connected says so (no figures), never zeros', async () => {
      const res = await post(`/api/summary/google-ads/${quietBrandId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, periodData: null, status: { state: 'not_connected' }, currency: 'USD' });
    });

    it('a synced account without delivery shows real zeros', async () => {
      const body = (await post(`/api/summary/facebook-ads/${quietBrandId}`)).json();
      expect(body.periodData.yesterday.metaspend).toEqual({ current: 0, previous: 0, change: 0, trend: 'up' });
      // its history starts in February: the 30 days before the last 30 are not there to compare with
      expect(body.periodData.last30Days.metaspend).toEqual({ current: 0, previous: null, change: null, trend: null });
      expect(body.status.state).toBe('syncing');
    });

    it("nothing synced yet answers the spec's 'No metrics data available yet' (the Preparing screen)", async () => {
      const res = await post(`/api/summary/facebook-ads/${waitingBrandId}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ success: false, message: 'No metrics data available yet. Please try again later.', code: 'METRICS_NOT_READY' });
    });

    it('bad input is a 400 that says what is wrong', async () => {
      const reversed = await post(`/api/summary/facebook-ads/${brandId}`, { startDate: '2026-03-14', endDate: '2026-03-01' });
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json().message).toContain('The start date must not be after the end date');
      const half = await post(`/api/summary/facebook-ads/${brandId}`, { startDate: '2026-03-14' });
      expect(half.statusCode).toBe(400);
      expect(half.json().message).toContain('Send both startDate and endDate');
      const unknown = await post(`/api/summary/tiktok/${brandId}`);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toContain('Unknown summary source');
    });
  });

  describe('POST /api/metrics/fbAd and /api/metrics/googleAdAndCampaign', () => {
    it('one row per Facebook account with the blended formulas over its sums', async () => {
      const res = await post(`/api/metrics/fbAd/${brandId}`, { startDate: '2026-03-08', endDate: '2026-03-14', userId: 'ignored' });
      expect(res.statusCode).toBe(200);
      const [one, two] = res.json().data;
      expect(one).toMatchObject({ account_id: 'act_1', account_name: 'Store One', spend: 750.25, Revenue: { value: 1750 }, purchases: { value: 14 }, clicks: 290, impressions: 29000, ctr: 1, message: null });
      expect(one.purchase_roas[0].value).toBeCloseTo(1750 / 750.25, 12);
      expect(one.cpc).toBeCloseTo(750.25 / 290, 12);
      expect(one.cpm).toBeCloseTo((750.25 * 1000) / 29000, 12);
      expect(one.cpp).toBeCloseTo(750.25 / 14, 12);
      expect(two).toMatchObject({ account_id: 'act_2', spend: 70, Revenue: { value: 35 }, purchases: { value: 7 }, clicks: 35, impressions: 3500, cpc: 2, cpm: 20, ctr: 1, cpp: 10, purchase_roas: [{ value: 0.5 }] });
    });

    it('an account whose days have not all synced has null figures and says why', async () => {
      const [one, two] = (await post(`/api/metrics/fbAd/${brandId}`, { startDate: '2026-02-20', endDate: '2026-03-14' })).json().data;
      expect(one.spend).toBe(2350.25); // 23 days of 100, and 50.25 on the 14th
      expect(two).toMatchObject({ spend: null, Revenue: { value: null }, purchase_roas: [], cpc: null, status: { state: 'syncing', syncedThrough: '2026-03-14' } });
      expect(two.message).toMatch(/Still loading/);
    });

    it('today is not over: a range ending today counts up to yesterday; today alone is missing', async () => {
      const [one] = (await post(`/api/metrics/fbAd/${brandId}`, { startDate: '2026-03-13', endDate: '2026-03-15' })).json().data;
      expect(one.spend).toBe(250.25);
      const [alone] = (await post(`/api/metrics/fbAd/${brandId}`, { startDate: '2026-03-15', endDate: '2026-03-15' })).json().data;
      expect(alone).toMatchObject({ spend: null, message: 'Figures for today are synced after the day ends.' });
    });

    it('Google Ads: one summary per account with the spec fields', async () => {
      const res = await post(`/api/metrics/googleAdAndCampaign/${brandId}`, { startDate: '2026-03-08', endDate: '2026-03-14' });
      expect(res.statusCode).toBe(200);
      const [g] = res.json().data;
      expect(g).toMatchObject({ customerId: '1111111111', managerId: '2222222222', adAccountName: 'Search Account', message: null });
      expect(g.adMetrics).toMatchObject({ totalConversionsValue: 700, totalConversions: 10.5, totalClicks: 21, totalImpressions: 2100, totalCTR: 1 });
      expect(g.adMetrics.totalSpend).toBeCloseTo(86.419746, 9);
      expect(g.adMetrics.roas).toBeCloseTo(700 / 86.419746, 9);
      expect(g.adMetrics.totalCPC).toBeCloseTo(86.419746 / 21, 9);
      expect(g.adMetrics.totalCPM).toBeCloseTo(86.419746 * 1000 / 2100, 9);
      expect(g.adMetrics.totalCostPerConversion).toBeCloseTo(86.419746 / 10.5, 9);
    });

    it('no account of the platform: an empty list (the screen shows its empty state)', async () => {
      const res = await post(`/api/metrics/googleAdAndCampaign/${quietBrandId}`, { startDate: '2026-03-08', endDate: '2026-03-14' });
      expect(res.json()).toEqual({ success: true, data: [], currency: 'USD' });
      const quiet = (await post(`/api/metrics/fbAd/${quietBrandId}`, { startDate: '2026-03-08', endDate: '2026-03-14' })).json().data[0];
      expect(quiet).toMatchObject({ spend: 0, clicks: 0, cpp: 0, ctr: 0, purchase_roas: [{ value: 0 }], message: null });
    });

    it('dates are checked: YYYY-MM-DD, not before 2023-01-01, start not after end', async () => {
      for (const [payload, message] of [
        [{ startDate: '2022-12-31', endDate: '2023-01-05' }, REPORT_DATE_MESSAGE],
        [{ startDate: '2026-3-1', endDate: '2026-03-05' }, REPORT_DATE_MESSAGE],
        [{ startDate: '2026-02-30', endDate: '2026-03-05' }, REPORT_DATE_MESSAGE],
        [{ startDate: '2026-03-05', endDate: '2026-03-01' }, 'The start date must not be after the end date'],
        [{}, ''],
      ] as const) {
        const res = await post(`/api/metrics/fbAd/${brandId}`, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toContain(message);
      }
    });

    it('a token that needs renewing answers 403 TOKEN_EXPIRED, with the last synced figures kept', async () => {
      await t.database.db.execute(sql`update connections set status = 'reauth_required' where brand_id = ${brandId} and account_id = 'act_2'`);
      try {
        const res = await post(`/api/metrics/fbAd/${brandId}`, { startDate: '2026-03-08', endDate: '2026-03-14' });
        expect(res.statusCode).toBe(403);
        const body = res.json();
        expect(body).toMatchObject({ success: false, code: 'TOKEN_EXPIRED', platform: 'meta', message: "Your Facebook access has expired. Reconnect to keep this brand's data up to date." });
        expect(body.stale.data.map((r: { spend: number }) => r.spend)).toEqual([750.25, 70]);
        expect(body.stale.data[1].status.state).toBe('needs_reconnect');
        const summary = await post(`/api/summary/facebook-ads/${brandId}`);
        expect(summary.statusCode).toBe(403);
        expect(summary.json().stale.periodData.yesterday.metaspend.current).toBe(160.25);
        // Google's account is fine: its call still answers 200
        expect((await post(`/api/summary/google-ads/${brandId}`)).statusCode).toBe(200);
      } finally {
        await t.database.db.execute(sql`update connections set status = 'active' where brand_id = ${brandId} and account_id = 'act_2'`);
      }
    });

    it('the AdMetrics and summary calls need the brand: another brand id is a 404', async () => {
      const res = await post('/api/metrics/fbAd/00000000-0000-4000-8000-000000000000', { startDate: '2026-03-08', endDate: '2026-03-14' });
      expect(res.statusCode).toBe(404);
    });

    it('disconnecting an account removes its daily totals too', async () => {
      await replaceConnections(t.database.db, quietBrandId, 'meta', []);
      await seedMetaWindow(t.database.db, quietBrandId, 'act_3', { from: '2026-03-01', to: '2026-03-01' }, () => []).catch(() => undefined);
      const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ad_account_daily where brand_id = ${quietBrandId}`);
      expect(row!.n).toBe(0);
      expect((await post(`/api/metrics/fbAd/${quietBrandId}`, { startDate: '2026-03-08', endDate: '2026-03-14' })).json().data).toEqual([]);
    });
  });
});
