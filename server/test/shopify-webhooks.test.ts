import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SANDBOX_APPS } from '@parallels/emulators/common/world';
import { queryRows } from '../src/db/client.js';
import { loadTokenKeyring } from '../src/lib/token-keyring.js';
import { seedDemo } from '../src/sandbox/demo.js';
import { createListeningApp } from './browser.js';
import { DB_KINDS, type TestApp } from './test-app.js';

const SHOP = 'parallels-demo.myshopify.com';

describe.each(DB_KINDS)('Shopify webhooks on %s', (kind) => {
  let t: TestApp & { origin: string };
  const post = (body: string, headers: Record<string, string>) => fetch(`${t.origin}/api/webhooks/shopify`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  const sign = (body: string) => createHmac('sha256', SANDBOX_APPS.shopify.clientSecret).update(body).digest('base64');
  const orders = async () => queryRows<{ order_id: string; financial_status: string; total_refunded: string; updated_at: Date }>(t.database.db, sql`select order_id, financial_status, total_refunded::text, updated_at from store_orders`);

  beforeAll(async () => {
    t = await createListeningApp(kind);
    await seedDemo(t.app, { db: t.database.db, keyring: loadTokenKeyring(t.config) });
  });
  afterAll(async () => t?.close());

  it('takes a new order the emulator sends, signed over the raw body', async () => {
    const res = await fetch(`${t.origin}/sandbox/shopify/__admin/orders`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ shop: SHOP, totalPrice: '2499.00' }) });
    const { order, delivery } = (await res.json()) as { order: { id: number; total_price: string }; delivery: { delivered: boolean; status: number } };
    expect(delivery).toMatchObject({ delivered: true, status: 200 });
    const rows = await orders();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ order_id: String(order.id) });
    const [money] = await queryRows<{ total_price: string; order_date: string }>(t.database.db, sql`select total_price::text, order_date::text from store_orders`);
    expect(money!.total_price).toBe(Number(order.total_price).toFixed(2));
  });

  it('refuses a bad signature with 401 and writes nothing', async () => {
    const body = JSON.stringify({ id: 1, name: '#1', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', cancelled_at: null, test: false, financial_status: 'paid', currency: 'INR', total_price: '1.00' });
    const before = (await orders()).length;
    for (const hmac of [undefined, 'AAAA', sign(body + ' ')]) {
      const res = await post(body, { 'x-shopify-topic': 'orders/create', 'x-shopify-shop-domain': SHOP, ...(hmac ? { 'x-shopify-hmac-sha256': hmac } : {}) });
      expect(res.status).toBe(401);
    }
    expect((await orders()).length).toBe(before);
  });

  it('processes a duplicate once and never lets an older version overwrite a newer one', async () => {
    const base = { id: 777, name: '#777', created_at: '2026-03-01T10:00:00+05:30', cancelled_at: null, test: false, currency: 'INR', total_price: '1000.00', total_price_set: { shop_money: { amount: '1000.00' } } };
    const newer = JSON.stringify({ ...base, updated_at: '2026-03-05T10:00:00+05:30', financial_status: 'partially_refunded', refunds: [{ id: 9, created_at: '2026-03-05T10:00:00+05:30', transactions: [{ amount: '250.50', kind: 'refund', status: 'success' }] }] });
    const older = JSON.stringify({ ...base, updated_at: '2026-03-01T10:00:00+05:30', financial_status: 'paid', refunds: [] });
    const headers = (body: string) => ({ 'x-shopify-topic': 'orders/updated', 'x-shopify-shop-domain': SHOP, 'x-shopify-hmac-sha256': sign(body) });
    for (const body of [newer, newer, older]) expect((await post(body, headers(body))).status).toBe(200);
    const row = (await orders()).find((o) => o.order_id === '777');
    expect(row).toMatchObject({ financial_status: 'PARTIALLY_REFUNDED', total_refunded: '250.50' });
    const refunds = await queryRows<{ refund_date: string; amount: string }>(t.database.db, sql`select refund_date::text, amount::text from store_refunds where order_id = '777'`);
    expect(refunds).toEqual([{ refund_date: '2026-03-05', amount: '250.50' }]);
  });

  it('app/uninstalled marks the store connection for reconnection', async () => {
    const res = await fetch(`${t.origin}/sandbox/shopify/__admin/uninstall`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ shop: SHOP }) });
    expect(res.status).toBe(200);
    const [conn] = await queryRows<{ status: string; status_message: string }>(t.database.db, sql`select status, status_message from connections where platform = 'shopify'`);
    expect(conn).toEqual({ status: 'reauth_required', status_message: 'The Parallels app was uninstalled from this store.' });
  });
});
