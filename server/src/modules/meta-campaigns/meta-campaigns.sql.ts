import { sql, type SQL } from 'drizzle-orm';
import type { DayRange } from '@parallels/contract/report-dates';
import { queryPacked, type Database } from '../../db/client.js';
import { splitMonthToDate } from '../../db/month-split.js';

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

const CAMPAIGN_SUM_COLUMNS = [
  'account_id', 'campaign_id', 'name', 'status', 'days', 'spend', 'revenue', 'impressions', 'link_clicks', 'outbound_clicks', 'landing_page_views',
  'add_to_cart', 'initiate_checkout', 'purchases', 'video_three_second_views', 'max_reach', 'max_unique_link_clicks',
] as const satisfies ReadonlyArray<keyof CampaignSums>;

// a month-to-date row's sums, in the parts' column order, added or taken away
const MONTH_TO_DATE_SUMS = sql.raw(`t.spend, t.purchase_value, t.impressions, t.link_clicks, t.outbound_clicks, t.landing_page_views, t.add_to_cart, t.initiate_checkout,
    t.purchases, t.video_three_second_views`);
const MONTH_TO_DATE_LESS = sql.raw(`-t.spend, -t.purchase_value, -t.impressions, -t.link_clicks, -t.outbound_clicks, -t.landing_page_views, -t.add_to_cart,
    -t.initiate_checkout, -t.purchases, -t.video_three_second_views`);

/**
 * Campaign delivery summed per campaign over a range, with the campaign's name and status: whole calendar months
 * from meta_ad_monthly, the partial edge months from meta_campaign_month_to_date (the range's last day's row; the
 * month's last row less the row of the day before the range's first day), so two years read 24 monthly rows and
 * at most three others per campaign instead of 24 and up to 60 days (decision 016). A range inside one month that
 * neither starts on its first day nor ends on its last reads its days from meta_ad_daily, since no row holds its
 * largest single day. The largest day of reach is a largest day of its months and pieces.
 */
export async function campaignSums(db: Database, brandId: string, accountIds: string[], range: DayRange): Promise<CampaignSums[]> {
  if (accountIds.length === 0) return [];
  const accounts = sql.join(accountIds.map((a) => sql`${a}`), sql`, `);
  const split = splitMonthToDate(range);
  const parts: SQL[] = [];
  if (split.months) {
    parts.push(sql`select m.account_id, m.entity_id as campaign_id, m.campaign_name, m.days, m.spend, m.purchase_value, m.impressions, m.link_clicks, m.outbound_clicks,
        m.landing_page_views, m.add_to_cart, m.initiate_checkout, m.purchases, m.video_three_second_views, m.max_reach, m.max_unique_link_clicks
      from meta_ad_monthly m
      where m.brand_id = ${brandId} and m.level = 'campaign' and m.account_id in (${accounts}) and m.month between ${split.months.first} and ${split.months.last}`);
  }
  const toDate = (day: string, columns: SQL) => sql`select t.account_id, t.campaign_id, ${columns}
      from meta_campaign_month_to_date t
      where t.brand_id = ${brandId} and t.account_id in (${accounts}) and t.date = ${day}`;
  for (const piece of split.pieces) {
    if (piece.kind === 'start') {
      parts.push(toDate(piece.plus, sql`t.campaign_name, t.days, ${MONTH_TO_DATE_SUMS}, t.max_reach, t.max_unique_link_clicks`));
    } else if (piece.kind === 'end') {
      // the month's sums less those to the day before the piece; its largest days are the ones after that day
      parts.push(toDate(piece.plus, sql`null::text as campaign_name, t.days, ${MONTH_TO_DATE_SUMS}, null::bigint as max_reach, null::bigint as max_unique_link_clicks`));
      parts.push(toDate(piece.minus!, sql`t.rest_campaign_name, -t.days, ${MONTH_TO_DATE_LESS}, t.rest_max_reach, t.rest_max_unique_link_clicks`));
    } else {
      parts.push(sql`select d.account_id, d.campaign_id, max(d.campaign_name) as campaign_name, count(*)::int as days, sum(d.spend) as spend, sum(d.purchase_value) as purchase_value,
          sum(d.impressions) as impressions, sum(d.link_clicks) as link_clicks, sum(d.outbound_clicks) as outbound_clicks, sum(d.landing_page_views) as landing_page_views,
          sum(d.add_to_cart) as add_to_cart, sum(d.initiate_checkout) as initiate_checkout, sum(d.purchases) as purchases, sum(d.video_three_second_views) as video_three_second_views,
          max(d.reach) as max_reach, max(d.unique_link_clicks) as max_unique_link_clicks
        from meta_ad_daily d
        where d.brand_id = ${brandId} and d.level = 'campaign' and d.account_id in (${accounts}) and d.date between ${piece.from} and ${piece.to}
        group by d.account_id, d.campaign_id`);
    }
  }
  // packed (db/client queryPacked): 600 campaigns of 17 fields read out of PGlite row by row cost more than the sums
  return queryPacked<CampaignSums>(
    db,
    CAMPAIGN_SUM_COLUMNS,
    sql`with parts as (${sql.join(parts, sql` union all `)}),
        sums as (
          select account_id, campaign_id, max(campaign_name) as campaign_name,
            sum(days)::int as days, -- one daily row per campaign and day (the primary key)
            sum(spend)::float8 as spend, sum(purchase_value)::float8 as revenue, sum(impressions)::float8 as impressions,
            sum(link_clicks)::float8 as link_clicks, sum(outbound_clicks)::float8 as outbound_clicks, sum(landing_page_views)::float8 as landing_page_views,
            sum(add_to_cart)::float8 as add_to_cart, sum(initiate_checkout)::float8 as initiate_checkout, sum(purchases)::float8 as purchases,
            sum(video_three_second_views)::float8 as video_three_second_views,
            max(max_reach)::float8 as max_reach, max(max_unique_link_clicks)::float8 as max_unique_link_clicks, sum(spend) as spend_exact
          from parts
          group by account_id, campaign_id
          having sum(days) > 0 -- a month-to-date row is every day of a month the campaign delivered in: none in the range, no campaign
        )
        select s.account_id, s.campaign_id, coalesce(c.name, s.campaign_name) as name, coalesce(c.effective_status, 'UNKNOWN') as status, s.days, s.spend, s.revenue,
          s.impressions, s.link_clicks, s.outbound_clicks, s.landing_page_views, s.add_to_cart, s.initiate_checkout, s.purchases, s.video_three_second_views,
          s.max_reach, s.max_unique_link_clicks, s.spend_exact
        from sums s
        left join meta_campaigns c on c.brand_id = ${brandId} and c.account_id = s.account_id and c.campaign_id = s.campaign_id`,
    sql`q.spend_exact desc, q.campaign_id`,
  );
}
