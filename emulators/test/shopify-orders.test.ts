import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createWorld, findMerchant, merchantDay } from '../src/common/world.js';
import { eachDay } from '../src/common/dates.js';
import { buildSchema } from '../src/shopify/schema.js';
import { BUILTIN_SCALARS, namedType, parseTypeString } from '../src/shopify/graphql/types.js';
import { allOrders, cents, DEMO, NORTHWIND, startShopify, type OrderNode, type ShopifyTest } from './shopify-helpers.js';

const SEED = 'test-seed';
const northwind = findMerchant(createWorld(SEED), 'other');

let t: ShopifyTest;
let tok: string;
beforeAll(async () => {
  t = await startShopify({ seed: SEED });
  tok = await t.token();
});
afterAll(async () => {
  await t.p.close();
});

describe('shopify Admin GraphQL: shop and orders', () => {
  it('answers the shop query with the store settings and cost extensions', async () => {
    const r = await t.gql(tok, '{ shop { name email currencyCode ianaTimezone timezoneAbbreviation myshopifyDomain plan { displayName } } }');
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({
      shop: { name: 'Northwind Outfitters', email: 'owner@northwind.example', currencyCode: 'USD', ianaTimezone: 'America/New_York', timezoneAbbreviation: 'EDT', myshopifyDomain: NORTHWIND, plan: { displayName: 'Basic' } },
    });
    expect(r.text).toContain('"throttleStatus":{"maximumAvailable":2000.0,"currentlyAvailable":1998,"restoreRate":100.0}');
    expect(r.json.extensions?.cost).toMatchObject({ requestedQueryCost: 2, actualQueryCost: 2 });
    const demo = await t.gql(await t.token(DEMO), '{ shop { currencyCode ianaTimezone timezoneAbbreviation } }', undefined, DEMO);
    expect(demo.json.data).toEqual({ shop: { currencyCode: 'INR', ianaTimezone: 'Asia/Kolkata', timezoneAbbreviation: 'IST' } });
  });

  it('rejects a missing or wrong access token with 401', async () => {
    const r = await t.gql('shpat_nope', '{ shop { name } }');
    expect(r.status).toBe(401);
    expect(r.text).toBe('{"errors":"[API] Invalid API key or access token (unrecognized login or wrong password)"}');
    const other = await t.gql(await t.token(DEMO), '{ shop { name } }'); // a token for another shop
    expect(other.status).toBe(401);
  });

  it('pages a month to the end: every order once, counts and totals equal merchantDay exactly', async () => {
    const { nodes, pages } = await allOrders(t, tok, 'created_at:>=2026-05-01 created_at:<2026-06-01', ', sortKey: CREATED_AT');
    const days = eachDay('2026-05-01', '2026-05-31');
    const expectedOrders = days.reduce((s, d) => s + merchantDay(SEED, northwind, d).orders, 0);
    const expectedCents = days.reduce((s, d) => s + Math.round(merchantDay(SEED, northwind, d).grossSales * 100), 0);
    expect(pages).toBeGreaterThan(5);
    expect(nodes.length).toBe(expectedOrders);
    expect(new Set(nodes.map((n) => n.id)).size).toBe(nodes.length);
    expect(nodes.reduce((s, n) => s + cents(n.totalPriceSet.shopMoney.amount), 0)).toBe(expectedCents);
    // the shop's local month (EDT = UTC-4), in ascending creation order, ISO-8601 UTC without millis
    expect((nodes[0] as OrderNode).createdAt >= '2026-05-01T04:00:00Z').toBe(true);
    expect((nodes[nodes.length - 1] as OrderNode).createdAt < '2026-06-01T04:00:00Z').toBe(true);
    expect(nodes.every((n, i) => i === 0 || (nodes[i - 1] as OrderNode).createdAt <= n.createdAt)).toBe(true);
    expect(nodes.every((n) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(n.createdAt) && /^\d+\.\d{1,2}$/.test(n.totalPriceSet.shopMoney.amount))).toBe(true);
    // a realistic share of refunds (all of May's are visible by mid-June) and a few cancellations
    const refunded = nodes.filter((n) => n.refunds.length > 0).length / nodes.length;
    expect(refunded).toBeGreaterThan(0.02);
    expect(refunded).toBeLessThan(0.09);
    expect(new Set(nodes.map((n) => n.displayFinancialStatus))).toEqual(new Set(['PAID', 'PARTIALLY_REFUNDED', 'REFUNDED', 'VOIDED']));
  });

  it('sums an INR day of the demo store to its gross sales, in IST', async () => {
    const demo = findMerchant(createWorld(SEED), 'demo');
    const demoTok = await t.token(DEMO);
    const { nodes } = await allOrders(t, demoTok, 'created_at:>=2026-06-01 created_at:<2026-06-02', '', DEMO);
    const md = merchantDay(SEED, demo, '2026-06-01');
    expect(nodes.length).toBe(md.orders);
    expect(nodes.reduce((s, n) => s + cents(n.totalPriceSet.shopMoney.amount), 0)).toBe(Math.round(md.grossSales * 100));
    expect(nodes.every((n) => n.totalPriceSet.shopMoney.currencyCode === 'INR' && n.createdAt >= '2026-05-31T18:30:00Z' && n.createdAt < '2026-06-01T18:30:00Z')).toBe(true);
    // busier in the evening than at 4 a.m. (local hours)
    const hour = (n: OrderNode) => new Date(Date.parse(n.createdAt) + 5.5 * 3600_000).getUTCHours();
    expect(nodes.filter((n) => hour(n) >= 18 && hour(n) < 22).length).toBeGreaterThan(nodes.filter((n) => hour(n) >= 2 && hour(n) < 6).length * 3);
  });

  it('filters by updated_at: late refunds bring old orders into an incremental window', async () => {
    const since = '2026-06-10T00:00:00Z';
    const { nodes } = await allOrders(t, tok, `updated_at:>='${since}'`, ', sortKey: UPDATED_AT');
    expect(nodes.length).toBeGreaterThan(0);
    expect(nodes.every((n) => n.updatedAt >= since)).toBe(true);
    const oldButUpdated = nodes.filter((n) => n.createdAt < '2026-06-01T00:00:00Z');
    expect(oldButUpdated.length).toBeGreaterThan(0);
    expect(oldButUpdated.every((n) => n.refunds.some((r) => r.createdAt === n.updatedAt))).toBe(true);
    expect(nodes.every((n, i) => i === 0 || (nodes[i - 1] as OrderNode).updatedAt <= n.updatedAt)).toBe(true);
  });

  it('shows refunds only once the clock has passed them', async () => {
    const window = 'created_at:>=2026-05-01 created_at:<2026-05-08';
    await t.admin('clock', { now: '2026-05-12T12:00:00Z' }, 'PUT');
    let before: OrderNode[];
    try {
      before = (await allOrders(t, tok, window)).nodes;
    } finally {
      await t.admin('clock', { now: '2026-06-15T06:00:00Z' }, 'PUT');
    }
    const after = (await allOrders(t, tok, window)).nodes;
    expect(after.map((n) => n.id)).toEqual(before.map((n) => n.id));
    expect(before.every((n) => n.refunds.every((r) => r.createdAt <= '2026-05-12T12:00:00Z'))).toBe(true);
    const late = after.filter((n, i) => n.refunds.length > (before[i] as OrderNode).refunds.length);
    expect(late.length).toBeGreaterThan(0);
    for (const n of late) {
      const newest = n.refunds.reduce((m, r) => (r.createdAt > m ? r.createdAt : m), '');
      expect(newest > '2026-05-12T12:00:00Z').toBe(true);
      expect(n.updatedAt).toBe(newest);
      expect(['PARTIALLY_REFUNDED', 'REFUNDED']).toContain(n.displayFinancialStatus);
    }
    // order totals never change; the current total drops by what was refunded
    expect(after.map((n) => n.totalPriceSet.shopMoney.amount)).toEqual(before.map((n) => n.totalPriceSet.shopMoney.amount));
  });

  it('has no orders for today or before the history window, and applies the 60-day read_orders limit', async () => {
    const today = await t.gql(tok, '{ orders(first: 5, query: "created_at:>=2026-06-15") { nodes { id } } }');
    expect(today.json.data).toEqual({ orders: { nodes: [] } });
    const ancient = await t.gql(tok, '{ orders(first: 5, query: "created_at:<2023-06-01") { nodes { id } } }');
    expect(ancient.json.data).toEqual({ orders: { nodes: [] } });
    const limited = await t.token(NORTHWIND, { scope: 'read_orders' });
    const old = await t.gql(limited, '{ orders(first: 5, query: "created_at:<2026-04-01") { nodes { id } } }');
    expect(old.json.data).toEqual({ orders: { nodes: [] } });
    const recent = await t.gql(limited, '{ orders(first: 5, query: "created_at:>=2026-06-01") { nodes { id } } }');
    expect((recent.json.data as { orders: { nodes: unknown[] } }).orders.nodes.length).toBe(5);
  });

  it('denies orders without read_orders (HTTP 200, ACCESS_DENIED, data null)', async () => {
    const noOrders = await t.token(NORTHWIND, { scope: 'read_products' });
    const r = await t.gql(noOrders, '{ orders(first: 1) { nodes { id } } }');
    expect(r.status).toBe(200);
    expect(r.json.data).toBeNull();
    expect(r.json.errors).toEqual([{
      message: 'Access denied for orders field. Required access: `read_orders` access scope.',
      locations: [{ line: 1, column: 3 }],
      path: ['orders'],
      extensions: { code: 'ACCESS_DENIED', documentation: 'https://shopify.dev/api/usage/access-scopes', requiredAccess: '`read_orders` access scope.' },
    }]);
  });

  it('supports variables, aliases, fragments, inline fragments, __typename, node and nodes', async () => {
    const page = await t.gql(tok, '{ orders(first: 2, reverse: true) { edges { cursor node { id name } } } }');
    const edges = (page.json.data as { orders: { edges: Array<{ cursor: string; node: { id: string; name: string } }> } }).orders.edges;
    expect(edges).toHaveLength(2);
    expect(JSON.parse(Buffer.from(edges[0]?.cursor ?? '', 'base64').toString())).toEqual({ last_id: Number(edges[0]?.node.id.split('/').pop()), last_value: Number(edges[0]?.node.id.split('/').pop()) });
    const ids = edges.map((e) => e.node.id);
    const r = await t.gql(tok, `query Two($a: ID!, $ids: [ID!]!) {
      first: node(id: $a) { __typename ...OrderBits }
      both: nodes(ids: $ids) { ... on Order { name } }
      missing: node(id: "gid://shopify/Order/1") { id }
    }
    fragment OrderBits on Order { id name totalPriceSet { shopMoney { currencyCode } } }`, { a: ids[0], ids });
    expect(r.json.errors).toBeUndefined();
    expect(r.json.data).toEqual({
      first: { __typename: 'Order', id: ids[0], name: edges[0]?.node.name, totalPriceSet: { shopMoney: { currencyCode: 'USD' } } },
      both: edges.map((e) => ({ name: e.node.name })),
      missing: null,
    });
  });

  it('answers bad queries with graphql-ruby errors on HTTP 200', async () => {
    const undefinedField = await t.gql(tok, '{ orders(first: 1) { nodes { id foo } } }');
    expect(undefinedField.status).toBe(200);
    expect(undefinedField.json).toEqual({ errors: [{ message: "Field 'foo' doesn't exist on type 'Order'", locations: [{ line: 1, column: 33 }], path: ['query', 'orders', 'nodes', 'foo'], extensions: { code: 'undefinedField', typeName: 'Order', fieldName: 'foo' } }] });
    const noFirst = await t.gql(tok, '{ orders { nodes { id } } }');
    expect(noFirst.json.data).toBeNull();
    expect(noFirst.json.errors?.[0]).toMatchObject({ message: 'you must provide one of first or last', path: ['orders'] });
    const parse = await t.gql(tok, '{ orders(first: 1) { nodes { id }');
    expect(parse.json.errors?.[0]?.message).toBe('Unexpected end of document');
    const badEnum = await t.gql(tok, '{ orders(first: 1, sortKey: NEWEST) { nodes { id } } }');
    expect(badEnum.json.errors?.[0]?.extensions).toMatchObject({ code: 'argumentLiteralsIncompatible' });
    const noSelection = await t.gql(tok, '{ shop }');
    expect(noSelection.json.errors?.[0]?.extensions).toMatchObject({ code: 'selectionMismatch' });
    const missingVar = await t.gql(tok, 'query Q($n: Int!) { orders(first: $n) { nodes { id } } }', {});
    expect(missingVar.json.errors?.[0]?.message).toBe('Variable $n of type Int! was provided invalid value');
    const badQuery = await t.gql(tok, '{ orders(first: 1, query: "created_at:>=yesterdayish") { nodes { id } } }');
    expect(badQuery.json.extensions?.search).toEqual([{ path: ['orders'], query: 'created_at:>=yesterdayish', warnings: [{ field: 'created_at', message: 'Invalid timestamp for query filter `created_at`.' }] }]);
  });

  it('serves a closed schema: every type a field, argument or union names is defined', () => {
    const schema = buildSchema();
    const known = (ty: string) => !!schema.types[namedType(parseTypeString(ty))] || BUILTIN_SCALARS.has(namedType(parseTypeString(ty)));
    const missing: string[] = [];
    for (const [name, def] of Object.entries(schema.types)) {
      if (def.kind === 'OBJECT' || def.kind === 'INTERFACE') {
        for (const [f, field] of Object.entries(def.fields)) for (const ty of [field.type, ...Object.values(field.args ?? {})]) if (!known(ty)) missing.push(`${name}.${f}: ${ty}`);
      }
      if (def.kind === 'INPUT_OBJECT') for (const [f, ty] of Object.entries(def.fields)) if (!known(ty)) missing.push(`${name}.${f}: ${ty}`);
      if (def.kind === 'UNION' || def.kind === 'INTERFACE') for (const ty of def.possibleTypes) if (!known(ty)) missing.push(`${name} | ${ty}`);
    }
    expect(missing).toEqual([]);
  });

  it('is deterministic: same seed, same bytes; another seed, other data', async () => {
    const query = '{ orders(first: 20, query: "created_at:>=2026-03-01 created_at:<2026-03-03") { edges { cursor node { id name createdAt updatedAt totalPriceSet { shopMoney { amount } presentmentMoney { amount currencyCode } } lineItems(first: 3) { nodes { title sku quantity originalUnitPriceSet { shopMoney { amount } } } } } } } }';
    const a = await t.gql(tok, query);
    const twin = await startShopify({ seed: SEED });
    const other = await startShopify({ seed: 'another-seed' });
    try {
      expect((await twin.gql(await twin.token(), query)).text).toBe(a.text);
      expect((await other.gql(await other.token(), query)).text).not.toBe(a.text);
    } finally {
      await twin.p.close();
      await other.p.close();
    }
  });
});
