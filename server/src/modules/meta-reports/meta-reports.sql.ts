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
 *
 * Sent packed, one row per account and value with its months as a JSON array: on PGlite every field of every row
 * is copied out of WebAssembly one by one, and a two-year country tab's 2,760 month rows took 42 ms that way against
 * 10 ms packed (on PostgreSQL the two are alike, 8.0 and 8.3 ms).
 */
export async function breakdownMonthSums(db: Database, brandId: string, accountIds: string[], breakdown: string, range: DayRange): Promise<BreakdownMonthSums[]> {
  if (accountIds.length === 0) return [];
  const accounts = sql.join(accountIds.map((a) => sql`${a}`), sql`, `);
  const split = splitByMonth(range);
  const parts: SQL[] = [];
  if (split.months) {
    parts.push(sql`select m.account_id, m.value, to_char(m.month, 'YYYYMM') as month,
        m.spend, m.purchase_value, m.purchases, m.impressions, m.clicks, m.link_clicks
      from meta_breakdown_monthly m
      where m.brand_id = ${brandId} and m.account_id in (${accounts}) and m.breakdown = ${breakdown} and m.month between ${split.months.first} and ${split.months.last}`);
  }
  if (split.days.length > 0) {
    const inDays = sql.join(split.days.map((d) => sql`b.date between ${d.from} and ${d.to}`), sql` or `);
    parts.push(sql`select b.account_id, b.value, to_char(b.date, 'YYYYMM') as month,
        sum(b.spend), sum(b.purchase_value), sum(b.purchases), sum(b.impressions), sum(b.clicks), sum(b.link_clicks)
      from meta_breakdown_daily b
      where b.brand_id = ${brandId} and b.account_id in (${accounts}) and b.breakdown = ${breakdown} and (${inDays})
      group by b.account_id, b.value, to_char(b.date, 'YYYYMM')`);
  }
  const packed = await queryRows<{ account_id: string; value: string; months: string }>(
    db,
    sql`select x.account_id, x.value,
        json_agg(json_build_array(x.month, x.spend, x.purchase_value, x.purchases, x.impressions, x.clicks, x.link_clicks))::text as months
      from (${sql.join(parts, sql` union all `)}) x (account_id, value, month, spend, purchase_value, purchases, impressions, clicks, link_clicks)
      group by x.account_id, x.value`,
  );
  const out: BreakdownMonthSums[] = [];
  for (const r of packed) {
    for (const [month, spend, revenue, purchases, impressions, clicks, linkClicks] of JSON.parse(r.months) as Array<[string, number, number, number, number, number, number]>) {
      out.push({ account_id: r.account_id, value: r.value, month, spend, revenue, purchases, impressions, clicks, link_clicks: linkClicks });
    }
  }
  return out;
}
