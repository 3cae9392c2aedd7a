import { sql } from 'drizzle-orm';
import type { DayRange } from '@parallels/contract/report-dates';
import { queryRows, type Database } from '../../db/client.js';

export interface InterestSums {
  account_id: string;
  interest_id: string;
  interest_name: string;
  /** the interest's share of its ad sets' spend over the range (each ad set split equally among its interests) */
  spend: number;
  revenue: number;
}

/**
 * Ad set delivery (meta_ad_daily, level adset) over a range attributed to the interests the ad sets target
 * (meta_adset_interests): each ad set day's spend and purchase value divided by the number of interests of
 * that ad set, summed per account and interest in numeric (exact to far below a cent) before being read.
 */
export async function interestSums(db: Database, brandId: string, accountIds: string[], range: DayRange): Promise<InterestSums[]> {
  if (accountIds.length === 0) return [];
  const accounts = sql.join(accountIds.map((a) => sql`${a}`), sql`, `);
  return queryRows<InterestSums>(
    db,
    sql`with targeted as (
          select i.account_id, i.adset_id, i.interest_id, i.interest_name, count(*) over (partition by i.account_id, i.adset_id) as interests
          from meta_adset_interests i
          where i.brand_id = ${brandId} and i.account_id in (${accounts})
        ), adsets as (
          select d.account_id, d.entity_id as adset_id, sum(d.spend) as spend, sum(d.purchase_value) as revenue
          from meta_ad_daily d
          where d.brand_id = ${brandId} and d.level = 'adset' and d.account_id in (${accounts}) and d.date between ${range.from} and ${range.to}
          group by d.account_id, d.entity_id
        )
        select t.account_id, t.interest_id, max(t.interest_name) as interest_name,
          sum(a.spend / t.interests)::float8 as spend, sum(a.revenue / t.interests)::float8 as revenue
        from adsets a
        join targeted t on t.account_id = a.account_id and t.adset_id = a.adset_id
        group by t.account_id, t.interest_id`,
  );
}
