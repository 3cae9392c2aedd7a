import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.js';
import { brands, connections } from '../db/schema.js';
import { ga4Daily, ga4DimensionDaily, googleViewDaily, metaBreakdownDaily, metaBreakdownMonthly, storeOrders } from '../db/facts-schema.js';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/test-app.js';
import { COPY_FROM_ROWS, csvField, upsertRows } from '../db/upsert.sql.js';
import { addDays } from '@parallels/contract/days';
import { RowSpool } from '../lib/row-spool.js';
import type { ViewDailyRow } from '../connectors/google-ads/google-ads-mapping.js';
import type { Ga4DimensionDailyRow } from '../connectors/ga4/ga4-mapping.js';
import type { MetaBreakdownRow } from '../connectors/meta/meta-mapping.js';
import { writeWindowFacts } from './facts-writer.sql.js';

describe.each(DB_KINDS)('bulk upsert on %s', (kind) => {
  let t: TestApp;
  let brandId: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const [b] = await t.database.db.insert(brands).values({ name: 'B' }).returning({ id: brands.id });
    brandId = b!.id;
    await t.database.db.insert(connections).values({ brandId, platform: 'ga4', accountId: '1', accountName: 'p' });
  });

  it('writes a window inside a transaction (COPY on PGlite) exactly as given: awkward text, NULLs, empty strings, jsonb; replays update', async () => {
    const awkward = ['plain', 'comma, inside', 'quote " inside', 'line\nbreak', ' padded ', '', '\\.', 'back\\slash', 'ünïcødé ✓'];
    const rows = Array.from({ length: COPY_FROM_ROWS + 7 }, (_, i) => ({
      brandId, customerId: '2345678901', view: 'search_term', key: `k${i}`, date: '2026-05-01',
      label: awkward[i % awkward.length]!, campaignId: i % 3 === 0 ? null : `c${i}`, campaignName: i % 4 === 0 ? '' : `Campaign "${i}", best`,
      attributes: { matchType: i % 2 ? 'EXACT' : 'BROAD', note: awkward[(i + 1) % awkward.length]! },
      costMicros: i * 1_000_001, impressions: i, clicks: i % 7, conversions: '1.2500', conversionsValue: '99.99',
    }));
    await t.database.db.transaction((tx) => upsertRows(tx, googleViewDaily, rows));
    const stored = await queryRows<{ key: string; label: string; campaign_id: string | null; campaign_name: string | null; attributes: unknown; cost_micros: number; conversions: string }>(
      t.database.db,
      sql`select key, label, campaign_id, campaign_name, attributes, cost_micros::float8 as cost_micros, conversions::text from google_view_daily where brand_id = ${brandId} order by (substr(key, 2))::int`,
    );
    expect(stored).toHaveLength(rows.length);
    stored.forEach((r, i) => {
      const want = rows[i]!;
      const attributes: unknown = typeof r.attributes === 'string' ? JSON.parse(r.attributes) : r.attributes;
      expect({ ...r, attributes }).toEqual({ key: want.key, label: want.label, campaign_id: want.campaignId, campaign_name: want.campaignName, attributes: want.attributes, cost_micros: want.costMicros, conversions: '1.2500' });
    });
    // replaying with a restated figure updates in place
    await t.database.db.transaction((tx) => upsertRows(tx, googleViewDaily, rows.map((r) => ({ ...r, clicks: 1000 }))));
    const [n] = await queryRows<{ n: number; clicks: number }>(t.database.db, sql`select count(*)::int as n, min(clicks)::int as clicks from google_view_daily where brand_id = ${brandId}`);
    expect(n).toEqual({ n: rows.length, clicks: 1000 });
  });

  afterAll(async () => t?.close());

  it('writes spooled Google Ads views batch by batch: a key that comes again in a later batch adds up, and a replayed window replaces', async () => {
    const window = { from: '2026-04-01', to: '2026-04-02' };
    const row = (view: string, key: string, date: string, costMicros: number, conversions: string): ViewDailyRow => ({
      brandId, customerId: '1112223334', view, key, date, label: key, attributes: {}, costMicros, impressions: 10, clicks: 1, conversions, conversionsValue: '2.50',
    });
    const pullOnce = async () => {
      const spool = new RowSpool<ViewDailyRow>();
      // the age view comes per ad group, so one range a day is in two batches (and, to take the COPY path, a big batch of terms)
      const terms = Array.from({ length: COPY_FROM_ROWS + 5 }, (_, i) => row('search_term', `t${i}`, '2026-04-01', 1000, '0.1000'));
      await spool.part(1, async (append) => {
        await append([row('age', 'AGE_RANGE_25_34', '2026-04-01', 1_000_000, '0.5000'), ...terms]);
        await append([row('age', 'AGE_RANGE_25_34', '2026-04-01', 2_000_000, '0.2500'), row('age', 'AGE_RANGE_25_34', '2026-04-02', 7, '0')]);
      });
      await spool.part(0, (append) => append(terms.slice(0, 3).map((r) => ({ ...r, costMicros: 1 }))));
      return spool;
    };
    for (let replay = 0; replay < 2; replay++) {
      const spool = await pullOnce();
      await t.database.db.transaction((tx) => writeWindowFacts(tx, brandId, '1112223334', window, { platform: 'google_ads', campaignDaily: [], viewDaily: spool, products: [], calls: 6 }));
      await spool.discard();
      const rows = await queryRows<{ view: string; date: string; n: number; cost: number; conversions: string; value: string; impressions: number }>(
        t.database.db,
        sql`select view, date::text, count(*)::int as n, sum(cost_micros)::float8 as cost, sum(conversions)::text as conversions, sum(conversions_value)::text as value, sum(impressions)::int as impressions
            from google_view_daily where brand_id = ${brandId} and customer_id = '1112223334' group by view, date order by view, date`,
      );
      expect(rows).toEqual([
        { view: 'age', date: '2026-04-01', n: 1, cost: 3_000_000, conversions: '0.7500', value: '5.00', impressions: 20 },
        { view: 'age', date: '2026-04-02', n: 1, cost: 7, conversions: '0.0000', value: '2.50', impressions: 10 },
        // three terms came in two parts: 1 + 1000 each
        { view: 'search_term', date: '2026-04-01', n: COPY_FROM_ROWS + 5, cost: (COPY_FROM_ROWS + 5) * 1000 + 3, conversions: String(((COPY_FROM_ROWS + 8) / 10).toFixed(4)), value: ((COPY_FROM_ROWS + 8) * 2.5).toFixed(2), impressions: (COPY_FROM_ROWS + 8) * 10 },
      ]);
    }
  });

  it('writes spooled GA4 dimension pages batch by batch: a row that moved pages takes the later page, and a replayed window replaces', async () => {
    const window = { from: '2026-04-01', to: '2026-04-02' };
    const row = (dimension: Ga4DimensionDailyRow['dimension'], value: string, date: string, sessions: number): Ga4DimensionDailyRow => ({
      brandId, propertyId: '1', dimension, value, date, sessions, addToCarts: 1, checkouts: 1, purchases: 1, purchaseRevenue: '12.50',
    });
    const pullOnce = async () => {
      const spool = new RowSpool<Ga4DimensionDailyRow>();
      // pagePath's first page is big enough for COPY; '/moved' came again on its second page with newer figures
      const paths = Array.from({ length: COPY_FROM_ROWS + 5 }, (_, i) => row('pagePath', `/p${i}`, '2026-04-01', 2));
      await spool.part(0, async (append) => {
        await append([...paths, row('pagePath', '/moved', '2026-04-01', 5)]);
        await append([row('city', 'Pune', '2026-04-02', 3)]);
      });
      await spool.part(1, (append) => append([row('pagePath', '/moved', '2026-04-01', 7)]));
      return spool;
    };
    for (let replay = 0; replay < 2; replay++) {
      const spool = await pullOnce();
      await t.database.db.transaction((tx) => writeWindowFacts(tx, brandId, '1', window, { platform: 'ga4', daily: [], dimensionDaily: spool, calls: 4 }));
      await spool.discard();
      const rows = await queryRows<{ dimension: string; n: number; sessions: number; moved: number }>(
        t.database.db,
        sql`select dimension, count(*)::int as n, sum(sessions)::int as sessions, max(case when value = '/moved' then sessions end)::int as moved
            from ga4_dimension_daily where brand_id = ${brandId} and property_id = '1' group by dimension order by dimension`,
      );
      expect(rows).toEqual([
        { dimension: 'city', n: 1, sessions: 3, moved: null },
        { dimension: 'pagePath', n: COPY_FROM_ROWS + 6, sessions: (COPY_FROM_ROWS + 5) * 2 + 7, moved: 7 },
      ]);
    }
    await t.database.db.delete(ga4DimensionDaily);
  });

  it('writes spooled Meta breakdown pages batch by batch: a cell split across pages adds up exactly, and a replayed window replaces', async () => {
    const window = { from: '2026-04-01', to: '2026-04-02' };
    const row = (value: string, date: string, spend: string, purchases: number): MetaBreakdownRow => ({
      brandId, accountId: 'act_9', breakdown: 'country', value, date, spend, impressions: 100, clicks: 3, linkClicks: 2, purchases, purchaseValue: '10.05',
    });
    const pullOnce = async () => {
      const spool = new RowSpool<MetaBreakdownRow>();
      // 'unknown' came on both pages of the run (Meta's empty values all fold into it)
      await spool.part(0, async (append) => {
        await append([row('IN', '2026-04-01', '12.34', 1), row('unknown', '2026-04-01', '0.10', 0)]);
        await append([row('unknown', '2026-04-01', '0.20', 2), row('IN', '2026-04-02', '1.00', 0)]);
      });
      return spool;
    };
    for (let replay = 0; replay < 2; replay++) {
      const spool = await pullOnce();
      await t.database.db.transaction((tx) => writeWindowFacts(tx, brandId, 'act_9', window, { platform: 'meta', campaigns: [], adsetInterests: [], adDaily: [], breakdowns: spool, calls: 9 }));
      await spool.discard();
      const rows = await queryRows<{ value: string; date: string; spend: string; impressions: number; purchases: number; value_sum: string }>(
        t.database.db,
        sql`select value, date::text, spend::text, impressions::int as impressions, purchases::int as purchases, purchase_value::text as value_sum
            from meta_breakdown_daily where brand_id = ${brandId} and account_id = 'act_9' order by value, date`,
      );
      expect(rows).toEqual([
        { value: 'IN', date: '2026-04-01', spend: '12.34', impressions: 100, purchases: 1, value_sum: '10.05' },
        { value: 'IN', date: '2026-04-02', spend: '1.00', impressions: 100, purchases: 0, value_sum: '10.05' },
        { value: 'unknown', date: '2026-04-01', spend: '0.30', impressions: 200, purchases: 2, value_sum: '20.10' },
      ]);
    }
    await t.database.db.delete(metaBreakdownMonthly);
    await t.database.db.delete(metaBreakdownDaily);
  });

  it('inserts many rows in one go and replaying them changes nothing', async () => {
    const rows = Array.from({ length: 12_000 }, (_, i) => ({
      brandId, propertyId: '300', date: addDays('2024-01-01', i),
      sessions: i, addToCarts: 2, checkouts: 1, purchases: 1, purchaseRevenue: '10.05',
    }));
    expect(await upsertRows(t.database.db, ga4Daily, rows)).toBe(12_000);
    expect(await upsertRows(t.database.db, ga4Daily, rows)).toBe(12_000);
    const [r] = await queryRows<{ n: number; s: string; rev: string }>(t.database.db, sql`select count(*)::int as n, sum(sessions)::text as s, sum(purchase_revenue)::text as rev from ga4_daily where brand_id = ${brandId}`);
    expect(r).toEqual({ n: 12_000, s: String((11_999 * 12_000) / 2), rev: '120600.00' });
  });

  it('updates rows whose values were restated, exactly (numeric money, no float drift)', async () => {
    await upsertRows(t.database.db, storeOrders, [
      { brandId, shop: 's.myshopify.com', orderId: '1', orderName: '#1001', createdAt: new Date('2026-01-01T10:00:00Z'), orderDate: '2026-01-01', updatedAt: new Date('2026-01-01T10:00:00Z'), financialStatus: 'PAID', currency: 'INR', totalPrice: '1999.99', totalRefunded: '0' },
    ]);
    await upsertRows(t.database.db, storeOrders, [
      { brandId, shop: 's.myshopify.com', orderId: '1', orderName: '#1001', createdAt: new Date('2026-01-01T10:00:00Z'), orderDate: '2026-01-01', updatedAt: new Date('2026-01-05T10:00:00Z'), financialStatus: 'PARTIALLY_REFUNDED', currency: 'INR', totalPrice: '1999.99', totalRefunded: '0.10' },
    ]);
    const rows = await queryRows<{ financial_status: string; total_refunded: string; updated_at: Date }>(t.database.db, sql`select financial_status, total_refunded::text, updated_at from store_orders where brand_id = ${brandId}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ financial_status: 'PARTIALLY_REFUNDED', total_refunded: '0.10' });
    expect(new Date(rows[0]!.updated_at).toISOString()).toBe('2026-01-05T10:00:00.000Z');
  });
});

describe('csvField', () => {
  it('writes NULL as nothing, an empty string quoted, quotes doubled, and dates and objects as the jsonb path does', () => {
    expect([null, undefined, '', 'a', 'a,b', 'say "hi"', ' x', '\\.', 12.5, true].map(csvField)).toEqual(['', '', '""', 'a', '"a,b"', '"say ""hi"""', '" x"', '"\\."', '12.5', 'true']);
    expect(csvField(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
    expect(csvField({ a: 'b,c' })).toBe('"{""a"":""b,c""}"');
  });
});
