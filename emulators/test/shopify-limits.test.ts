import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { NORTHWIND, startShopify, type ShopifyTest } from './shopify-helpers.js';

const SMALL = '{ orders(first: 10, query: "created_at:>=2026-06-01") { nodes { id totalPriceSet { shopMoney { amount } } } } }';
const THROTTLED = [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' } }];

let t: ShopifyTest;
let tok: string;
beforeAll(async () => {
  t = await startShopify();
  tok = await t.token();
});
afterAll(async () => {
  await t.p.close();
});

describe('shopify cost-based throttling and faults', () => {
  it('computes requested and actual query cost the way Shopify does', async () => {
    // connection: 2 + first x (order 1 + MoneyBag 1 + MoneyV2 1); 250 x (1 + 2 + 10 x 1) + 2 = 3252 below
    const r = await t.gql(tok, SMALL);
    expect(r.json.extensions?.cost).toEqual({ requestedQueryCost: 32, actualQueryCost: 32, throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1968, restoreRate: 100 } });
    const fewer = await t.gql(tok, '{ orders(first: 50, query: "created_at:>=2026-06-15T01:00:00Z") { nodes { id } } }');
    const count = ((fewer.json.data as { orders: { nodes: unknown[] } }).orders.nodes).length;
    expect(count).toBeLessThan(50);
    expect(fewer.json.extensions?.cost).toMatchObject({ requestedQueryCost: 52, actualQueryCost: 2 + count });
    const mutation = await t.gql(tok, 'mutation { bulkOperationCancel(id: "gid://shopify/BulkOperation/1") { userErrors { message } } }');
    expect(mutation.json.extensions?.cost).toMatchObject({ requestedQueryCost: 10, actualQueryCost: 10 });
  });

  it('rejects a query above the single-query maximum of 1000', async () => {
    const r = await t.gql(tok, '{ orders(first: 250) { nodes { id lineItems(first: 10) { nodes { id } } } } }');
    expect(r.status).toBe(200);
    expect(r.json.data).toBeUndefined();
    expect(r.json.errors?.[0]?.extensions).toEqual({ code: 'MAX_COST_EXCEEDED', cost: 3252, maxCost: 1000, documentation: 'https://shopify.dev/api/usage/rate-limits' });
  });

  it('drains the bucket and answers THROTTLED on HTTP 200 in realistic quota mode', async () => {
    await t.admin('quota', { mode: 'realistic' }, 'PUT');
    const refused = async () => (await t.admin('quota', undefined, 'GET')).json.refused;
    try {
      await t.admin('quota/refused', undefined, 'DELETE');
      // an injected rate limit answers the same THROTTLED, but it is not a quota refusal: not counted
      await t.admin('faults', { key: tok, plan: { rateLimit: { retryAfterSeconds: 1 }, times: 1 } }, 'PUT');
      expect((await t.gql(tok, SMALL)).json.errors).toEqual(THROTTLED);
      expect(await refused()).toEqual({});
      await t.admin('bucket', { shop: NORTHWIND, available: 2000 }, 'PUT');
      const first = await t.gql(tok, SMALL);
      const left = first.json.extensions?.cost.throttleStatus.currentlyAvailable ?? 0;
      expect(left).toBeGreaterThanOrEqual(1968);
      expect(left).toBeLessThan(2000);
      await t.admin('bucket', { shop: NORTHWIND, available: 5 }, 'PUT');
      const r = await t.gql(tok, SMALL);
      expect(r.status).toBe(200);
      expect(r.json.errors).toEqual(THROTTLED);
      expect(r.json.data).toBeUndefined();
      expect(r.json.extensions?.cost).toMatchObject({ requestedQueryCost: 32, actualQueryCost: null, throttleStatus: { maximumAvailable: 2000, restoreRate: 100 } });
      expect(r.json.extensions?.cost.throttleStatus.currentlyAvailable).toBeLessThan(32);
      // the bucket leaks back at the restore rate: (32 - 5) / 100 s is enough
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect((await t.gql(tok, SMALL)).json.errors).toBeUndefined();
      // the one refusal, read back as the benchmark reads it; DELETE starts the count again
      expect(await refused()).toEqual({ 'shopify:THROTTLED': 1 });
      expect((await t.admin('quota/refused', undefined, 'DELETE')).json).toEqual({ mode: 'realistic', latency: 'off', refused: {} });
      expect(await refused()).toEqual({});
    } finally {
      await t.admin('quota', { mode: 'off' }, 'PUT');
    }
  });

  it('maps the rateLimit fault to THROTTLED, or to HTTP 429 + Retry-After when http-429 is on', async () => {
    await t.admin('faults', { key: tok, plan: { rateLimit: { retryAfterSeconds: 3 }, times: 1 } }, 'PUT');
    const throttled = await t.gql(tok, SMALL);
    expect(throttled.status).toBe(200);
    expect(throttled.json.errors).toEqual(THROTTLED);
    // (requested - available) / restoreRate = the 3 seconds asked for
    expect(throttled.json.extensions?.cost.throttleStatus.currentlyAvailable).toBe(0);
    await t.admin('faults', { key: NORTHWIND, plan: { rateLimit: { retryAfterSeconds: 0.2 }, times: 1 } }, 'PUT');
    const partial = await t.gql(tok, SMALL);
    expect(partial.json.extensions?.cost.throttleStatus.currentlyAvailable).toBe(12);

    await t.admin('http-429', { enabled: true }, 'PUT');
    try {
      await t.admin('faults', { key: '*', plan: { rateLimit: { retryAfterSeconds: 2 }, times: 1 } }, 'PUT');
      const r = await t.gql(tok, SMALL);
      expect(r.status).toBe(429);
      expect(r.headers.get('retry-after')).toBe('2');
      expect(r.json).toEqual({ errors: 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.' });
    } finally {
      await t.admin('http-429', { enabled: false }, 'PUT');
    }
    expect((await t.gql(tok, SMALL)).status).toBe(200);
  });

  it('maps serverError, tokenExpired, permissionDenied and malformed faults', async () => {
    await t.admin('faults', { key: NORTHWIND, plan: { serverError: { status: 502 }, times: 1 } }, 'PUT');
    const down = await t.gql(tok, SMALL);
    expect(down.status).toBe(502);
    expect(down.json).toEqual({ errors: 'Bad Gateway' });

    await t.admin('faults', { key: tok, plan: { tokenExpired: true, times: 1 } }, 'PUT');
    const expired = await t.gql(tok, SMALL);
    expect(expired.status).toBe(401);
    expect(expired.json).toEqual({ errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });

    await t.admin('faults', { key: tok, plan: { permissionDenied: true, times: 1 } }, 'PUT');
    const denied = await t.gql(tok, SMALL);
    expect(denied.status).toBe(200);
    expect(denied.json.data).toBeNull();
    expect(denied.json.errors?.[0]?.extensions).toMatchObject({ code: 'ACCESS_DENIED' });

    await t.admin('faults', { key: tok, plan: { malformed: true, times: 1 } }, 'PUT');
    const broken = await t.gql(tok, SMALL);
    expect(broken.status).toBe(200);
    expect(() => JSON.parse(broken.text)).toThrow();
    expect(broken.text.startsWith('{"data":{"orders"')).toBe(true);

    // a fault keyed on one token leaves other tokens alone
    const other = await t.token();
    await t.admin('faults', { key: other, plan: { serverError: {} } }, 'PUT');
    expect((await t.gql(tok, SMALL)).status).toBe(200);
    expect((await t.gql(other, SMALL)).status).toBe(503);
    await t.admin('faults?key=' + encodeURIComponent(other), undefined, 'DELETE');
    expect((await t.gql(other, SMALL)).status).toBe(200);
  });

  it('adds latency and never answers on timeout', async () => {
    await t.admin('faults', { key: tok, plan: { latencyMs: 250, times: 1 } }, 'PUT');
    // the answer says what was injected; bench/src/emulator-timing.ts measures the wait itself
    const slow = await t.gql(tok, SMALL);
    expect(slow.status).toBe(200);
    expect(slow.headers.get('server-timing')).toMatch(/(^|, )fault;dur=250(,|$)/);

    await t.admin('faults', { key: tok, plan: { timeout: true, times: 1 } }, 'PUT');
    const hung = fetch(`${t.p.baseUrl}/${NORTHWIND}/admin/api/2025-10/graphql.json`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-shopify-access-token': tok }, body: JSON.stringify({ query: SMALL }), signal: AbortSignal.timeout(300),
    });
    await expect(hung).rejects.toThrow();
    expect((await t.gql(tok, SMALL)).status).toBe(200);
  });
});
