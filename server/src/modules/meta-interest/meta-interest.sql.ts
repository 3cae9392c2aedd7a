import { sql, type SQL } from 'drizzle-orm';
import type { DayRange } from '@parallels/contract/report-dates';
import { queryRows, type Database } from '../../db/client.js';
import { splitMonthToDate } from '../../db/month-split.js';

export interface InterestSums {
  account_id: string;
  interest_id: string;
  interest_name: string;
  /** the interest's share of its ad sets' spend over the range (each ad set split equally among its interests) */
  spend: number;
  revenue: number;
}

/**
 * Ad set delivery over a range attributed to the interests the ad sets target: each ad set day's spend and
 * purchase value divided by the number of interests of that ad set (decision 016), as the window writer keeps it
 * per interest in meta_interest_monthly and meta_interest_month_to_date; whole months of the range read the
 * monthly rows, each partial month the month-to-date row of its last day less the row of the day before its first
 * (at most three rows per interest for the edges instead of every day), summed per account and interest in
 * numeric (exact to far below a cent, and the same sums as the daily rows') before being read. Names are the
 * targeting's.
 */
export async function interestSums(db: Database, brandId: string, accountIds: string[], range: DayRange): Promise<InterestSums[]> {
  if (accountIds.length === 0) return [];
  const accounts = sql.join(accountIds.map((a) => sql`${a}`), sql`, `);
  const split = splitMonthToDate(range);
  const parts: SQL[] = [];
  if (split.months) {
    // a monthly row means days with a share in that month: it counts as one
    parts.push(sql`select m.account_id, m.interest_id, 1 as days, m.spend, m.revenue
      from meta_interest_monthly m
      where m.brand_id = ${brandId} and m.account_id in (${accounts}) and m.month between ${split.months.first} and ${split.months.last}`);
  }
  const toDate = (day: string, sign: SQL) => sql`select t.account_id, t.interest_id, ${sign}t.days as days, ${sign}t.spend as spend, ${sign}t.revenue as revenue
      from meta_interest_month_to_date t
      where t.brand_id = ${brandId} and t.account_id in (${accounts}) and t.date = ${day}`;
  for (const piece of split.pieces) {
    parts.push(toDate(piece.plus, sql``));
    if (piece.minus) parts.push(toDate(piece.minus, sql`-`));
  }
  return queryRows<InterestSums>(
    db,
    sql`with sums as (
          select p.account_id, p.interest_id, sum(p.spend) as spend, sum(p.revenue) as revenue
          from (${sql.join(parts, sql` union all `)}) p
          group by p.account_id, p.interest_id
          having sum(p.days) > 0 -- a month-to-date row is every day of a month the interest had a share in: none in the range, no row
        ), names as (
          select i.account_id, i.interest_id, max(i.interest_name) as interest_name
          from meta_adset_interests i
          where i.brand_id = ${brandId} and i.account_id in (${accounts})
          group by i.account_id, i.interest_id
        )
        select s.account_id, s.interest_id, n.interest_name, s.spend::float8 as spend, s.revenue::float8 as revenue
        from sums s
        join names n on n.account_id = s.account_id and n.interest_id = s.interest_id`,
  );
}
