import { sql, type SQL } from 'drizzle-orm';
import type { DayRange } from '@parallels/contract/report-dates';
import { queryRows, type Database } from '../../db/client.js';

export interface AdSums {
  spend: number;
  revenue: number;
  purchases: number;
  clicks: number;
  impressions: number;
}

export interface FunnelSums {
  sessions: number;
  addToCarts: number;
  checkouts: number;
  purchases: number;
}

/** The store's figures, defined as the calculate step's daily summary defines them (Marketing Insights). */
export interface StoreSums {
  sales: number;
  orders: number;
  returns: number;
}

const rangesTable = (ranges: Record<string, DayRange>): SQL =>
  sql`(values ${sql.join(
    Object.entries(ranges).map(([key, r]) => sql`(${key}, ${r.from}::date, ${r.to}::date)`),
    sql`, `,
  )}) as r(key, day_from, day_to)`;

const inList = (values: string[]): SQL => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** Ad totals of some accounts over several ranges in one round trip (ad_account_daily: one row per account-day). */
export async function sumAdAccounts(db: Database, brandId: string, platform: 'meta' | 'google_ads', accountIds: string[], ranges: Record<string, DayRange>): Promise<Record<string, AdSums>> {
  const rows = await queryRows<AdSums & { key: string }>(
    db,
    sql`select r.key, coalesce(sum(a.spend), 0)::float8 as spend, coalesce(sum(a.revenue), 0)::float8 as revenue,
          coalesce(sum(a.purchases), 0)::float8 as purchases, coalesce(sum(a.clicks), 0)::float8 as clicks, coalesce(sum(a.impressions), 0)::float8 as impressions
        from ${rangesTable(ranges)}
        left join ad_account_daily a on a.brand_id = ${brandId} and a.platform = ${platform} and a.account_id in (${inList(accountIds)})
          and a.date between r.day_from and r.day_to
        group by r.key`,
  );
  return Object.fromEntries(rows.map(({ key, ...sums }) => [key, sums]));
}

/** GA4 funnel totals of some properties over several ranges in one round trip. */
export async function sumGa4Funnel(db: Database, brandId: string, propertyIds: string[], ranges: Record<string, DayRange>): Promise<Record<string, FunnelSums>> {
  const rows = await queryRows<FunnelSums & { key: string }>(
    db,
    sql`select r.key, coalesce(sum(g.sessions), 0)::float8 as sessions, coalesce(sum(g.add_to_carts), 0)::float8 as "addToCarts",
          coalesce(sum(g.checkouts), 0)::float8 as checkouts, coalesce(sum(g.purchases), 0)::float8 as purchases
        from ${rangesTable(ranges)}
        left join ga4_daily g on g.brand_id = ${brandId} and g.property_id in (${inList(propertyIds)}) and g.date between r.day_from and r.day_to
        group by r.key`,
  );
  return Object.fromEntries(rows.map(({ key, ...sums }) => [key, sums]));
}

/**
 * Store totals over several ranges in one round trip, by the calculate step's definitions (sync/calculate.sql.ts,
 * what Marketing Insights reads): sales and orders on the order's day, test and cancelled orders left out;
 * returns on the day of the refund.
 */
export async function sumStore(db: Database, brandId: string, shops: string[], ranges: Record<string, DayRange>): Promise<Record<string, StoreSums>> {
  const rows = await queryRows<StoreSums & { key: string }>(
    db,
    sql`select r.key,
          coalesce((select sum(o.total_price) from store_orders o where o.brand_id = ${brandId} and o.shop in (${inList(shops)}) and o.test = 0
            and o.cancelled_at is null and o.order_date between r.day_from and r.day_to), 0)::float8 as sales,
          (select count(*) from store_orders o where o.brand_id = ${brandId} and o.shop in (${inList(shops)}) and o.test = 0
            and o.cancelled_at is null and o.order_date between r.day_from and r.day_to)::float8 as orders,
          coalesce((select sum(f.amount) from store_refunds f where f.brand_id = ${brandId} and f.shop in (${inList(shops)})
            and f.refund_date between r.day_from and r.day_to), 0)::float8 as returns
        from ${rangesTable(ranges)}`,
  );
  return Object.fromEntries(rows.map(({ key, ...sums }) => [key, sums]));
}

/** Meta and Google spend together over several ranges (the blended ROAS's denominator). */
export async function sumAdSpend(db: Database, brandId: string, accounts: Array<{ platform: 'meta' | 'google_ads'; accountId: string }>, ranges: Record<string, DayRange>): Promise<Record<string, number>> {
  if (accounts.length === 0) return Object.fromEntries(Object.keys(ranges).map((key) => [key, 0]));
  const rows = await queryRows<{ key: string; spend: number }>(
    db,
    sql`select r.key, coalesce(sum(a.spend), 0)::float8 as spend
        from ${rangesTable(ranges)}
        left join ad_account_daily a on a.brand_id = ${brandId} and a.date between r.day_from and r.day_to
          and (a.platform, a.account_id) in (${sql.join(accounts.map((c) => sql`(${c.platform}, ${c.accountId})`), sql`, `)})
        group by r.key`,
  );
  return Object.fromEntries(rows.map((r) => [r.key, r.spend]));
}
