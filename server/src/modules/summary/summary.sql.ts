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

/** Ad totals per account over one range (the AdMetrics cards). Accounts without a row in the range are absent. */
export async function sumAdAccountsByAccount(db: Database, brandId: string, platform: 'meta' | 'google_ads', range: DayRange): Promise<Map<string, AdSums>> {
  const rows = await queryRows<AdSums & { account_id: string }>(
    db,
    sql`select a.account_id, sum(a.spend)::float8 as spend, sum(a.revenue)::float8 as revenue, sum(a.purchases)::float8 as purchases,
          sum(a.clicks)::float8 as clicks, sum(a.impressions)::float8 as impressions
        from ad_account_daily a
        where a.brand_id = ${brandId} and a.platform = ${platform} and a.date between ${range.from} and ${range.to}
        group by a.account_id`,
  );
  return new Map(rows.map(({ account_id, ...sums }) => [account_id, sums]));
}
