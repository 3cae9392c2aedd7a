import { bigint, date, doublePrecision, foreignKey, index, integer, json, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { brands, connections } from './schema.js';

// Fact tables: daily grain, brand_id first in every key (ARCHITECTURE "Storage", principle 7), written by
// upsert on the natural key so replaying a window never duplicates a row. Money is numeric (exact), counts
// are bigint; ratios are never stored: reports derive them from sums. A day that did not sync has no row.

const money = (name: string) => numeric(name, { precision: 16, scale: 2 }).notNull().default('0');
const count = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const brandRef = () => uuid('brand_id').notNull().references(() => brands.id, { onDelete: 'cascade' });
const syncedAt = () => timestamp('synced_at', { withTimezone: true }).notNull().defaultNow();

/** Shopify orders, one row each; order_date is the shop's local day. Updated by updated_at (refunds, cancels). */
export const storeOrders = pgTable(
  'store_orders',
  {
    brandId: brandRef(),
    shop: text('shop').notNull(),
    orderId: text('order_id').notNull(),
    orderName: text('order_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    orderDate: date('order_date').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    test: integer('test').notNull().default(0),
    financialStatus: text('financial_status').notNull(),
    currency: text('currency').notNull(),
    totalPrice: money('total_price'),
    subtotalPrice: money('subtotal_price'),
    totalDiscounts: money('total_discounts'),
    totalTax: money('total_tax'),
    totalShipping: money('total_shipping'),
    totalRefunded: money('total_refunded'),
    syncedAt: syncedAt(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.shop, t.orderId] }), index('store_orders_day_idx').on(t.brandId, t.orderDate)],
);

/** Refunds on the day they happened (the performance table's Total Returns). */
export const storeRefunds = pgTable(
  'store_refunds',
  {
    brandId: brandRef(),
    shop: text('shop').notNull(),
    refundId: text('refund_id').notNull(),
    orderId: text('order_id').notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }).notNull(),
    refundDate: date('refund_date').notNull(),
    amount: money('amount'),
    syncedAt: syncedAt(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.shop, t.refundId] }), index('store_refunds_day_idx').on(t.brandId, t.refundDate)],
);

export const metaCampaigns = pgTable(
  'meta_campaigns',
  {
    brandId: brandRef(),
    accountId: text('account_id').notNull(),
    campaignId: text('campaign_id').notNull(),
    name: text('name').notNull(),
    status: text('status').notNull(),
    effectiveStatus: text('effective_status').notNull(),
    objective: text('objective'),
    syncedAt: syncedAt(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.accountId, t.campaignId] })],
);

/** Meta delivery per day per campaign or ad set (level). Reach here is that day's reach only. */
export const metaAdDaily = pgTable(
  'meta_ad_daily',
  {
    brandId: brandRef(),
    accountId: text('account_id').notNull(),
    level: text('level').notNull(), // campaign | adset
    entityId: text('entity_id').notNull(),
    date: date('date').notNull(),
    campaignId: text('campaign_id').notNull(),
    campaignName: text('campaign_name').notNull(),
    adsetId: text('adset_id'),
    adsetName: text('adset_name'),
    spend: money('spend'),
    impressions: count('impressions'),
    clicks: count('clicks'),
    reach: count('reach'),
    linkClicks: count('link_clicks'),
    uniqueLinkClicks: count('unique_link_clicks'),
    outboundClicks: count('outbound_clicks'),
    landingPageViews: count('landing_page_views'),
    addToCart: count('add_to_cart'),
    initiateCheckout: count('initiate_checkout'),
    purchases: count('purchases'),
    purchaseValue: money('purchase_value'),
    videoThreeSecondViews: count('video_three_second_views'),
    syncedAt: syncedAt(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.accountId, t.level, t.entityId, t.date] }), index('meta_ad_daily_day_idx').on(t.brandId, t.date), index('meta_ad_daily_level_day_idx').on(t.brandId, t.accountId, t.level, t.date)],
);

/**
 * meta_ad_daily summed per entity (campaign or ad set) and calendar month (month = its first day): the additive
 * figures only, plus the month's delivery days and its largest single day of reach and unique link clicks (a
 * largest day is a largest day of its months, so the campaign screen's floor estimate is unchanged). Rolled up by
 * the window writer in the window's transaction for every month the window touches; campaign and interest
 * analysis read whole months of a range here and the partial edge months from the daily rows (decision 016).
 * Reach over a range stays Meta's own figure (never derived from this table).
 */
