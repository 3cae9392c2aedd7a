import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { RegisteredRoute } from '../src/app.js';
import { insertBrand } from '../src/modules/brands/brands.sql.js';
import { BUDGETS } from '../src/connectors/quota-gate.js';
import { QuotaLedger } from '../src/sync/quota-ledger.js';
import { createTestApp, DB_KINDS, sessionCookie, type TestApp } from './test-app.js';
import { leakyBucket } from './fixtures/leaky-bucket.js';

// Operability (issue 23 item 6): OpenAPI 3.1 from the routes' zod schemas at /api/docs, every API route with
// request and response schemas, Prometheus metrics at /metrics (closed in production without the token), and
// readiness at /api/ready (database and job queue).
const ORIGIN = 'http://localhost:3000';
const METRICS_TOKEN = 'metrics-token-0123456789';

/**
 * Routes that answer no JSON, so there is no JSON response schema to give: the OAuth callbacks and the Shopify
 * install answer with redirects, the unsubscribe link with an HTML page, and Shopify's webhook receiver takes a
 * raw body it verifies by HMAC before reading it and answers an empty 200. Every other API route declares them.
 */
const NOT_JSON = new Set([
  'GET /api/auth/google/callback',
  'GET /api/auth/facebook/callback',
  'GET /api/auth/zoho/callback',
  'GET /api/auth/shopify/callback',
  'POST /api/auth/shopify-install',
  'GET /api/email/unsubscribe',
  'POST /api/email/unsubscribe',
  'POST /api/webhooks/shopify',
]);
/** Writes that read no input at all: nothing to declare but the answer. */
const NO_INPUT = new Set(['POST /api/auth/logout', 'POST /api/sandbox/mail/run-schedule']);

/**
 * What a route lacks: a 2xx response schema; params for a path with parameters; for a method that sends a body,
 * a schema of what it reads (its body, its query or its path).
 */
function missingSchemas(route: Pick<RegisteredRoute, 'method' | 'url' | 'schema'>): string[] {
  const key = `${route.method} ${route.url}`;
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const missing: string[] = [];
  const response = schema.response as Record<string, unknown> | undefined;
  if (!NOT_JSON.has(key) && (!response || !Object.keys(response).some((code) => /^2/.test(code)))) missing.push('response');
  if (route.url.includes(':') && !schema.params) missing.push('params');
  if (['POST', 'PUT', 'PATCH'].includes(route.method) && !NO_INPUT.has(key) && !NOT_JSON.has(key) && !schema.body && !schema.querystring && !schema.params) missing.push('request');
  return missing;
}

const apiRoutes = (t: TestApp) => t.app.routeList.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD');

