import { sql, type SQL } from 'drizzle-orm';
import type { DayRange } from '@parallels/contract/report-dates';
import { queryRows, type Database } from '../../db/client.js';

/** One source's sums for one day. */
export interface DaySums {
  source: 'store' | 'refunds' | 'meta' | 'google_ads';
  date: string;
  amount: number;
  /** ad revenue (null for the store's rows) */
  revenue: number | null;
}

export interface PerformanceAccounts {
  shops: string[];
  meta: string[];
  google: string[];
}

const inList = (values: string[]): SQL => sql.join(values.map((v) => sql`${v}`), sql`, `);
const inRanges = (column: SQL, ranges: DayRange[]): SQL => sql`(${sql.join(ranges.map((r) => sql`${column} between ${r.from} and ${r.to}`), sql` or `)})`;

/**
 * Per-day sums of the store's sales and refunds and of each ad platform's spend and revenue over some
 * ranges, in one round trip. Days without a row are absent; the service decides whether that is a zero
 * (the day synced) or missing (it did not). Test and cancelled orders are not sales (as calculate.sql).
 */
export async function dailySums(db: Database, brandId: string, accounts: PerformanceAccounts, ranges: DayRange[]): Promise<DaySums[]> {
  const parts: SQL[] = [];
  if (accounts.shops.length > 0) {
    parts.push(sql`select 'store' as source, o.order_date::text as date, sum(o.total_price)::float8 as amount, null::float8 as revenue
      from store_orders o
      where o.brand_id = ${brandId} and o.shop in (${inList(accounts.shops)}) and o.test = 0 and o.cancelled_at is null and ${inRanges(sql`o.order_date`, ranges)}
      group by o.order_date`);
    parts.push(sql`select 'refunds' as source, f.refund_date::text as date, sum(f.amount)::float8 as amount, null::float8 as revenue
      from store_refunds f
      where f.brand_id = ${brandId} and f.shop in (${inList(accounts.shops)}) and ${inRanges(sql`f.refund_date`, ranges)}
      group by f.refund_date`);
  }
  for (const [platform, ids] of [['meta', accounts.meta], ['google_ads', accounts.google]] as const) {
    if (ids.length === 0) continue;
    parts.push(sql`select ${platform}::text as source, a.date::text as date, sum(a.spend)::float8 as amount, sum(a.revenue)::float8 as revenue
      from ad_account_daily a
      where a.brand_id = ${brandId} and a.platform = ${platform} and a.account_id in (${inList(ids)}) and ${inRanges(sql`a.date`, ranges)}
      group by a.date`);
  }
  if (parts.length === 0) return [];
  return queryRows<DaySums>(db, sql.join(parts, sql` union all `));
}