export const metaAdMonthly = pgTable(
  'meta_ad_monthly',
  {
    brandId: brandRef(),
    accountId: text('account_id').notNull(),
    level: text('level').notNull(), // campaign | adset
    entityId: text('entity_id').notNull(),
    month: date('month').notNull(),
    campaignId: text('campaign_id').notNull(),
    campaignName: text('campaign_name').notNull(),
    days: integer('days').notNull().default(0),
    spend: money('spend'),
    impressions: count('impressions'),
    clicks: count('clicks'),
    linkClicks: count('link_clicks'),
    outboundClicks: count('outbound_clicks'),
    landingPageViews: count('landing_page_views'),
    addToCart: count('add_to_cart'),
    initiateCheckout: count('initiate_checkout'),
    purchases: count('purchases'),
    purchaseValue: money('purchase_value'),
    videoThreeSecondViews: count('video_three_second_views'),
    maxReach: count('max_reach'),
    maxUniqueLinkClicks: count('max_unique_link_clicks'),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.accountId, t.level, t.month, t.entityId] })],
);

/**
 * A campaign's delivery within each calendar month up to and including `date` (month to date), one row for every
 * day of every month the campaign delivered in (days without delivery carry the sums forward), so a range's
 * partial edge month is one or two rows per campaign instead of every day: [month start, d] is the row of d,
 * [d, month end] is the month's last row minus the row of the day before d (decision 016, migration 0026). Only
 * additive figures are sums; `days` counts delivery days to date. The largest single day of reach and unique
 * link clicks (the labelled floor estimate only) and the largest name are kept to date and over the days after
 * `date` (`rest_*`), since a largest day cannot be subtracted. Rolled up by the window writer for every month
 * the window touches, in the window's transaction.
 */
export const metaCampaignMonthToDate = pgTable(
  'meta_campaign_month_to_date',
  {
    brandId: brandRef(),
    accountId: text('account_id').notNull(),
    campaignId: text('campaign_id').notNull(),
    date: date('date').notNull(),
    days: integer('days').notNull().default(0),
    spend: money('spend'),
    impressions: count('impressions'),
    linkClicks: count('link_clicks'),
    outboundClicks: count('outbound_clicks'),
    landingPageViews: count('landing_page_views'),
    addToCart: count('add_to_cart'),
    initiateCheckout: count('initiate_checkout'),
    purchases: count('purchases'),
    purchaseValue: money('purchase_value'),
    videoThreeSecondViews: count('video_three_second_views'),
    campaignName: text('campaign_name'),
    maxReach: bigint('max_reach', { mode: 'number' }),
    maxUniqueLinkClicks: bigint('max_unique_link_clicks', { mode: 'number' }),
    restCampaignName: text('rest_campaign_name'),
    restMaxReach: bigint('rest_max_reach', { mode: 'number' }),
    restMaxUniqueLinkClicks: bigint('rest_max_unique_link_clicks', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.accountId, t.date, t.campaignId] })],
);

/** The interests an ad set targets (Meta interest analysis attributes ad set spend to them). */
export const metaAdsetInterests = pgTable(
  'meta_adset_interests',
  {
    brandId: brandRef(),
    accountId: text('account_id').notNull(),
    adsetId: text('adset_id').notNull(),
    interestId: text('interest_id').notNull(),
    interestName: text('interest_name').notNull(),
    campaignId: text('campaign_id').notNull(),
    syncedAt: syncedAt(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.accountId, t.adsetId, t.interestId] })],
);

/**
 * Interest analysis's attribution kept per interest and day (and month): each ad set day's spend and purchase
 * value divided equally among the interests the ad set targets (decision 016), summed per account, interest and
 * day, in numeric without a scale (exact to far below a cent). The window writer recomputes the window's days
 * (all of the account's days when its targeting gained an ad set-interest pair, since attribution follows the
 * current targeting) and their months, in the window's transaction. A 30-day read is 30 rows per interest
 * instead of 30 per ad set; two years read 24 monthly rows per interest.
 */
