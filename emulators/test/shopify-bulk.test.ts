import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { allOrders, cents, NORTHWIND, startShopify, type ShopifyTest } from './shopify-helpers.js';

const MAY = "created_at:>='2026-05-01' AND created_at:<'2026-06-01'";
const BULK_QUERY = `{
  orders(query: "${MAY}") {
    edges { node {
      id name createdAt processedAt cancelledAt test
      totalPriceSet { shopMoney { amount currencyCode } }
      currentTotalPriceSet { shopMoney { amount currencyCode } }
      refunds { id createdAt totalRefundedSet { shopMoney { amount currencyCode } } }
      lineItems { edges { node { id quantity sku } } }
    } }
  }
}`;
const RUN = 'mutation Run($q: String!) { bulkOperationRunQuery(query: $q) { bulkOperation { id status createdAt } userErrors { code field message } } }';
const POLL = '{ currentBulkOperation { id status errorCode createdAt completedAt objectCount rootObjectCount fileSize url partialDataUrl } }';

interface Op { id: string; status: string; errorCode: string | null; completedAt: string | null; objectCount: string; rootObjectCount: string; fileSize: string | null; url: string | null; partialDataUrl: string | null }

let t: ShopifyTest;
let tok: string;
beforeAll(async () => {
  t = await startShopify();
  tok = await t.token();
});
afterAll(async () => {
  await t.p.close();
});

async function run(query: string, version?: string): Promise<{ bulkOperation: { id: string; status: string } | null; userErrors: Array<{ code: string; field: string[] | null; message: string }> }> {
  const r = await t.gql(tok, RUN, { q: query }, NORTHWIND, version);
  return (r.json.data as { bulkOperationRunQuery: never }).bulkOperationRunQuery;
}

async function poll(): Promise<Op> {
  return ((await t.gql(tok, POLL)).json.data as { currentBulkOperation: Op }).currentBulkOperation;
}

