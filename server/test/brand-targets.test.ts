import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBrand } from '../src/modules/brands/brands.sql.js';
import { createTestApp, DB_KINDS, sessionCookie, type TestApp } from './test-app.js';
import { seedGoogleWindow, seedMetaWindow } from './reports-seed.js';

// Brand targets over seeded facts, exact numbers. The clock is pinned to 2026-03-15 12:00 UTC (Asia/Kolkata:
// today 2026-03-15, yesterday 2026-03-14).
const NOW = new Date('2026-03-15T12:00:00Z');
const ORIGIN = 'http://localhost:3000';

describe.each(DB_KINDS)('brand targets on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  let otherCookie: string;
  let brandId: string;
  let secondBrandId: string;
  let foreignBrandId: string;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, who = cookie) =>
    t.app.inject({ method, url, headers: { cookie: who, origin: ORIGIN }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const target = (over: Record<string, unknown> = {}) => ({ brandId, name: 'Targets Brand', source: 'Meta', targetSales: 10000, targetSpend: 2000, targetROAS: 3, targetDate: '2026-03-31', ...over });

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { now: () => NOW });
    const users: string[] = [];
    for (const who of ['nina', 'omar']) {
      await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { origin: ORIGIN }, payload: { username: who, email: `${who}@example.com`, password: `${who}-password-1` } });
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/normal', headers: { origin: ORIGIN }, payload: { email: `${who}@example.com`, password: `${who}-password-1` } });
      if (who === 'nina') cookie = sessionCookie(login);
      else otherCookie = sessionCookie(login);
      users.push(login.json().user.id as string);
    }
    const db = t.database.db;
    const conn = (platform: 'meta' | 'google_ads', accountId: string) => ({ platform, accountId, accountName: accountId, managerId: null, grantId: null });
    brandId = await insertBrand(db, { name: 'Targets Brand', currency: 'INR', timezone: 'Asia/Kolkata', userId: users[0]!, connections: [conn('meta', 'act_1'), conn('google_ads', '1111111111')] });
    secondBrandId = await insertBrand(db, { name: 'Second', currency: 'INR', timezone: 'Asia/Kolkata', userId: users[0]!, connections: [] });
    foreignBrandId = await insertBrand(db, { name: 'Foreign', currency: 'INR', timezone: 'Asia/Kolkata', userId: users[1]!, connections: [] });
    await seedMetaWindow(db, brandId, 'act_1', { from: '2026-03-01', to: '2026-03-14' }, () => [{ campaignId: 'c1', spend: 100, revenue: 250, purchases: 2, clicks: 40, impressions: 4000 }]);
    // Google has synced only the last five days of March so far
    await seedGoogleWindow(db, brandId, '1111111111', { from: '2026-03-10', to: '2026-03-14' }, () => [{ campaignId: 'g1', costMicros: 50_000_000, conversions: 1, value: 80, clicks: 3, impressions: 300 }]);
  });
  afterAll(async () => t?.close());

  it('adds a target and derives achieved and remaining figures from the synced month', async () => {
    const res = await call('POST', '/api/performance/addTarget', target());
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      brandId,
      source: 'Meta',
      targetSales: 10000,
      targetDate: '2026-03-31',
      achievedSales: 3500, // 14 days x 250
      achievedSpend: 1400,
      achievedROAS: 2.5,
      remainingSales: 6500,
      remainingDays: 17, // 15th to 31st, both included
    });
    expect(res.json().data.requiredSalesPerDay).toBeCloseTo(6500 / 17, 9);
    // Google's month has not fully synced: nothing achieved is shown, never the five days it has
    const google = (await call('POST', '/api/performance/addTarget', target({ source: 'Google' }))).json().data;
    expect(google).toMatchObject({ achievedSales: null, achievedSpend: null, remainingSales: null, requiredSalesPerDay: null, remainingDays: 17 });
    expect(google.status.state).toBe('syncing');
    // a past target: no day left
    const past = (await call('POST', '/api/performance/addTarget', target({ targetDate: '2026-03-10', targetSales: 100 }))).json().data;
    expect(past).toMatchObject({ achievedSales: 2500, remainingSales: 0, remainingDays: 0, requiredSalesPerDay: 0 });
    const list = (await call('GET', '/api/performance/brandTarget')).json().data;
    expect(list).toHaveLength(3);
  });

  it('refuses a brand the user cannot access and stores nothing', async () => {
    const res = await call('POST', '/api/performance/addTarget', target({ brandId: foreignBrandId }));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Brand not found');
    expect((await call('GET', '/api/performance/brandTarget', undefined, otherCookie)).json().data).toEqual([]);
    const bad = await call('POST', '/api/performance/addTarget', target({ source: 'TikTok', targetSales: 'a lot' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['source', 'targetSales']);
  });

  it('updates and deletes a target by its id under its own brand only', async () => {
    const created = (await call('POST', '/api/performance/addTarget', target({ targetSales: 5000 }))).json().data;
    const id = created._id as string;
    const wrongBrand = await call('PATCH', `/api/performance/updateTarget/${secondBrandId}`, { targetId: id, targetSales: 1 });
    expect(wrongBrand.statusCode).toBe(404);
    expect(wrongBrand.json().message).toBe('Target not found');
    const foreign = await call('PATCH', `/api/performance/updateTarget/${foreignBrandId}`, { targetId: id, targetSales: 1 });
    expect(foreign.json().message).toBe('Brand not found');
    const updated = await call('PATCH', `/api/performance/updateTarget/${brandId}`, { targetId: id, targetSales: 3000, targetSpend: 900, targetROAS: 4, targetDate: '2026-03-20' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ targetSales: 3000, targetSpend: 900, targetROAS: 4, targetDate: '2026-03-20', achievedSales: 3500, remainingSales: 0, remainingDays: 6, requiredSalesPerDay: 0 });
    expect((await call('DELETE', `/api/performance/deleteTarget/${secondBrandId}?targetId=${id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/performance/deleteTarget/${brandId}?targetId=${id}`)).json()).toEqual({ success: true });
    expect((await call('DELETE', `/api/performance/deleteTarget/${brandId}?targetId=${id}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/performance/brandTarget')).json().data.map((x: { _id: string }) => x._id)).not.toContain(id);
  });

  it("answers the source's month so far: spend, Revenue and purchase_roas, null until every day has synced", async () => {
    const meta = (await call('GET', `/api/performance/metaMetrics/${brandId}`)).json();
    expect(meta).toMatchObject({ success: true, data: { spend: 1400, Revenue: 3500, purchase_roas: 2.5 }, range: { from: '2026-03-01', to: '2026-03-14' } });
    const google = (await call('GET', `/api/performance/googleAdMetrics/${brandId}`)).json();
    expect(google.data).toEqual({ spend: null, Revenue: null, purchase_roas: null });
    expect((await call('GET', `/api/performance/metaMetrics/${secondBrandId}`)).json().status.state).toBe('not_connected');
  });
});
