import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleAdsEmulator } from '../src/google-ads/app.js';
import { googleEmulator } from '../src/google/app.js';
import { SANDBOX_APPS } from '../src/common/world.js';
import { startPlatform, type RunningPlatform } from './harness.js';

// Google Ads REST emulator: headers and access rules, account listing and hierarchy, GAQL errors,
// faults and realistic quotas. Raw HTTP, the way a client sees it.

const DEV = SANDBOX_APPS.googleAdsDeveloperToken;
const MANAGER = '1234567890';
const CLIENT = '2345678901';
const HIDDEN = '3456789012';
const OTHER = '5678901234';

let p: RunningPlatform;
let token: string;

type Json = Record<string, unknown>;

async function mint(body: Json = {}): Promise<string> {
  const res = await fetch(`${p.baseUrl}/__admin/tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return ((await res.json()) as Json).access_token as string;
}

function headers(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const h: Record<string, string | undefined> = { authorization: `Bearer ${token}`, 'developer-token': DEV, 'content-type': 'application/json', ...extra };
  return Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)) as Record<string, string>;
}

async function search(cid: string, query: string, extra: Record<string, string | undefined> = {}, opts: { stream?: boolean; body?: Json; version?: string } = {}): Promise<{ status: number; json: Json & Json[] }> {
  const res = await fetch(`${p.baseUrl}/${opts.version ?? 'v23'}/customers/${cid}/googleAds:${opts.stream ? 'searchStream' : 'search'}`, {
    method: 'POST', headers: headers(extra), body: JSON.stringify({ query, ...opts.body }),
  });
  return { status: res.status, json: (await res.json()) as Json & Json[] };
}

/** the GoogleAdsFailure's first error code, e.g. { queryError: 'UNRECOGNIZED_FIELD' } */
function failure(json: Json): { code: Json; message: string; requestId: unknown; type: unknown } {
  const detail = ((json.error as Json).details as Json[])[0]!;
  const e = (detail.errors as Json[])[0]!;
  return { code: e.errorCode as Json, message: e.message as string, requestId: detail.requestId, type: detail['@type'] };
}

async function admin(path: string, method: string, body: unknown): Promise<Response> {
  return fetch(`${p.baseUrl}/__admin/${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

beforeAll(async () => {
  p = await startPlatform('google-ads', googleAdsEmulator);
  token = await mint();
});
afterAll(async () => p.close());

describe('Google Ads headers and access', () => {
  it('rejects missing and invalid credentials with the exact 401 bodies', async () => {
    const missing = await search(CLIENT, 'SELECT customer.id FROM customer', { authorization: undefined });
    expect(missing).toEqual({ status: 401, json: { error: { code: 401, message: 'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.', status: 'UNAUTHENTICATED' } } });
    const invalid = await search(CLIENT, 'SELECT customer.id FROM customer', { authorization: 'Bearer ya29.a0nope' });
    expect(invalid.status).toBe(401);
    expect((invalid.json.error as Json).message).toMatch(/^Request had invalid authentication credentials\./);
    expect((invalid.json.error as Json).details).toBeUndefined();
  });

  it('needs the adwords scope', async () => {
    const narrow = await mint({ scope: 'openid email' });
    const res = await search(CLIENT, 'SELECT customer.id FROM customer', { authorization: `Bearer ${narrow}` });
    expect(res.status).toBe(403);
    expect(res.json.error).toMatchObject({ code: 403, status: 'PERMISSION_DENIED', message: 'Request had insufficient authentication scopes.', details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT' }] });
  });

  it('checks developer-token: missing -> 400 DEVELOPER_TOKEN_PARAMETER_MISSING, wrong -> 401 DEVELOPER_TOKEN_INVALID', async () => {
    const missing = await search(CLIENT, 'SELECT customer.id FROM customer', { 'developer-token': undefined });
    expect(missing.status).toBe(400);
    expect(failure(missing.json)).toMatchObject({ code: { requestError: 'DEVELOPER_TOKEN_PARAMETER_MISSING' }, message: 'developer-token parameter is missing.', type: 'type.googleapis.com/google.ads.googleads.v23.errors.GoogleAdsFailure' });
    const wrong = await search(CLIENT, 'SELECT customer.id FROM customer', { 'developer-token': 'nope' });
    expect(wrong.status).toBe(401);
    expect(failure(wrong.json).code).toEqual({ authenticationError: 'DEVELOPER_TOKEN_INVALID' });
  });

  it('applies the login-customer-id rules', async () => {
    expect((await search(CLIENT, 'SELECT customer.id FROM customer')).status).toBe(200); // direct access
    expect((await search(CLIENT, 'SELECT customer.id FROM customer', { 'login-customer-id': MANAGER })).status).toBe(200);
    const dashed = await search(CLIENT, 'SELECT customer.id FROM customer', { 'login-customer-id': '123-456-7890' });
    expect([dashed.status, failure(dashed.json).code]).toEqual([400, { headerError: 'INVALID_LOGIN_CUSTOMER_ID' }]);
    // the hidden client is reachable only through its manager
    const noManager = await search(HIDDEN, 'SELECT customer.id FROM customer');
    expect([noManager.status, failure(noManager.json).code]).toEqual([403, { authorizationError: 'USER_PERMISSION_DENIED' }]);
    expect(failure(noManager.json).message).toContain("the manager's customer id must be set in the 'login-customer-id' header");
    const viaManager = await search(HIDDEN, 'SELECT customer.id FROM customer', { 'login-customer-id': MANAGER });
    expect([viaManager.status, failure(viaManager.json).code]).toEqual([403, { authorizationError: 'CUSTOMER_NOT_ENABLED' }]);
    const foreign = await search(OTHER, 'SELECT customer.id FROM customer');
    expect(failure(foreign.json).code).toEqual({ authorizationError: 'USER_PERMISSION_DENIED' });
    const foreignLogin = await search(CLIENT, 'SELECT customer.id FROM customer', { 'login-customer-id': OTHER });
    expect(failure(foreignLogin.json).code).toEqual({ authorizationError: 'USER_PERMISSION_DENIED' });
    const northwind = await mint({ sub: '100000000000000000002' });
    const mismatch = await search(OTHER, 'SELECT customer.id FROM customer', { authorization: `Bearer ${northwind}`, 'login-customer-id': OTHER });
    expect(mismatch.status).toBe(200);
    const bad = await search('123-456-7890', 'SELECT customer.id FROM customer');
    expect([bad.status, failure(bad.json)]).toMatchObject([400, { code: { requestError: 'INVALID_CUSTOMER_ID' }, message: "Invalid customer ID '123-456-7890'." }]);
  });

  it('rejects sunset versions and unknown paths', async () => {
    const old = await search(CLIENT, 'SELECT customer.id FROM customer', {}, { version: 'v19' });
    expect([old.status, failure(old.json).code]).toEqual([400, { requestError: 'UNSUPPORTED_VERSION' }]);
    expect((await search(CLIENT, 'SELECT customer.id FROM customer', {}, { version: 'v26' })).status).toBe(200);
    expect((await fetch(`${p.baseUrl}/v23/customers/${CLIENT}/campaigns`, { headers: headers() })).status).toBe(404);
  });

  it('accepts access tokens issued by the Google OAuth emulator (shared token store)', async () => {
    const oauth = await startPlatform('google', googleEmulator);
    const own = p.ctx.tokens;
    try {
      p.ctx.tokens = oauth.ctx.tokens; // what the mounter does: one store for google, google-ads and ga4
      const url = `${oauth.baseUrl}/o/oauth2/v2/auth?${new URLSearchParams({ client_id: SANDBOX_APPS.google.clientId, redirect_uri: 'http://localhost/cb', response_type: 'code', scope: 'https://www.googleapis.com/auth/adwords', access_type: 'offline' })}`;
      const id = /name="consent_id" value="([^"]+)"/.exec(await (await fetch(url)).text())![1]!;
      const back = await fetch(`${oauth.baseUrl}/signin/oauth/consent`, { method: 'POST', body: new URLSearchParams({ consent_id: id, decision: 'allow', account: '100000000000000000001' }), redirect: 'manual' });
      const code = new URL(back.headers.get('location')!).searchParams.get('code')!;
      const tok = (await (await fetch(`${oauth.baseUrl}/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: 'http://localhost/cb', client_id: SANDBOX_APPS.google.clientId, client_secret: SANDBOX_APPS.google.clientSecret }) })).json()) as Json;
      const res = await fetch(`${p.baseUrl}/v23/customers:listAccessibleCustomers`, { headers: headers({ authorization: `Bearer ${String(tok.access_token)}` }) });
      expect(await res.json()).toEqual({ resourceNames: [`customers/${MANAGER}`, `customers/${CLIENT}`] });
    } finally {
      p.ctx.tokens = own;
      await oauth.close();
    }
  });
});

describe('Google Ads accounts', () => {
  it('lists accessible customers, and NOT_ADS_USER for a user without accounts', async () => {
    const res = await fetch(`${p.baseUrl}/v23/customers:listAccessibleCustomers`, { headers: headers() });
    expect(await res.json()).toEqual({ resourceNames: [`customers/${MANAGER}`, `customers/${CLIENT}`] });
    const noAds = await mint({ sub: '100000000000000000003' });
    const none = await fetch(`${p.baseUrl}/v23/customers:listAccessibleCustomers`, { headers: headers({ authorization: `Bearer ${noAds}` }) });
    expect(none.status).toBe(401);
    const body = (await none.json()) as Json;
    expect(body.error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' });
    expect(failure(body)).toMatchObject({ code: { authenticationError: 'NOT_ADS_USER' }, message: expect.stringContaining('is not associated with any Ads accounts') });
  });

  it('returns the manager hierarchy with hidden clients, and refuses metrics on a manager', async () => {
    const res = await search(MANAGER, 'SELECT customer_client.client_customer, customer_client.id, customer_client.descriptive_name, customer_client.level, customer_client.manager, customer_client.hidden, customer_client.status, customer_client.currency_code, customer_client.time_zone FROM customer_client WHERE customer_client.level <= 1', { 'login-customer-id': MANAGER });
    expect(res.status).toBe(200);
    const rows = (res.json.results as Json[]).map((r) => r.customerClient as Json);
    expect(rows).toEqual([
      expect.objectContaining({ resourceName: `customers/${MANAGER}/customerClients/${MANAGER}`, level: '0', manager: true, hidden: false, status: 'ENABLED' }),
      { resourceName: `customers/${MANAGER}/customerClients/${CLIENT}`, clientCustomer: `customers/${CLIENT}`, id: CLIENT, descriptiveName: 'Parallels Demo Store - Search & Shopping', level: '1', manager: false, hidden: false, status: 'ENABLED', currencyCode: 'INR', timeZone: 'Asia/Kolkata' },
      expect.objectContaining({ id: HIDDEN, level: '1', hidden: true, status: 'CANCELED' }),
    ]);
    expect(res.json.fieldMask).toBe('customerClient.clientCustomer,customerClient.id,customerClient.descriptiveName,customerClient.level,customerClient.manager,customerClient.hidden,customerClient.status,customerClient.currencyCode,customerClient.timeZone');
    const me = await search(MANAGER, 'SELECT customer.id, customer.descriptive_name, customer.currency_code, customer.time_zone, customer.manager, customer.test_account, customer.status FROM customer');
    expect(me.json.results).toEqual([{ customer: { resourceName: `customers/${MANAGER}`, id: MANAGER, descriptiveName: 'Parallels Demo Agency (MCC)', currencyCode: 'INR', timeZone: 'Asia/Kolkata', manager: true, testAccount: false, status: 'ENABLED' } }]);
    const metrics = await search(MANAGER, 'SELECT customer.id, metrics.clicks FROM customer WHERE segments.date DURING LAST_7_DAYS');
    expect([metrics.status, failure(metrics.json).code]).toEqual([400, { queryError: 'REQUESTED_METRICS_FOR_MANAGER' }]);
  });
});

describe('GAQL errors', () => {
  const cases: Array<[string, Json]> = [
    ['SELECT campaign.nme FROM campaign', { queryError: 'UNRECOGNIZED_FIELD' }],
    ['SELECT campaign.id FROM campaigns', { queryError: 'BAD_RESOURCE_TYPE_IN_FROM_CLAUSE' }],
    ['campaign.id FROM campaign', { queryError: 'EXPECTED_SELECT' }],
    ['SELECT campaign.id', { queryError: 'EXPECTED_FROM' }],
    ['SELECT campaign.id FORM campaign', { queryError: 'UNEXPECTED_INPUT' }],
    ['SELECT campaign.id, segments.date FROM campaign', { queryError: 'EXPECTED_FILTERS_ON_DATE_RANGE' }],
    ["SELECT campaign.id, segments.date FROM campaign WHERE segments.date >= '2026-01-01'", { queryError: 'EXPECTED_FILTERS_ON_DATE_RANGE' }],
    ['SELECT campaign.id FROM campaign WHERE segments.date DURING LAST_90_DAYS', { queryError: 'INVALID_VALUE_WITH_DURING_OPERATOR' }],
    ["SELECT campaign.id FROM campaign WHERE segments.date BETWEEN '2026-13-01' AND '2026-01-31'", { queryError: 'INVALID_VALUE_WITH_BETWEEN_OPERATOR' }],
    ["SELECT campaign.id FROM campaign WHERE segments.date BETWEEN '2026-01-01' '2026-01-31'", { queryError: 'EXPECTED_AND' }],
    ['SELECT ad_group.name FROM campaign', { queryError: 'PROHIBITED_RESOURCE_TYPE_IN_SELECT_CLAUSE' }],
    ['SELECT campaign.id, segments.search_term_match_type FROM campaign', { queryError: 'PROHIBITED_SEGMENT_IN_SELECT_OR_WHERE_CLAUSE' }],
    ['SELECT customer_client.id, metrics.clicks FROM customer_client', { queryError: 'PROHIBITED_METRIC_IN_SELECT_OR_WHERE_CLAUSE' }],
    ["SELECT campaign.id FROM campaign WHERE campaign.status = 'RUNNING'", { queryError: 'BAD_ENUM_CONSTANT' }],
    ["SELECT campaign.id FROM campaign WHERE campaign.name = 'Brand", { queryError: 'STRING_NOT_TERMINATED' }],
    ['SELECT campaign.id FROM campaign WHERE campaign.status IN ()', { queryError: 'PROHIBITED_EMPTY_LIST_IN_CONDITION' }],
    ['SELECT campaign.id FROM campaign LIMIT 0', { queryError: 'LIMIT_VALUE_TOO_LOW' }],
    ['SELECT campaign.id FROM campaign WHERE campaign.name LIKE 5', { queryError: 'INVALID_VALUE_WITH_LIKE_OPERATOR' }],
    ['SELECT search_term_view.search_term FROM search_term_view WHERE segments.search_term_match_type = EXACT', { queryError: 'EXPECTED_REFERENCED_FIELD_IN_SELECT_CLAUSE' }],
    ['SELECT campaign.start_date FROM campaign', { queryError: 'UNRECOGNIZED_FIELD' }], // v23 has start_date_time
    ['SELECT shopping_product.item_id, segments.date FROM shopping_product WHERE segments.date DURING LAST_7_DAYS', { shoppingProductError: 'UNSUPPORTED_DATE_SEGMENTATION' }],
  ];
  it.each(cases)('%s -> %o', async (query, code) => {
    const res = await search(CLIENT, query);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT', message: 'Request contains an invalid argument.' });
    const f = failure(res.json);
    expect(f.code).toEqual(code);
    expect(typeof f.requestId).toBe('string');
  });

  it('keeps start_date on v22 and start_date_time on v23', async () => {
    const v22 = await search(CLIENT, "SELECT campaign.start_date, campaign.end_date FROM campaign WHERE campaign.name = 'Brand | Exact'", {}, { version: 'v22' });
    expect((v22.json.results as Json[])[0]).toMatchObject({ campaign: { startDate: '2021-03-01', endDate: '2037-12-30' } });
    const v23 = await search(CLIENT, "SELECT campaign.start_date_time FROM campaign WHERE campaign.name = 'PMax | Festive - Diwali'");
    expect((v23.json.results as Json[])[0]).toMatchObject({ campaign: { startDateTime: '2025-10-01 00:00:00' } });
  });

  it('rejects pageSize, unknown body fields, and wraps searchStream errors in an array', async () => {
    const paged = await search(CLIENT, 'SELECT campaign.id FROM campaign', {}, { body: { pageSize: 100 } });
    expect([paged.status, failure(paged.json)]).toMatchObject([400, { code: { requestError: 'PAGE_SIZE_NOT_SUPPORTED' }, message: "Setting the page size is not supported. Search Responses will have fixed page size of '10000' rows." }]);
    const unknown = await search(CLIENT, 'SELECT campaign.id FROM campaign', {}, { body: { foo: 1 } });
    expect(unknown.json).toEqual({ error: { code: 400, message: 'Invalid JSON payload received. Unknown name "foo": Cannot find field.', status: 'INVALID_ARGUMENT', details: [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ description: 'Invalid JSON payload received. Unknown name "foo": Cannot find field.' }] }] } });
    const stream = await search(CLIENT, 'SELECT campaign.nme FROM campaign', {}, { stream: true });
    expect(stream.status).toBe(400);
    expect(Array.isArray(stream.json)).toBe(true);
    expect(failure(stream.json[0]!).code).toEqual({ queryError: 'UNRECOGNIZED_FIELD' });
    const badJson = await fetch(`${p.baseUrl}/v23/customers/${CLIENT}/googleAds:searchStream`, { method: 'POST', headers: headers(), body: '{"query":' });
    expect(badJson.status).toBe(400);
    expect(((await badJson.json()) as Json[])[0]).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
  });

  it('supports WHERE operators, ORDER BY, LIMIT and PARAMETERS', async () => {
    const res = await search(CLIENT, "SELECT campaign.name, campaign.status FROM campaign WHERE campaign.status IN ('ENABLED', 'PAUSED') AND campaign.name LIKE '%|%' AND campaign.advertising_channel_type != PERFORMANCE_MAX ORDER BY campaign.status DESC, campaign.name LIMIT 3 PARAMETERS omit_unselected_resource_names = true");
    expect(res.status).toBe(200);
    const rows = (res.json.results as Json[]).map((r) => r.campaign as Json);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual({ name: 'Competitor | Exact', status: 'PAUSED' });
    expect(rows.every((r) => r.resourceName === undefined)).toBe(true);
    const removed = await search(CLIENT, "SELECT campaign.name FROM campaign WHERE campaign.status = 'REMOVED'");
    expect((removed.json.results as Json[]).map((r) => (r.campaign as Json).name).sort()).toEqual(['Generic | Exact - Lehenga (Wedding season)', 'Shopping | Clearance (Q1)']);
  });
});

describe('Google Ads faults and quotas', () => {
  const q = 'SELECT campaign.id FROM campaign';
  const setFault = (key: string, plan: Json) => admin('faults', 'PUT', { key, plan });

  it('maps each fault mode to the API error', async () => {
    await setFault(CLIENT, { rateLimit: { retryAfterSeconds: 30 }, times: 1 });
    const rl = await search(CLIENT, q);
    expect(rl.status).toBe(429);
    expect(rl.json.error).toMatchObject({ code: 429, status: 'RESOURCE_EXHAUSTED' });
    expect(((rl.json.error as Json).details as Json[])[0]!.errors).toEqual([{ errorCode: { quotaError: 'RESOURCE_TEMPORARILY_EXHAUSTED' }, message: 'Too many requests. Retry in 30 seconds.', details: { quotaErrorDetails: { rateScope: 'ACCOUNT', rateName: 'Requests per account', retryDelay: '30s' } } }]);
    await setFault(CLIENT, { rateLimit: { retryAfterSeconds: 40000 }, times: 1 });
    expect(failure((await search(CLIENT, q)).json).code).toEqual({ quotaError: 'RESOURCE_EXHAUSTED' });

    await setFault(CLIENT, { serverError: { status: 500 }, times: 1 });
    const e500 = await search(CLIENT, q);
    expect([e500.status, (e500.json.error as Json).status, failure(e500.json).code]).toEqual([500, 'INTERNAL', { internalError: 'INTERNAL_ERROR' }]);
    await setFault(CLIENT, { serverError: {}, times: 1 });
    expect(await search(CLIENT, q)).toEqual({ status: 503, json: { error: { code: 503, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' } } });

    await setFault(token, { tokenExpired: true, times: 1 });
    expect((await search(CLIENT, q)).status).toBe(401);
    await setFault(CLIENT, { permissionDenied: true, times: 1 });
    expect(failure((await search(CLIENT, q)).json).code).toEqual({ authorizationError: 'USER_PERMISSION_DENIED' });
    await setFault('*', { notAdsUser: true, times: 1 });
    const nau = await fetch(`${p.baseUrl}/v23/customers:listAccessibleCustomers`, { headers: headers() });
    expect([nau.status, failure((await nau.json()) as Json).code]).toEqual([401, { authenticationError: 'NOT_ADS_USER' }]);

    await setFault(CLIENT, { serverError: { status: 503 }, times: 1 });
    const wrapped = await search(CLIENT, q, {}, { stream: true });
    expect(wrapped).toEqual({ status: 503, json: [{ error: { code: 503, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' } }] });

    await setFault(CLIENT, { malformed: true, times: 1 });
    const bad = await fetch(`${p.baseUrl}/v23/customers/${CLIENT}/googleAds:search`, { method: 'POST', headers: headers(), body: JSON.stringify({ query: q }) });
    expect(bad.status).toBe(200);
    await expect(bad.json()).rejects.toThrow();

    // the answer says what was injected; bench/src/emulator-timing.ts measures the wait itself
    await setFault(CLIENT, { latencyMs: 250, times: 1 });
    const slow = await fetch(`${p.baseUrl}/v23/customers/${CLIENT}/googleAds:search`, { method: 'POST', headers: headers(), body: JSON.stringify({ query: q }) });
    expect(slow.status).toBe(200);
    expect(slow.headers.get('server-timing')).toMatch(/(^|, )fault;dur=250(,|$)/);

    await setFault(CLIENT, { timeout: true, times: 1 });
    await expect(fetch(`${p.baseUrl}/v23/customers/${CLIENT}/googleAds:search`, { method: 'POST', headers: headers(), body: JSON.stringify({ query: q }), signal: AbortSignal.timeout(300) })).rejects.toThrow();
    expect((await search(CLIENT, q)).status).toBe(200); // faults with `times` clear themselves
  });

  it('enforces realistic quotas: daily operations per developer token, requests per customer', async () => {
    await admin('quota', 'PUT', { mode: 'realistic' });
    const refused = async () => ((await (await admin('quota', 'GET', undefined)).json()) as { refused: Json }).refused;
    try {
      // an injected rate limit answers the same 429 but is not a quota refusal: not counted
      await admin('quota/refused', 'DELETE', {});
      await setFault(CLIENT, { rateLimit: { retryAfterSeconds: 40000 }, times: 1 });
      expect(failure((await search(CLIENT, q)).json).code).toEqual({ quotaError: 'RESOURCE_EXHAUSTED' });
      expect(await refused()).toEqual({});
      await admin('quota/usage', 'PUT', { operations: 15_000 });
      const daily = await search(CLIENT, q);
      expect(daily.status).toBe(429);
      const e = ((daily.json.error as Json).details as Json[])[0]!.errors as Json[];
      // 2026-06-15T06:00Z is 23:00 in Los Angeles: one hour to the Pacific midnight reset
      expect(e[0]).toEqual({ errorCode: { quotaError: 'RESOURCE_EXHAUSTED' }, message: 'Too many requests. Retry in 3600 seconds.', details: { quotaErrorDetails: { rateScope: 'DEVELOPER', rateName: 'Number of operations for basic access', retryDelay: '3600s' } } });
      // the budget is the token's across all its customers: another customer is refused too, and each refusal counted
      expect((await search(OTHER, q)).status).toBe(429);
      const used = (await (await admin('quota/usage', 'GET', undefined)).json()) as { developerTokens: Record<string, Json> };
      expect(used.developerTokens[DEV]).toMatchObject({ operations: 15_000, refused: 2 });
      expect(await refused()).toEqual({ 'google-ads:RESOURCE_EXHAUSTED': 2 });
      await admin('quota/usage', 'PUT', { operations: 0, customerId: CLIENT, requests: 600 });
      const burst = await search(CLIENT, q);
      expect(failure(burst.json).code).toEqual({ quotaError: 'RESOURCE_TEMPORARILY_EXHAUSTED' });
      expect((await search(CLIENT, q, { 'login-customer-id': MANAGER })).status).toBe(429);
      await admin('clock', 'PUT', { advanceMs: 61_000 });
      expect((await search(CLIENT, q)).status).toBe(200);
      // every refusal, read back as the benchmark reads them; DELETE starts the count again
      expect(await refused()).toEqual({ 'google-ads:RESOURCE_EXHAUSTED': 2, 'google-ads:RESOURCE_TEMPORARILY_EXHAUSTED': 2 });
      expect(((await (await admin('quota/refused', 'DELETE', {})).json()) as Json).refused).toEqual({});
      expect(await refused()).toEqual({});
    } finally {
      await admin('quota', 'PUT', { mode: 'off' });
      await admin('clock', 'PUT', { now: '2026-06-15T06:00:00Z' });
    }
  });
});
