import { sql } from 'drizzle-orm';
import type { DayRange } from '@parallels/contract/report-dates';
import { queryRows, type Database } from '../../db/client.js';

/** One campaign's sums over a range (additive figures) and its largest single day of the non-additive ones. */
export interface CampaignSums {
  account_id: string;
  campaign_id: string;
  name: string;
  status: string;
  days: number;
  spend: number;
  revenue: number;
  impressions: number;
  link_clicks: number;
  outbound_clicks: number;
  landing_page_views: number;
  add_to_cart: number;
  initiate_checkout: number;
  purchases: number;
  video_three_second_views: number;
  /** the largest day's reach and unique link clicks (not additive: never summed across days) */
  max_reach: number;
  max_unique_link_clicks: number;
}

/** meta_ad_daily (campaign level) summed per campaign over a range, with the campaign's name and status. */
export async function campaignSums(db: Database, brandId: string, accountIds: string[], range: DayRange): Promise<CampaignSums[]> {
  if (accountIds.length === 0) return [];
  return queryRows<CampaignSums>(
    db,
    sql`select d.account_id, d.campaign_id, coalesce(max(c.name), max(d.campaign_name)) as name, coalesce(max(c.effective_status), 'UNKNOWN') as status,
          count(*)::int as days, -- one row per campaign and day (the primary key)
          sum(d.spend)::float8 as spend, sum(d.purchase_value)::float8 as revenue, sum(d.impressions)::float8 as impressions,
          sum(d.link_clicks)::float8 as link_clicks, sum(d.outbound_clicks)::float8 as outbound_clicks, sum(d.landing_page_views)::float8 as landing_page_views,
          sum(d.add_to_cart)::float8 as add_to_cart, sum(d.initiate_checkout)::float8 as initiate_checkout, sum(d.purchases)::float8 as purchases,
          sum(d.video_three_second_views)::float8 as video_three_second_views,
          max(d.reach)::float8 as max_reach, max(d.unique_link_clicks)::float8 as max_unique_link_clicks
        from meta_ad_daily d
        left join meta_campaigns c on c.brand_id = d.brand_id and c.account_id = d.account_id and c.campaign_id = d.campaign_id
        where d.brand_id = ${brandId} and d.level = 'campaign' and d.account_id in (${sql.join(accountIds.map((a) => sql`${a}`), sql`, `)})
          and d.date between ${range.from} and ${range.to}
        group by d.account_id, d.campaign_id
        order by sum(d.spend) desc, d.campaign_id`,
  );
}