export const metaInterestDaily = pgTable(
  'meta_interest_daily',
  {
    brandId: brandRef(),
    accountId: text('account_id').notNull(),
    interestId: text('interest_id').notNull(),
    date: date('date').notNull(),
    spend: numeric('spend').notNull().default('0'),
    revenue: numeric('revenue').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.accountId, t.date, t.interestId] })],
);

/** meta_interest_daily summed per calendar month (month = its first day). */
export const metaInterestMonthly = pgTable(
  'meta_interest_monthly',
  {
    brandId: brandRef(),
    accountId: text('account_id').notNull(),
    interestId: text('interest_id').notNull(),
    month: date('month').notNull(),
    spend: numeric('spend').notNull().default('0'),
    revenue: numeric('revenue').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.accountId, t.month, t.interestId] })],
);

/**
 * meta_interest_daily within each calendar month up to and including `date` (month to date), one row for every
 * day of every month the interest had a share in (carried forward over days without one), so a partial edge
 * month reads one or two rows per interest: [d1, d2] = the row of d2 minus the row of the day before d1 (none when
 * d1 is the month's first day). `days` counts the days with a share, to date. Numeric without a scale, like the
 * daily shares, so a difference is exact. Rolled up with meta_interest_daily (decision 016, migration 0026).
 */
export const metaInterestMonthToDate = pgTable(
  'meta_interest_month_to_date',
  {
    brandId: brandRef(),
    accountId: text('account_id').notNull(),
    interestId: text('interest_id').notNull(),
    date: date('date').notNull(),
    days: integer('days').notNull().default(0),
    spend: numeric('spend').notNull().default('0'),
    revenue: numeric('revenue').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.accountId, t.date, t.interestId] })],
);

/** Account-level delivery per day split by one breakdown (age, gender, country, publisher_platform, ...). */
export const metaBreakdownDaily = pgTable(
  'meta_breakdown_daily',
  {
    brandId: brandRef(),
    accountId: text('account_id').notNull(),
    breakdown: text('breakdown').notNull(),
    value: text('value').notNull(),
    date: date('date').notNull(),
    spend: money('spend'),
    impressions: count('impressions'),
    clicks: count('clicks'),
    // no reach: it cannot be summed out of a combined breakdown run (reach is not additive)
    linkClicks: count('link_clicks'),
    purchases: count('purchases'),
    purchaseValue: money('purchase_value'),
    syncedAt: syncedAt(),
  },
  // the day index: a tab's edge days of every value without walking each value's whole history (migration 0020)
  (t) => [primaryKey({ columns: [t.brandId, t.accountId, t.breakdown, t.value, t.date] }), index('meta_breakdown_daily_day_idx').on(t.brandId, t.accountId, t.breakdown, t.date)],
);

/**
 * meta_breakdown_daily summed per calendar month (month = its first day), rolled up by the window writer in the
 * window's transaction for every month the window touches, so it always agrees with the daily rows. The Meta
 * reports read whole months of a range here and only the partial edge months from the daily rows (decision 016).
 */
export const metaBreakdownMonthly = pgTable(
  'meta_breakdown_monthly',
  {
    brandId: brandRef(),
    accountId: text('account_id').notNull(),
    breakdown: text('breakdown').notNull(),
    value: text('value').notNull(),
    month: date('month').notNull(),
    spend: money('spend'),
    impressions: count('impressions'),
    clicks: count('clicks'),
    linkClicks: count('link_clicks'),
    purchases: count('purchases'),
    purchaseValue: money('purchase_value'),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.accountId, t.breakdown, t.month, t.value] })],
);

/** Google Ads cost and conversions per campaign per day (cost kept in micros, exactly as the API sends it). */
export const googleCampaignDaily = pgTable(
  'google_campaign_daily',
  {
    brandId: brandRef(),
    customerId: text('customer_id').notNull(),
    campaignId: text('campaign_id').notNull(),
    date: date('date').notNull(),
    campaignName: text('campaign_name').notNull(),
    status: text('status').notNull(),
    channelType: text('channel_type'),
    costMicros: count('cost_micros'),
    impressions: count('impressions'),
    clicks: count('clicks'),
    conversions: numeric('conversions', { precision: 16, scale: 4 }).notNull().default('0'),
    conversionsValue: money('conversions_value'),
    syncedAt: syncedAt(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.customerId, t.campaignId, t.date] }), index('google_campaign_daily_day_idx').on(t.brandId, t.date)],
);

