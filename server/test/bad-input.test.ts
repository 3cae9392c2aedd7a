import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_DATE_MESSAGE } from '@parallels/contract/report-dates';
import { insertBrand } from '../src/modules/brands/brands.sql.js';
import { createTestApp, DB_KINDS, sessionCookie, type TestApp } from './test-app.js';
import { injectWithinBudget } from './timed-inject.js';

// The probe's findings (issue 13): requests that froze the event loop, and bad input that reached the database
// and came back as a 500. Each must be a quick 4xx naming the field. "Quick" is the CPU time the request
// held this process for (timed-inject.ts): the wall clock on a shared machine measures the neighbours.
// A body at the 1 MB limit costs 10-50 ms to receive and parse whatever the route, more on a loaded machine
// copying megabytes; a super-linear pattern over such a value costs seconds (the probe's 80,000 '@' took 3 s).
const CPU_BUDGET_MS = 250;
const ORIGIN = 'http://localhost:3000';
const NOW = new Date('2026-03-15T12:00:00Z');
const BODY_LIMIT = 1024 * 1024;

describe.each(DB_KINDS)('bad input on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  let brandId: string;
  const send = (method: 'POST' | 'PUT' | 'PATCH' | 'GET', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { cookie, origin: ORIGIN, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });

  beforeAll(async () => {
    // a high limit: this file sends many login and signup attempts on purpose
    t = await createTestApp(kind, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, { now: () => NOW });
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { origin: ORIGIN }, payload: { username: 'ravi', email: 'ravi@example.com', password: 'ravi-password-1' } });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/normal', headers: { origin: ORIGIN }, payload: { email: 'ravi@example.com', password: 'ravi-password-1' } });
    cookie = sessionCookie(login);
    brandId = await insertBrand(t.database.db, { name: 'Probe', currency: 'USD', timezone: 'UTC', userId: login.json().user.id, connections: [] });
  });
  afterAll(async () => t?.close());

  describe('no request holds the event loop', () => {
    const worst = (n: number) => ({
      atSigns: '@'.repeat(n),
      spaced: `a@${' @'.repeat(n / 2)}`,
      dotted: `a@${'a.'.repeat(n / 2)}`,
      nearlyEmail: `${'a'.repeat(n)}@${'a'.repeat(n)}`,
    });

    // the body goes as a ready string, so the test's own JSON.stringify is not counted against the server
    const timed = (url: string, payload: unknown) =>
      injectWithinBudget(t.app, { method: 'POST', url, headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' }, payload: JSON.stringify(payload) }, CPU_BUDGET_MS);

    it('login and signup answer a body-limit-sized hostile email at once', async () => {
      await timed('/api/auth/login/normal', { email: 'warm@up', password: 'x' });
      for (const [shape, email] of Object.entries(worst(Math.floor((BODY_LIMIT - 200) / 2)))) {
        for (const url of ['/api/auth/login/normal', '/api/auth/signup']) {
          const { res, cpuMs, over } = await timed(url, { email, password: 'x', username: 'u' });
          expect(res.statusCode, `${url} ${shape}`).toBe(400);
          expect(res.json().errors.map((e: { field: string }) => e.field)).toContain('email');
          expect(over, `${url} ${shape} took ${cpuMs.toFixed(0)} ms of CPU`).toBe(false);
        }
      }
    });

    it("the probe's 80,000 '@' login is refused in a few milliseconds", async () => {
      const { res, over } = await injectWithinBudget(
        t.app,
        { method: 'POST', url: '/api/auth/login/normal', headers: { origin: ORIGIN, 'content-type': 'application/json' }, payload: JSON.stringify({ email: '@'.repeat(80_000), password: 'x' }) },
        20,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Email is too long');
      expect(over).toBe(false);
    });

    it('every free-text field is cut off by its length limit before any pattern looks at it', async () => {
      const huge = 'a-1.'.repeat((BODY_LIMIT - 1000) / 4);
      const cases: Array<[string, string, unknown]> = [
        ['POST', '/api/auth/shopify', { shop: huge, flowType: 'login' }],
        ['POST', '/api/brands/add', { name: 'x', shopifyAccount: { shopName: huge, shopifyAccessToken: 'x' } }],
        ['POST', '/api/brands/add', { name: 'x', fbAdAccounts: [huge] }],
        ['POST', '/api/brands/add', { name: 'x', googleAdAccount: [{ clientId: huge }] }],
        ['POST', '/api/brands/add', { name: 'x', ga4Account: { PropertyID: huge } }],
        ['POST', `/api/metrics/fbAd/${brandId}`, { startDate: huge, endDate: '2026-03-01' }],
        ['POST', `/api/summary/facebook-ads/${brandId}`, { startDate: '2026-03-01', endDate: huge }],
      ];
      for (const [, url, payload] of cases) {
        const { res, cpuMs, over } = await timed(url, payload);
        expect(res.statusCode, url).toBe(400);
        expect(over, `${url} took ${cpuMs.toFixed(0)} ms of CPU`).toBe(false);
      }
    });
  });

  describe('report dates: one schema, real days, the product bounds, one message', () => {
    const routes = () => [`/api/summary/facebook-ads/${brandId}`, `/api/summary/analytics/${brandId}`, `/api/metrics/fbAd/${brandId}`, `/api/metrics/googleAdAndCampaign/${brandId}`];
    const impossible = ['2023-02-30', '2023-13-01', '0000-00-00', '9999-99-99', '2024-02-30', '2023-04-31', '2026-3-01', '', 'yesterday', '2026-03-01T00:00:00Z'];

    it('an impossible date is a 400 with the same message on every route', async () => {
      for (const url of routes()) {
        for (const day of impossible) {
          const res = await send('POST', url, { startDate: day, endDate: '2026-03-01' });
          expect(res.statusCode, `${url} ${day}`).toBe(400);
          expect(res.json().errors).toContainEqual({ field: 'startDate', message: REPORT_DATE_MESSAGE });
        }
      }
      const compare = await send('POST', routes()[0]!, { startDate: '2026-03-01', endDate: '2026-03-05', compareStartDate: '2026-03-01', compareEndDate: '9999-99-99' });
      expect(compare.statusCode).toBe(400);
      expect(compare.json().errors).toContainEqual({ field: 'compareEndDate', message: REPORT_DATE_MESSAGE });
    });

    it('a range outside the last 24 months up to today is refused everywhere, compare ranges too, never cut back', async () => {
      // today is 2026-03-15: reports reach back to 2024-03-01
      const cases: Array<[Record<string, string>, string]> = [
        [{ startDate: '2020-01-01', endDate: '2020-01-31' }, 'startDate'],
        [{ startDate: '2024-02-29', endDate: '2024-03-05' }, 'startDate'],
        [{ startDate: '2026-03-01', endDate: '2026-03-16' }, 'endDate'],
        [{ startDate: '2026-03-01', endDate: '2027-01-01' }, 'endDate'],
      ];
      for (const url of routes()) {
        for (const [body, field] of cases) {
          const res = await send('POST', url, body);
          expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
          expect(res.json().message).toBe(REPORT_DATE_MESSAGE);
          expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
        }
        const inside = await send('POST', url, { startDate: '2024-03-01', endDate: '2026-03-15' });
        expect(inside.statusCode, url).toBe(200);
      }
      const compare = await send('POST', routes()[0]!, { startDate: '2026-03-01', endDate: '2026-03-05', compareStartDate: '2019-03-01', compareEndDate: '2019-03-05' });
      expect(compare.statusCode).toBe(400);
      expect(compare.json().errors.map((e: { field: string }) => e.field)).toEqual(['compareStartDate', 'compareEndDate']);
    });
  });

  describe('ids are checked before they reach the database', () => {
    it('a reconnect naming a grant that is not a uuid, or none, is a 400 naming it', async () => {
      const cases: Array<[string, string]> = [
        [`/api/auth/updateTokens/fbToken?brandId=${brandId}&fbToken=abc`, 'fbToken'],
        [`/api/auth/updateTokens/fbToken?brandId=${brandId}`, 'fbToken'],
        [`/api/auth/updateTokens/googleadRefreshToken?brandId=${brandId}&googleadRefreshToken=%27%3B`, 'googleadRefreshToken'],
        [`/api/auth/updateTokens/zoho/zohoToken?brandId=${brandId}&zohoToken=abc`, 'zohoToken'],
        [`/api/auth/updateTokens/zoho/zohoToken?brandId=${brandId}`, 'zohoToken'],
      ];
      for (const [url, field] of cases) {
        const res = await send('PUT', url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().errors.map((e: { field: string }) => e.field), url).toContain(field);
      }
    });

    it('brand and user ids in bodies must be uuids', async () => {
      const filter = await send('POST', '/api/brands/filter', { brandIds: ['x'] });
      expect(filter.statusCode).toBe(400);
      expect(filter.json().errors[0].field).toBe('brandIds.0');
      const link = await send('POST', '/api/users/add-brand', { userId: 'x', brandId: 'y' });
      expect(link.statusCode).toBe(400);
      const shopify = await send('POST', '/api/brands/add', { name: 'x', shopifyAccount: { shopName: 'shop', shopifyAccessToken: 'not-a-grant' } });
      expect(shopify.statusCode).toBe(400);
      expect(shopify.json().errors[0].field).toBe('shopifyAccount.shopifyAccessToken');
    });
  });

  describe('NUL characters', () => {
    it('are refused with a 400 naming the field, in bodies, queries and nested values', async () => {
      const cases: Array<[string, string, unknown, string]> = [
        ['POST', '/api/brands/add', { name: 'Acme\u0000' }, 'name'],
        ['POST', '/api/auth/signup', { username: 'a\u0000b', email: 'nul@example.com', password: 'long-enough-1' }, 'username'],
        ['POST', '/api/brands/add', { name: 'ok', fbAdAccounts: ['1', 'act_\u00002'] }, 'fbAdAccounts.1'],
        ['POST', '/api/brands/filter', { ['brand\u0000Ids']: [] }, 'brand\u0000Ids'],
        ['GET', '/api/auth/google?context=userLogin&source=%2Fdash%00board', undefined, 'source'],
      ];
      for (const [method, url, payload, field] of cases) {
        const res = await send(method as 'POST', url, payload);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().errors).toEqual([{ field, message: `${field} must not contain a NUL character` }]);
      }
    });
  });
});
