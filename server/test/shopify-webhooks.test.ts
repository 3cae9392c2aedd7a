import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SANDBOX_APPS } from '@parallels/emulators/common/world';
import { queryRows } from '../src/db/client.js';
import { metaAdDaily, storeOrders, storeRefunds, syncWindows } from '../src/db/facts-schema.js';
import { brands, connections, platformGrants, users } from '../src/db/schema.js';
import { handleComplianceWebhook } from '../src/modules/webhooks/shopify-compliance.service.js';
import { mapOrder } from '../src/connectors/shopify/shopify-mapping.js';
import { restOrderToNode, type RestOrder } from '../src/connectors/shopify/shopify-webhook.js';
import { writeWindowFacts } from '../src/sync/facts-writer.sql.js';
import type { WindowFacts } from '../src/sync/pull.js';
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

  it('acknowledges a signed order payload it cannot read, logs it and keeps it for inspection, never a 500', async () => {
    const good = { id: 1, name: '#1', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', cancelled_at: null, test: false, financial_status: 'paid', currency: 'INR', total_price: '1.00' };
    const before = await orders();
    const bodies = [
      'null',
      '{"id":1,"refunds":"x"}',
      '{"id":1,"refunds":[null]}',
      '{"id":1,"refunds":[{"transactions":[null]}]}',
      '[]',
      '"order"',
      JSON.stringify({ ...good, created_at: 'yesterday' }),
      JSON.stringify({ ...good, total_price: '1e400' }),
      JSON.stringify({ ...good, total_price: '9'.repeat(30) }),
      JSON.stringify({ ...good, refunds: [{ id: 2, created_at: '0000-13-45', transactions: [] }] }),
      JSON.stringify({ ...good, customer: { email: 'someone@example.com' }, test: 'no' }),
    ];
    for (const body of bodies) {
      const res = await post(body, { 'x-shopify-topic': 'orders/updated', 'x-shopify-shop-domain': SHOP, 'x-shopify-hmac-sha256': sign(body), 'x-shopify-webhook-id': `w-${bodies.indexOf(body)}` });
      expect(res.status, body).toBe(200);
    }
    expect(await orders()).toEqual(before);
    const kept = await queryRows<{ webhook_id: string; topic: string; shop: string; problems: Array<{ field: string }>; payload: unknown }>(
      t.database.db,
      sql`select webhook_id, topic, shop, problems, payload from rejected_webhooks order by received_at, webhook_id`,
    );
    expect(kept.map((k) => k.webhook_id).sort()).toEqual(bodies.map((_, i) => `w-${i}`).sort());
    expect(kept.every((k) => k.topic === 'orders/updated' && k.shop === SHOP && k.problems.length > 0)).toBe(true);
    expect(kept.find((k) => k.webhook_id === 'w-1')!.problems.map((p) => p.field)).toContain('refunds');
    // only the fields we read are kept: a customer's details never are
    const withCustomer = kept.find((k) => k.webhook_id === 'w-10')!;
    expect(JSON.stringify(withCustomer.payload)).not.toContain('someone@example.com');
    expect(withCustomer.payload).toMatchObject({ test: 'no', total_price: '1.00' });
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

  it('two deliveries of one order at once, in any order: the newer version is what stays', async () => {
    const base = { id: 778, name: '#778', created_at: '2026-03-01T10:00:00+05:30', cancelled_at: null, test: false, currency: 'INR', total_price: '500.00', total_price_set: { shop_money: { amount: '500.00' } }, refunds: [] };
    const headers = (body: string) => ({ 'x-shopify-topic': 'orders/updated', 'x-shopify-shop-domain': SHOP, 'x-shopify-hmac-sha256': sign(body) });
    for (let round = 0; round < 4; round++) {
      const newer = JSON.stringify({ ...base, updated_at: `2026-03-0${round + 2}T10:00:00+05:30`, financial_status: round % 2 ? 'paid' : 'pending' });
      const older = JSON.stringify({ ...base, updated_at: '2026-03-01T10:00:00+05:30', financial_status: 'voided' });
      const bodies = round % 2 ? [older, newer, older] : [newer, older, newer];
      expect((await Promise.all(bodies.map((b) => post(b, headers(b))))).map((r) => r.status)).toEqual([200, 200, 200]);
      const row = (await orders()).find((o) => o.order_id === '778');
      expect(row!.financial_status).toBe(round % 2 ? 'PAID' : 'PENDING');
      expect(new Date(row!.updated_at).toISOString()).toBe(new Date(`2026-03-0${round + 2}T10:00:00+05:30`).toISOString());
    }
  });

  it('an export older than the webhook already stored (a sync window) leaves the newer order alone', async () => {
    const [target] = await queryRows<{ brand_id: string; timezone: string }>(t.database.db, sql`select c.brand_id, b.timezone from connections c join brands b on b.id = c.brand_id where c.platform = 'shopify'`);
    const ctx = { brandId: target!.brand_id, shop: SHOP, timezone: target!.timezone };
    const exported = (updatedAt: string, status: string) =>
      mapOrder(ctx, restOrderToNode({ id: 777, name: '#777', created_at: '2026-03-01T10:00:00+05:30', updated_at: updatedAt, cancelled_at: null, test: false, currency: 'INR', total_price: '1000.00', financial_status: status, refunds: [] } as unknown as RestOrder));
    const write = (o: ReturnType<typeof exported>) =>
      t.database.db.transaction((tx) => writeWindowFacts(tx, ctx.brandId, SHOP, { from: '2026-03-01', to: '2026-03-31' }, { platform: 'shopify', orders: [o.order], refunds: o.refunds, calls: 1 } as WindowFacts));
    await write(exported('2026-03-02T10:00:00+05:30', 'paid'));
    expect((await orders()).find((o) => o.order_id === '777')).toMatchObject({ financial_status: 'PARTIALLY_REFUNDED', total_refunded: '250.50' });
    // a newer export does replace it
    await write(exported('2026-03-06T10:00:00+05:30', 'refunded'));
    expect((await orders()).find((o) => o.order_id === '777')).toMatchObject({ financial_status: 'REFUNDED' });
  });

  it('app/uninstalled marks the store connection for reconnection', async () => {
    const res = await fetch(`${t.origin}/sandbox/shopify/__admin/uninstall`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ shop: SHOP }) });
    expect(res.status).toBe(200);
    const [conn] = await queryRows<{ status: string; status_message: string }>(t.database.db, sql`select status, status_message from connections where platform = 'shopify'`);
    expect(conn).toEqual({ status: 'reauth_required', status_message: 'The Parallels app was uninstalled from this store.' });
  });
});

