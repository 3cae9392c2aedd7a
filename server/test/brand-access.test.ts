import { REPORT_ROUTE_PREFIXES } from '../src/modules/pricing/plan-guard.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, userBrands } from '../src/db/schema.js';
import { createTestApp, DB_KINDS, sessionCookie, type TestApp } from './test-app.js';

const ORIGIN = 'http://localhost:3000';
const NOWHERE = '00000000-0000-4000-8000-000000000000';

describe.each(DB_KINDS)('brand access on %s', (kind) => {
  let t: TestApp;
  const users: Record<'a' | 'b', { cookie: string; id: string; brandId: string }> = {} as never;

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const who of ['a', 'b'] as const) {
      await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { origin: ORIGIN }, payload: { username: who, email: `${who}@example.com`, password: `${who}-password-1` } });
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/normal', headers: { origin: ORIGIN }, payload: { email: `${who}@example.com`, password: `${who}-password-1` } });
      const id = login.json().user.id as string;
      const [brand] = await t.database.db.insert(brands).values({ name: `Brand_${who}`, currency: 'INR' }).returning({ id: brands.id });
      await t.database.db.insert(userBrands).values({ userId: id, brandId: brand!.id });
      users[who] = { cookie: sessionCookie(login), id, brandId: brand!.id };
    }
  });
  afterAll(async () => t?.close());

  it('puts the access hook on every route that names a brand', () => {
    // the help desk (Zoho) is the product's, not a brand's: its token route takes no brand (decision 013)
    const scoped = t.app.routeList.filter((r) => r.url.includes(':brandId') || (r.url.startsWith('/api/auth/updateTokens') && r.url !== '/api/auth/updateTokens/zoho/zohoToken'));
    expect(scoped.length).toBeGreaterThanOrEqual(10);
    const missing = scoped.filter((r) => !r.brandAccess).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    // and nothing else names a brand in its path without being scoped
    const unscopedWithBrand = t.app.routeList.filter((r) => /brand/i.test(r.url) && /:\w+/.test(r.url) && !r.brandAccess && !r.url.startsWith('/sandbox'));
    expect(unscopedWithBrand.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    // every report call is behind the plan check too (reports and exports come with the Startup Plan)
    const reports = t.app.routeList.filter((r) => r.method !== 'HEAD' && REPORT_ROUTE_PREFIXES.some((p) => r.url.startsWith(p)));
    expect(reports.length).toBeGreaterThanOrEqual(1);
    expect(reports.filter((r) => r.plan !== 'reports' || !r.brandAccess).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it("answers another user's brand exactly like a brand that does not exist, on every brand-scoped route", async () => {
    // Deleting the brand last: its "own brand" call really deletes A's brand (other DELETEs only remove its parts).
    const deletesBrand = (r: { method: string; url: string }) => Number(r.method === 'DELETE' && r.url === '/api/brands/delete/:brandId');
    const routes = t.app.routeList.filter((r) => r.brandAccess && r.method !== 'HEAD').sort((x, y) => deletesBrand(x) - deletesBrand(y));
    const call = (method: string, url: string, brandId: string, cookie: string) => {
      const path = url.replace(':brandId', brandId).replace(':tokenName', 'fbToken');
      const withQuery = url.includes(':brandId') ? path : `${path}?brandId=${brandId}&fbToken=${NOWHERE}&zohoToken=${NOWHERE}`;
      return t.app.inject({ method: method as 'GET', url: withQuery, headers: { cookie, origin: ORIGIN }, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) });
    };
    let cases = 0;
    for (const r of routes) {
      const foreign = await call(r.method, r.url, users.b.brandId, users.a.cookie);
      const absent = await call(r.method, r.url, NOWHERE, users.a.cookie);
      const anonymous = await call(r.method, r.url, users.a.brandId, '');
      expect({ route: `${r.method} ${r.url}`, status: foreign.statusCode, body: foreign.body }).toEqual({ route: `${r.method} ${r.url}`, status: 404, body: absent.body });
      expect(absent.json()).toEqual({ success: false, message: 'Brand not found' });
      expect(foreign.body).not.toContain('Brand_b');
      expect(anonymous.statusCode).toBe(401);
      const own = await call(r.method, r.url, users.a.brandId, users.a.cookie);
      expect(own.json().message ?? '').not.toBe('Brand not found');
      cases += 4;
    }
    expect(cases).toBe(routes.length * 4);
    expect(routes.length).toBeGreaterThanOrEqual(9);
    // B's brand is untouched by A's attempts (DELETE among them)
    const still = await t.app.inject({ method: 'GET', url: `/api/brands/${users.b.brandId}`, headers: { cookie: users.b.cookie } });
    expect(still.statusCode).toBe(200);
    expect(still.json().name).toBe('Brand_b');
  });

  it('lists only the caller’s own brands in filter', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/brands/filter', headers: { cookie: users.b.cookie, origin: ORIGIN }, payload: { brandIds: [users.a.brandId, users.b.brandId] } });
    expect(res.json().map((b: { _id: string }) => b._id)).toEqual([users.b.brandId]);
  });
});
