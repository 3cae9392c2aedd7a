import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ga4Emulator } from '../src/ga4/app.js';
import { startPlatform, type RunningPlatform } from './harness.js';

// Admin API accountSummaries, authentication and permission errors, every fault mode, admin endpoints
// and realistic quota mode, over raw HTTP.
const READONLY = 'https://www.googleapis.com/auth/analytics.readonly';
const ADWORDS = 'https://www.googleapis.com/auth/adwords';
const DEMO_SUB = '100000000000000000001';
const OTHER_SUB = '100000000000000000002';
const NO_GA4_SUB = '100000000000000000003';
const REPORT = { dateRanges: [{ startDate: '7daysAgo', endDate: 'yesterday' }], dimensions: [{ name: 'date' }], metrics: [{ name: 'sessions' }] };
const QUOTA_URL = 'https://developers.google.com/analytics/devguides/reporting/data/v1/quotas';

function mint(q: RunningPlatform, sub = DEMO_SUB, scope = READONLY, clientId?: string): string {
  return q.ctx.tokens.issue({ kind: 'access', subject: sub, clientId: clientId ?? q.ctx.world.apps.google.clientId, scope, ttlSeconds: 3599 }).token;
}

async function call(q: RunningPlatform, path: string, bearer?: string, body?: unknown, signal?: AbortSignal) {
  const res = await fetch(`${q.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const text = await res.text();
  return { status: res.status, text, headers: res.headers };
}

const runReport = (q: RunningPlatform, bearer: string, body: unknown = REPORT, property = '300000001') => call(q, `/v1beta/properties/${property}:runReport`, bearer, body);

async function admin(q: RunningPlatform, method: string, path: string, body?: unknown) {
  const res = await fetch(`${q.baseUrl}/__admin${path}`, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  return { status: res.status, json: await res.json() as Record<string, unknown> };
}

const errorOf = (text: string) => (JSON.parse(text) as { error: { code: number; message: string; status: string; details?: unknown[] } }).error;

let p: RunningPlatform;
let token: string;
beforeAll(async () => {
  p = await startPlatform('ga4', ga4Emulator);
  token = mint(p);
});
afterAll(async () => p.close());

describe('Admin API', () => {
  it('accountSummaries lists what the identity can see, with the empty shapes omitted', async () => {
    const demo = JSON.parse((await call(p, '/v1beta/accountSummaries', token)).text);
    expect(demo).toEqual({ accountSummaries: [{ name: 'accountSummaries/200000001', account: 'accounts/200000001', displayName: 'Parallels Demo',
      propertySummaries: [{ property: 'properties/300000001', displayName: 'Parallels Demo Store - GA4', propertyType: 'PROPERTY_TYPE_ORDINARY', parent: 'accounts/200000001' }] }] });
    const other = JSON.parse((await call(p, '/v1beta/accountSummaries', mint(p, OTHER_SUB))).text);
    expect(other.accountSummaries.map((a: { account: string }) => a.account)).toEqual(['accounts/200000002']);
    expect(JSON.parse((await call(p, '/v1beta/accountSummaries', mint(p, NO_GA4_SUB))).text)).toEqual({});
  });

  it('pages accountSummaries with pageSize and nextPageToken to the end', async () => {
    const q = await startPlatform('ga4', ga4Emulator);
    try {
      const g = q.ctx.world.google;
      for (const n of [3, 4, 5]) {
        g.ga4Accounts.push({ id: `accounts/20000000${n}`, displayName: `Client ${n}`, properties: n === 4 ? [] : [{ id: `properties/30000000${n}`, displayName: `Client ${n} - GA4`, merchantId: 'other', currencyCode: 'USD', timeZone: 'America/New_York' }] });
        g.identities[0]!.ga4AccountIds.push(`accounts/20000000${n}`);
      }
      const bearer = mint(q);
      const seen: Array<{ account: string; propertySummaries?: unknown[] }> = [];
      let pageToken: string | undefined;
      let pages = 0;
      do {
        const r = await call(q, `/v1beta/accountSummaries?pageSize=2${pageToken ? `&pageToken=${pageToken}` : ''}`, bearer);
        const body = JSON.parse(r.text) as { accountSummaries: typeof seen; nextPageToken?: string };
        expect(body.accountSummaries.length).toBeLessThanOrEqual(2);
        seen.push(...body.accountSummaries);
        pageToken = body.nextPageToken;
        pages++;
      } while (pageToken);
      expect(pages).toBe(2);
      expect(seen.map((a) => a.account)).toEqual(['accounts/200000001', 'accounts/200000003', 'accounts/200000004', 'accounts/200000005']);
      expect(seen[2]!.propertySummaries).toBeUndefined();
      // an added property reports data too, and the demo identity cannot read a property it was not given
      expect((await runReport(q, bearer, REPORT, '300000005')).status).toBe(200);
      expect((await runReport(q, bearer, REPORT, '300000002')).status).toBe(403);
      const bad = await call(q, '/v1beta/accountSummaries?pageToken=garbage', bearer);
      expect(bad.status).toBe(400);
      expect(errorOf(bad.text).status).toBe('INVALID_ARGUMENT');
    } finally {
      await q.close();
    }
  });

  it('properties.get answers the property; someone else\'s property is PERMISSION_DENIED', async () => {
    const r = JSON.parse((await call(p, '/v1beta/properties/300000001', token)).text);
    expect(r).toMatchObject({ name: 'properties/300000001', parent: 'accounts/200000001', displayName: 'Parallels Demo Store - GA4', timeZone: 'Asia/Kolkata', currencyCode: 'INR', propertyType: 'PROPERTY_TYPE_ORDINARY' });
    expect(r.createTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const denied = await call(p, '/v1beta/properties/300000002', token);
    expect(denied.status).toBe(403);
    expect(errorOf(denied.text)).toEqual({ code: 403, message: 'The caller does not have permission', status: 'PERMISSION_DENIED' });
  });
});

describe('authentication and permissions', () => {
  it('401 UNAUTHENTICATED for a missing, unknown or expired token', async () => {
    const missing = await runReport(p, '');
    expect(missing.status).toBe(401);
    expect(errorOf(missing.text)).toEqual({ code: 401, message: 'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.', status: 'UNAUTHENTICATED' });
    const expected = { code: 401, message: 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.', status: 'UNAUTHENTICATED' };
    const unknown = await runReport(p, 'ya29.not-a-token');
    expect(unknown.status).toBe(401);
    expect(errorOf(unknown.text)).toEqual(expected);
    expect(unknown.headers.get('www-authenticate')).toContain('invalid_token');
    const short = mint(p);
    expect((await admin(p, 'POST', '/tokens/expire', { token: short })).status).toBe(200);
    const expired = await call(p, '/v1beta/accountSummaries', short);
    expect(expired.status).toBe(401);
    expect(errorOf(expired.text)).toEqual(expected);
  });

  it('403 ACCESS_TOKEN_SCOPE_INSUFFICIENT without an analytics scope', async () => {
    const r = await runReport(p, mint(p, DEMO_SUB, ADWORDS));
    expect(r.status).toBe(403);
    const e = errorOf(r.text);
    expect(e.message).toBe('Request had insufficient authentication scopes.');
    expect(e.status).toBe('PERMISSION_DENIED');
    expect(e.details).toEqual([{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT', domain: 'googleapis.com',
      metadata: { method: 'google.analytics.data.v1beta.BetaAnalyticsData.RunReport', service: 'analyticsdata.googleapis.com' } }]);
  });

  it('403 for a property outside the identity\'s accounts (or one that does not exist)', async () => {
    for (const property of ['300000002', '999999999']) {
      const r = await runReport(p, token, REPORT, property);
      expect(r.status).toBe(403);
      expect(errorOf(r.text)).toEqual({ code: 403, message: 'User does not have sufficient permissions for this property. To learn more about Property ID, see https://developers.google.com/analytics/devguides/reporting/data/v1/property-id.', status: 'PERMISSION_DENIED' });
    }
  });

  it('admin mints a usable token for a Google identity', async () => {
    const minted = await admin(p, 'POST', '/tokens', { sub: OTHER_SUB });
    expect(minted.json).toMatchObject({ token_type: 'Bearer', expires_in: 3599, scope: READONLY, sub: OTHER_SUB });
    expect((await runReport(p, String(minted.json.access_token), REPORT, '300000002')).status).toBe(200);
    expect((await admin(p, 'POST', '/tokens', { sub: 'nobody' })).status).toBe(400);
  });
});

describe('faults', () => {
  const setFault = (key: string, plan: Record<string, unknown>) => admin(p, 'PUT', '/faults', { key, plan });

  it('rateLimit answers 429 RESOURCE_EXHAUSTED with the quota GA4 would name', async () => {
    const cases: Array<[number, string]> = [
      [30, 'Exhausted concurrent requests quota.'],
      [1800, `Exhausted property tokens per hour. These quota tokens will return in under an hour. To learn more, see ${QUOTA_URL}`],
      [86400, `Exhausted property tokens per day. These quota tokens will return in under 24 hours. To learn more, see ${QUOTA_URL}`],
    ];
    for (const [wait, message] of cases) {
      await setFault('properties/300000001', { rateLimit: { retryAfterSeconds: wait }, times: 1 });
      const r = await runReport(p, token);
      expect(r.status).toBe(429);
      expect(errorOf(r.text).status).toBe('RESOURCE_EXHAUSTED');
      expect(errorOf(r.text).message.startsWith(message)).toBe(true);
      expect((await runReport(p, token)).status).toBe(200);
    }
  });

  it('serverError answers 500 INTERNAL or 503 UNAVAILABLE', async () => {
    await setFault(token, { serverError: { status: 500 }, times: 1 });
    const a = await runReport(p, token);
    expect(a.status).toBe(500);
    expect(errorOf(a.text)).toEqual({ code: 500, message: 'Internal error encountered.', status: 'INTERNAL' });
    await setFault('*', { serverError: {}, times: 1 });
    const b = await call(p, '/v1beta/accountSummaries', token);
    expect(b.status).toBe(503);
    expect(errorOf(b.text)).toEqual({ code: 503, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' });
  });

  it('tokenExpired -> 401 and permissionDenied -> 403 even for a good token', async () => {
    await setFault(token, { tokenExpired: true, times: 1 });
    const a = await runReport(p, token);
    expect(a.status).toBe(401);
    expect(errorOf(a.text).message).toContain('Request had invalid authentication credentials.');
    await setFault('properties/300000001', { permissionDenied: true, times: 1 });
    const b = await runReport(p, token);
    expect(b.status).toBe(403);
    expect(errorOf(b.text).message).toContain('User does not have sufficient permissions for this property.');
    expect((await runReport(p, token)).status).toBe(200);
  });

  it('malformed answers 200 with a cut-off JSON body; latency delays the answer', async () => {
    await setFault('properties/300000001', { malformed: true, times: 1 });
    const m = await runReport(p, token);
    expect(m.status).toBe(200);
    expect(m.text.startsWith('{"dimensionHeaders"')).toBe(true);
    expect(() => JSON.parse(m.text)).toThrow();
    // the answer says what was injected; bench/src/emulator-timing.ts measures the wait itself
    await setFault('properties/300000001', { latencyMs: 250, times: 1 });
    const slow = await runReport(p, token);
    expect(slow.status).toBe(200);
    expect(slow.headers.get('server-timing')).toMatch(/(^|, )fault;dur=250(,|$)/);
  });

  it('timeout never answers: the client has to give up', async () => {
    await setFault('properties/300000001', { timeout: true, times: 1 });
    await expect(call(p, '/v1beta/properties/300000001:runReport', token, REPORT, AbortSignal.timeout(300))).rejects.toThrow();
    expect((await runReport(p, token)).status).toBe(200);
    expect((await admin(p, 'GET', '/faults')).json).toEqual({});
  });
});

describe('realistic quota mode', () => {
  let q: RunningPlatform;
  let bearer: string;
  beforeAll(async () => {
    // 08:00 in California: an hour later is still the same quota day (daily tokens reset at midnight Pacific)
    q = await startPlatform('ga4', ga4Emulator, { quotaMode: 'realistic', now: '2026-06-15T15:00:00Z' });
    bearer = mint(q);
  });
  afterAll(async () => q.close());
  const quotaOf = (text: string) => (JSON.parse(text) as { propertyQuota: Record<string, { consumed: number; remaining: number }> }).propertyQuota;
  /** the quota refusals the emulator counted (GET /__admin/quota), what a benchmark reads */
  const refused = async () => (await admin(q, 'GET', '/quota')).json.refused;

  it('reports propertyQuota with what the request consumed and what remains', async () => {
    await admin(q, 'DELETE', '/property-quota');
    const first = quotaOf((await runReport(q, bearer, { ...REPORT, returnPropertyQuota: true })).text);
    expect(Object.keys(first)).toEqual(['tokensPerDay', 'tokensPerHour', 'concurrentRequests', 'serverErrorsPerProjectPerHour', 'potentiallyThresholdedRequestsPerHour', 'tokensPerProjectPerHour']);
    const cost = first.tokensPerDay!.consumed;
    expect(cost).toBeGreaterThan(0);
    expect(cost).toBeLessThan(10);
    expect(first).toMatchObject({ tokensPerDay: { remaining: 200_000 - cost }, tokensPerHour: { consumed: cost, remaining: 40_000 - cost },
      concurrentRequests: { consumed: 0, remaining: 10 }, serverErrorsPerProjectPerHour: { consumed: 0, remaining: 10 },
      potentiallyThresholdedRequestsPerHour: { consumed: 0, remaining: 120 }, tokensPerProjectPerHour: { remaining: 14_000 - cost } });
    const demo = quotaOf((await runReport(q, bearer, { ...REPORT, dimensions: [{ name: 'userAgeBracket' }], returnPropertyQuota: true })).text);
    expect(demo.potentiallyThresholdedRequestsPerHour).toEqual({ consumed: 1, remaining: 119 });
    expect(demo.tokensPerDay!.remaining).toBe(200_000 - cost - demo.tokensPerDay!.consumed);
  });

  it('trips the project-hour bucket, then recovers the next hour', async () => {
    await admin(q, 'DELETE', '/property-quota');
    await admin(q, 'DELETE', '/quota/refused');
    await admin(q, 'POST', '/property-quota', { property: 'properties/300000001', tokens: 13_998 });
    expect((await runReport(q, bearer)).status).toBe(200);
    const r = await runReport(q, bearer);
    expect(r.status).toBe(429);
    expect(errorOf(r.text)).toEqual({ code: 429, message: `Exhausted property tokens for a project per hour. These quota tokens will return in under an hour. To learn more, see ${QUOTA_URL}`, status: 'RESOURCE_EXHAUSTED' });
    expect(await refused()).toEqual({ 'ga4:tokensPerProjectPerHour': 1 });
    // another OAuth client (project) still has its own hourly bucket
    expect((await runReport(q, mint(q, DEMO_SUB, READONLY, 'another-client.apps.googleusercontent.com'))).status).toBe(200);
    await admin(q, 'PUT', '/clock', { advanceMs: 3_600_000 });
    bearer = mint(q); // the earlier token expired with the hour
    const ok = await runReport(q, bearer, { ...REPORT, returnPropertyQuota: true });
    expect(ok.status).toBe(200);
    expect(quotaOf(ok.text).tokensPerDay!.remaining).toBeLessThan(200_000 - 14_000);
  });

  it('trips the daily bucket and the thresholded-requests bucket', async () => {
    await admin(q, 'DELETE', '/property-quota');
    await admin(q, 'DELETE', '/quota/refused');
    await admin(q, 'POST', '/property-quota', { property: 'properties/300000001', thresholdedRequests: 120 });
    const t = await runReport(q, bearer, { ...REPORT, dimensions: [{ name: 'userGender' }] });
    expect(t.status).toBe(429);
    expect(errorOf(t.text).message).toContain('Exhausted potentially thresholded requests quota.');
    expect((await runReport(q, bearer)).status).toBe(200);
    await admin(q, 'POST', '/property-quota', { property: 'properties/300000001', tokens: 200_000, project: 'someone-else' });
    const d = await runReport(q, bearer);
    expect(d.status).toBe(429);
    expect(errorOf(d.text).message).toContain('Exhausted property tokens per day.');
    await admin(q, 'PUT', '/clock', { advanceMs: 3_600_000 });
    bearer = mint(q);
    expect((await runReport(q, bearer)).status).toBe(429);
    await admin(q, 'PUT', '/clock', { now: '2026-06-16T07:30:00Z' }); // 00:30 Pacific: a new quota day
    bearer = mint(q);
    expect((await runReport(q, bearer)).status).toBe(200);
    expect(await refused()).toEqual({ 'ga4:potentiallyThresholdedRequestsPerHour': 1, 'ga4:tokensPerDay': 2 });
    await admin(q, 'DELETE', '/property-quota');
  });

  it('allows 10 concurrent requests per property and refuses the 11th', async () => {
    await admin(q, 'DELETE', '/quota/refused');
    await admin(q, 'PUT', '/faults', { key: 'properties/300000001', plan: { latencyMs: 400, times: 12 } });
    const results = await Promise.all(Array.from({ length: 12 }, () => runReport(q, bearer)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200).length).toBe(10);
    expect(statuses.filter((s) => s === 429).length).toBe(2);
    const refused = results.find((r) => r.status === 429)!;
    expect(errorOf(refused.text).message).toContain('Exhausted concurrent requests quota.');
    await admin(q, 'DELETE', '/faults');
    // the injected latency held the requests; the two refusals are the quota's, and counted
    expect((await admin(q, 'GET', '/quota')).json.refused).toEqual({ 'ga4:concurrentRequests': 2 });
  });

  it('counts server errors per project and blocks after 10 in an hour', async () => {
    await admin(q, 'DELETE', '/property-quota');
    await admin(q, 'DELETE', '/quota/refused');
    // injected faults are not quota refusals, not even an injected 429: never counted
    await admin(q, 'PUT', '/faults', { key: 'properties/300000001', plan: { rateLimit: { retryAfterSeconds: 30 }, times: 1 } });
    expect(errorOf((await runReport(q, bearer)).text).message).toContain('Exhausted concurrent requests quota.');
    await admin(q, 'PUT', '/faults', { key: 'properties/300000001', plan: { serverError: { status: 503 }, times: 11 } });
    for (let i = 0; i < 10; i++) expect((await runReport(q, bearer)).status).toBe(503);
    expect(await refused()).toEqual({});
    const r = await runReport(q, bearer);
    expect(r.status).toBe(429);
    expect(errorOf(r.text).message).toContain('Exhausted server errors');
    // the 11th is the quota's refusal (in place of the injected 503): counted; DELETE starts the count again
    expect(await refused()).toEqual({ 'ga4:serverErrorsPerProjectPerHour': 1 });
    expect((await admin(q, 'DELETE', '/quota/refused')).json).toEqual({ mode: 'realistic', refused: {} });
    expect(await refused()).toEqual({});
    const usage = await admin(q, 'GET', '/property-quota?property=properties/300000001');
    expect((usage.json.usage as Record<string, number>).serverErrorsPerProjectPerHour).toBe(10);
    await admin(q, 'DELETE', '/property-quota');
  });
});