describe.each(DB_KINDS)('Shopify compliance webhooks on %s', (kind) => {
  const OTHER = 'northwind-outfitters.myshopify.com';
  let t: TestApp & { origin: string };
  const ids: Record<string, string> = {};
  const post = (body: string, headers: Record<string, string>) => fetch(`${t.origin}/api/webhooks/shopify`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  const sign = (body: string) => createHmac('sha256', SANDBOX_APPS.shopify.clientSecret).update(body).digest('base64');
  const signed = (topic: string, payload: unknown, shop = SHOP) => {
    const body = JSON.stringify(payload);
    return post(body, { 'x-shopify-topic': topic, 'x-shopify-shop-domain': shop, 'x-shopify-hmac-sha256': sign(body) });
  };
  const emulatorSends = async (topic: string, shop = SHOP) => {
    const res = await fetch(`${t.origin}/sandbox/shopify/__admin/webhooks`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ shop, topic }) });
    expect(res.status).toBe(200);
    return (await res.json()) as { delivered: boolean; status: number; topic: string };
  };
  const name = (id: string) => Object.entries(ids).find(([, v]) => v === id)?.[0] ?? id;
  /** everything a compliance webhook could touch, with brand and user ids by name */
  async function held() {
    const db = t.database.db;
    const rows = <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) => queryRows<T>(db, q);
    // ids by name, sorted by the named values (uuids sort differently on every run)
    const named = <T extends Record<string, unknown>>(list: T[]) =>
      list.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' ? name(v) : v]))).sort((a, b) => (JSON.stringify(Object.values(a)) < JSON.stringify(Object.values(b)) ? -1 : 1));
    return {
      orders: named(await rows(sql`select brand_id, shop, order_id from store_orders order by 1, 2, 3`)),
      refunds: named(await rows(sql`select brand_id, shop, refund_id from store_refunds order by 1, 2, 3`)),
      connections: named(await rows(sql`select brand_id, platform, account_id from connections order by 1, 2, 3`)),
      grants: named(await rows(sql`select user_id, provider, subject from platform_grants order by 1, 2, 3`)),
      windows: named(await rows(sql`select c.account_id, w.stream from sync_windows w join connections c on c.id = w.connection_id order by 1`)),
      meta: named(await rows(sql`select brand_id, date::text, spend::text from meta_ad_daily order by 1, 2`)),
      users: (await rows<{ n: number }>(sql`select count(*)::int as n from users`))[0]!.n,
    };
  }

  beforeAll(async () => {
    t = await createListeningApp(kind);
    const db = t.database.db;
    // Two users connected the same shop to their brands (A, B); B's owner also has another shop on brand C.
    const [u1, u2] = await db.insert(users).values([{ username: 'ann', email: 'ann@example.com' }, { username: 'bob', email: 'bob@example.com' }]).returning({ id: users.id });
    Object.assign(ids, { u1: u1!.id, u2: u2!.id });
    for (const [key, createdBy] of [['A', u1!.id], ['B', u2!.id], ['C', u2!.id]] as const) {
      const [b] = await db.insert(brands).values({ name: `Brand ${key}`, createdBy }).returning({ id: brands.id });
      ids[key] = b!.id;
    }
    const grant = async (userId: string, provider: string, subject: string) =>
      (await db.insert(platformGrants).values({ userId, provider, subject, accessTokenSealed: 'sealed' }).returning({ id: platformGrants.id }))[0]!.id;
    const g1 = await grant(u1!.id, 'shopify', SHOP);
    const g2 = await grant(u2!.id, 'shopify', SHOP);
    const g3 = await grant(u2!.id, 'shopify', OTHER);
    const gMeta = await grant(u1!.id, 'facebook', 'fb-1');
    const conns = await db
      .insert(connections)
      .values([
        { brandId: ids.A!, platform: 'shopify', accountId: SHOP, accountName: 'Demo', grantId: g1 },
        { brandId: ids.A!, platform: 'meta', accountId: 'act_1', accountName: 'Ads', grantId: gMeta },
        { brandId: ids.B!, platform: 'shopify', accountId: SHOP, accountName: 'Demo', grantId: g2 },
        { brandId: ids.C!, platform: 'shopify', accountId: OTHER, accountName: 'Northwind', grantId: g3 },
      ])
      .returning({ id: connections.id, brandId: connections.brandId, accountId: connections.accountId });
    await db.insert(syncWindows).values(conns.map((c) => ({ brandId: c.brandId, connectionId: c.id, stream: 'backfill', windowFrom: '2026-01-01', windowTo: '2026-03-01', rows: 1, calls: 1 })));
    const order = (brandId: string, shop: string, orderId: string, day: string, total: string) =>
      ({ brandId, shop, orderId, orderName: `#${orderId}`, createdAt: new Date(`${day}T10:00:00Z`), orderDate: day, updatedAt: new Date(`${day}T10:00:00Z`), financialStatus: 'PAID', currency: 'USD', totalPrice: total });
    await db.insert(storeOrders).values([
      order(ids.A!, SHOP, '1001', '2026-02-01', '100.00'),
      order(ids.A!, SHOP, '1002', '2026-02-02', '50.00'),
      order(ids.B!, SHOP, '1001', '2026-02-01', '100.00'),
      order(ids.C!, OTHER, '9001', '2026-02-01', '70.00'),
    ]);
    await db.insert(storeRefunds).values([
      { brandId: ids.A!, shop: SHOP, refundId: 'r1', orderId: '1001', refundedAt: new Date('2026-02-03T10:00:00Z'), refundDate: '2026-02-03', amount: '20.00' },
      { brandId: ids.C!, shop: OTHER, refundId: 'r9', orderId: '9001', refundedAt: new Date('2026-02-03T10:00:00Z'), refundDate: '2026-02-03', amount: '7.00' },
    ]);
    await db.insert(metaAdDaily).values({ brandId: ids.A!, accountId: 'act_1', level: 'campaign', entityId: 'c1', date: '2026-02-01', campaignId: 'c1', campaignName: 'Sale', spend: '30.00' });
  });
  afterAll(async () => t?.close());

  it('customers/data_request and customers/redact, signed by the emulator: 200, and nothing we hold changes (we keep no customer data)', async () => {
    const before = await held();
    expect(before.orders).toHaveLength(4);
    for (const topic of ['customers/data_request', 'customers/redact']) expect(await emulatorSends(topic)).toMatchObject({ topic, delivered: true, status: 200 });
    // the orders named for redaction are the merchant's sales rows, with no customer fields: they stay
    const customer = { id: 191167, email: 'john@example.com', phone: '555-625-1199' };
    expect((await signed('customers/redact', { shop_id: 954889, shop_domain: SHOP, customer, orders_to_redact: [1001, 1002] })).status).toBe(200);
    expect((await signed('customers/data_request', { shop_id: 954889, shop_domain: SHOP, orders_requested: [1001], customer, data_request: { id: 9999 } })).status).toBe(200);
    expect(await held()).toEqual(before);
  });

  it('records a customer request by ids and counts only, never the email or phone', async () => {
    const customer = { id: 191167, email: 'john@example.com', phone: '555-625-1199' };
    const redact = await handleComplianceWebhook(t.database.db, 'customers/redact', { shop_id: 954889, shop_domain: SHOP, customer, orders_to_redact: [1001, 1002] }, SHOP);
    expect(redact).toEqual({ ok: true, log: { topic: 'customers/redact', shop: SHOP, shopId: '954889', customerId: '191167', ordersToRedact: 2, customerDataHeld: false, deleted: 0 } });
    const request = await handleComplianceWebhook(t.database.db, 'customers/data_request', { shop_id: 954889, shop_domain: SHOP, orders_requested: [], customer, data_request: { id: 9999 } }, '');
    expect(request).toEqual({ ok: true, log: { topic: 'customers/data_request', shop: SHOP, shopId: '954889', customerId: '191167', dataRequestId: '9999', ordersRequested: 0, customerDataHeld: false } });
    expect(JSON.stringify([redact, request])).not.toMatch(/john|555-625/);
  });

  it('refuses a forged or missing signature on every compliance topic with 401, and changes nothing', async () => {
    const before = await held();
    const payloads: Record<string, unknown> = {
      'shop/redact': { shop_id: 954889, shop_domain: SHOP },
      'customers/redact': { shop_id: 954889, shop_domain: SHOP, customer: { id: 1 }, orders_to_redact: [] },
      'customers/data_request': { shop_id: 954889, shop_domain: SHOP, orders_requested: [], customer: { id: 1 }, data_request: { id: 1 } },
    };
    for (const [topic, payload] of Object.entries(payloads)) {
      const body = JSON.stringify(payload);
      const forged = createHmac('sha256', 'not-the-secret').update(body).digest('base64');
      for (const hmac of [undefined, forged, sign(`${body} `)]) {
        const res = await post(body, { 'x-shopify-topic': topic, 'x-shopify-shop-domain': SHOP, ...(hmac ? { 'x-shopify-hmac-sha256': hmac } : {}) });
        expect(res.status, `${topic} ${hmac ?? 'no hmac'}`).toBe(401);
      }
    }
    expect(await held()).toEqual(before);
  });

  it('answers 400 to a signed body that is not the topic\'s payload, or names another shop than its header', async () => {
    const before = await held();
    const cases: Array<[string, unknown, string?]> = [
      ['shop/redact', { shop_id: 954889 }],
      ['shop/redact', { shop_id: 954889, shop_domain: 'evil.example.com' }],
      ['shop/redact', { shop_id: 954889, shop_domain: SHOP }, OTHER],
      ['customers/redact', { shop_id: 954889, shop_domain: SHOP, orders_to_redact: [] }],
      ['customers/data_request', { shop_id: 954889, shop_domain: SHOP, customer: { id: 1 }, orders_requested: [] }],
      ['customers/data_request', []],
    ];
    for (const [topic, payload, header] of cases) expect((await signed(topic, payload, header)).status, JSON.stringify(payload)).toBe(400);
    const notJson = '{"shop_domain":';
    expect((await post(notJson, { 'x-shopify-topic': 'shop/redact', 'x-shopify-shop-domain': SHOP, 'x-shopify-hmac-sha256': sign(notJson) })).status).toBe(400);
    expect(await held()).toEqual(before);
  });

  it('shop/redact erases the shop from every brand that held it, and leaves another shop and other sources alone', async () => {
    const before = await held();
    expect(before.meta).toEqual([{ brand_id: 'A', date: '2026-02-01', spend: '30.00' }]);
    expect(await emulatorSends('shop/redact')).toMatchObject({ topic: 'shop/redact', delivered: true, status: 200 });

    const after = await held();
    expect(after.orders).toEqual([{ brand_id: 'C', shop: OTHER, order_id: '9001' }]);
    expect(after.refunds).toEqual([{ brand_id: 'C', shop: OTHER, refund_id: 'r9' }]);
    expect(after.connections).toEqual([{ brand_id: 'A', platform: 'meta', account_id: 'act_1' }, { brand_id: 'C', platform: 'shopify', account_id: OTHER }]);
    expect(after.grants).toEqual([{ user_id: 'u1', provider: 'facebook', subject: 'fb-1' }, { user_id: 'u2', provider: 'shopify', subject: OTHER }]);
    expect(after.windows).toEqual([{ account_id: 'act_1', stream: 'backfill' }, { account_id: OTHER, stream: 'backfill' }]);
    // A keeps its Meta day without the store's figures; B had only the shop; C is untouched
    expect(after.meta).toEqual(before.meta);
    expect(after.users).toBe(before.users);
  });

  it('a replayed shop/redact is harmless', async () => {
    const before = await held();
    for (let i = 0; i < 2; i++) expect((await signed('shop/redact', { shop_id: 954889, shop_domain: SHOP })).status).toBe(200);
    expect(await held()).toEqual(before);
  });
});
