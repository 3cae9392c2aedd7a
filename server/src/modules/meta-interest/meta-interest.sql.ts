import { sql, type SQL } from 'drizzle-orm';
import type { DayRange } from '@parallels/contract/report-dates';
import { queryRows, type Database } from '../../db/client.js';
import { splitByMonth } from '../../db/month-split.js';

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
 * per interest in meta_interest_daily and meta_interest_monthly; whole months of the range read the monthly rows,
 * the partial edge months the daily ones, summed per account and interest in numeric (exact to far below a cent)
 * before being read. Names are the targeting's.
 */
export async function interestSums(db: Database, brandId: string, accountIds: string[], range: DayRange): Promise<InterestSums[]> {
  if (accountIds.length === 0) return [];
  const accounts = sql.join(accountIds.map((a) => sql`${a}`), sql`, `);
  const split = splitByMonth(range);
  const parts: SQL[] = [];
  if (split.months) {
    parts.push(sql`select m.account_id, m.interest_id, m.spend, m.revenue
      from meta_interest_monthly m
      where m.brand_id = ${brandId} and m.account_id in (${accounts}) and m.month between ${split.months.first} and ${split.months.last}`);
  }
  if (split.days.length > 0) {
    const inDays = sql.join(split.days.map((d) => sql`d.date between ${d.from} and ${d.to}`), sql` or `);
    parts.push(sql`select d.account_id, d.interest_id, d.spend, d.revenue
      from meta_interest_daily d
      where d.brand_id = ${brandId} and d.account_id in (${accounts}) and (${inDays})`);
  }
  return queryRows<InterestSums>(
    db,
    sql`with sums as (
          select p.account_id, p.interest_id, sum(p.spend) as spend, sum(p.revenue) as revenue
          from (${sql.join(parts, sql` union all `)}) p
          group by p.account_id, p.interest_id
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