/** One row per (view, key, day) for the Google Ads reports: search terms, keywords, age, gender, products. */
export const googleViewDaily = pgTable(
  'google_view_daily',
  {
    brandId: brandRef(),
    customerId: text('customer_id').notNull(),
    view: text('view').notNull(), // search_term | keyword | age | gender | product
    key: text('key').notNull(), // the row's identity within the view (term|match|ad group, criterion id, item id, ...)
    date: date('date').notNull(),
    label: text('label').notNull(), // what the report shows: the term, the keyword text, AGE_RANGE_25_34, ...
    campaignId: text('campaign_id'),
    campaignName: text('campaign_name'),
    adGroupId: text('ad_group_id'),
    adGroupName: text('ad_group_name'),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    costMicros: count('cost_micros'),
    impressions: count('impressions'),
    clicks: count('clicks'),
    conversions: numeric('conversions', { precision: 16, scale: 4 }).notNull().default('0'),
    conversionsValue: money('conversions_value'),
    syncedAt: syncedAt(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.customerId, t.view, t.key, t.date] }), index('google_view_daily_day_idx').on(t.brandId, t.view, t.date)],
);

/**
 * google_view_daily summed per key and calendar month (decision 015, "Scale"): the Google Ads reports and the
 * segment's search terms read whole months of a range here and only the range's partial edge months from the
 * daily rows. Derived: the window writer recomputes every month its window touches, in the window's
 * transaction (sync/facts-writer.sql.ts rollUpGoogleViewMonths), so it always agrees with the daily facts.
 */
export const googleViewMonthly = pgTable(
  'google_view_monthly',
  {
    brandId: brandRef(),
    customerId: text('customer_id').notNull(),
    view: text('view').notNull(),
    key: text('key').notNull(),
    month: date('month').notNull(), // the first day of the month
    /** the newest day's label, names and attributes within the month */
    label: text('label').notNull(),
    campaignName: text('campaign_name'),
    adGroupName: text('ad_group_name'),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    lastDate: date('last_date').notNull(),
    costMicros: count('cost_micros'),
    impressions: count('impressions'),
    clicks: count('clicks'),
    conversions: numeric('conversions', { precision: 16, scale: 4 }).notNull().default('0'),
    conversionsValue: money('conversions_value'),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.customerId, t.view, t.key, t.month] }), index('google_view_monthly_month_idx').on(t.brandId, t.view, t.month)],
);

/**
 * Each key of a view summed over a date-picker preset range (decision 015, "Scale"): the totals, the names the
 * reports show and the key's performance category against its account's averages over all its keys in that
 * range. Derived from google_view_daily / google_view_monthly by the sync job once its windows are in
 * (db/google-view-presets.sql.ts); served only for the exact range it was built for, and only while the
 * account's google_view_preset_builds row exists (a window write deletes it).
 */
