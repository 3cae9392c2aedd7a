import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createWorld, DEFAULT_SEED, findMerchant, merchantDay } from '@parallels/emulators/common/world';
import type { PlatformsConfig } from '../../src/config.js';
import { PlatformError } from '../../src/connectors/platform-error.js';
import type { RetryOptions } from '../../src/connectors/retry.js';
import { pullShopifyUpdates, pullShopifyWindow, type ShopifyWindowFacts } from '../../src/connectors/shopify/shopify-sync.js';
import type { StoreOrderRow, StoreRefundRow } from '../../src/connectors/shopify/shopify-mapping.js';
import { allRows, liveSpoolFiles, RowSpool } from '../../src/lib/row-spool.js';
import { startEmulatorServer, type EmulatorServer } from '../emulator-server.js';

// The Shopify pull against the emulator over HTTP. Ground truth is fetched in the test with raw GraphQL
// `orders` paging (bare local dates, which Shopify reads in the shop's zone) and the world's merchantDay.

const SHOP = 'parallels-demo.myshopify.com';
const TZ = 'Asia/Kolkata';
const NOW = '2026-06-15T06:00:00Z';
const WINDOW = { from: '2026-05-13', to: '2026-06-11' }; // 30 local days
const BRAND = '00000000-0000-4000-8000-000000000001';
const demo = findMerchant(createWorld(DEFAULT_SEED), 'demo');

let emu: EmulatorServer;
let token: string;

interface RawOrder { id: string; createdAt: string; test: boolean; totalPriceSet: { shopMoney: { amount: string } } }

/** "120.5" -> 12050, exactly (no floats) */
function cents(amount: string): number {
  const [whole = '0', frac = ''] = amount.replace('-', '').split('.');
  return (amount.startsWith('-') ? -1 : 1) * (Number(whole) * 100 + Number(frac.padEnd(2, '0').slice(0, 2)));
}

/** IST has no DST: the local day is UTC + 5:30 (worked out here independently of the connector) */
const istDay = (iso: string | Date) => new Date(new Date(iso).getTime() + 330 * 60_000).toISOString().slice(0, 10);

function days(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = new Date(Date.parse(d) + 86_400_000).toISOString().slice(0, 10)) out.push(d);
  return out;
}

