import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { mountEmulators } from '../src/index.js';
import { EmulatorClock } from '../src/common/clock.js';
import { SANDBOX_APPS } from '../src/common/world.js';

// Quota refusals counted across one mount (common/refusals.ts): every platform shares the `quota` object, so any
// platform's GET /__admin/quota shows every platform's counters and any platform's DELETE /__admin/quota/refused
// resets them all. Each platform's own refusals are asserted in its tests (google-ads, ga4-access, shopify-limits,
// shopify-bulk, meta-async-faults, zoho); this is the mount the app and `npm run emulators` use, called with inject.

const NORTHWIND = 'northwind-outfitters.myshopify.com';
const SMALL = '{ orders(first: 10, query: "created_at:>=2026-06-01") { nodes { id } } }';

type Json = Record<string, unknown>;

let app: FastifyInstance;

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: Json }> {
  const res = await app.inject({ method, url: `/sandbox${path}`, headers, payload: body as never });
  return { status: res.statusCode, json: JSON.parse(res.body) as Json };
}

beforeAll(async () => {
  app = Fastify({ logger: false });
  // EMULATOR_QUOTA=realistic in emulators/src/main.ts
  await mountEmulators(app, { publicUrl: 'http://emulators.test/sandbox', prefix: '/sandbox', admin: true, clock: new EmulatorClock('2026-06-15T06:00:00Z'), quotaMode: 'realistic' });
});
afterAll(async () => app.close());

describe('quota refusals across the platforms of one mount', () => {
  it('counts each platform\'s refusals in one shared object, read and reset from any platform', async () => {
    expect((await call('GET', '/meta/__admin/quota')).json).toEqual({ mode: 'realistic', refused: {} });

    // Shopify: an empty cost bucket answers THROTTLED
    const shopToken = String((await call('POST', '/shopify/__admin/tokens', { shop: NORTHWIND })).json.access_token);
    await call('PUT', '/shopify/__admin/bucket', { shop: NORTHWIND, available: 0 });
    const throttled = await call('POST', `/shopify/${NORTHWIND}/admin/api/2025-10/graphql.json`, { query: SMALL }, { 'x-shopify-access-token': shopToken });
    expect((throttled.json.errors as Json[])[0]?.extensions).toMatchObject({ code: 'THROTTLED' });

    // Google Ads: the developer token's daily operations are spent (the preload the Google Ads tests use)
    const googleToken = String((await call('POST', '/google/__admin/tokens', {})).json.access_token);
    await call('PUT', '/google-ads/__admin/quota/usage', { operations: 15_000 });
    const ads = { authorization: `Bearer ${googleToken}`, 'developer-token': SANDBOX_APPS.googleAdsDeveloperToken };
    expect((await call('GET', '/google-ads/v23/customers:listAccessibleCustomers', undefined, ads)).status).toBe(429);

    // an injected rate limit is not a quota refusal: not counted
    await call('PUT', '/shopify/__admin/faults', { key: NORTHWIND, plan: { rateLimit: { retryAfterSeconds: 1 }, times: 1 } });
    await call('PUT', '/shopify/__admin/bucket', { shop: NORTHWIND, available: 2000 });
    const injected = await call('POST', `/shopify/${NORTHWIND}/admin/api/2025-10/graphql.json`, { query: SMALL }, { 'x-shopify-access-token': shopToken });
    expect((injected.json.errors as Json[])[0]?.extensions).toMatchObject({ code: 'THROTTLED' });

    const expected = { 'shopify:THROTTLED': 1, 'google-ads:RESOURCE_EXHAUSTED': 1 };
    for (const platform of ['meta', 'google', 'google-ads', 'ga4', 'shopify', 'zoho']) {
      expect((await call('GET', `/${platform}/__admin/quota`)).json.refused, platform).toEqual(expected);
    }
    // switching modes keeps the count; DELETE on any platform resets every platform's
    expect((await call('PUT', '/ga4/__admin/quota', { mode: 'realistic', latency: 'off' })).json).toEqual({ mode: 'realistic', latency: 'off', refused: expected });
    expect((await call('DELETE', '/zoho/__admin/quota/refused')).json).toEqual({ mode: 'realistic', latency: 'off', refused: {} });
    expect((await call('GET', '/shopify/__admin/quota')).json.refused).toEqual({});
  });
});