export const googleViewPresets = pgTable(
  'google_view_presets',
  {
    brandId: brandRef(),
    customerId: text('customer_id').notNull(),
    view: text('view').notNull(),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date').notNull(),
    key: text('key').notNull(),
    /** max(label) over the range, as the per-request statements group it; the names likewise (status: the newest day's) */
    label: text('label').notNull(),
    matchType: text('match_type'),
    status: text('status'),
    campaignName: text('campaign_name'),
    adGroupName: text('ad_group_name'),
    costMicros: count('cost_micros'),
    impressions: count('impressions'),
    clicks: count('clicks'),
    conversions: numeric('conversions').notNull(),
    conversionsValue: numeric('conversions_value').notNull(),
    /** the colour rule's category (Top Performers ...) against the account's averages over the range */
    category: text('category').notNull(),
    /** a product's brand, product type and category (max over the range, as the segment's product sums take them); null for the other views */
    productBrand: text('product_brand'),
    productType: text('product_type'),
    productCategory: text('product_category'),
    /** the key's place in its category by Total Cost (highest first, then label and key), from 1: a chip's count under a cost filter is two index lookups */
    costRank: integer('cost_rank').notNull().default(0),
    /**
     * how many keys of each category there are from the first key of the account's cost order (highest first, then
     * label and key) down to this one, this one included: a cost filter's chip counts are two lookups of the run's
     * ends in google_view_presets_cost_idx (decision 015, "Scale: chip pages by rank, batched rebuilds")
     */
    topPerformersUpTo: integer('top_performers_up_to').notNull().default(0),
    highCostUpTo: integer('high_cost_up_to').notNull().default(0),
    highReturnUpTo: integer('high_return_up_to').notNull().default(0),
    underPerformersUpTo: integer('under_performers_up_to').notNull().default(0),
    /** the header sorts' fields as the statement computes them from the float8 sums (db/google-views.sql.ts sortField), each with its index */
    sortPerCost: doublePrecision('sort_per_cost').notNull().default(0),
    sortValue: doublePrecision('sort_value').notNull().default(0),
    sortConversions: doublePrecision('sort_conversions').notNull().default(0),
    sortConversionRate: doublePrecision('sort_conversion_rate').notNull().default(0),
    sortCtr: doublePrecision('sort_ctr').notNull().default(0),
    sortCpc: doublePrecision('sort_cpc').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.customerId, t.view, t.fromDate, t.toDate, t.key] }),
    // a Google Ads card's first page (Total Cost, highest first, then label and key) and a cost filter's run ends
    index('google_view_presets_cost_idx').on(t.brandId, t.customerId, t.view, t.fromDate, t.toDate, t.costMicros.desc(), t.label, t.key),
    // a chip's page in the Total Cost order: a range of its places (cost_rank)
    index('google_view_presets_category_rank_idx').on(t.brandId, t.customerId, t.view, t.fromDate, t.toDate, t.category, t.costRank),
    // the segment's search terms over every account (cost, highest first, then account and key)
    index('google_view_presets_brand_cost_idx').on(t.brandId, t.view, t.fromDate, t.toDate, t.costMicros.desc().nullsLast(), t.customerId, t.key),
    // the segment's campaign / ad group filters: count and page only the campaign's keys
    index('google_view_presets_campaign_idx').on(t.brandId, t.view, t.fromDate, t.toDate, t.campaignName, t.adGroupName),
    // a header sort other than Total Cost: a range of its index (ascending; descending reads it backward, ties re-sorted by label and key)
    index('google_view_presets_label_idx').on(t.brandId, t.customerId, t.view, t.fromDate, t.toDate, t.label, t.key),
    index('google_view_presets_per_cost_idx').on(t.brandId, t.customerId, t.view, t.fromDate, t.toDate, t.sortPerCost, t.label, t.key),
    index('google_view_presets_value_idx').on(t.brandId, t.customerId, t.view, t.fromDate, t.toDate, t.sortValue, t.label, t.key),
    index('google_view_presets_conversions_idx').on(t.brandId, t.customerId, t.view, t.fromDate, t.toDate, t.sortConversions, t.label, t.key),
    index('google_view_presets_clicks_idx').on(t.brandId, t.customerId, t.view, t.fromDate, t.toDate, t.clicks, t.label, t.key),
    index('google_view_presets_impressions_idx').on(t.brandId, t.customerId, t.view, t.fromDate, t.toDate, t.impressions, t.label, t.key),
    index('google_view_presets_conversion_rate_idx').on(t.brandId, t.customerId, t.view, t.fromDate, t.toDate, t.sortConversionRate, t.label, t.key),
    index('google_view_presets_ctr_idx').on(t.brandId, t.customerId, t.view, t.fromDate, t.toDate, t.sortCtr, t.label, t.key),
    index('google_view_presets_cpc_idx').on(t.brandId, t.customerId, t.view, t.fromDate, t.toDate, t.sortCpc, t.label, t.key),
  ],
);

/**
 * One row per account, view and preset range whose google_view_presets rows are complete and current: what the
 * reports read without computing (the rows' count, the chips' counts, the sums, the filter choices). Deleted by
 * every window write of the account (in the window's transaction), so a summary older than the facts is never
 * served; rebuilt at the end of each sync job.
 */
