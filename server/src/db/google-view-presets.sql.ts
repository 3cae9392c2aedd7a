import { sql } from 'drizzle-orm';
import type { DayRange } from '@parallels/contract/report-dates';
import { queryRows, type Database } from './client.js';
import type { GoogleReportSort } from '@parallels/contract/google-reports';
import { costAndReturn, PERFORMANCE_CATEGORY, sortField, viewSource, type GoogleView } from './google-views.sql.js';

// google_view_presets / google_view_preset_builds (decision 015, "Scale"): each key of the large views summed
// over the date picker's presets, so a report over such a range reads a page by index instead of summing every
// key per request. Exactly what the per-request statements compute for the range (same sources, same sums, same
// category expression); served only for the exact range it was built for and only while its build row exists.

type Executor = Pick<Database, 'execute'>;

/** The views with summaries: the ones with ~100,000 keys per account (age, gender and products are small). */
export const PRESET_VIEWS: readonly GoogleView[] = ['search_term', 'keyword', 'product'];

/**
 * google_view_presets' column for each header sort, each with an index (brand, account, view, range, column,
 * label, key): the sums' own columns where their order is the float8 sums' (bigint), else a float8 column the
 * build computes with the statement's sortField.
 */
export const PRESET_SORT_COLUMNS: Record<GoogleReportSort, string> = {
  label: 'label',
  'Total Cost': 'cost_micros',
  'Conv. Value / Cost': 'sort_per_cost',
  'Total Conv. Value': 'sort_value',
  'Total Conversions': 'sort_conversions',
  'Total Clicks': 'clicks',
  'Total Impressions': 'impressions',
  'Conversion Rate': 'sort_conversion_rate',
  CTR: 'sort_ctr',
  'Avg. CPC': 'sort_cpc',
};
const STORED_SORTS = (Object.entries(PRESET_SORT_COLUMNS) as Array<[GoogleReportSort, string]>).filter(([, column]) => column.startsWith('sort_'));
/** the float8 columns the build computes (the others are the sums' own columns) */
export const STORED_SORT_COLUMNS = STORED_SORTS.map(([, column]) => column);

/**
 * A window of the account was written: its summaries no longer match the facts. Deletes the build rows (small)
 * in the window's transaction, so from its commit on the reports use the per-request statement until the job's
 * rebuild; the stale key rows go with the rebuild.
 */
export async function dropGoogleViewPresets(tx: Executor, brandId: string, customerId: string): Promise<void> {
  await tx.execute(sql`delete from google_view_preset_builds where brand_id = ${brandId} and customer_id = ${customerId}`);
}

export interface PresetRebuild {
  ranges: number;
  rows: number;
  /** the longest transaction of the rebuild (ms): how long it held the connection at once */
  longestMs: number;
}

/**
 * Every summary of one account rewritten for `ranges` (contract/report-presets presetRanges as of the brand's
 * today) in short transactions, so other requests interleave (on PGlite they wait for the one connection): the
 * first deletes the account's build rows (from its commit on, the statement answers) and the key rows of ranges
 * no longer kept; then one per view and range writes its key rows (sums, names, category against the account's
 * averages over all its keys, place by cost in its category, the header sorts' fields) and then its build row
 * (counts, sums, filter choices) read from them, so a range is served from the commit that completes it. Run by
 * the sync job after its last window committed (the job holds the account, so no window of it commits meanwhile).
 */
