import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import '@shopify/shopify-api/adapters/node';
import { ApiVersion, LogSeverity, shopifyApi, type Session } from '@shopify/shopify-api';
import { setAbstractFetchFunc } from '@shopify/shopify-api/runtime';
import { createAdminApiClient } from '@shopify/admin-api-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SANDBOX_APPS } from '../../src/common/world.js';
import { NORTHWIND, startShopify, type ShopifyTest } from '../shopify-helpers.js';

// Shopify's own libraries against the Shopify emulator, for the calls our Shopify connector makes: the app
// install OAuth as @shopify/shopify-api runs it (begin, the signed callback with its HMAC and state cookie,
// the code exchange for an expiring token, the refresh), then Admin GraphQL through @shopify/admin-api-client:
// the shop, orders updated since a time, and a bulk export polled to COMPLETED; and the webhooks our server
// receives, checked by shopify-api's webhooks.validate. Both libraries only speak to
// https://{shop}; their fetch is pointed at the emulator's mount for the shop.
const NOW = '2026-06-15T06:00:00Z';
const ORDER_FIELDS = 'id name createdAt updatedAt cancelledAt test currencyCode totalPriceSet { shopMoney { amount currencyCode } } refunds { id createdAt }';

let t: ShopifyTest;
let app: Server;
let appUrl = '';
let session: Session | undefined;
const webhooks: Array<Record<string, unknown>> = [];

// shopify-api answers bots (Node's fetch says it is one) 410: a merchant's browser
const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' };
const toEmulator = (url: string) => url.replace(/^https:\/\/([a-z0-9-]+\.myshopify\.com)/, (_, shop: string) => `${t.p.baseUrl}/${shop}`);
const emulatorFetch: typeof fetch = (input, init) => fetch(toEmulator(input instanceof Request ? input.url : String(input)), init);

const shopify = shopifyApi({
  apiKey: SANDBOX_APPS.shopify.clientId,
  apiSecretKey: SANDBOX_APPS.shopify.clientSecret,
  scopes: ['read_orders', 'read_all_orders', 'read_products'],
  hostName: 'app.parallels.test',
  hostScheme: 'http',
  apiVersion: ApiVersion.October25,
  isEmbeddedApp: false,
  logger: { level: LogSeverity.Error },
});

beforeAll(async () => {
  // Shopify's libraries check the callback timestamp against their own clock (90 s): theirs is the emulator's
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(NOW) });
  // the app's OAuth and webhook routes, as an app on @shopify/shopify-api's Node adapter serves them
  app = createServer((req, res) => {
    const done = async () => {
      if (req.url?.startsWith('/webhooks')) {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const rawBody = Buffer.concat(chunks).toString('utf8');
        webhooks.push({ ...(await shopify.webhooks.validate({ rawBody, rawRequest: req, rawResponse: res })), body: rawBody });
        res.end();
        return;
      }
      if (req.url?.startsWith('/auth/begin')) {
        await shopify.auth.begin({ shop: NORTHWIND, callbackPath: '/auth/callback', isOnline: false, rawRequest: req, rawResponse: res });
        return;
      }
      const result = await shopify.auth.callback({ rawRequest: req, rawResponse: res, expiring: true });
      session = result.session;
      res.end('installed');
    };
    done().catch((e: unknown) => {
      res.statusCode = 500;
      res.end(String(e));
    });
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  t = await startShopify({ now: NOW, webhookUrl: `${appUrl}/webhooks` });
  setAbstractFetchFunc(emulatorFetch);
});
afterAll(async () => {
  vi.useRealTimers();
  await new Promise<void>((resolve) => app.close(() => resolve()));
  await t.p.close();
});