describe('shopify bulk operations', () => {
  it('runs CREATED -> RUNNING -> COMPLETED, one at a time, and serves JSONL with __parentId children', async () => {
    const started = await run(BULK_QUERY);
    expect(started.userErrors).toEqual([]);
    expect(started.bulkOperation?.status).toBe('CREATED');
    expect(started.bulkOperation?.id).toMatch(/^gid:\/\/shopify\/BulkOperation\/\d+$/);

    const second = await run(BULK_QUERY);
    expect(second.bulkOperation).toBeNull();
    expect(second.userErrors).toEqual([{ code: 'OPERATION_IN_PROGRESS', field: null, message: `A bulk query operation for this app and shop is already in progress: ${started.bulkOperation?.id}.` }]);
    // the limit holds in off quota mode too, but quota refusals are counted in realistic mode only
    expect((await t.admin('quota', undefined, 'GET')).json.refused).toEqual({});

    const running = await poll();
    expect(running.status).toBe('RUNNING');
    expect(running.url).toBeNull();
    const done = await poll();
    expect(done.status).toBe('COMPLETED');
    expect(done.id).toBe(started.bulkOperation?.id);
    expect(done.url).toMatch(new RegExp(`^${t.p.baseUrl}/${NORTHWIND}/bulk-results/\\d+\\.jsonl\\?`));
    expect(done.partialDataUrl).toBeNull();
    // node(id:) polls the same operation
    const viaNode = await t.gql(tok, 'query($id: ID!) { node(id: $id) { ... on BulkOperation { id status objectCount } } }', { id: done.id });
    expect(viaNode.json.data).toEqual({ node: { id: done.id, status: 'COMPLETED', objectCount: done.objectCount } });

    const file = await fetch(done.url ?? '');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('application/jsonl');
    const text = await file.text();
    expect(String(Buffer.byteLength(text))).toBe(done.fileSize);
    const lines = text.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(String(lines.length)).toBe(done.objectCount);
    const orders = lines.filter((l) => !('__parentId' in l));
    const children = lines.filter((l) => '__parentId' in l);
    expect(String(orders.length)).toBe(done.rootObjectCount);
    expect(children.length).toBeGreaterThan(orders.length * 0.9);
    const orderIds = new Set(orders.map((o) => o.id));
    expect(children.every((c) => String(c.id).startsWith('gid://shopify/LineItem/') && orderIds.has(c.__parentId) && Object.keys(c).join() === 'id,quantity,sku,__parentId')).toBe(true);
    // refunds are a list, so they stay inline; lineItems is a connection, so it is not on the order line
    expect(orders.every((o) => Array.isArray(o.refunds) && !('lineItems' in o))).toBe(true);
    expect(Object.keys(orders[0] ?? {})).toEqual(['id', 'name', 'createdAt', 'processedAt', 'cancelledAt', 'test', 'totalPriceSet', 'currentTotalPriceSet', 'refunds']);

    // the same orders and totals as paging through GraphQL
    const paged = (await allOrders(t, tok, MAY)).nodes;
    expect(orders.map((o) => o.id)).toEqual(paged.map((n) => n.id));
    const bulkCents = orders.reduce((s, o) => s + cents((o.totalPriceSet as { shopMoney: { amount: string } }).shopMoney.amount), 0);
    expect(bulkCents).toBe(paged.reduce((s, n) => s + cents(n.totalPriceSet.shopMoney.amount), 0));

    // a new operation may start once the previous one completed
    const next = await run('{ orders(query: "created_at:>=2026-06-01") { edges { node { id } } } }');
    expect(next.userErrors).toEqual([]);
  });

  it('exports the whole history (about three years) as one stream', async () => {
    const fresh = await startShopify();
    try {
      const ftok = await fresh.token();
      const q = '{ orders { edges { node { id createdAt totalPriceSet { shopMoney { amount } } refunds { createdAt } lineItems { edges { node { id sku quantity } } } } } } }';
      await fresh.gql(ftok, RUN, { q });
      await fresh.gql(ftok, POLL);
      const done = ((await fresh.gql(ftok, POLL)).json.data as { currentBulkOperation: Op }).currentBulkOperation;
      expect(done.status).toBe('COMPLETED');
      const res = await fetch(done.url ?? '');
      let lines = 0;
      let roots = 0;
      let first = '';
      let last = '';
      for (const line of (await res.text()).trimEnd().split('\n')) {
        lines++;
        if (!line.includes('__parentId')) {
          roots++;
          if (!first) first = line;
          last = line;
        }
      }
      expect(String(lines)).toBe(done.objectCount);
      expect(String(roots)).toBe(done.rootObjectCount);
      expect(roots).toBeGreaterThan(30_000);
      expect((JSON.parse(first) as { createdAt: string }).createdAt < '2023-06-17').toBe(true);
      expect((JSON.parse(last) as { createdAt: string }).createdAt > '2026-06-14').toBe(true);
    } finally {
      await fresh.p.close();
    }
  });

  it('rejects invalid bulk queries as userErrors', async () => {
    const bad = await run('{ orders { edges { node { id nope } } } }');
    expect(bad.bulkOperation).toBeNull();
    expect(bad.userErrors[0]).toMatchObject({ code: 'INVALID', field: ['query'] });
    expect(bad.userErrors[0]?.message).toContain("Field 'nope' doesn't exist on type 'Order'");
    const noId = await run('{ orders { edges { node { name lineItems { edges { node { id } } } } } } }');
    expect(noId.userErrors[0]?.message).toContain("must select the 'id' field");
    const topNode = await run('{ node(id: "gid://shopify/Order/1") { id } }');
    expect(topNode.userErrors[0]?.message).toContain('top level `node`');
  });

  it('cancels a running operation, and allows five at a time from API version 2026-01', async () => {
    await poll(); // let the operation from the first test finish
    await poll();
    const a = await run('{ orders { edges { node { id } } } }', '2026-01');
    const b = await run('{ orders { edges { node { id } } } }', '2026-01');
    expect(a.userErrors).toEqual([]);
    expect(b.userErrors).toEqual([]);
    const cancel = await t.gql(tok, 'mutation($id: ID!) { bulkOperationCancel(id: $id) { bulkOperation { id status } userErrors { field message } } }', { id: b.bulkOperation?.id });
    expect(cancel.json.data).toEqual({ bulkOperationCancel: { bulkOperation: { id: b.bulkOperation?.id, status: 'CANCELED' }, userErrors: [] } });
  });

  it('runs five bulk queries at once on API version 2026-07 and refuses the sixth with OPERATION_IN_PROGRESS, as Shopify does', async () => {
    const fresh = await startShopify({ quotaMode: 'realistic' });
    try {
      const ftok = await fresh.token();
      const start = async (month: number) => {
        const q = `{ orders(query: "created_at:>='2026-0${month}-01' AND created_at:<'2026-0${month + 1}-01'") { edges { node { id } } } }`;
        const r = await fresh.gql(ftok, RUN, { q }, NORTHWIND, '2026-07');
        return (r.json.data as { bulkOperationRunQuery: { bulkOperation: { id: string; status: string } | null; userErrors: unknown[] } }).bulkOperationRunQuery;
      };
      const five = [];
      for (const month of [1, 2, 3, 4, 5]) five.push(await start(month));
      for (const s of five) expect(s).toMatchObject({ bulkOperation: { status: 'CREATED' }, userErrors: [] });
      const sixth = await start(6);
      expect(sixth.bulkOperation).toBeNull();
      expect(sixth.userErrors).toHaveLength(1);
      const [err] = sixth.userErrors as Array<{ code: string; field: null; message: string }>;
      expect(err?.code).toBe('OPERATION_IN_PROGRESS');
      expect(err?.field).toBeNull();
      const blocker = /already in progress: (gid:\/\/shopify\/BulkOperation\/\d+)\.$/.exec(err?.message ?? '')?.[1];
      expect(five.map((s) => s.bulkOperation?.id)).toContain(blocker);
      const counted = await fresh.admin(`bulk-operations?shop=${NORTHWIND}`, undefined, 'GET');
      expect(counted.json).toMatchObject({ peak: 5, refused: 1 });
      expect(counted.json.operations).toHaveLength(5);
      // realistic quota mode: the refusal is counted as a quota refusal of its own, apart from cost throttling
      expect((await fresh.admin('quota', undefined, 'GET')).json.refused).toEqual({ 'shopify:OPERATION_IN_PROGRESS': 1 });
    } finally {
      await fresh.p.close();
    }
  });

  it('returns a null url for an empty result and lets the file URL expire after 7 days', async () => {
    const fresh = await startShopify();
    try {
      const ftok = await fresh.token();
      const empty = await fresh.gql(ftok, RUN, { q: '{ orders(query: "created_at:>=2030-01-01") { edges { node { id } } } }' });
      expect((empty.json.data as { bulkOperationRunQuery: { userErrors: unknown[] } }).bulkOperationRunQuery.userErrors).toEqual([]);
      await fresh.gql(ftok, POLL);
      const done = ((await fresh.gql(ftok, POLL)).json.data as { currentBulkOperation: Op }).currentBulkOperation;
      expect(done).toMatchObject({ status: 'COMPLETED', objectCount: '0', rootObjectCount: '0', fileSize: null, url: null });

      await fresh.gql(ftok, RUN, { q: '{ orders(query: "created_at:>=2026-06-14") { edges { node { id } } } }' });
      await fresh.gql(ftok, POLL);
      const ready = ((await fresh.gql(ftok, POLL)).json.data as { currentBulkOperation: Op }).currentBulkOperation;
      expect((await fetch(ready.url ?? '')).status).toBe(200);
      const forged = new URL(ready.url ?? '');
      forged.searchParams.set('Expires', String(Number(forged.searchParams.get('Expires')) + 86_400));
      expect((await fetch(forged)).status).toBe(403);
      await fresh.admin('clock', { advanceMs: 8 * 86_400_000 }, 'PUT');
      const expired = await fetch(ready.url ?? '');
      expect(expired.status).toBe(400);
      expect(await expired.text()).toContain('<Code>ExpiredToken</Code>');
      const status = ((await fresh.gql(ftok, POLL)).json.data as { currentBulkOperation: Op }).currentBulkOperation;
      expect(status).toMatchObject({ status: 'EXPIRED', url: null });
    } finally {
      await fresh.p.close();
    }
  });
});