export async function rebuildGoogleViewPresets(db: Database, brandId: string, customerId: string, ranges: DayRange[]): Promise<PresetRebuild> {
  let longestMs = 0;
  let brandGone = false;
  // Each transaction first holds the brand row (key share, as its inserts' foreign key would later), so a brand
  // deletion running meanwhile waits for it or goes first, never locking the summaries while this waits on the
  // brand (the deadlock a deletion right after a sync met). A brand deleted meanwhile ends the rebuild.
  const short = async (fn: (tx: Executor) => Promise<number>): Promise<number> => {
    if (brandGone) return 0;
    const started = performance.now();
    try {
      return await db.transaction(async (tx) => {
        const held = await tx.execute(sql`select 1 from brands where id = ${brandId} for key share`);
        if ((held as unknown as { rows: unknown[] }).rows.length === 0) {
          brandGone = true;
          return 0;
        }
        return fn(tx);
      });
    } finally {
      longestMs = Math.max(longestMs, performance.now() - started);
    }
  };
  const kept = sql.join(ranges.map((r) => sql`(${r.from}::date, ${r.to}::date)`), sql`, `);
  await short(async (tx) => {
    await tx.execute(sql`delete from google_view_preset_builds where brand_id = ${brandId} and customer_id = ${customerId}`);
    await tx.execute(sql`delete from google_view_presets where brand_id = ${brandId} and customer_id = ${customerId}
      ${ranges.length > 0 ? sql`and (from_date, to_date) not in (${kept})` : sql``}`);
    return 0;
  });
  let rows = 0;
  for (const view of PRESET_VIEWS) {
    for (const range of ranges) {
      rows += await short(async (tx) => {
        const where = sql`brand_id = ${brandId} and customer_id = ${customerId} and view = ${view} and from_date = ${range.from} and to_date = ${range.to}`;
        await tx.execute(sql`delete from google_view_presets where ${where}`);
        const written = await tx.execute(sql`insert into google_view_presets (brand_id, customer_id, view, from_date, to_date, key, label, match_type, status, campaign_name, ad_group_name,
            cost_micros, impressions, clicks, conversions, conversions_value, category, cost_rank, ${sql.raw(STORED_SORT_COLUMNS.join(', '))})
          with t as (
            select s.customer_id, s.key, max(s.label) as label, max(s.attributes->>'matchType') as match_type,
              (array_agg(s.attributes->>'status' order by s.last_date desc))[1] as status, max(s.campaign_name) as campaign_name, max(s.ad_group_name) as ad_group_name,
              sum(s.cost_micros) as cost_micros, sum(s.impressions) as impressions, sum(s.clicks) as clicks, sum(s.conversions) as conversions, sum(s.conversions_value) as conversions_value
            from ${viewSource(brandId, view, [customerId], range)} s
            group by s.customer_id, s.key
          ), c as (
            select t.*, ${costAndReturn(sql`t.cost_micros::float8`, sql`t.conversions_value::float8`)} from t
          ), k0 as (
            select c.*, avg(c.cost) over w as avg_cost, avg(c.per_cost) over w as avg_per_cost from c window w as (partition by c.customer_id)
          ), k as (
            select k0.*, ${PERFORMANCE_CATEGORY} as category from k0
          )
          select ${brandId}, k.customer_id, ${view}, ${range.from}, ${range.to}, k.key, k.label, k.match_type, k.status, k.campaign_name, k.ad_group_name,
            k.cost_micros, k.impressions, k.clicks, k.conversions, k.conversions_value, k.category,
            row_number() over (partition by k.category order by k.cost_micros desc, k.label, k.key),
            ${sql.join(STORED_SORTS.map(([by]) => sortField('f', by)), sql`, `)}
          from k cross join lateral (
            select k.cost_micros::float8 as cost_micros, k.clicks::float8 as clicks, k.impressions::float8 as impressions, k.conversions::float8 as conversions,
              k.conversions_value::float8 as conversions_value) f`);
        await tx.execute(sql`insert into google_view_preset_builds (brand_id, customer_id, view, from_date, to_date, keys, top_performers, high_cost, high_return, under_performers,
            cost_micros, conversions_value, pairs, statuses)
          select ${brandId}, ${customerId}, ${view}, ${range.from}, ${range.to}, count(*)::int,
            count(*) filter (where p.category = 'Top Performers')::int, count(*) filter (where p.category = 'High Cost')::int,
            count(*) filter (where p.category = 'High Conv. Value/Cost')::int, count(*) filter (where p.category = 'Under Performers')::int,
            coalesce(sum(p.cost_micros), 0), coalesce(sum(p.conversions_value), 0),
            (select coalesce(jsonb_agg(jsonb_build_object('campaign_name', x.campaign_name, 'ad_group_name', x.ad_group_name)), '[]'::jsonb)
              from (select distinct q.campaign_name, q.ad_group_name from google_view_presets q
                where q.brand_id = ${brandId} and q.customer_id = ${customerId} and q.view = ${view} and q.from_date = ${range.from} and q.to_date = ${range.to}
                  and q.campaign_name is not null and q.ad_group_name is not null) x),
            (select coalesce(jsonb_agg(x.status), '[]'::jsonb)
              from (select distinct q.status from google_view_presets q
                where q.brand_id = ${brandId} and q.customer_id = ${customerId} and q.view = ${view} and q.from_date = ${range.from} and q.to_date = ${range.to} and q.status is not null) x)
          from google_view_presets p
          where p.brand_id = ${brandId} and p.customer_id = ${customerId} and p.view = ${view} and p.from_date = ${range.from} and p.to_date = ${range.to}`);
        return Number((written as { rowCount?: number; affectedRows?: number }).rowCount ?? (written as { affectedRows?: number }).affectedRows ?? 0);
      });
    }
  }
  return { ranges: ranges.length, rows, longestMs };
}

/** A summary's build row: what a report reads without computing. */
export interface PresetBuild {
  customer_id: string;
  keys: number;
  top_performers: number;
  high_cost: number;
  high_return: number;
  under_performers: number;
}

/**
 * The build rows of some accounts for exactly this range, or null unless every one of them has one (then the
 * caller uses the per-request statement for all of them).
 */
export async function presetBuilds(db: Database, brandId: string, view: GoogleView, customerIds: string[], range: DayRange): Promise<PresetBuild[] | null> {
  if (customerIds.length === 0) return [];
  const builds = await queryRows<PresetBuild>(
    db,
    sql`select b.customer_id, b.keys, b.top_performers, b.high_cost, b.high_return, b.under_performers
      from google_view_preset_builds b
      where b.brand_id = ${brandId} and b.view = ${view} and b.from_date = ${range.from} and b.to_date = ${range.to}
        and b.customer_id in (${sql.join(customerIds.map((id) => sql`${id}`), sql`, `)})`,
  );
  return builds.length === new Set(customerIds).size ? builds : null;
}
