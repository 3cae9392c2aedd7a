import { sql, type SQL } from 'drizzle-orm';
import type { DayRange } from '@parallels/contract/report-dates';
import { queryRows, type Database } from '../../db/client.js';
import { splitByMonth } from '../../db/month-split.js';

/** One breakdown value's sums for one ad account and one calendar month (of the days inside the range). */
export interface BreakdownMonthSums {
  account_id: string;
  value: string;
  /** YYYYMM */
  month: string;
  spend: number;
  revenue: number;
  purchases: number;
  impressions: number;
  clicks: number;
  link_clicks: number;
}

/**
 * meta_breakdown_daily summed per account, value and month over a range, in one round trip: whole months from
 * the monthly rollup, the edge months from the daily rows. Money is summed as numeric (exact) and only then read
 * as a float. Months without rows are absent: the service decides whether that is a real zero (the account
 * synced those days) or missing (it did not).
 */
export async function breakdownMonthSums(db: Database, brandId: string, accountIds: string[], breakdown: string, range: DayRange): Promise<BreakdownMonthSums[]> {
  if (accountIds.length === 0) return [];
  const accounts = sql.join(accountIds.map((a) => sql`${a}`), sql`, `);
  const split = splitByMonth(range);
  const parts: SQL[] = [];
  if (split.months) {
    parts.push(sql`select m.account_id, m.value, to_char(m.month, 'YYYYMM') as month,
        m.spend::float8 as spend, m.purchase_value::float8 as revenue, m.purchases::float8 as purchases,
        m.impressions::float8 as impressions, m.clicks::float8 as clicks, m.link_clicks::float8 as link_clicks
      from meta_breakdown_monthly m
      where m.brand_id = ${brandId} and m.account_id in (${accounts}) and m.breakdown = ${breakdown} and m.month between ${split.months.first} and ${split.months.last}`);
  }
  if (split.days.length > 0) {
    const inDays = sql.join(split.days.map((d) => sql`b.date between ${d.from} and ${d.to}`), sql` or `);
    parts.push(sql`select b.account_id, b.value, to_char(b.date, 'YYYYMM') as month,
        sum(b.spend)::float8 as spend, sum(b.purchase_value)::float8 as revenue, sum(b.purchases)::float8 as purchases,
        sum(b.impressions)::float8 as impressions, sum(b.clicks)::float8 as clicks, sum(b.link_clicks)::float8 as link_clicks
      from meta_breakdown_daily b
      where b.brand_id = ${brandId} and b.account_id in (${accounts}) and b.breakdown = ${breakdown} and (${inDays})
      group by b.account_id, b.value, to_char(b.date, 'YYYYMM')`);
  }
  return queryRows<BreakdownMonthSums>(db, sql.join(parts, sql` union all `));
}
