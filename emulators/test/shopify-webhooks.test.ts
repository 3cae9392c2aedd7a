import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { SANDBOX_APPS } from '../src/common/world.js';
import { NORTHWIND, startShopify, type ShopifyTest } from './shopify-helpers.js';

const SECRET = SANDBOX_APPS.shopify.clientSecret;

/** The receiving app's check, written independently: base64 HMAC-SHA256 of the raw body bytes. */
function verifyWebhook(raw: Buffer, header: string | undefined, secret: string): boolean {
  if (!header) return false;
  const want = createHmac('sha256', secret).update(raw).digest();
  const got = Buffer.from(header, 'base64');
  return got.length === want.length && timingSafeEqual(got, want);
}

interface Received { headers: IncomingHttpHeaders; raw: Buffer }
const received: Received[] = [];
let answer = 200;
let server: Server;
let receiverUrl: string;
let t: ShopifyTest;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, raw: Buffer.concat(chunks) });
      res.statusCode = answer;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/shopify`;
  t = await startShopify({ webhookUrl: receiverUrl });
});
afterAll(async () => {
  await t.p.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('shopify webhooks', () => {
  it('creates an order now and delivers orders/create signed over the raw body', async () => {
    received.length = 0;
    const r = await t.admin('orders', { shop: NORTHWIND, totalPrice: '84.50' });
    expect(r.status).toBe(200);
    const delivery = r.json.delivery as Record<string, unknown>;
    expect(delivery).toMatchObject({ delivered: true, status: 200, topic: 'orders/create', shop: NORTHWIND, triggeredAt: '2026-06-15T06:00:00.000Z' });
    expect(received).toHaveLength(1);
    const hook = received[0] as Received;
    expect(hook.headers['content-type']).toBe('application/json');
    expect(hook.headers['x-shopify-topic']).toBe('orders/create');
    expect(hook.headers['x-shopify-shop-domain']).toBe(NORTHWIND);
    expect(hook.headers['x-shopify-api-version']).toBe('2025-10');
    expect(hook.headers['x-shopify-webhook-id']).toBe(delivery.webhookId);
    expect(hook.headers['x-shopify-event-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(hook.headers['x-shopify-triggered-at']).toBe('2026-06-15T06:00:00.000Z');
    const signature = hook.headers['x-shopify-hmac-sha256'] as string;
    expect(verifyWebhook(hook.raw, signature, SECRET)).toBe(true);
    expect(verifyWebhook(Buffer.concat([hook.raw, Buffer.from(' ')]), signature, SECRET)).toBe(false);
    expect(verifyWebhook(hook.raw, signature, 'wrong-secret')).toBe(false);

    const order = JSON.parse(hook.raw.toString('utf8')) as Record<string, unknown>;
    expect(order).toEqual(r.json.order);
    expect(typeof order.id).toBe('number');
    expect(order.admin_graphql_api_id).toBe(`gid://shopify/Order/${order.id}`);
    expect(order).toMatchObject({ total_price: '84.50', currency: 'USD', financial_status: 'paid', fulfillment_status: null, test: false, refunds: [] });
    expect(order.created_at).toBe('2026-06-15T02:00:00-04:00'); // REST payloads use the shop's zone
    expect((order.total_price_set as Record<string, unknown>).shop_money).toEqual({ amount: '84.50', currency_code: 'USD' });
    const items = order.line_items as Array<{ price: string; quantity: number }>;
    expect(items.length).toBeGreaterThan(0);

    // the new order is visible through GraphQL right away
    const tok = await t.token();
    const q = await t.gql(tok, 'query($id: ID!) { node(id: $id) { ... on Order { name totalPriceSet { shopMoney { amount } } } } }', { id: order.admin_graphql_api_id });
    expect(q.json.data).toEqual({ node: { name: order.name, totalPriceSet: { shopMoney: { amount: '84.5' } } } });
  });

  it('sends the mandatory compliance topics with their payloads', async () => {
    for (const topic of ['customers/data_request', 'customers/redact', 'shop/redact']) {
      received.length = 0;
      const r = await t.admin('webhooks', { shop: NORTHWIND, topic });
      expect(r.json).toMatchObject({ delivered: true, status: 200, topic });
      const hook = received[0] as Received;
      expect(hook.headers['x-shopify-topic']).toBe(topic);
      expect(verifyWebhook(hook.raw, hook.headers['x-shopify-hmac-sha256'] as string, SECRET)).toBe(true);
      const body = JSON.parse(hook.raw.toString()) as Record<string, unknown>;
      expect(body.shop_domain).toBe(NORTHWIND);
      expect(typeof body.shop_id).toBe('number');
      if (topic === 'customers/data_request') expect(Object.keys(body).sort()).toEqual(['customer', 'data_request', 'orders_requested', 'shop_domain', 'shop_id']);
      if (topic === 'customers/redact') expect(Object.keys(body).sort()).toEqual(['customer', 'orders_to_redact', 'shop_domain', 'shop_id']);
      if (topic === 'shop/redact') expect(Object.keys(body).sort()).toEqual(['shop_domain', 'shop_id']);
    }
  });

  it('passes a custom payload through, reports a failed delivery, and rejects unknown topics', async () => {
    received.length = 0;
    answer = 401;
    try {
      const r = await t.admin('webhooks', { shop: NORTHWIND, topic: 'orders/updated', payload: { id: 1, note: 'ünïcode ✓' } });
      expect(r.json).toMatchObject({ delivered: false, status: 401 });
      const hook = received[0] as Received;
      expect(hook.raw.toString('utf8')).toBe('{"id":1,"note":"ünïcode ✓"}');
      expect(verifyWebhook(hook.raw, hook.headers['x-shopify-hmac-sha256'] as string, SECRET)).toBe(true);
    } finally {
      answer = 200;
    }
    expect((await t.admin('webhooks', { shop: NORTHWIND, topic: 'orders/deleted-forever' })).status).toBe(400);
  });

  it('uninstalls the app: tokens stop working and app/uninstalled is sent', async () => {
    const tok = await t.token();
    expect((await t.gql(tok, '{ shop { name } }')).status).toBe(200);
    received.length = 0;
    const r = await t.admin('uninstall', { shop: NORTHWIND });
    expect((r.json.delivery as Record<string, unknown>).topic).toBe('app/uninstalled');
    expect(received[0]?.headers['x-shopify-topic']).toBe('app/uninstalled');
    expect((await t.gql(tok, '{ shop { name } }')).status).toBe(401);
  });

  it('needs a webhook URL', async () => {
    const bare = await startShopify();
    try {
      const r = await bare.admin('webhooks', { shop: NORTHWIND, topic: 'shop/redact' });
      expect(r.status).toBe(400);
      const viaBody = await bare.admin('webhooks', { shop: NORTHWIND, topic: 'shop/redact', url: receiverUrl });
      expect(viaBody.json).toMatchObject({ delivered: true });
    } finally {
      await bare.p.close();
    }
  });
});
