import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays } from '@parallels/contract/days';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { queryRows } from './client.js';
import { storeOrders } from './facts-schema.js';
import { analyzeGrownTables, statisticsDue } from './pglite-statistics.js';
import { brands } from './schema.js';
import { upsertRows } from './upsert.sql.js';

describe('statisticsDue', () => {
  it('asks for statistics once a table has some size, then each time it has doubled', () => {
    expect(statisticsDue({ name: 't', relpages: 0, reltuples: -1, pages: 63 })).toBe(false);
    expect(statisticsDue({ name: 't', relpages: 0, reltuples: -1, pages: 64 })).toBe(true);
    expect(statisticsDue({ name: 't', relpages: 100, reltuples: 4000, pages: 199 })).toBe(false);
    expect(statisticsDue({ name: 't', relpages: 100, reltuples: 4000, pages: 200 })).toBe(true);
    // analyzed while empty (relpages 0): due as soon as it has the size
    expect(statisticsDue({ name: 't', relpages: 0, reltuples: 0, pages: 80 })).toBe(true);
  });
});

describe('planner statistics on PGlite', () => {
  let t: TestApp;
  let brandId: string;
  const SHOP = 'stats.myshopify.com';
  const orders = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => {
      const n = from + i;
      const day = addDays('2025-01-01', n % 400);
      return {
        brandId, shop: SHOP, orderId: `o${n}`, orderName: `#${n}`, createdAt: new Date(`${day}T12:00:00Z`), orderDate: day, updatedAt: new Date(`${day}T12:00:00Z`),
        financialStatus: 'paid', currency: 'USD', totalPrice: '10.00', subtotalPrice: '10.00', totalDiscounts: '0', totalTax: '0', totalShipping: '0', totalRefunded: '0',
      };
    });
  const statistics = async () => (await queryRows<{ reltuples: number }>(t.database.db, sql`select reltuples::float8 as reltuples from pg_class where relname = 'store_orders'`))[0]!.reltuples;
  // the Marketing Insights day sums' store part (marketing-insights.sql.ts dailySums) over 30 days
  const plan = async () =>
    (await queryRows<{ 'QUERY PLAN': string }>(
      t.database.db,
      sql`explain select o.order_date, sum(o.total_price) from store_orders o
          where o.brand_id = ${brandId} and o.shop in (${SHOP}) and o.test = 0 and o.cancelled_at is null and (o.order_date between '2025-06-01' and '2025-06-30')
          group by o.order_date`,
    )).map((r) => r['QUERY PLAN']).join('\n');

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const [b] = await t.database.db.insert(brands).values({ name: 'Stats' }).returning({ id: brands.id });
    brandId = b!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('analyzes a table that has grown, reads a range of days through the day index after, and waits for the table to double before the next time', async () => {
    await upsertRows(t.database.db, storeOrders, orders(0, 20_000));
    expect(await statistics()).toBe(-1);

    const gates: number[] = [];
    const first = await analyzeGrownTables(t.database.db, { beforeEach: async () => void gates.push(gates.length) });
    expect(first).toContain('public.store_orders');
    // the requests' gate before the size check and before each table
    expect(gates).toHaveLength(first.length + 1);
    expect(await statistics()).toBeGreaterThan(15_000);
    expect(await plan()).toContain('store_orders_day_idx');

    // grown by half: not yet
    await upsertRows(t.database.db, storeOrders, orders(20_000, 10_000));
    expect(await analyzeGrownTables(t.database.db)).not.toContain('public.store_orders');
    // doubled since the statistics: again
    await upsertRows(t.database.db, storeOrders, orders(30_000, 12_000));
    expect(await analyzeGrownTables(t.database.db)).toContain('public.store_orders');
    expect(await statistics()).toBeGreaterThan(35_000);
    expect(await analyzeGrownTables(t.database.db)).toEqual([]);
  });
});
