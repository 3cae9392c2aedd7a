import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBrand } from '../src/modules/brands/brands.sql.js';
import { createTestApp, DB_KINDS, sessionCookie, type TestApp } from './test-app.js';
import { seedMetaWindow, seedShopifyWindow, subscribeBrand } from './reports-seed.js';

// Issue 15, item 4: currencies are never added together. An INR brand with two Meta accounts, one reporting
// in INR and one in USD: every report counts the INR account only, lists the USD one apart (no exchange rate
// is assumed), AdMetrics shows each account in its own currency, and a blended ROAS over both is unknown.
const NOW = new Date('2026-03-15T12:00:00Z'); // Asia/Kolkata: today 2026-03-15, yesterday 2026-03-14
const ORIGIN = 'http://localhost:3000';
const RANGE = { startDate: '2026-03-01', endDate: '2026-03-14' };

describe.each(DB_KINDS)('ad accounts in another currency than the brand, on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  let brandId: string;
  const post = (url: string, payload?: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { now: () => NOW });
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { origin: ORIGIN }, payload: { username: 'lena', email: 'lena@example.com', password: 'lena-password-1' } });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/normal', headers: { origin: ORIGIN }, payload: { email: 'lena@example.com', password: 'lena-password-1' } });
    cookie = sessionCookie(login);
    const db = t.database.db;
    const conn = (platform: 'shopify' | 'meta', accountId: string, accountName: string, currency: string) => ({ platform, accountId, accountName, managerId: null, grantId: null, currency, timezone: 'Asia/Kolkata' });
    brandId = await insertBrand(db, {
      name: 'Two_Currencies',
      currency: 'INR',
      timezone: 'Asia/Kolkata',
      userId: login.json().user.id as string,
      connections: [conn('shopify', 'two.myshopify.com', 'Store', 'INR'), conn('meta', 'act_10', 'India', 'INR'), conn('meta', 'act_11', 'United States', 'USD')],
    });
    await subscribeBrand(db, brandId);
    await seedShopifyWindow(db, brandId, 'two.myshopify.com', { from: '2026-03-01', to: '2026-03-14' }, () => ({ orders: [{ orderId: '1', total: 1000 }] }));
    await seedMetaWindow(db, brandId, 'act_10', { from: '2026-03-01', to: '2026-03-14' }, () => [{ campaignId: 'in', spend: 100, revenue: 300, purchases: 1, clicks: 10, impressions: 1000 }]);
    await seedMetaWindow(db, brandId, 'act_11', { from: '2026-03-01', to: '2026-03-14' }, () => [{ campaignId: 'us', spend: 7, revenue: 21, purchases: 1, clicks: 2, impressions: 100 }]);
  });
  afterAll(async () => t?.close());

  it('the dashboard counts the brand-currency account only and lists the other apart; blended ROAS is unknown', async () => {
    const meta = (await post(`/api/summary/facebook-ads/${brandId}`, RANGE)).json();
    expect(meta.periodData.custom.metaspend.current).toBe(1400); // 14 days x 100 INR, never + 14 x 7 USD
    expect(meta.periodData.custom.metaroas.current).toBe(3);
    expect(meta.otherCurrencyAccounts).toEqual([{ accountId: 'act_11', accountName: 'United States', currency: 'USD' }]);
    const store = (await post(`/api/summary/shopify/${brandId}`, RANGE)).json();
    expect(store.periodData.custom.totalSales.current).toBe(14_000);
    expect(store.periodData.custom.blendedRoas.current).toBeNull();
  });

  it('AdMetrics answers each account in its own currency', async () => {
    const rows = (await post(`/api/metrics/fbAd/${brandId}`, RANGE)).json().data as Array<{ account_id: string; spend: number; currency: string }>;
    expect(rows.map((r) => [r.account_id, r.spend, r.currency])).toEqual([
      ['act_10', 1400, 'INR'],
      ['act_11', 98, 'USD'],
    ]);
  });

  it('Marketing Insights sums the brand-currency accounts only and lists the other apart', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/report/${brandId}?startDate=2026-03-01&endDate=2026-03-14`, headers: { cookie, origin: ORIGIN } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totals.metaSpend.current).toBe(1400);
    expect(body.totals.totalSpend.current).toBe(1400);
    expect(body.otherCurrencyAccounts).toEqual([{ accountId: 'act_11', accountName: 'United States', currency: 'USD' }]);
  });
});
