import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Platform } from '@parallels/contract/brands';
import {
  adAccountDaily,
  ga4Daily,
  ga4DimensionDaily,
  ga4DimensionMonthly,
  ga4DimensionMonthValues,
  ga4DimensionDayValues,
  ga4DimensionMonthToDate,
  ga4DimensionYearToDate,
  googleCampaignDaily,
  googleProducts,
  googleViewDaily,
  googleViewMonthly,
  googleViewPresetBuilds,
  googleViewPresets,
  metaAdDaily,
  metaAdMonthly,
  metaAdsetInterests,
  metaBreakdownDaily,
  metaBreakdownMonthly,
  metaCampaignMonthToDate,
  metaCampaigns,
  metaInterestDaily,
  metaInterestMonthly,
  metaInterestMonthToDate,
  storeOrders,
  storeRefunds,
} from './facts-schema.js';

/** One fact table of a platform: how its rows name the brand, the account and (for daily facts) the day. */
export interface AccountFactTable {
  table: PgTable;
  brand: PgColumn;
  account: PgColumn;
  /** daily facts only: a synced window replaces these rows for its days */
  date?: PgColumn;
}

// Every table synced from each platform, in one place: the window writer replaces the daily ones, and
// disconnecting an account deletes them all. ad_account_daily is derived (facts-writer rolls it up from the
// campaign rows of the same window) but listed so both happen to it too. Meta and Google account ids never
// collide (act_... against ten digits), so the brand and account name its rows.
export const ACCOUNT_FACT_TABLES: Record<Platform, AccountFactTable[]> = {
  shopify: [
    { table: storeRefunds, brand: storeRefunds.brandId, account: storeRefunds.shop },
    { table: storeOrders, brand: storeOrders.brandId, account: storeOrders.shop },
  ],
  meta: [
    { table: metaAdDaily, brand: metaAdDaily.brandId, account: metaAdDaily.accountId, date: metaAdDaily.date },
    { table: metaBreakdownDaily, brand: metaBreakdownDaily.brandId, account: metaBreakdownDaily.accountId, date: metaBreakdownDaily.date },
    { table: adAccountDaily, brand: adAccountDaily.brandId, account: adAccountDaily.accountId, date: adAccountDaily.date },
    // derived from meta_breakdown_daily per month (facts-writer rolls up the months a window touches)
    { table: metaBreakdownMonthly, brand: metaBreakdownMonthly.brandId, account: metaBreakdownMonthly.accountId },
    // derived from meta_ad_daily per entity and month (the window writer recomputes the months it touches)
    { table: metaAdMonthly, brand: metaAdMonthly.brandId, account: metaAdMonthly.accountId },
    // derived from meta_ad_daily per campaign, month and day to date (the window writer recomputes the months it touches)
    { table: metaCampaignMonthToDate, brand: metaCampaignMonthToDate.brandId, account: metaCampaignMonthToDate.accountId },
    // derived from the ad set days and the targeting (the window writer recomputes the days and months it must)
    { table: metaInterestDaily, brand: metaInterestDaily.brandId, account: metaInterestDaily.accountId },
    { table: metaInterestMonthly, brand: metaInterestMonthly.brandId, account: metaInterestMonthly.accountId },
    { table: metaInterestMonthToDate, brand: metaInterestMonthToDate.brandId, account: metaInterestMonthToDate.accountId },
    { table: metaCampaigns, brand: metaCampaigns.brandId, account: metaCampaigns.accountId },
    { table: metaAdsetInterests, brand: metaAdsetInterests.brandId, account: metaAdsetInterests.accountId },
  ],
  google_ads: [
    { table: googleCampaignDaily, brand: googleCampaignDaily.brandId, account: googleCampaignDaily.customerId, date: googleCampaignDaily.date },
    { table: googleViewDaily, brand: googleViewDaily.brandId, account: googleViewDaily.customerId, date: googleViewDaily.date },
    // derived per month: the window writer recomputes the months it touches (no `date`: a window never deletes a whole month)
    { table: googleViewMonthly, brand: googleViewMonthly.brandId, account: googleViewMonthly.customerId },
    // derived per preset range at the end of each sync job (db/google-view-presets.sql.ts)
    { table: googleViewPresetBuilds, brand: googleViewPresetBuilds.brandId, account: googleViewPresetBuilds.customerId },
    { table: googleViewPresets, brand: googleViewPresets.brandId, account: googleViewPresets.customerId },
    { table: adAccountDaily, brand: adAccountDaily.brandId, account: adAccountDaily.accountId, date: adAccountDaily.date },
    { table: googleProducts, brand: googleProducts.brandId, account: googleProducts.customerId },
  ],
  ga4: [
    { table: ga4Daily, brand: ga4Daily.brandId, account: ga4Daily.propertyId, date: ga4Daily.date },
    { table: ga4DimensionDaily, brand: ga4DimensionDaily.brandId, account: ga4DimensionDaily.propertyId, date: ga4DimensionDaily.date },
    // derived by month: the window writer recomputes the months it touches; disconnecting deletes it
    { table: ga4DimensionMonthly, brand: ga4DimensionMonthly.brandId, account: ga4DimensionMonthly.propertyId },
    { table: ga4DimensionMonthValues, brand: ga4DimensionMonthValues.brandId, account: ga4DimensionMonthValues.propertyId },
    // derived by day: the window's days go with its daily rows, and the writer packs them again
    { table: ga4DimensionDayValues, brand: ga4DimensionDayValues.brandId, account: ga4DimensionDayValues.propertyId, date: ga4DimensionDayValues.date },
    // running sums: the writer rewrites the days (to the end of the window's last month) and months (to the end of
    // its last year) a window changes; disconnecting deletes them
    { table: ga4DimensionMonthToDate, brand: ga4DimensionMonthToDate.brandId, account: ga4DimensionMonthToDate.propertyId },
    { table: ga4DimensionYearToDate, brand: ga4DimensionYearToDate.brandId, account: ga4DimensionYearToDate.propertyId },
  ],
};