describe('@shopify/shopify-api and @shopify/admin-api-client against the Shopify emulator', () => {
  it('installs through the official OAuth: begin, consent, signed callback, expiring token, refresh', async () => {
    const begin = await fetch(`${appUrl}/auth/begin`, { redirect: 'manual', headers: BROWSER });
    expect(begin.status).toBe(302);
    const authorize = new URL(begin.headers.get('location') ?? '');
    expect(authorize.origin).toBe(`https://${NORTHWIND}`);
    const cookie = begin.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

    const page = await fetch(toEmulator(authorize.toString()));
    expect(page.status).toBe(200);
    const form = new URLSearchParams(authorize.searchParams);
    form.set('decision', 'allow');
    const consent = await fetch(toEmulator(`https://${NORTHWIND}/admin/oauth/authorize`), { method: 'POST', body: form, redirect: 'manual' });
    expect(consent.status).toBe(302);
    const callback = new URL(consent.headers.get('location') ?? '');
    expect(`${callback.origin}${callback.pathname}`).toBe('http://app.parallels.test/auth/callback');

    const installed = await fetch(`${appUrl}${callback.pathname}${callback.search}`, { headers: { ...BROWSER, cookie } });
    expect(await installed.text()).toBe('installed');
    expect(session).toMatchObject({ shop: NORTHWIND, isOnline: false, scope: 'read_orders,read_all_orders,read_products' });
    expect(session?.accessToken).toMatch(/^shpat_/);
    expect(session?.refreshToken).toMatch(/^shprt_/);

    const { session: refreshed } = await shopify.auth.refreshToken({ shop: NORTHWIND, refreshToken: session!.refreshToken! });
    expect(refreshed.accessToken).toMatch(/^shpat_/);
    expect(refreshed.accessToken).not.toBe(session?.accessToken);
    session = refreshed;
  });

  it("validateHmac accepts the emulator's signature on a state that URL encoding changes", async () => {
    const form = new URLSearchParams({ client_id: SANDBOX_APPS.shopify.clientId, scope: 'read_orders', redirect_uri: 'https://app.parallels.test/cb', state: 'a b+c/d=e&f%g', decision: 'allow' });
    const consent = await fetch(`${t.p.baseUrl}/${NORTHWIND}/admin/oauth/authorize`, { method: 'POST', body: form, redirect: 'manual' });
    const query = Object.fromEntries(new URL(consent.headers.get('location') ?? '').searchParams);
    expect(await shopify.utils.validateHmac(query)).toBe(true);
    expect(await shopify.utils.validateHmac({ ...query, state: 'a b+c/d=e&f%h' })).toBe(false);
  });

  it('Admin GraphQL: the shop, orders updated since a time, and a bulk export', async () => {
    expect(session?.accessToken).toBeTruthy();
    const client = createAdminApiClient({ storeDomain: NORTHWIND, apiVersion: '2025-10', accessToken: session!.accessToken!, customFetchApi: emulatorFetch });
    const shop = await client.request<{ shop: { name: string; currencyCode: string; myshopifyDomain: string } }>('{ shop { name email currencyCode ianaTimezone myshopifyDomain } }');
    expect(shop.errors).toBeUndefined();
    expect(shop.data?.shop).toMatchObject({ currencyCode: 'USD', myshopifyDomain: NORTHWIND });

    const updates = `query OrderUpdates($first: Int!, $after: String, $query: String!) {
      orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) { pageInfo { hasNextPage endCursor } nodes { ${ORDER_FIELDS} } }
    }`;
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 3; page++) {
      const res: { data?: { orders: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: Array<{ id: string; updatedAt: string }> } }; extensions?: Record<string, unknown> } =
        await client.request(updates, { variables: { first: 50, after, query: "updated_at:>='2026-06-10T00:00:00Z'" } });
      const orders = res.data?.orders;
      expect(orders?.nodes.length).toBeGreaterThan(0);
      for (const o of orders?.nodes ?? []) expect(o.updatedAt >= '2026-06-10T00:00:00Z').toBe(true);
      seen.push(...(orders?.nodes ?? []).map((o) => o.id));
      expect(res.extensions?.cost).toBeDefined();
      if (!orders?.pageInfo.hasNextPage) break;
      after = orders.pageInfo.endCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);

    // the official library's own GraphQL client, on the refreshed session
    const graphql = new shopify.clients.Graphql({ session: session! });
    const started = await graphql.request<{ bulkOperationRunQuery: { bulkOperation: { id: string; status: string } | null; userErrors: unknown[] } }>(
      'mutation RunBulk($query: String!) { bulkOperationRunQuery(query: $query) { bulkOperation { id status } userErrors { code field message } } }',
      { variables: { query: `{ orders(query: "created_at:>='2026-06-01T00:00:00Z' created_at:<'2026-06-14T00:00:00Z'", sortKey: CREATED_AT) { edges { node { ${ORDER_FIELDS} } } } }` } },
    );
    expect(started.data?.bulkOperationRunQuery.userErrors).toEqual([]);
    const id = started.data?.bulkOperationRunQuery.bulkOperation?.id;
    expect(id).toMatch(/^gid:\/\/shopify\/BulkOperation\/\d+$/);
    let op: { status: string; url: string | null; objectCount: string } | undefined;
    for (let poll = 0; poll < 10 && op?.status !== 'COMPLETED'; poll++) {
      const polled = await client.request<{ node: { status: string; url: string | null; objectCount: string } }>(
        'query PollBulk($id: ID!) { node(id: $id) { ... on BulkOperation { id status errorCode objectCount url } } }', { variables: { id } });
      op = polled.data?.node;
    }
    expect(op?.status).toBe('COMPLETED');
    const lines = (await (await fetch(op!.url!)).text()).trim().split('\n').map((l) => JSON.parse(l) as { id: string; createdAt: string });
    expect(lines.length).toBe(Number(op?.objectCount));
    for (const o of lines) expect(o.createdAt >= '2026-06-01T00:00:00Z' && o.createdAt < '2026-06-14T00:00:00Z').toBe(true);
  });

  it("webhooks.validate accepts the emulator's deliveries: signature and every header it requires", async () => {
    webhooks.length = 0;
    const created = await t.admin('orders', { shop: NORTHWIND, totalPrice: '84.50' });
    expect(created.status).toBe(200);
    expect(webhooks).toHaveLength(1);
    expect(webhooks[0]).toMatchObject({ valid: true, topic: 'ORDERS_CREATE', domain: NORTHWIND, apiVersion: '2025-10', webhookId: expect.any(String) });
    expect(JSON.parse(String(webhooks[0]?.body))).toMatchObject({ total_price: '84.50' });
  });
});
