import { sql } from 'drizzle-orm';
import type { DayRange } from '@parallels/contract/report-dates';
import { queryRows, type Database } from './client.js';
import { costAndReturn, PERFORMANCE_CATEGORY, viewSource, type GoogleView } from './google-views.sql.js';

// google_view_presets / google_view_preset_builds (decision 015, "Scale"): each key of the large views summed
// over the date picker's presets, so a report over such a range reads a page by index instead of summing every
// key per request. Exactly what the per-request statements compute for the range (same sources, same sums, same
// category expression); served only for the exact range it was built for and only while its build row exists.

type Executor = Pick<Database, 'execute'>;

/** The views with summaries: the ones with ~100,000 keys per account (age, gender and products are small). */
export const PRESET_VIEWS: readonly GoogleView[] = ['search_term', 'keyword'];

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
}

/**
 * Every summary of one account rewritten for `ranges` (contract/report-presets presetRanges as of the brand's
 * today), in one transaction
 * of its own: the previous day's ranges go, each (view, range) gets its key rows (sums, names, category against
 * the account's averages over all its keys) and then its build row (counts, sums, filter choices) read from them.
 * Run by the sync job after its last window committed (the job holds the connection, so no window of the
 * account commits meanwhile).
 */
export async function rebuildGoogleViewPresets(db: Database, brandId: string, customerId: string, ranges: DayRange[]): Promise<PresetRebuild> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from google_view_preset_builds where brand_id = ${brandId} and customer_id = ${customerId}`);
    await tx.execute(sql`delete from google_view_presets where brand_id = ${brandId} and customer_id = ${customerId}`);
    let rows = 0;
    for (const view of PRESET_VIEWS) {
      for (const range of ranges) {
        const written = await tx.execute(sql`insert into google_view_presets (brand_id, customer_id, view, from_date, to_date, key, label, match_type, status, campaign_name, ad_group_name,
            cost_micros, impressions, clicks, conversions, conversions_value, category)
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
          )
          select ${brandId}, k0.customer_id, ${view}, ${range.from}, ${range.to}, k0.key, k0.label, k0.match_type, k0.status, k0.campaign_name, k0.ad_group_name,
            k0.cost_micros, k0.impressions, k0.clicks, k0.conversions, k0.conversions_value, ${PERFORMANCE_CATEGORY}
          from k0`);
        rows += Number((written as { rowCount?: number; affectedRows?: number }).rowCount ?? (written as { affectedRows?: number }).affectedRows ?? 0);
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
      }
    }
    return { ranges: ranges.length, rows };
  });
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
