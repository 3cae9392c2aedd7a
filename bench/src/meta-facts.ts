import { sql } from 'drizzle-orm';
import type { Database } from '@parallels/server/db/client';
import {
  META_AD_MONTH_COLUMNS,
  META_AD_MONTH_GROUP,
  META_AD_MONTH_SELECT,
  campaignMonthToDateInsert,
  rollUpInterests,
} from '@parallels/server/sync/facts-writer.sql';

/**
 * The large benchmark brand's Meta report facts (issue 19 item 8): every breakdown of the Meta reports daily for
 * two years on each Meta account (about 60 values a day per account: 7 ages, 3 genders, 20 countries, 4
 * platforms, 17 placements, 6 devices, 3 audience segments), and 5,000 ad sets (about 8 per campaign)
 * delivering every day, each targeting 1 to 3 of 200 interests. Deterministic, like the rest of the brand.
 */

export const META_ADSETS = 5000;
const INTERESTS = 200;

const BREAKDOWN_VALUES: Record<string, string[]> = {
  age: ['18-24', '25-34', '35-44', '45-54', '55-64', '65+', 'Unknown'],
  gender: ['female', 'male', 'unknown'],
  country: ['US', 'CA', 'GB', 'AU', 'DE', 'FR', 'IN', 'NL', 'SE', 'NO', 'DK', 'IE', 'NZ', 'ES', 'IT', 'JP', 'SG', 'AE', 'MX', 'BR'],
  publisher_platform: ['facebook', 'instagram', 'audience_network', 'messenger'],
  platform_position: [
    'facebook/feed', 'facebook/facebook_reels', 'facebook/facebook_stories', 'facebook/marketplace', 'facebook/video_feeds', 'facebook/right_hand_column',
    'facebook/search', 'instagram/feed', 'instagram/instagram_reels', 'instagram/instagram_stories', 'instagram/instagram_explore',
    'instagram/instagram_profile_feed', 'audience_network/an_classic', 'audience_network/rewarded_video', 'messenger/messenger_inbox',
    'messenger/messenger_stories', 'facebook/instream_video',
  ],
  impression_device: ['iphone', 'android_smartphone', 'desktop', 'ipad', 'android_tablet', 'other'],
  user_segment_key: ['prospecting', 'engaged', 'existing'],
};

export async function seedMetaReportFacts(db: Database, brandId: string, first: string, days: number, metaAccounts: number, metaCampaigns: number): Promise<void> {
  const values = Object.entries(BREAKDOWN_VALUES).flatMap(([breakdown, list]) => list.map((value, k) => ({ breakdown, value, k })));
  await db.execute(sql`
    insert into meta_breakdown_daily (brand_id, account_id, breakdown, value, date, spend, impressions, clicks, link_clicks, purchases, purchase_value)
    select ${brandId}::uuid, 'act_' || (100000001 + a), v.breakdown, v.value, ${first}::date + i,
      round(h / 40.0, 2), 200 + h, 2 + h % 41, 1 + h % 29, h % 7, round((h % 7) * (24.99 + a), 2)
    from generate_series(0, ${metaAccounts - 1}) a cross join generate_series(0, ${days - 1}) i
      cross join (select * from json_to_recordset(${JSON.stringify(values)}::json) as x(breakdown text, value text, k int)) v
      cross join lateral (select (a * 7919 + i * 104729 + v.k * 31337) % 10007 as h) s`);
  // the monthly rollup exactly as sync/facts-writer.sql.ts rollUpBreakdownMonths writes it (and migration 0011 seeds it)
  await db.execute(sql`
    insert into meta_breakdown_monthly (brand_id, account_id, breakdown, value, month, spend, impressions, clicks, link_clicks, purchases, purchase_value)
    select brand_id, account_id, breakdown, value, date_trunc('month', date)::date, sum(spend), sum(impressions), sum(clicks), sum(link_clicks), sum(purchases), sum(purchase_value)
    from meta_breakdown_daily
    where brand_id = ${brandId}
    group by brand_id, account_id, breakdown, value, date_trunc('month', date)`);
  await db.execute(sql`
    insert into meta_ad_daily (brand_id, account_id, level, entity_id, date, campaign_id, campaign_name, adset_id, adset_name, spend, impressions, clicks, reach,
      link_clicks, unique_link_clicks, outbound_clicks, landing_page_views, add_to_cart, initiate_checkout, purchases, purchase_value, video_three_second_views)
    select ${brandId}::uuid, 'act_' || (100000001 + (n % ${metaCampaigns}) % ${metaAccounts}), 'adset', 'a' || n, ${first}::date + i, 'm' || (n % ${metaCampaigns}),
      'Meta campaign ' || (n % ${metaCampaigns}), 'a' || n, 'Ad set ' || n,
      round(h / 500.0, 2), 100 + h / 2, 1 + h % 19, 80 + h / 3, 1 + h % 13, 1 + h % 11, h % 9, h % 7, h % 3, h % 2, h % 2, round((h % 2) * 39.99, 2), h % 41
    from generate_series(0, ${META_ADSETS - 1}) n cross join generate_series(0, ${days - 1}) i
      cross join lateral (select (n * 7919 + i * 104729) % 10007 as h) s`);
  // the monthly rollup exactly as sync/facts-writer.sql.ts rollUpAdMonths writes it (and migration 0016 seeds it)
  await db.execute(sql`${META_AD_MONTH_COLUMNS} ${META_AD_MONTH_SELECT} where brand_id = ${brandId} ${META_AD_MONTH_GROUP}`);
  // the campaigns' months to date exactly as rollUpCampaignMonthToDate writes them (and migration 0026 seeds them)
  await db.execute(campaignMonthToDateInsert(sql`d.brand_id = ${brandId}`));
  await db.execute(sql`
    insert into meta_adset_interests (brand_id, account_id, adset_id, interest_id, interest_name, campaign_id)
    select distinct on (n, t) ${brandId}::uuid, 'act_' || (100000001 + (n % ${metaCampaigns}) % ${metaAccounts}), 'a' || n, 'i' || ((n * 37 + t * 101) % ${INTERESTS}),
      'Interest ' || ((n * 37 + t * 101) % ${INTERESTS}), 'm' || (n % ${metaCampaigns})
    from generate_series(0, ${META_ADSETS - 1}) n cross join generate_series(0, 2) t
    where t <= n % 3`);
  // the interest shares per day and month with the window writer's own statements, every day of each account;
  // statistics first: planned on the empty tables' 1-row estimates, the statement scans an account's ad set days
  // once per targeted ad set (minutes per account on PostgreSQL)
  await db.execute(sql`analyze meta_ad_daily, meta_adset_interests`);
  for (let a = 0; a < metaAccounts; a++) await db.transaction((tx) => rollUpInterests(tx, brandId, `act_${100000001 + a}`, null));
}