export const googleViewPresetBuilds = pgTable(
  'google_view_preset_builds',
  {
    brandId: brandRef(),
    customerId: text('customer_id').notNull(),
    view: text('view').notNull(),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date').notNull(),
    builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
    keys: integer('keys').notNull(),
    topPerformers: integer('top_performers').notNull(),
    highCost: integer('high_cost').notNull(),
    highReturn: integer('high_return').notNull(),
    underPerformers: integer('under_performers').notNull(),
    costMicros: count('cost_micros'),
    conversionsValue: numeric('conversions_value').notNull(),
    /** the distinct campaign / ad group pairs and statuses of the keys (the segment's filter choices) */
    pairs: jsonb('pairs').$type<Array<{ campaign_name: string; ad_group_name: string }>>().notNull(),
    statuses: jsonb('statuses').$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.customerId, t.view, t.fromDate, t.toDate] })],
);

/** Merchant Center products as Google Ads sees them: attributes, status and issues (not daily). */
export const googleProducts = pgTable(
  'google_products',
  {
    brandId: brandRef(),
    customerId: text('customer_id').notNull(),
    itemId: text('item_id').notNull(),
    title: text('title').notNull(),
    brand: text('brand'),
    productType: text('product_type'),
    category: text('category'),
    status: text('status').notNull(),
    issues: jsonb('issues').$type<Array<{ description: string; severity?: string }>>().notNull().default([]),
    syncedAt: syncedAt(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.customerId, t.itemId] })],
);

/** GA4 funnel per day (no dimension). */
export const ga4Daily = pgTable(
  'ga4_daily',
  {
    brandId: brandRef(),
    propertyId: text('property_id').notNull(),
    date: date('date').notNull(),
    sessions: count('sessions'),
    addToCarts: count('add_to_carts'),
    checkouts: count('checkouts'),
    purchases: count('purchases'),
    purchaseRevenue: money('purchase_revenue'),
    syncedAt: syncedAt(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.propertyId, t.date] })],
);

/** GA4 per day split by one of the 15 report dimensions (conversion reports). */
export const ga4DimensionDaily = pgTable(
  'ga4_dimension_daily',
  {
    brandId: brandRef(),
    propertyId: text('property_id').notNull(),
    dimension: text('dimension').notNull(),
    value: text('value').notNull(),
    date: date('date').notNull(),
    sessions: count('sessions'),
    addToCarts: count('add_to_carts'),
    checkouts: count('checkouts'),
    purchases: count('purchases'),
    purchaseRevenue: money('purchase_revenue'),
    syncedAt: syncedAt(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.propertyId, t.dimension, t.value, t.date] }), index('ga4_dimension_daily_idx').on(t.brandId, t.dimension, t.date)],
);

/**
 * ga4_dimension_daily summed by calendar month (month = its first day), rolled up by the window writer in the
 * same transaction as the window's daily rows (every month the window touches is recomputed from the daily
 * rows), like ad_account_daily. The conversion reports read whole months here and only the range's partial
 * edge months from the daily rows: a two-year page-path report reads ~24 rows per page instead of ~730
 * (decision 014). Coverage is still decided per day from the checkpoints.
 */
export const ga4DimensionMonthly = pgTable(
  'ga4_dimension_monthly',
  {
    brandId: brandRef(),
    propertyId: text('property_id').notNull(),
    dimension: text('dimension').notNull(),
    value: text('value').notNull(),
    month: date('month').notNull(),
    sessions: count('sessions'),
    addToCarts: count('add_to_carts'),
    checkouts: count('checkouts'),
    purchases: count('purchases'),
    purchaseRevenue: money('purchase_revenue'),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.propertyId, t.dimension, t.value, t.month] }), index('ga4_dimension_monthly_idx').on(t.brandId, t.dimension, t.month)],
);

/**
 * ga4_dimension_monthly packed: one row per property, dimension and month holding every value's
 * [value, sessions, purchases] as JSON, rewritten with ga4_dimension_monthly by the window writer in the same
 * transaction. A two-year page-path or city report reads ~24 of these rows instead of ~37,500 value-months
 * (decision 014: on the large benchmark brand, reading and grouping the value-months was most of the query).
 */