describe.each(DB_KINDS)('operability on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { sync: true });
  });
  afterAll(async () => t?.close());

  it('has request and response schemas on every API route', () => {
    const routes = apiRoutes(t);
    expect(routes.length).toBeGreaterThan(50);
    const lacking = routes.map((r) => ({ route: `${r.method} ${r.url}`, missing: missingSchemas(r) })).filter((r) => r.missing.length > 0);
    expect(lacking).toEqual([]);
  });

  it('tells a route without schemas (the check can fail)', () => {
    expect(missingSchemas({ method: 'POST', url: '/api/x/:brandId', schema: undefined })).toEqual(['response', 'params', 'request']);
    expect(missingSchemas({ method: 'GET', url: '/api/x', schema: { response: { 400: {} } } })).toEqual(['response']);
  });

  it('serves OpenAPI 3.1 of every API route, and a browsable reference at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { responses?: Record<string, unknown>; requestBody?: unknown }>> };
    expect(doc.openapi).toBe('3.1.0');
    const documented = new Set(Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)));
    const expected = apiRoutes(t).map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(expected.filter((r) => !documented.has(r))).toEqual([]);
    expect([...documented].filter((r) => !r.includes('/api/'))).toEqual([]);
    // a report route's request body and answer are there, from its zod schemas
    const campaign = doc.paths['/api/meta/campaign/{brandId}']?.post;
    expect(campaign?.requestBody).toBeDefined();
    expect(Object.keys(campaign?.responses ?? {})).toContain('200');

    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const script = /src="\.\/(static\/swagger-ui-bundle\.js)"/.exec(page.body)?.[1];
    expect(script).toBeDefined();
    const js = await t.app.inject({ method: 'GET', url: `/api/docs/${script}` });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toContain('javascript');
    // the product's name and mark, not Swagger UI's default logo
    expect(page.body).toContain('<title>Parallels API reference</title>');
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    const logo = /img\.src = 'data:image\/svg\+xml;base64,([^']+)'/.exec(init.body)?.[1];
    expect(Buffer.from(logo ?? '', 'base64').toString()).toContain('Parallels API');
  });

  it('answers /api/ready when the database and the queue answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'ok', queue: 'ok' });
  });

  it('exports request latency by route, the queue by kind and sync lag per connection at /metrics', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/brands/00000000-0000-4000-8000-000000000000' });
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { origin: ORIGIN }, payload: { username: 'ops', email: 'ops@example.com', password: 'ops-password-1' } });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/normal', headers: { origin: ORIGIN }, payload: { email: 'ops@example.com', password: 'ops-password-1' } });
    expect(sessionCookie(login)).toBeTruthy();
    const userId = login.json().user.id as string;
    const brandId = await insertBrand(t.database.db, { name: 'Ops', currency: 'USD', timezone: 'UTC', userId, connections: [{ platform: 'meta', accountId: 'act_9', accountName: 'Ops', managerId: null, grantId: null }, { platform: 'ga4', accountId: '42', accountName: 'Web', managerId: null, grantId: null }] });
    await t.database.db.execute(sql`update connections set last_synced_at = now() - interval '2 hours' where brand_id = ${brandId} and platform = 'meta'`);
    // a job due an hour ago that no worker took yet (a queue name no worker serves)
    const boss = t.app.syncQueue!.boss;
    await boss.createQueue('ops-test');
    await boss.send('ops-test', {}, { startAfter: new Date(Date.now() - 3_600_000) });

    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/parallels_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} 1/);
    // by route pattern, never by URL
    expect(text).toMatch(/route="\/api\/brands\/:brandId"/);
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(text).toMatch(/parallels_queue_jobs\{kind="ops-test",state="ready"\} 1/);
    const age = Number(/parallels_queue_oldest_ready_seconds\{kind="ops-test"\} ([\d.e+]+)/.exec(text)?.[1]);
    expect(age).toBeGreaterThanOrEqual(3599);
    expect(age).toBeLessThan(3700);
    expect(text).toMatch(/parallels_queue_jobs\{kind="sync-backfill",state="ready"\} \d+/);
    const lag = Number(new RegExp(`parallels_sync_lag_seconds\\{brand_id="${brandId}",connection_id="[^"]+",platform="meta"\\} ([\\d.e+]+)`).exec(text)?.[1]);
    expect(lag).toBeGreaterThanOrEqual(7199);
    expect(lag).toBeLessThan(7300);
    expect(text).toMatch(/parallels_sync_never_synced\{platform="ga4"\} 1/);
    expect(text).toMatch(/parallels_metrics_database_up 1/);
    expect(text).toMatch(/parallels_process_resident_memory_bytes \d+/);
  });

  it("exports the quota ledger's use by platform and budget at /metrics", async () => {
    const ledger = new QuotaLedger(t.database.db);
    const tokens = BUDGETS.googleAdsDeveloperToken('ops-developer-token', 200);
    const bucket = leakyBucket('ops.myshopify.com');
    await ledger.reserve([{ budget: tokens, cost: 30 }], 'recent');
    await ledger.reserve([{ budget: bucket, cost: 100 }], 'recent');
    await expect(ledger.reserve([{ budget: tokens, cost: 1 }], 'history')).resolves.toBeDefined();
    await expect(ledger.reserve([{ budget: tokens, cost: 150 }], 'history')).rejects.toMatchObject({ kind: 'rate_limit' }); // 181 > 200 - 50
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).toContain(`parallels_quota_used{platform="google_ads",budget="${tokens.key}",period="pacific_day"} 31`);
    expect(text).toContain(`parallels_quota_capacity{platform="google_ads",budget="${tokens.key}",period="pacific_day"} 200`);
    expect(text).toContain(`parallels_quota_refused{platform="google_ads",budget="${tokens.key}"} 1`);
    expect(text).toContain('parallels_quota_use_ratio{platform="google_ads"} 0.155');
    // a leaky bucket drains between the reservation and the scrape: at most the 100 reserved
    const shopify = Number(/parallels_quota_use_ratio\{platform="shopify"\} ([\d.e+-]+)/.exec(text)?.[1]);
    expect(shopify).toBeGreaterThan(0);
    expect(shopify).toBeLessThanOrEqual(0.1);
  });
});

describe.each(DB_KINDS)('readiness and metrics without a queue or in production on %s', (kind) => {
  let t: TestApp;
  let prod: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
    prod = await createTestApp(kind, { NODE_ENV: 'production', METRICS_TOKEN });
  });
  afterAll(async () => {
    await t?.close();
    await prod?.close();
  });

  it('keeps /metrics for the bearer token in production, and open in development', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    const host = new URL(prod.config.publicUrl).host;
    expect((await prod.app.inject({ method: 'GET', url: '/metrics', headers: { host } })).statusCode).toBe(403);
    expect((await prod.app.inject({ method: 'GET', url: '/metrics', headers: { host, authorization: `Bearer ${METRICS_TOKEN}x` } })).statusCode).toBe(403);
    expect((await prod.app.inject({ method: 'GET', url: '/metrics', headers: { host, authorization: METRICS_TOKEN } })).statusCode).toBe(403);
    const ok = await prod.app.inject({ method: 'GET', url: '/metrics', headers: { host, authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('parallels_http_request_duration_seconds');
  });

  it('is not ready before any worker created the queue, nor once the database is gone', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(before.statusCode).toBe(503);
    expect(before.json()).toEqual({ status: 'not_ready', database: 'ok', queue: 'missing' });
    await t.database.close();
    const gone = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(gone.statusCode).toBe(503);
    expect(gone.json()).toEqual({ status: 'not_ready', database: 'down', queue: 'down' });
  });
});
