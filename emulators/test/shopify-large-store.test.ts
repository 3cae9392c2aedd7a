import { describe, it, expect, afterAll, beforeAll } from 'vitest';
import { addDays, eachDay } from '../src/common/dates.js';
import { createWorld, findMerchant, merchantDay, ORDER_VOLUME_DAYS, parseShopOrderVolumes, withShopOrderVolume, type World } from '../src/common/world.js';
import { MAX_CACHED_ORDERS, ShopOrders } from '../src/shopify/orders.js';
import { countOrders, eachListedOrder, listOrders } from '../src/shopify/order-query.js';
import { renderedBulkFiles } from '../src/shopify/bulk.js';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { DEMO, startShopify, type ShopifyTest } from './shopify-helpers.js';

// A large store (issue 21 item 4): EMULATOR_SHOPIFY_ORDERS=2000000 gives the demo shop about two million orders
// over the two years a backfill reads, deterministically, at the usual rates, and its bulk export streams them.

const YESTERDAY = '2026-06-14'; // the harness clock: 2026-06-15T06:00Z, in Asia/Kolkata
const large = (seed = 'test-seed'): World => withShopOrderVolume(createWorld(seed), { [DEMO]: 2_000_000 }, () => YESTERDAY);
const twoYears = (world: World): number => {
  const m = findMerchant(world, 'demo');
  let n = 0;
  for (let i = 0; i < ORDER_VOLUME_DAYS; i++) n += merchantDay(world.seed, m, addDays(YESTERDAY, -i)).orders;
  return n;
};

describe('a large store (EMULATOR_SHOPIFY_ORDERS)', () => {
  it('has about 2,000,000 orders over the two years, the same for the same seed, and only the volume changes', () => {
    const a = large();
    const total = twoYears(a);
    expect(Math.abs(total - 2_000_000)).toBeLessThan(2_000); // rounding of each day's count
    expect(twoYears(large())).toBe(total);
    expect(twoYears(large('another-seed'))).not.toBe(total);
    // the other merchant and every other figure of the demo merchant are as they were
    const plain = createWorld('test-seed');
    expect(a.merchants.find((m) => m.id === 'other')).toEqual(plain.merchants.find((m) => m.id === 'other'));
    expect({ ...findMerchant(a, 'demo'), baseDailyOrders: 0 }).toEqual({ ...findMerchant(plain, 'demo'), baseDailyOrders: 0 });
    expect(findMerchant(a, 'demo').baseDailyOrders / findMerchant(plain, 'demo').baseDailyOrders).toBeGreaterThan(9);
    expect(parseShopOrderVolumes(plain, '2_000_000')).toEqual({ [DEMO]: 2_000_000 });
    expect(parseShopOrderVolumes(plain, `${DEMO}=5000, northwind-outfitters.myshopify.com=70`)).toEqual({ [DEMO]: 5000, 'northwind-outfitters.myshopify.com': 70 });
    expect(() => parseShopOrderVolumes(plain, 'lots')).toThrow(/not an order volume/);
  });

  it('refunds, cancels and reconciles at the usual rates, and keeps a bounded cache of generated days', () => {
    const world = large();
    const merchant = findMerchant(world, 'demo');
    const shop = world.shopify.shops.find((s) => s.domain === DEMO)!;
    const orders = new ShopOrders(world, shop, 0, merchant);
    let n = 0;
    let refunded = 0;
    let cancelled = 0;
    for (const day of eachDay('2026-03-01', '2026-03-07')) {
      const list = orders.day(day);
      const md = merchantDay(world.seed, merchant, day);
      expect(list).toHaveLength(md.orders);
      // a day's order totals add up to the day's gross sales to the paisa: Shopify agrees with the other platforms
      expect(list.reduce((s, o) => s + o.totalCents, 0)).toBe(Math.round(md.grossSales * 100));
      n += list.length;
      refunded += list.filter((o) => o.refunds.length > 0).length;
      cancelled += list.filter((o) => o.cancelledAt !== null).length;
    }
    expect(n).toBeGreaterThan(15_000);
    expect(refunded / n).toBeGreaterThan(0.05);
    expect(refunded / n).toBeLessThan(0.075);
    expect(cancelled / n).toBeGreaterThan(0.008);
    expect(cancelled / n).toBeLessThan(0.016);
    // a year of days: more than the cache holds, which keeps to its bound and regenerates the same orders
    const first = orders.day('2025-01-01').slice(0, 3);
    for (const day of eachDay('2025-01-02', '2025-12-31')) orders.day(day);
    expect(orders.cacheSize().orders).toBeLessThanOrEqual(MAX_CACHED_ORDERS);
    expect(orders.day('2025-01-01').slice(0, 3)).toEqual(first);
  });

  it('streams a listing day by day in the order and with the orders listOrders gives, and counts it without listing', () => {
    const world = large();
    const orders = new ShopOrders(world, world.shopify.shops.find((s) => s.domain === DEMO)!, 0, findMerchant(world, 'demo'));
    const asOf = Date.parse('2026-06-15T06:00:00Z');
    for (const query of ["created_at:>='2026-02-27' AND created_at:<'2026-03-02'", "created_at:>='2026-02-27T10:30:00Z' AND created_at:<='2026-03-01T02:00:00Z'", "created_at:>='2026-02-27' AND financial_status:refunded"]) {
      for (const sortKey of ['CREATED_AT', 'ID'] as const) {
        const listed = listOrders(orders, asOf, query, sortKey, false, true).items.map((x) => x.o.legacyId);
        expect([...eachListedOrder(orders, asOf, query, sortKey, false, true)].map((x) => x.o.legacyId), `${query} ${sortKey}`).toEqual(listed);
        expect(countOrders(orders, asOf, query, true), query).toBe(listed.length);
      }
    }
    // without read_all_orders: the last 60 days only
    expect(countOrders(orders, asOf, undefined, false)).toBe(listOrders(orders, asOf, undefined, 'ID', false, false).items.length);
  });
});

