import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { findMerchant, merchantDay } from '@parallels/emulators/common/world';
import { queryRows } from '../src/db/client.js';
import { pullShopifyWindow } from '../src/connectors/shopify/shopify-sync.js';
import type { StoreOrderRow, StoreRefundRow } from '../src/connectors/shopify/shopify-mapping.js';
import { liveSpoolFiles, RowSpool } from '../src/lib/row-spool.js';
import { insertBrand } from '../src/modules/brands/brands.sql.js';
import { writeWindowFacts } from '../src/sync/facts-writer.sql.js';
import { startEmulatorServer, type EmulatorServer } from './emulator-server.js';
import { createTestApp, DB_KINDS, type TestApp } from './test-app.js';

// A large store (issue 21 item 4; the emulator's EMULATOR_SHOPIFY_ORDERS=2000000, about 2,740 orders a day): a
// few of its days are one window of several spooled batches. Pulled through the bulk export, spooled as it
// downloads and written a batch at a time, every order of the window is held exactly once, and again so when the
// window is written a second time.

const SHOP = 'parallels-demo.myshopify.com';
const TZ = 'Asia/Kolkata';
const NOW = '2026-06-15T06:00:00Z';
const WINDOW = { from: '2026-05-20', to: '2026-05-23' }; // four local days: about 11,000 orders

describe.each(DB_KINDS)('a large store\'s window on %s', (kind) => {
  let emu: EmulatorServer;
  let t: TestApp;
  let token: string;
  let brandId: string;

  beforeAll(async () => {
    emu = await startEmulatorServer({ now: NOW, shopifyOrders: { [SHOP]: 2_000_000 } });
    token = (await emu.admin<{ access_token: string }>('shopify', 'tokens', { shop: SHOP })).access_token;
    t = await createTestApp(kind);
    const [user] = await queryRows<{ id: string }>(t.database.db, sql`insert into users (username, email, password_hash) values ('large', 'large@example.com', 'x') returning id`);
    brandId = await insertBrand(t.database.db, {
      name: 'Large store', currency: 'INR', timezone: TZ, userId: user!.id,
      connections: [{ platform: 'shopify', accountId: SHOP, accountName: SHOP, managerId: null, grantId: null }],
    });
  });
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  it('pulls, spools and writes every order of a multi-batch window exactly once', async () => {
    const world = emu.emulators.world;
    const merchant = findMerchant(world, 'demo');
    let expected = 0;
    for (let d = WINDOW.from; d <= WINDOW.to; d = new Date(Date.parse(d) + 86_400_000).toISOString().slice(0, 10)) expected += merchantDay(world.seed, merchant, d).orders;
    expect(expected).toBeGreaterThan(8_000);

    for (const attempt of [1, 2]) {
      const facts = await pullShopifyWindow({ platforms: emu.platforms, accessToken: token, brandId, account: { shop: SHOP, timezone: TZ }, window: WINDOW, retry: { sleep: async () => undefined } });
      expect(facts.orders).toBeInstanceOf(RowSpool);
      const spool = facts.orders as RowSpool<StoreOrderRow>;
      expect(spool.rows).toBe(expected);
      // more than one batch on disk, none above the spool's batch size
      const sizes: number[] = [];
      const ids = new Set<string>();
      for await (const batch of spool.batches()) {
        sizes.push(batch.length);
        for (const o of batch) ids.add(o.orderId);
      }
      expect(sizes.length).toBeGreaterThan(3);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(1_000);
      expect(ids.size).toBe(expected);

      const refunds = facts.refunds as RowSpool<StoreRefundRow>;
      const refundRows = refunds.rows;
      await t.database.db.transaction((tx) => writeWindowFacts(tx, brandId, SHOP, WINDOW, { platform: 'shopify', ...facts }));
      await Promise.all([spool.discard(), refunds.discard()]);
      const [held] = await queryRows<{ orders: number; ids: number; days: number; refunds: number }>(
        t.database.db,
        sql`select count(*)::int as orders, count(distinct order_id)::int as ids, count(distinct order_date)::int as days,
          (select count(*)::int from store_refunds where brand_id = ${brandId}) as refunds
          from store_orders where brand_id = ${brandId} and shop = ${SHOP}`,
      );
      expect(held, `attempt ${attempt}`).toEqual({ orders: expected, ids: expected, days: 4, refunds: refundRows });
      expect(held!.refunds).toBeGreaterThan(0);
    }
    expect(liveSpoolFiles()).toBe(0);
  }, 120_000);
});
