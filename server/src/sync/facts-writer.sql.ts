import { and, between, eq, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
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
import { upsertRows, type UpsertOptions } from '../db/upsert.sql.js';
import { dropGoogleViewPresets } from '../db/google-view-presets.sql.js';
import { batchesOf } from '../lib/row-spool.js';
import { ACCOUNT_FACT_TABLES } from '../db/fact-tables.js';
import type { WindowFacts } from './pull.js';
import { GA4_REPORT_DIMENSION_NAMES } from '../connectors/ga4/ga4-mapping.js';
import { addDays, monthEnd, monthsOfRange, monthStart, nextMonthStart, splitWholeMonths, yearStart } from '@parallels/contract/days';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Runs a group of a window's statements: inside the window's one transaction (`inTransaction`), or each group in
 * a short transaction of its own (`inShortTransactions`, for a window no checkpoint covers yet: decision 027).
 */
export interface WriteStep {
  <T>(statements: (tx: Tx) => Promise<T>): Promise<T>;
  /** how long one step's rows should take to write, at the table's pace (`rowsPerStep`) */
  readonly targetMs: number;
}

/** Every statement in the caller's transaction: the window's facts, rollups and checkpoint commit together. */
export const inTransaction = (tx: Tx): WriteStep => Object.assign(<T>(statements: (tx: Tx) => Promise<T>) => statements(tx), { targetMs: STEP_TARGET_MS.inTransaction });

/**
 * Each group in its own short transaction, after waiting (a bounded while) for the requests in flight: on embedded
 * PGlite every query waits for an open transaction, so a window written in one would hold the app's requests for as
 * long as it takes (decision 027). Only for days no checkpoint covers: the reports treat them as missing until the
 * window's checkpoint commits, so no one reads a half-written window, and a crash before it leaves rows that the
 * window's next attempt deletes first.
 */
export const inShortTransactions = (db: Database, beforeEach: () => Promise<void> = async () => undefined): WriteStep =>
  Object.assign(
    async <T>(statements: (tx: Tx) => Promise<T>) => {
      await beforeEach();
      return db.transaction(statements);
    },
    { targetMs: STEP_TARGET_MS.shortTransactions },
  );

/**
 * Rows per step: as many as take about the step's target to write at the table's last pace in this process. A row
 * of one table costs ten times another's (indexes, width): 2,000 rows a step took 0.1 to 0.5 s on PGlite, the
 * longest steps left once the rollups went a month and a dimension at a time (decision 027), so a fixed count was
 * either slow for wide tables or many small transactions for narrow ones. In short transactions (PGlite) a request
 * waits for the step that holds the database, so those are shorter: 20 ms against 60 took bench:first-run's p99
 * during the backfill from 231 ms to 181-212 ms, and the backfill from 137 s to 155-199 s (decision 027, "Shorter
 * steps, smaller batches").
 */
const STEP_TARGET_MS = { inTransaction: 60, shortTransactions: 20 };
const STEP_ROWS = { first: 1000, min: 100, max: 5000 };
const msPerRow = new Map<PgTable, number>();

function rowsPerStep(table: PgTable, targetMs: number): number {
  const pace = msPerRow.get(table);
  return pace === undefined ? STEP_ROWS.first : Math.min(STEP_ROWS.max, Math.max(STEP_ROWS.min, Math.round(targetMs / Math.max(pace, 1e-4))));
}

/** Upserts rows a step at a time (in one transaction the steps only bound each statement's size). */
async function upsertInSteps<T extends PgTable>(step: WriteStep, table: T, rows: ReadonlyArray<T['$inferInsert']>, options?: UpsertOptions): Promise<number> {
  let written = 0;
  for (let i = 0; i < rows.length; ) {
    const chunk = rows.slice(i, i + rowsPerStep(table, step.targetMs));
    i += chunk.length;
    written += await step(async (tx) => {
      const started = performance.now();
      const n = await upsertRows(tx, table, chunk, options);
      // the pace of this table's last steps, evened out: one slow step (a busy thread) does not halve the next
      const pace = (performance.now() - started) / chunk.length;
      msPerRow.set(table, (msPerRow.get(table) ?? pace) * 0.5 + pace * 0.5);
      return n;
    });
  }
  return written;
}

/**
 * A window's daily facts REPLACE what we held for that account and those days: a row the platform no
 * longer reports (a restated search term, say) must go, or totals would drift from the source. Entity
 * tables (campaigns, products, interests) and Shopify orders (keyed by order, changed by updated_at) are
 * upserted. Runs inside the caller's transaction (the window's, with its checkpoint).
 */
export function writeWindowFacts(tx: Tx, brandId: string, accountId: string, window: DayWindow, facts: WindowFacts): Promise<number> {
  return writeWindowSteps(inTransaction(tx), brandId, accountId, window, facts);
}

/**
 * writeWindowFacts a step at a time (see WriteStep). The last step rolls the window up and runs `finish` (the
 * window's checkpoint) in the same transaction, so rollups and checkpoint always agree.
 */
export async function writeWindowSteps(
  step: WriteStep,
  brandId: string,
  accountId: string,
  window: DayWindow,
  facts: WindowFacts,
  finish: (tx: Tx, rows: number) => Promise<void> = async () => undefined,
): Promise<number> {
  await step(async (tx) => {
    for (const t of ACCOUNT_FACT_TABLES[facts.platform]) {
      if (t.date) await tx.delete(t.table).where(and(eq(t.brand, brandId), eq(t.account, accountId), between(t.date, window.from, window.to)));
    }
  });
  switch (facts.platform) {
    case 'meta': {
      const pairsBefore = await step((tx) => targetingPairs(tx, brandId, accountId));
      let rows = (await upsertInSteps(step, metaCampaigns, facts.campaigns)) + (await upsertInSteps(step, metaAdsetInterests, facts.adsetInterests));
      // attribution follows the current targeting: an ad set that gained an interest changes every day of it
      const targetingChanged = (await step((tx) => targetingPairs(tx, brandId, accountId))) !== pairsBefore;
      // delivery and breakdown rows come off the spools a page at a time; a breakdown cell seen on an earlier
      // page adds up (see MetaWindowFacts)
      for await (const batch of batchesOf(facts.adDaily)) rows += await upsertInSteps(step, metaAdDaily, batch);
      for await (const batch of batchesOf(facts.breakdowns)) rows += await upsertInSteps(step, metaBreakdownDaily, batch, { sum: BREAKDOWN_METRICS });
      await step(async (tx) => {
        await rollUpAdAccountDays(tx, brandId, 'meta', accountId, window);
        await rollUpBreakdownMonths(tx, brandId, accountId, window);
        await rollUpAdMonths(tx, brandId, accountId, window);
        await rollUpCampaignMonthToDate(tx, brandId, accountId, window);
        await rollUpInterests(tx, brandId, accountId, targetingChanged ? null : window);
        await finish(tx, rows);
      });
      return rows;
    }
    case 'google_ads': {
      let rows = (await upsertInSteps(step, googleProducts, facts.products)) + (await upsertInSteps(step, googleCampaignDaily, facts.campaignDaily));
      // the views come off the spool a batch at a time; a key seen in an earlier batch adds up (see GoogleAdsWindowFacts)
      for await (const batch of batchesOf(facts.viewDaily)) rows += await upsertInSteps(step, googleViewDaily, batch, { sum: VIEW_METRICS });
      // the window's whole months a step each (no report reads them before the checkpoint); the edge months a
      // neighbouring window shares with the checkpoint (decision 027, "Rollups a month at a time")
      const { months, edges } = splitWholeMonths(window);
      for (const month of eachMonth(months)) await step((tx) => rollUpGoogleViewMonths(tx, brandId, accountId, month));
      await step(async (tx) => {
        await rollUpAdAccountDays(tx, brandId, 'google_ads', accountId, window);
        for (const edge of edges) await rollUpGoogleViewMonths(tx, brandId, accountId, edge);
        await dropGoogleViewPresets(tx, brandId, accountId); // stale from this commit on; the job rebuilds them at its end
        await finish(tx, rows);
      });
      return rows;
    }
    case 'ga4': {
      let rows = await upsertInSteps(step, ga4Daily, facts.daily);
      // the dimension rows come off the spool a page at a time; a row that moved pages takes the later page's
      // values (see Ga4WindowFacts), as the pull kept it before pages were spooled
      for await (const batch of batchesOf(facts.dimensionDaily)) rows += await upsertInSteps(step, ga4DimensionDaily, batch);
      // The rollups and the conversion reports' running sums (decision 014, "Running sums for a range"). What only
      // the window's own days feed (its packed days, its whole months, the month-to-date sums of its days, and the
      // year-to-date sums of its whole months when no edge month comes before them) goes a month per step: no
      // report reads those days before the checkpoint (decision 027, "Rollups a month at a time"). The edge months
      // a neighbouring window shares, the running sums of its last month's later days and the year-to-date sums
      // after them commit with the checkpoint. In one transaction the order changes nothing.
      const { months, edges } = splitWholeMonths(window);
      await step((tx) => packGa4DimensionDays(tx, brandId, accountId, window));
      for (const month of eachMonth(months)) await step((tx) => rollUpGa4DimensionMonths(tx, brandId, accountId, month));
      // a month's running sums a dimension per step: the whole month's took up to 0.45 s on PGlite, the longest step
      for (const { part } of monthsOfRange(window)) {
        for (const dimension of GA4_REPORT_DIMENSION_NAMES) await step((tx) => writeRunningSums(tx, brandId, accountId, RUNNING_SUMS.monthToDate, part, dimension));
      }
      const yearToDateFirst = months && months.from === window.from ? { from: months.from, to: monthStart(months.to) } : null;
      if (yearToDateFirst) await step((tx) => writeRunningSums(tx, brandId, accountId, RUNNING_SUMS.yearToDate, yearToDateFirst));
      await step(async (tx) => {
        for (const edge of edges) await rollUpGa4DimensionMonths(tx, brandId, accountId, edge);
        // the last month's later days (a newer window's) run on from the window's days
        if (window.to < monthEnd(window.to)) await writeRunningSums(tx, brandId, accountId, RUNNING_SUMS.monthToDate, { from: addDays(window.to, 1), to: monthEnd(window.to) });
        const yearToDateRest = { from: yearToDateFirst ? nextMonthStart(yearToDateFirst.to) : monthStart(window.from), to: `${window.to.slice(0, 4)}-12-01` };
        if (yearToDateRest.from <= yearToDateRest.to) await writeRunningSums(tx, brandId, accountId, RUNNING_SUMS.yearToDate, yearToDateRest);
        await finish(tx, rows);
      });
      return rows;
    }
    case 'shopify': {
      // an order already stored from a newer webhook is kept (the export may be older than it); a window's orders
      // and refunds come off their spools a batch at a time
      let rows = 0;
      for await (const batch of batchesOf(facts.orders)) rows += await upsertInSteps(step, storeOrders, batch, { newerBy: 'updatedAt' });
      for await (const batch of batchesOf(facts.refunds)) rows += await upsertInSteps(step, storeRefunds, batch);
      await step((tx) => finish(tx, rows));
      return rows;
    }
  }
}

/** The months of a run of whole months (splitWholeMonths), one at a time. */
function eachMonth(months: DayWindow | null): DayWindow[] {
  return months ? monthsOfRange(months).map(({ part }) => part) : [];
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
 * ga4_dimension_month_values (migration 0017) is rewritten from it for the same months.
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
 * ga4_dimension_day_values for the window's days: each dimension's daily rows packed into one row per day, what
 * the conversion reports read for a range's partial edge months. The window's old packed days were deleted with
 * its daily rows (ACCOUNT_FACT_TABLES), so a value gone from a restated day goes from its packed row too. Same
 * transaction as the daily rows and the checkpoint. Migration 0022 seeds it with the same statement.
 */
export async function packGa4DimensionDays(tx: Tx, brandId: string, propertyId: string, window: DayWindow): Promise<void> {
  await tx.execute(sql`
    insert into ga4_dimension_day_values (brand_id, property_id, dimension, date, entries)
    select brand_id, property_id, dimension, date, json_agg(json_build_array(value, sessions, purchases) order by value)
    from ga4_dimension_daily
    where brand_id = ${brandId} and property_id = ${propertyId} and date between ${window.from} and ${window.to}
    group by brand_id, property_id, dimension, date`);
}

/**
 * Every running sum a window changes, in one go: month-to-date for its days and the rest of its last month,
 * year-to-date for its months and the rest of its last year (bench/large-brand seeds two years with it; a window's
 * writer takes the same rows a month at a time, above).
 */
export async function runGa4DimensionSums(tx: Tx, brandId: string, propertyId: string, window: DayWindow): Promise<void> {
  await writeRunningSums(tx, brandId, propertyId, RUNNING_SUMS.monthToDate, { from: window.from, to: monthEnd(window.to) });
  await writeRunningSums(tx, brandId, propertyId, RUNNING_SUMS.yearToDate, { from: monthStart(window.from), to: `${window.to.slice(0, 4)}-12-01` });
}

/** The two running sums: the table, the rows it sums, their day or month column, the period it restarts at, its step and its count. */
const RUNNING_SUMS = {
  monthToDate: { table: 'ga4_dimension_month_to_date', rows: 'ga4_dimension_daily', at: 'date', period: 'month', step: '1 day', count: 'days' },
  yearToDate: { table: 'ga4_dimension_year_to_date', rows: 'ga4_dimension_monthly', at: 'month', period: 'year', step: '1 month', count: 'months' },
} as const;

/**
 * One running sum's rows `from`..`to`, summed from the first day (month) of `from`'s month (year). A row for each
 * day (month) the dimension has rows on, holding every value seen in its month (year) up to it, with the value's
 * sums of the month's days (the year's months) through it and the number of them it has a row on. Recomputed, not
 * adjusted, so a value gone from a restated day goes from them too; migration 0027 runs the same statements for
 * every property. Without joins, whose plans go wrong on tables without statistics
 * (a nested loop rescanning the property's daily rows per pair): each value gets a mark on every day (month) from its first in the period to the period's last with
 * rows, and one window along the days sums the value's rows up to each mark; a mark is kept where the dimension
 * has rows that day (month).
 */
async function writeRunningSums(tx: Tx, brandId: string, propertyId: string, k: (typeof RUNNING_SUMS)[keyof typeof RUNNING_SUMS], at: DayWindow, dimension?: string): Promise<void> {
  const [table, rows, day, period, step, count] = [k.table, k.rows, k.at, k.period, k.step, k.count].map((name) => sql.raw(name));
  const start = k.period === 'month' ? monthStart(at.from) : yearStart(at.from);
  // every dimension, or one: a dimension's sums are its own rows' only
  const ofDimension = dimension === undefined ? sql`` : sql` and dimension = ${dimension}`;
  const scope = sql`brand_id = ${brandId} and property_id = ${propertyId}${ofDimension} and ${day} between ${start} and ${at.to}`;
  await tx.execute(sql`delete from ${table} where brand_id = ${brandId} and property_id = ${propertyId}${ofDimension} and ${day} between ${at.from} and ${at.to}`);
  // no rows on those days (the days after yesterday in the window's last month, say): nothing to sum up to them
  const found = (await tx.execute(sql`select 1 from ${rows} where brand_id = ${brandId} and property_id = ${propertyId}${ofDimension} and ${day} between ${at.from} and ${at.to} limit 1`)) as unknown as { rows: unknown[] };
  if (found.rows.length === 0) return;
  await tx.execute(sql`
    insert into ${table} (brand_id, property_id, dimension, ${day}, entries)
    select ${brandId}::uuid, ${propertyId}, dimension, ${day}, json_agg(json_build_array(value, sessions, purchases, ${count}) order by value)
    from (
      select dimension, value, ${day}, mark, sum(sessions) over w as sessions, sum(purchases) over w as purchases, sum(n) over w as ${count},
        sum(n) over (partition by dimension, ${day}) as rows_then
      from (
        select dimension, value, ${day}, 0 as mark, sessions, purchases, 1 as n from ${rows} where ${scope}
        union all
        select f.dimension, f.value, g::date, 1, 0, 0, 0
        from (
          select dimension, value, min(${day}) as first, max(max(${day})) over (partition by dimension, date_trunc('${period}', ${day})) as last
          from ${rows} where ${scope}
          group by dimension, value, date_trunc('${period}', ${day})
        ) f
        cross join lateral generate_series(f.first, f.last, interval '${step}') g
      ) u
      window w as (partition by dimension, value, date_trunc('${period}', ${day}) order by ${day})
    ) r
    where mark = 1 and rows_then > 0 and ${day} >= ${at.from}
    group by dimension, ${day}`);
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

/** The sums of meta_ad_daily per entity and month, as meta_ad_monthly keeps them (also migration 0016 and bench/meta-facts). */
export const META_AD_MONTH_COLUMNS = sql.raw(`insert into meta_ad_monthly (brand_id, account_id, level, entity_id, month, campaign_id, campaign_name, days,
    spend, impressions, clicks, link_clicks, outbound_clicks, landing_page_views, add_to_cart, initiate_checkout, purchases, purchase_value,
    video_three_second_views, max_reach, max_unique_link_clicks)`);
export const META_AD_MONTH_SELECT = sql.raw(`select brand_id, account_id, level, entity_id, date_trunc('month', date)::date as month, max(campaign_id), max(campaign_name),
    count(*)::int, sum(spend), sum(impressions), sum(clicks), sum(link_clicks), sum(outbound_clicks), sum(landing_page_views), sum(add_to_cart),
    sum(initiate_checkout), sum(purchases), sum(purchase_value), sum(video_three_second_views), max(reach), max(unique_link_clicks)
  from meta_ad_daily`);
export const META_AD_MONTH_GROUP = sql.raw(`group by brand_id, account_id, level, entity_id, date_trunc('month', date)`);

/**
 * meta_ad_monthly (campaign and ad set delivery) for every month the window touches, recomputed whole from the
 * daily rows (the window's own days were just replaced; the month's other days are as they were), so a month is
 * always the sum of its days. Same transaction as the facts and the checkpoint.
 */
export async function rollUpAdMonths(tx: Tx, brandId: string, accountId: string, window: DayWindow): Promise<void> {
  const first = monthStart(window.from);
  const lastMonth = monthStart(window.to);
  await tx.execute(sql`delete from meta_ad_monthly where brand_id = ${brandId} and account_id = ${accountId} and month between ${first} and ${lastMonth}`);
  await tx.execute(sql`${META_AD_MONTH_COLUMNS}
    ${META_AD_MONTH_SELECT}
    where brand_id = ${brandId} and account_id = ${accountId} and date >= ${first}::date and date < (${lastMonth}::date + interval '1 month')
    ${META_AD_MONTH_GROUP}`);
}

/**
 * meta_campaign_month_to_date from a campaign's daily rows (`days` filters `d`, meta_ad_daily): one row per
 * campaign and day of every month it delivered in, the sums of the month's days up to that day, the largest day up
 * to it and after it. Running sums over the delivery days only, each copied forward to the days until the next
 * delivery day (or the month's end), and the month's first days before any delivery as zeros: no join, so the plan
 * cannot depend on table statistics (a join of the months' days with the daily rows, planned on a just-written
 * table's estimates, merged every day with every row: minutes). Also bench/meta-facts; migration 0026 wrote the
 * same rows with such a join.
 */
export function campaignMonthToDateInsert(days: SQL): SQL {
  return sql`insert into meta_campaign_month_to_date (brand_id, account_id, campaign_id, date, days, spend, impressions,
      link_clicks, outbound_clicks, landing_page_views, add_to_cart, initiate_checkout, purchases, purchase_value, video_three_second_views,
      campaign_name, max_reach, max_unique_link_clicks, rest_campaign_name, rest_max_reach, rest_max_unique_link_clicks)
    select s.brand_id, s.account_id, s.entity_id, f.day::date, f.days, f.spend, f.impressions, f.link_clicks, f.outbound_clicks, f.landing_page_views,
      f.add_to_cart, f.initiate_checkout, f.purchases, f.purchase_value, f.video_three_second_views, f.campaign_name, f.max_reach, f.max_unique_link_clicks,
      f.rest_campaign_name, f.rest_max_reach, f.rest_max_unique_link_clicks
    from (
      select d.brand_id, d.account_id, d.entity_id, d.date, date_trunc('month', d.date)::date as month,
        row_number() over upto as n, lead(d.date) over upto as next_date,
        count(*) over upto as days, coalesce(sum(d.spend) over upto, 0) as spend, coalesce(sum(d.impressions) over upto, 0) as impressions,
        coalesce(sum(d.link_clicks) over upto, 0) as link_clicks, coalesce(sum(d.outbound_clicks) over upto, 0) as outbound_clicks,
        coalesce(sum(d.landing_page_views) over upto, 0) as landing_page_views, coalesce(sum(d.add_to_cart) over upto, 0) as add_to_cart,
        coalesce(sum(d.initiate_checkout) over upto, 0) as initiate_checkout, coalesce(sum(d.purchases) over upto, 0) as purchases,
        coalesce(sum(d.purchase_value) over upto, 0) as purchase_value, coalesce(sum(d.video_three_second_views) over upto, 0) as video_three_second_views,
        max(d.campaign_name) over upto as campaign_name, max(d.reach) over upto as max_reach, max(d.unique_link_clicks) over upto as max_unique_link_clicks,
        max(d.campaign_name) over after as rest_campaign_name, max(d.reach) over after as rest_max_reach, max(d.unique_link_clicks) over after as rest_max_unique_link_clicks,
        max(d.campaign_name) over whole as month_campaign_name, max(d.reach) over whole as month_max_reach, max(d.unique_link_clicks) over whole as month_max_unique_link_clicks
      from meta_ad_daily d
      where d.level = 'campaign' and ${days}
      window upto as (partition by d.brand_id, d.account_id, d.entity_id, date_trunc('month', d.date) order by d.date rows between unbounded preceding and current row),
        after as (partition by d.brand_id, d.account_id, d.entity_id, date_trunc('month', d.date) order by d.date rows between 1 following and unbounded following),
        whole as (partition by d.brand_id, d.account_id, d.entity_id, date_trunc('month', d.date))
    ) s
    cross join lateral (
      -- the month's days before its first delivery day: nothing yet, everything after
      select g.day, 0 as days, 0 as spend, 0 as impressions, 0 as link_clicks, 0 as outbound_clicks, 0 as landing_page_views, 0 as add_to_cart,
        0 as initiate_checkout, 0 as purchases, 0 as purchase_value, 0 as video_three_second_views, null::text as campaign_name, null::bigint as max_reach,
        null::bigint as max_unique_link_clicks, s.month_campaign_name as rest_campaign_name, s.month_max_reach as rest_max_reach,
        s.month_max_unique_link_clicks as rest_max_unique_link_clicks
      from generate_series(s.month, s.date - 1, interval '1 day') g(day) where s.n = 1
      union all
      -- the delivery day and the days until the next one (or the month's end): the same sums
      select g.day, s.days, s.spend, s.impressions, s.link_clicks, s.outbound_clicks, s.landing_page_views, s.add_to_cart, s.initiate_checkout,
        s.purchases, s.purchase_value, s.video_three_second_views, s.campaign_name, s.max_reach, s.max_unique_link_clicks,
        s.rest_campaign_name, s.rest_max_reach, s.rest_max_unique_link_clicks
      from generate_series(s.date, coalesce(s.next_date - 1, (s.month + interval '1 month' - interval '1 day')::date), interval '1 day') g(day)
    ) f`;
}

/**
 * meta_campaign_month_to_date for every month the window touches, from meta_ad_monthly's campaign months (so
 * after rollUpAdMonths) and the daily rows: a month is rewritten whole, so every row is its month's days up to
 * that day. Same transaction as the facts and the checkpoint.
 */
export async function rollUpCampaignMonthToDate(tx: Tx, brandId: string, accountId: string, window: DayWindow): Promise<void> {
  const first = monthStart(window.from);
  const lastMonth = monthStart(window.to);
  await tx.execute(sql`delete from meta_campaign_month_to_date where brand_id = ${brandId} and account_id = ${accountId}
    and date >= ${first}::date and date < (${lastMonth}::date + interval '1 month')`);
  await tx.execute(
    campaignMonthToDateInsert(sql`d.brand_id = ${brandId} and d.account_id = ${accountId} and d.date >= ${first}::date and d.date < (${lastMonth}::date + interval '1 month')`),
  );
}

/**
 * meta_interest_month_to_date from an interest's daily shares (`days` filters `d`, meta_interest_daily), as
 * campaignMonthToDateInsert: running sums over the days with a share, copied forward, zeros before the first.
 */
export function interestMonthToDateInsert(days: SQL): SQL {
  return sql`insert into meta_interest_month_to_date (brand_id, account_id, interest_id, date, days, spend, revenue)
    select s.brand_id, s.account_id, s.interest_id, f.day::date, f.days, f.spend, f.revenue
    from (
      select d.brand_id, d.account_id, d.interest_id, d.date, date_trunc('month', d.date)::date as month,
        row_number() over upto as n, lead(d.date) over upto as next_date,
        count(*) over upto as days, coalesce(sum(d.spend) over upto, 0) as spend, coalesce(sum(d.revenue) over upto, 0) as revenue
      from meta_interest_daily d
      where ${days}
      window upto as (partition by d.brand_id, d.account_id, d.interest_id, date_trunc('month', d.date) order by d.date rows between unbounded preceding and current row)
    ) s
    cross join lateral (
      select g.day, 0 as days, 0 as spend, 0 as revenue from generate_series(s.month, s.date - 1, interval '1 day') g(day) where s.n = 1
      union all
      select g.day, s.days, s.spend, s.revenue
      from generate_series(s.date, coalesce(s.next_date - 1, (s.month + interval '1 month' - interval '1 day')::date), interval '1 day') g(day)
    ) f`;
}

/** How many ad set-interest pairs the account's targeting holds (meta_adset_interests is upserted, never pruned). */
async function targetingPairs(tx: Tx, brandId: string, accountId: string): Promise<number> {
  const r = (await tx.execute(sql`select count(*)::int as n from meta_adset_interests where brand_id = ${brandId} and account_id = ${accountId}`)) as unknown as { rows: Array<{ n: number | string }> };
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * meta_interest_daily for the window's days (or every day of the account, `days` null: its targeting changed),
 * each ad set day's spend and purchase value split equally among the ad set's interests (decision 016), then
 * meta_interest_monthly and meta_interest_month_to_date for the months those days touch, from all of their days.
 * Same transaction as the facts.
 * Also bench/meta-facts (days null per account).
 */
export async function rollUpInterests(tx: Tx, brandId: string, accountId: string, days: DayWindow | null): Promise<void> {
  const inDays = days ? sql`and date between ${days.from} and ${days.to}` : sql``;
  await tx.execute(sql`delete from meta_interest_daily where brand_id = ${brandId} and account_id = ${accountId} ${inDays}`);
  await tx.execute(sql`
    insert into meta_interest_daily (brand_id, account_id, interest_id, date, spend, revenue)
    select ${brandId}::uuid, ${accountId}, t.interest_id, d.date, sum(d.spend / t.interests), sum(d.purchase_value / t.interests)
    from (select adset_id, interest_id, count(*) over (partition by adset_id) as interests
          from meta_adset_interests where brand_id = ${brandId} and account_id = ${accountId}) t
    -- each targeted ad set's days through the primary key: a plan that stays cheap when the tables were just
    -- written and have no statistics (a join planned on 1-row estimates re-ran the targeting per ad set day)
    cross join lateral (
      select date, spend, purchase_value from meta_ad_daily
      where brand_id = ${brandId} and account_id = ${accountId} and level = 'adset' and entity_id = t.adset_id ${days ? sql`and date between ${days.from} and ${days.to}` : sql``}
    ) d
    group by t.interest_id, d.date`);
  const months = days ? sql`and month between ${monthStart(days.from)} and ${monthStart(days.to)}` : sql``;
  const monthDays = days ? sql`and date >= ${monthStart(days.from)}::date and date < (${monthStart(days.to)}::date + interval '1 month')` : sql``;
  await tx.execute(sql`delete from meta_interest_monthly where brand_id = ${brandId} and account_id = ${accountId} ${months}`);
  await tx.execute(sql`
    insert into meta_interest_monthly (brand_id, account_id, interest_id, month, spend, revenue)
    select brand_id, account_id, interest_id, date_trunc('month', date)::date, sum(spend), sum(revenue)
    from meta_interest_daily
    where brand_id = ${brandId} and account_id = ${accountId} ${monthDays}
    group by brand_id, account_id, interest_id, date_trunc('month', date)`);
  // the same months to date, one row per interest and day of each month
  await tx.execute(sql`delete from meta_interest_month_to_date where brand_id = ${brandId} and account_id = ${accountId} ${monthDays}`);
  await tx.execute(interestMonthToDateInsert(sql`d.brand_id = ${brandId} and d.account_id = ${accountId} ${monthDays}`));
}