describe('a large store\'s bulk export (realistic latency)', () => {
  let t: ShopifyTest;
  beforeAll(async () => {
    t = await startShopify({ quotaMode: 'realistic', shopifyOrders: { [DEMO]: 2_000_000 } });
    t.p.ctx.quota.latency = 'realistic';
  });
  afterAll(async () => {
    await t.p.close();
  });

  it('counts a week at the start and streams every order of it once, in created order', async () => {
    const tok = await t.token(DEMO);
    const q = `{ orders(query: "created_at:>='2026-03-01' AND created_at:<'2026-03-08'", sortKey: CREATED_AT) { edges { node { id createdAt displayFinancialStatus totalPriceSet { shopMoney { amount } } refunds { id } } } } }`;
    const run = await t.gql(tok, 'mutation($q: String!) { bulkOperationRunQuery(query: $q) { bulkOperation { id } userErrors { message } } }', { q }, DEMO, '2026-07');
    const id = (run.json.data as { bulkOperationRunQuery: { bulkOperation: { id: string } } }).bulkOperationRunQuery.bulkOperation.id;
    // the run time follows the size: 3 s + 0.1 s per 1,000 objects
    expect(Number(/job;dur=([\d.]+)/.exec(run.headers.get('server-timing') ?? '')?.[1])).toBeGreaterThan(4_500);
    let op: { status: string; objectCount: string; rootObjectCount: string; fileSize: string | null; url: string | null };
    for (;;) {
      await new Promise((r) => setTimeout(r, 500));
      const poll = await t.gql(tok, 'query($id: ID!) { node(id: $id) { ... on BulkOperation { status objectCount rootObjectCount fileSize url } } }', { id }, DEMO, '2026-07');
      op = (poll.json.data as { node: typeof op }).node;
      if (op.status !== 'RUNNING' && op.status !== 'CREATED') break;
    }
    expect(op.status).toBe('COMPLETED');
    const world = t.p.ctx.world;
    const expected = eachDay('2026-03-01', '2026-03-07').reduce((s, d) => s + merchantDay(world.seed, findMerchant(world, 'demo'), d).orders, 0);
    expect(op.objectCount).toBe(String(expected));
    expect(op.rootObjectCount).toBe(String(expected));
    expect(op.fileSize).toBeNull(); // streamed as it downloads: its size is not known beforehand

    const res = await fetch(op.url!);
    const ids = new Set<string>();
    let lines = 0;
    let last = '';
    let sorted = true;
    let rest = '';
    const decoder = new TextDecoder();
    for await (const chunk of res.body!) {
      rest += decoder.decode(chunk, { stream: true });
      const parts = rest.split('\n');
      rest = parts.pop()!;
      for (const line of parts) {
        const o = JSON.parse(line) as { id: string; createdAt: string };
        lines++;
        ids.add(o.id);
        if (o.createdAt < last) sorted = false;
        last = o.createdAt;
      }
    }
    expect(rest).toBe('');
    expect(lines).toBe(expected);
    expect(ids.size).toBe(expected);
    expect(sorted).toBe(true);
    expect(lines).toBeGreaterThan(15_000);
  }, 60_000);
});

describe('rendered bulk files', () => {
  it('are kept for the newest eight exports of a shop, as open unlinked files: nothing is left on disk', async () => {
    const t = await startShopify();
    try {
      const tok = await t.token(DEMO);
      const RUN = 'mutation($q: String!) { bulkOperationRunQuery(query: $q) { bulkOperation { id } userErrors { message } } }';
      const POLL = 'query($id: ID!) { node(id: $id) { ... on BulkOperation { status objectCount url } } }';
      const urls: Array<{ url: string; count: string }> = [];
      for (let i = 0; i < 10; i++) {
        const q = `{ orders(query: "created_at:>='2026-05-${String(i + 1).padStart(2, '0')}' AND created_at:<'2026-05-${String(i + 2).padStart(2, '0')}'") { edges { node { id } } } }`;
        const run = await t.gql(tok, RUN, { q }, DEMO);
        const id = (run.json.data as { bulkOperationRunQuery: { bulkOperation: { id: string } } }).bulkOperationRunQuery.bulkOperation.id;
        let op: { status: string; objectCount: string; url: string | null };
        do op = ((await t.gql(tok, POLL, { id }, DEMO)).json.data as { node: typeof op }).node;
        while (op.status !== 'COMPLETED');
        urls.push({ url: op.url!, count: op.objectCount });
      }
      expect(renderedBulkFiles()).toBeLessThanOrEqual(8);
      expect(readdirSync(tmpdir()).filter((f) => f.startsWith(`parallels-emulator-bulk-${process.pid}-`))).toEqual([]);
      // every file downloads whole, the dropped ones (the first two) rendered again as a stream
      for (const { url, count } of urls) expect(String((await (await fetch(url)).text()).trimEnd().split('\n').length)).toBe(count);
    } finally {
      await t.p.close();
    }
  });
});
