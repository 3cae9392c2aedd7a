import { startPlatform, type RunningPlatform } from './harness.js';
import { shopifyEmulator } from '../src/shopify/app.js';

// Raw-HTTP helpers for the Shopify emulator tests (no client library of ours).

export const NORTHWIND = 'northwind-outfitters.myshopify.com';
export const DEMO = 'parallels-demo.myshopify.com';
export const VERSION = '2025-10';

export interface Gql {
  status: number;
  text: string;
  json: { data?: Record<string, unknown> | null; errors?: Array<Record<string, unknown>>; extensions?: { cost: Cost; search?: unknown[] } } & Record<string, unknown>;
  headers: Headers;
}
export interface Cost {
  requestedQueryCost: number;
  actualQueryCost: number | null;
  throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
}

export interface ShopifyTest {
  p: RunningPlatform;
  admin: (path: string, body?: unknown, method?: string) => Promise<{ status: number; json: Record<string, unknown> }>;
  token: (shop?: string, extra?: Record<string, unknown>) => Promise<string>;
  gql: (token: string, query: string, variables?: unknown, shop?: string, version?: string) => Promise<Gql>;
}

export async function startShopify(options: { seed?: string; now?: string; quotaMode?: 'off' | 'realistic'; webhookUrl?: string; shopifyOrders?: Record<string, number> } = {}): Promise<ShopifyTest> {
  const p = await startPlatform('shopify', (ctx) => shopifyEmulator(ctx, { webhookUrl: options.webhookUrl }), options);
  const admin = async (path: string, body?: unknown, method = 'POST') => {
    const r = await fetch(`${p.baseUrl}/__admin/${path}`, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: r.status, json: (await r.json()) as Record<string, unknown> };
  };
  const token = async (shop = NORTHWIND, extra: Record<string, unknown> = {}) => {
    const r = await admin('tokens', { shop, ...extra });
    return r.json.access_token as string;
  };
  const gql = async (tok: string, query: string, variables?: unknown, shop = NORTHWIND, version = VERSION): Promise<Gql> => {
    const r = await fetch(`${p.baseUrl}/${shop}/admin/api/${version}/graphql.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': tok },
      body: JSON.stringify({ query, variables }),
    });
    const text = await r.text();
    let json: Gql['json'] = {};
    try {
      json = JSON.parse(text) as Gql['json'];
    } catch {
      // malformed-body tests look at `text`
    }
    return { status: r.status, text, json, headers: r.headers };
  };
  return { p, admin, token, gql };
}

/** "120.5" -> 12050 */
export function cents(amount: unknown): number {
  const [whole = '0', frac = ''] = String(amount).split('.');
  const sign = whole.startsWith('-') ? -1 : 1;
  return sign * (Math.abs(Number(whole)) * 100 + Number(frac.padEnd(2, '0').slice(0, 2)));
}

export interface OrderNode {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  displayFinancialStatus: string;
  totalPriceSet: { shopMoney: { amount: string; currencyCode: string } };
  refunds: Array<{ id: string; createdAt: string; totalRefundedSet: { shopMoney: { amount: string } } }>;
}

export const ORDER_FIELDS = 'id name createdAt updatedAt displayFinancialStatus totalPriceSet { shopMoney { amount currencyCode } } refunds { id createdAt totalRefundedSet { shopMoney { amount } } }';

/** page through `orders` to the end */
export async function allOrders(t: ShopifyTest, tok: string, query: string, extraArgs = '', shop = NORTHWIND): Promise<{ nodes: OrderNode[]; pages: number }> {
  const nodes: OrderNode[] = [];
  let after: string | null = null;
  let pages = 0;
  for (;;) {
    const r = await t.gql(tok, `query Page($after: String, $q: String) { orders(first: 150, after: $after, query: $q${extraArgs}) { pageInfo { hasNextPage endCursor } nodes { ${ORDER_FIELDS} } } }`, { after, q: query }, shop);
    const orders = (r.json.data as { orders: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: OrderNode[] } }).orders;
    nodes.push(...orders.nodes);
    pages++;
    if (!orders.pageInfo.hasNextPage) break;
    after = orders.pageInfo.endCursor;
  }
  return { nodes, pages };
}
