import { and, between, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import {
  ga4Daily,
  ga4DimensionDaily,
  googleCampaignDaily,
  googleProducts,
  googleViewDaily,
  metaAdDaily,
  metaAdsetInterests,
  metaBreakdownDaily,
  metaCampaigns,
  storeOrders,
  storeRefunds,
} from '../db/facts-schema.js';
import type { DayWindow } from './windows.js';
import { upsertRows } from '../db/upsert.sql.js';
import { batchesOf } from '../lib/row-spool.js';
import { ACCOUNT_FACT_TABLES } from '../db/fact-tables.js';
import type { WindowFacts } from './pull.js';
import { monthStart } from '@parallels/contract/days';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * A window's daily facts REPLACE what we held for that account and those days: a row the platform no
 * longer reports (a restated search term, say) must go, or totals would drift from the source. Entity
 * tables (campaigns, products, interests) and Shopify orders (keyed by order, changed by updated_at) are
 * upserted. Runs inside the window's transaction, with its checkpoint.
 */
export async function writeWindowFacts(tx: Tx, brandId: string, accountId: string, window: DayWindow, facts: WindowFacts): Promise<number> {
  for (const t of ACCOUNT_FACT_TABLES[facts.platform]) {
    if (t.date) await tx.delete(t.table).where(and(eq(t.brand, brandId), eq(t.account, accountId), between(t.date, window.from, window.to)));
  }
  switch (facts.platform) {
    case 'meta': {
      let rows = (await upsertRows(tx, metaCampaigns, facts.campaigns)) + (await upsertRows(tx, metaAdsetInterests, facts.adsetInterests));
      // delivery and breakdown rows come off the spools a page at a time; a breakdown cell seen on an earlier
      // page adds up (see MetaWindowFacts)
      for await (const batch of batchesOf(facts.adDaily)) rows += await upsertRows(tx, metaAdDaily, batch);
      for await (const batch of batchesOf(facts.breakdowns)) rows += await upsertRows(tx, metaBreakdownDaily, batch, { sum: BREAKDOWN_METRICS });
      await rollUpAdAccountDays(tx, brandId, 'meta', accountId, window);
      await rollUpBreakdownMonths(tx, brandId, accountId, window);
      return rows;
    }
    case 'google_ads': {
      let rows = (await upsertRows(tx, googleProducts, facts.products)) + (await upsertRows(tx, googleCampaignDaily, facts.campaignDaily));
      // the views come off the spool a batch at a time; a key seen in an earlier batch adds up (see GoogleAdsWindowFacts)
      for await (const batch of batchesOf(facts.viewDaily)) rows += await upsertRows(tx, googleViewDaily, batch, { sum: VIEW_METRICS });
      await rollUpAdAccountDays(tx, brandId, 'google_ads', accountId, window);
      await rollUpGoogleViewMonths(tx, brandId, accountId, window);
      return rows;
    }
    case 'ga4': {
      let rows = await upsertRows(tx, ga4Daily, facts.daily);
      // the dimension rows come off the spool a page at a time; a row that moved pages takes the later page's
      // values (see Ga4WindowFacts), as the pull kept it before pages were spooled
      for await (const batch of batchesOf(facts.dimensionDaily)) rows += await upsertRows(tx, ga4DimensionDaily, batch);
      await rollUpGa4DimensionMonths(tx, brandId, accountId, window);
      return rows;
    }
    case 'shopify':
      // an order already stored from a newer webhook is kept (the export may be older than it)
      return (await upsertRows(tx, storeOrders, facts.orders, { newerBy: 'updatedAt' })) + (await upsertRows(tx, storeRefunds, facts.refunds));
  }
}

const VIEW_METRICS = ['costMicros', 'impressions', 'clicks', 'conversions', 'conversionsValue'] as const;
const BREAKDOWN_METRICS = ['spend', 'impressions', 'clicks', 'linkClicks', 'purchases', 'purchaseValue'] as const;

// Idempotent like every other fact write: a day rolled up again (a replayed window, or a write that raced
// another) replaces that day's totals instead of failing on the key.
const ROLLUP_CONFLICT = sql.raw(
  'on conflict (brand_id, platform, account_id, date) do update set spend = excluded.spend, revenue = excluded.revenue, purchases = excluded.purchases, clicks = excluded.clicks, impressions = excluded.impressions',
);

/**
 * The account's per-day totals for the window, summed from the campaign rows just written (the window's
 * old rows were deleted above with the other daily facts). Same transaction: the rollup, the facts and the
 * checkpoint always agree. The same statements seed it in migration 0003.
 */
export async function rollUpAdAccountDays(tx: Tx, brandId: string, platform: 'meta' | 'google_ads', accountId: string, window: DayWindow): Promise<void> {
  if (platform === 'meta') {
    await tx.execute(sql`
      insert into ad_account_daily (brand_id, platform, account_id, date, spend, revenue, purchases, clicks, impressions)
      select brand_id, 'meta', account_id, date, sum(spend), sum(purchase_value), sum(purchases), sum(clicks), sum(impressions)
      from meta_ad_daily
      where brand_id = ${brandId} and account_id = ${accountId} and level = 'campaign' and date between ${window.from} and ${window.to}
      group by brand_id, account_id, date
      ${ROLLUP_CONFLICT}`);
  } else {
    await tx.execute(sql`
      insert into ad_account_daily (brand_id, platform, account_id, date, spend, revenue, purchases, clicks, impressions)
      select brand_id, 'google_ads', customer_id, date, sum(cost_micros) / 1000000.0, sum(conversions_value), sum(conversions), sum(clicks), sum(impressions)
      from google_campaign_daily
      where brand_id = ${brandId} and customer_id = ${accountId} and date between ${window.from} and ${window.to}
      group by brand_id, customer_id, date
      ${ROLLUP_CONFLICT}`);
  }
}

/**
 * ga4_dimension_monthly for every month the window touches, recomputed from all of that month's daily rows of
 * the property (the window's just written, the rest from earlier windows): same transaction, so the months and
 * the days always agree. A value gone from a restated month goes from the rollup too. Migration 0009 seeds it.
 * ga4_dimension_month_values (migration 0018) is rewritten from it for the same months.
 */
export async function rollUpGa4DimensionMonths(tx: Tx, brandId: string, propertyId: string, window: DayWindow): Promise<void> {
  const firstMonth = sql`date_trunc('month', ${window.from}::date)::date`;
  const lastMonth = sql`date_trunc('month', ${window.to}::date)::date`;
  await tx.execute(sql`delete from ga4_dimension_monthly where brand_id = ${brandId} and property_id = ${propertyId} and month between ${firstMonth} and ${lastMonth}`);
  await tx.execute(sql`
    insert into ga4_dimension_monthly (brand_id, property_id, dimension, value, month, sessions, add_to_carts, checkouts, purchases, purchase_revenue)
    select brand_id, property_id, dimension, value, date_trunc('month', date)::date, sum(sessions), sum(add_to_carts), sum(checkouts), sum(purchases), sum(purchase_revenue)
    from ga4_dimension_daily
    where brand_id = ${brandId} and property_id = ${propertyId} and date >= ${firstMonth} and date < (${lastMonth} + interval '1 month')::date
    group by brand_id, property_id, dimension, value, date_trunc('month', date)::date`);
  // the same months packed, one row per dimension and month (what the conversion reports read for whole months)
  await tx.execute(sql`delete from ga4_dimension_month_values where brand_id = ${brandId} and property_id = ${propertyId} and month between ${firstMonth} and ${lastMonth}`);
  await tx.execute(sql`
    insert into ga4_dimension_month_values (brand_id, property_id, dimension, month, entries)
    select brand_id, property_id, dimension, month, json_agg(json_build_array(value, sessions, purchases) order by value)
    from ga4_dimension_monthly
    where brand_id = ${brandId} and property_id = ${propertyId} and month between ${firstMonth} and ${lastMonth}
    group by brand_id, property_id, dimension, month`);
}

/**
 * The account's meta_breakdown_monthly rows for every calendar month the window touches, summed again from the
 * daily rows (the window's and the month's other days alike), so a month is always the sum of its days. Same
 * transaction as the facts and the checkpoint. Migration 0011 seeds it with the same statement.
 */
export async function rollUpBreakdownMonths(tx: Tx, brandId: string, accountId: string, window: DayWindow): Promise<void> {
  const first = sql`date_trunc('month', ${window.from}::date)::date`;
  const last = sql`(date_trunc('month', ${window.to}::date) + interval '1 month' - interval '1 day')::date`;
  await tx.execute(sql`delete from meta_breakdown_monthly where brand_id = ${brandId} and account_id = ${accountId} and month between ${first} and ${last}`);
  await tx.execute(sql`
    insert into meta_breakdown_monthly (brand_id, account_id, breakdown, value, month, spend, impressions, clicks, link_clicks, purchases, purchase_value)
    select brand_id, account_id, breakdown, value, date_trunc('month', date)::date, sum(spend), sum(impressions), sum(clicks), sum(link_clicks), sum(purchases), sum(purchase_value)
    from meta_breakdown_daily
    where brand_id = ${brandId} and account_id = ${accountId} and date between ${first} and ${last}
    group by brand_id, account_id, breakdown, value, date_trunc('month', date)`);
}

/** The sums of google_view_daily per key and month, as google_view_monthly keeps them (also migration 0012 and bench/large-brand). */
export const GOOGLE_VIEW_MONTH_SELECT = sql.raw(`select brand_id, customer_id, view, key, date_trunc('month', date)::date as month,
    (array_agg(label order by date desc))[1] as label, (array_agg(campaign_name order by date desc))[1] as campaign_name,
    (array_agg(ad_group_name order by date desc))[1] as ad_group_name, (array_agg(attributes order by date desc))[1] as attributes,
    max(date) as last_date, sum(cost_micros) as cost_micros, sum(impressions) as impressions, sum(clicks) as clicks,
    sum(conversions) as conversions, sum(conversions_value) as conversions_value
  from google_view_daily`);
export const GOOGLE_VIEW_MONTH_GROUP = sql.raw(`group by brand_id, customer_id, view, key, date_trunc('month', date)`);
const GOOGLE_VIEW_MONTH_COLUMNS = sql.raw(
  'insert into google_view_monthly (brand_id, customer_id, view, key, month, label, campaign_name, ad_group_name, attributes, last_date, cost_micros, impressions, clicks, conversions, conversions_value)',
);

/**
 * google_view_monthly for every month the window touches, recomputed whole from the daily rows (the window's own
 * days were just replaced; the month's other days are as they were). Same transaction as the facts.
 */
export async function rollUpGoogleViewMonths(tx: Tx, brandId: string, accountId: string, window: DayWindow): Promise<void> {
  const first = monthStart(window.from);
  const lastMonth = monthStart(window.to);
  await tx.execute(sql`delete from google_view_monthly where brand_id = ${brandId} and customer_id = ${accountId} and month between ${first} and ${lastMonth}`);
  await tx.execute(sql`${GOOGLE_VIEW_MONTH_COLUMNS}
    ${GOOGLE_VIEW_MONTH_SELECT}
    where brand_id = ${brandId} and customer_id = ${accountId} and date >= ${first}::date and date < (${lastMonth}::date + interval '1 month')
    ${GOOGLE_VIEW_MONTH_GROUP}`);
}