export const ga4DimensionMonthValues = pgTable(
  'ga4_dimension_month_values',
  {
    brandId: brandRef(),
    propertyId: text('property_id').notNull(),
    dimension: text('dimension').notNull(),
    month: date('month').notNull(),
    entries: json('entries').$type<Array<[string, number, number]>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.dimension, t.month, t.propertyId] })],
);

/**
 * ga4_dimension_daily packed by day: one row per property, dimension and day holding every value's
 * [value, sessions, purchases] as JSON, written by the window writer for the window's days in the same
 * transaction as the daily rows. The conversion reports read a range's partial edge months here (at most ~30
 * rows per edge instead of 12,000-18,000 daily rows on the large benchmark brand; decision 014).
 */
export const ga4DimensionDayValues = pgTable(
  'ga4_dimension_day_values',
  {
    brandId: brandRef(),
    propertyId: text('property_id').notNull(),
    dimension: text('dimension').notNull(),
    date: date('date').notNull(),
    entries: json('entries').$type<Array<[string, number, number]>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.dimension, t.date, t.propertyId] })],
);

/**
 * The conversion reports' running sums (decision 014, "Running sums for a range"), both written by the window
 * writer in the window's transaction from the rows above, and seeded by migration 0027. Each entry is
 * [value, sessions, purchases, n]: the value's sums from the first day of the month (month-to-date, n = the days
 * it has a row) or from January (year-to-date, n = the months it has a row) through the row's day or month. A
 * range's sums are then a difference of two such rows per year and per partial month (at most ~7 rows for two
 * years) instead of every month and edge day; n tells a value with rows of zeros from one without rows.
 */
export const ga4DimensionMonthToDate = pgTable(
  'ga4_dimension_month_to_date',
  {
    brandId: brandRef(),
    propertyId: text('property_id').notNull(),
    dimension: text('dimension').notNull(),
    date: date('date').notNull(),
    entries: json('entries').$type<Array<[string, number, number, number]>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.dimension, t.date, t.propertyId] })],
);

export const ga4DimensionYearToDate = pgTable(
  'ga4_dimension_year_to_date',
  {
    brandId: brandRef(),
    propertyId: text('property_id').notNull(),
    dimension: text('dimension').notNull(),
    month: date('month').notNull(),
    entries: json('entries').$type<Array<[string, number, number, number]>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.dimension, t.month, t.propertyId] })],
);

/**
 * Each ad account's headline delivery per day (Meta: its campaigns summed; Google Ads: its campaigns summed),
 * rolled up in the same transaction as the window it came from, so it always agrees with the facts and the
 * checkpoints. The dashboard and AdMetrics read this: a two-year range is 730 rows per account, not 730 per
 * campaign. Google's spend keeps the micros' precision (6 decimals), so sums match the platform exactly.
 */
export const adAccountDaily = pgTable(
  'ad_account_daily',
  {
    brandId: brandRef(),
    platform: text('platform').notNull(), // meta | google_ads
    accountId: text('account_id').notNull(),
    date: date('date').notNull(),
    spend: numeric('spend', { precision: 18, scale: 6 }).notNull().default('0'),
    revenue: money('revenue'),
    purchases: numeric('purchases', { precision: 16, scale: 4 }).notNull().default('0'),
    clicks: count('clicks'),
    impressions: count('impressions'),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.platform, t.accountId, t.date] })],
);

/**
 * Sync checkpoints: a window of one stream of one connection is done when its row is here, written in the
 * same transaction as the window's facts (checklist G1, G3): a crash resumes at the first window missing.
 */
export const syncWindows = pgTable(
  'sync_windows',
  {
    brandId: uuid('brand_id').notNull(),
    connectionId: uuid('connection_id').notNull(),
    stream: text('stream').notNull(),
    windowFrom: date('window_from').notNull(),
    windowTo: date('window_to').notNull(),
    rows: integer('rows').notNull(),
    calls: integer('calls').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'sync_windows_pk', columns: [t.brandId, t.connectionId, t.stream, t.windowFrom] }),
    foreignKey({ name: 'sync_windows_connection_fk', columns: [t.brandId, t.connectionId], foreignColumns: [connections.brandId, connections.id] }).onDelete('cascade'),
    index('sync_windows_connection_idx').on(t.connectionId),
  ],
);