async function rawGql<T>(query: string, variables: Record<string, unknown> = {}, version = '2026-07', tok = token): Promise<T> {
  const res = await fetch(`${emu.origin}/sandbox/shopify/${SHOP}/admin/api/${version}/graphql.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': tok },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data: T };
  return body.data;
}

async function rawOrders(search: string, sortKey = 'CREATED_AT'): Promise<RawOrder[]> {
  const out: RawOrder[] = [];
  let after: string | null = null;
  do {
    const page: { orders: { pageInfo: { hasNextPage: boolean; endCursor: string }; nodes: RawOrder[] } } = await rawGql(
      `query($after: String) { orders(first: 250, after: $after, query: ${JSON.stringify(search)}, sortKey: ${sortKey}) { pageInfo { hasNextPage endCursor } nodes { id createdAt test totalPriceSet { shopMoney { amount } } } } }`,
      { after },
    );
    out.push(...page.orders.nodes);
    after = page.orders.pageInfo.hasNextPage ? page.orders.pageInfo.endCursor : null;
  } while (after);
  return out;
}

function recorder(): { retry: RetryOptions; delays: number[]; retries: string[] } {
  const delays: number[] = [];
  const retries: string[] = [];
  return { delays, retries, retry: { sleep: async (ms) => void delays.push(ms), random: () => 0.5, onRetry: (e) => void retries.push(e.details.code ?? e.kind) } };
}

function input(retry: RetryOptions, overrides: { platforms?: PlatformsConfig; accessToken?: string; window?: { from: string; to: string } } = {}) {
  return { platforms: overrides.platforms ?? emu.platforms, accessToken: overrides.accessToken ?? token, brandId: BRAND, account: { shop: SHOP, timezone: TZ }, window: overrides.window ?? WINDOW, retry };
}

beforeAll(async () => {
  emu = await startEmulatorServer({ now: NOW });
  token = (await emu.admin<{ access_token: string }>('shopify', 'tokens', { shop: SHOP })).access_token;
});
afterAll(async () => emu?.close());

interface ReadFacts {
  orders: StoreOrderRow[];
  refunds: StoreRefundRow[];
  calls: number;
}

/** a window's spooled orders and refunds read back (and their files removed), or the refresh's arrays */
async function read(facts: ShopifyWindowFacts): Promise<ReadFacts> {
  const out = { orders: await allRows(facts.orders), refunds: await allRows(facts.refunds), calls: facts.calls };
  if (facts.orders instanceof RowSpool) await facts.orders.discard();
  if (facts.refunds instanceof RowSpool) await facts.refunds.discard();
  return out;
}

describe('pullShopifyWindow (bulk operation)', () => {
  let first: ReadFacts;

  it('given the demo shop and 30 days, when the window is pulled, then every local day reconciles with raw paging and merchantDay', async () => {
    const { retry, delays } = recorder();
    const pulled = await pullShopifyWindow(input(retry));
    // spooled to disk as the export downloads, the dates read back as Dates
    expect(pulled.orders).toBeInstanceOf(RowSpool);
    first = await read(pulled);
    expect(first.orders[0]!.createdAt).toBeInstanceOf(Date);
    // one mutation, two polls (RUNNING, COMPLETED), one file: however many orders
    expect(first.calls).toBe(4);
    expect(delays).toEqual([250, 500]);

    const raw = await rawOrders(`created_at:>=${WINDOW.from} created_at:<2026-06-12`);
    expect(first.orders).toHaveLength(raw.length);
    for (const day of days(WINDOW.from, WINDOW.to)) {
      const ours = first.orders.filter((o) => o.orderDate === day);
      const theirs = raw.filter((o) => istDay(o.createdAt) === day);
      expect(ours.length, day).toBe(merchantDay(DEFAULT_SEED, demo, day).orders);
      const live = ours.filter((o) => o.test === 0);
      expect(live.length, day).toBe(theirs.filter((o) => !o.test).length);
      expect(live.reduce((s, o) => s + cents(String(o.totalPrice)), 0), day).toBe(theirs.filter((o) => !o.test).reduce((s, o) => s + cents(o.totalPriceSet.shopMoney.amount), 0));
    }
    // mapped with the shop's day, exact decimal strings, test and cancelled orders kept with their flags
    expect(first.orders.every((o) => o.orderDate === istDay(o.createdAt) && /^\d+\.\d\d$/.test(String(o.totalPrice)))).toBe(true);
    expect(first.orders.some((o) => o.test === 1)).toBe(true);
    expect(first.orders.some((o) => o.cancelledAt !== null && o.financialStatus === 'VOIDED')).toBe(true);
    // refunds come with their orders, on their own (later) day, amounts never above the order's
    expect(first.refunds.length).toBeGreaterThan(100);
    const byId = new Map(first.orders.map((o) => [o.orderId, o]));
    for (const r of first.refunds) {
      const o = byId.get(r.orderId);
      expect(o).toBeDefined();
      expect(r.refundDate >= String(o?.orderDate)).toBe(true);
      expect(r.refundedAt.getTime()).toBeLessThanOrEqual(Date.parse(NOW));
      expect(r.refundDate).toBe(istDay(r.refundedAt));
    }
    const refunded = first.orders.filter((o) => o.totalRefunded !== '0.00');
    for (const o of refunded) expect(first.refunds.filter((r) => r.orderId === o.orderId).reduce((s, r) => s + cents(String(r.amount)), 0)).toBe(cents(String(o.totalRefunded)));
  });

  it('given the same window twice, when pulled again, then the rows are identical', async () => {
    const again = await read(await pullShopifyWindow(input(recorder().retry)));
    expect(again).toEqual(first);
  });

  it('given a backfill waiting to start its next window, when the export is ready, then it hears so once, before the file is downloaded', async () => {
    const seen: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
      if (String(args[0] instanceof Request ? args[0].url : args[0]).includes('/bulk-results/')) seen.push('download');
      return realFetch(...args);
    }) as typeof fetch;
    try {
      const r = await read(await pullShopifyWindow({ ...input(recorder().retry), onRemoteDone: () => void seen.push('remote done') }));
      expect(r).toEqual(first);
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(seen).toEqual(['remote done', 'download']);
  });

  it('given a window with no orders yet (today), when pulled, then the bulk url is null and no rows are invented', async () => {
    const today = istDay(NOW);
    const r = await pullShopifyWindow(input(recorder().retry, { window: { from: today, to: today } }));
    expect(r).toEqual({ orders: [], refunds: [], calls: 3 });
  });

  it('given another bulk query in progress (API before 2026-01: one per shop), when a window is pulled, then it waits for it and then runs', async () => {
    const platforms = { ...emu.platforms, shopify: { ...emu.platforms.shopify, version: '2025-10' } };
    const started = await rawGql<{ bulkOperationRunQuery: { bulkOperation: { id: string } } }>(
      'mutation { bulkOperationRunQuery(query: "{ orders(query: \\"created_at:>=2026-06-10\\") { edges { node { id } } } }") { bulkOperation { id } userErrors { message } } }',
      {},
      '2025-10',
    );
    const other = started.bulkOperationRunQuery.bulkOperation.id;
    const { retry, delays } = recorder();
    const window = { from: '2026-06-01', to: '2026-06-03' };
    const r = await read(await pullShopifyWindow(input(retry, { platforms, window })));
    // refused start, two polls of the other one, our start, our two polls, our file
    expect(r.calls).toBe(7);
    expect(delays).toEqual([250, 500, 250, 500]);
    expect(r.orders).toHaveLength(days(window.from, window.to).reduce((s, d) => s + merchantDay(DEFAULT_SEED, demo, d).orders, 0));
    const after = await rawGql<{ node: { status: string } }>('query($id: ID!) { node(id: $id) { ... on BulkOperation { status } } }', { id: other });
    expect(after.node.status).toBe('COMPLETED');
  });

  it('given a THROTTLED answer (HTTP 200), when pulled, then the wait Shopify asks for is slept and the pull completes', async () => {
    await emu.admin('shopify', 'faults', { key: token, plan: { rateLimit: { retryAfterSeconds: 3 }, times: 1 } }, 'PUT');
    const { retry, delays, retries } = recorder();
    const r = await read(await pullShopifyWindow(input(retry, { window: { from: '2026-06-10', to: '2026-06-10' } })));
    expect(retries).toEqual(['THROTTLED']);
    // the mutation costs 10 and the bucket shows 0 at 200 pts/s: at least the 1 s floor
    expect(delays[0]).toBeGreaterThanOrEqual(1000);
    expect(r.calls).toBe(5);
    expect(r.orders).toHaveLength(merchantDay(DEFAULT_SEED, demo, '2026-06-10').orders);
  });

  it('given a 503, when pulled, then the call is retried', async () => {
    await emu.admin('shopify', 'faults', { key: token, plan: { serverError: { status: 503 }, times: 1 } }, 'PUT');
    const { retry, retries } = recorder();
    const r = await read(await pullShopifyWindow(input(retry, { window: { from: '2026-06-10', to: '2026-06-10' } })));
    expect(retries).toEqual(['unavailable']);
    expect(r.calls).toBe(5);
  });

  it('given a download cut off half way, when pulled, then the retried download starts over: no order of the torn try is kept, no spool file left', async () => {
    const window = { from: '2026-05-25', to: '2026-06-10' };
    const clean = await read(await pullShopifyWindow(input(recorder().retry, { window })));
    const realFetch = globalThis.fetch;
    let torn = 0;
    globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
      const res = await realFetch(...args);
      if (torn > 0 || !String(args[0] instanceof Request ? args[0].url : args[0]).includes('/bulk-results/')) return res;
      torn++;
      // the first half of the file (more than one spooled batch of orders), then the connection drops
      const text = await res.text();
      const half = new TextEncoder().encode(text.slice(0, Math.floor(text.length / 2)));
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(half);
          controller.error(new Error('connection reset'));
        },
      });
      return new Response(body, { status: 200, headers: res.headers });
    }) as typeof fetch;
    try {
      const { retry, retries } = recorder();
      const pulled = await pullShopifyWindow(input(retry, { window }));
      expect(retries).toEqual(['unavailable']);
      expect(await read(pulled)).toEqual({ ...clean, calls: clean.calls + 1 });
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(torn).toBe(1);
    expect(clean.orders.length).toBeGreaterThan(2_000);
    expect(liveSpoolFiles()).toBe(0);
  });

  it('given an expired token, when pulled, then PlatformError auth is thrown at once with no retry', async () => {
    const expired = (await emu.admin<{ access_token: string }>('shopify', 'tokens', { shop: SHOP })).access_token;
    await emu.admin('shopify', 'tokens/expire', { token: expired });
    const { retry, delays, retries } = recorder();
    const err = await pullShopifyWindow(input(retry, { accessToken: expired })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlatformError);
    expect(err).toMatchObject({ kind: 'auth', details: { status: 401 } });
    expect(retries).toEqual([]);
    expect(delays).toEqual([]);
  });

  it('given a token without read_orders, when pulled, then the FAILED export is a permission error', async () => {
    const limited = (await emu.admin<{ access_token: string }>('shopify', 'tokens', { shop: SHOP, scope: 'read_products' })).access_token;
    const err = await pullShopifyWindow(input(recorder().retry, { accessToken: limited })).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'permission', details: { code: 'ACCESS_DENIED' } });
  });
});

describe('pullShopifyUpdates (orders by updated_at)', () => {
  const base = () => ({ platforms: emu.platforms, accessToken: token, brandId: BRAND, account: { shop: SHOP, timezone: TZ } });

  it('given orders updated since an instant, when pulled, then every page is read and matches raw paging', async () => {
    const since = '2026-06-12T00:00:00Z';
    const r = await read(await pullShopifyUpdates({ ...base(), updatedSince: since, retry: recorder().retry }));
    const raw = await rawOrders(`updated_at:>='${since}'`, 'UPDATED_AT');
    expect(r.calls).toBeGreaterThan(5);
    expect(new Set(r.orders.map((o) => o.orderId))).toEqual(new Set(raw.map((o) => o.id.split('/').pop())));
    expect(r.orders.every((o) => o.updatedAt.getTime() >= Date.parse(since))).toBe(true);
  });

  it('given refunds after the clock, when the clock moves past them, then they appear in the updates and not before', async () => {
    const since = NOW;
    const before = await read(await pullShopifyUpdates({ ...base(), updatedSince: since, retry: recorder().retry }));
    expect(before.refunds.every((r) => r.refundedAt.getTime() <= Date.parse(NOW))).toBe(true);
    const later = '2026-06-17T06:00:00Z';
    await emu.admin('shopify', 'clock', { now: later }, 'PUT');
    try {
      const after = await read(await pullShopifyUpdates({ ...base(), updatedSince: since, retry: recorder().retry }));
      const seen = new Set(before.refunds.map((r) => r.refundId));
      const fresh = after.refunds.filter((r) => r.refundedAt.getTime() > Date.parse(NOW));
      expect(fresh.length).toBeGreaterThan(5);
      expect(fresh.every((r) => !seen.has(r.refundId) && r.refundedAt.getTime() <= Date.parse(later))).toBe(true);
      // the refunds of orders placed days earlier: what a created_at window alone would miss
      const orders = new Map(after.orders.map((o) => [o.orderId, o]));
      expect(fresh.every((r) => (orders.get(r.orderId)?.orderDate ?? '9') < r.refundDate)).toBe(true);
      expect(fresh.every((r) => orders.get(r.orderId)?.financialStatus.includes('REFUNDED'))).toBe(true);
    } finally {
      await emu.admin('shopify', 'clock', { now: NOW }, 'PUT');
    }
  });

  it('given THROTTLED on a page, when pulled, then the bucket refill time is waited out', async () => {
    await emu.admin('shopify', 'faults', { key: token, plan: { rateLimit: { retryAfterSeconds: 3 }, times: 1 } }, 'PUT');
    const { retry, delays, retries } = recorder();
    const r = await read(await pullShopifyUpdates({ ...base(), updatedSince: '2026-06-14T00:00:00Z', retry }));
    expect(retries).toEqual(['THROTTLED']);
    expect(delays[0]).toBe(3000); // (802 requested - 202 shown) / 200 per second
    expect(r.orders.length).toBeGreaterThan(0);
  });

  it('given HTTP 429 with Retry-After, when pulled, then Retry-After is honoured', async () => {
    await emu.admin('shopify', 'http-429', { enabled: true }, 'PUT');
    await emu.admin('shopify', 'faults', { key: token, plan: { rateLimit: { retryAfterSeconds: 2 }, times: 1 } }, 'PUT');
    try {
      const { retry, delays, retries } = recorder();
      await pullShopifyUpdates({ ...base(), updatedSince: '2026-06-14T00:00:00Z', retry });
      expect(retries).toEqual(['rate_limit']);
      expect(delays[0]).toBe(2000);
    } finally {
      await emu.admin('shopify', 'http-429', { enabled: false }, 'PUT');
    }
  });
});
