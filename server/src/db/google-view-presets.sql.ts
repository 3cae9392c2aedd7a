import { sql, type SQL } from 'drizzle-orm';
import type { DayRange } from '@parallels/contract/report-dates';
import { queryRows, type Database } from './client.js';
import type { GoogleReportSort } from '@parallels/contract/google-reports';
import { costAndReturn, PERFORMANCE_CATEGORY, sortField, viewSource, type GoogleView } from './google-views.sql.js';

// google_view_presets / google_view_preset_builds (decision 015, "Scale"): each key of the large views summed
// over the date picker's presets, so a report over such a range reads a page by index instead of summing every
// key per request. Exactly what the per-request statements compute for the range (same sources, same sums, same
// category expression); served only for the exact range it was built for and only while its build row exists.

type Executor = Pick<Database, 'execute'>;

/**
 * The views with summaries: the ones with ~100,000 keys per account; products (the segment dashboard sums them
 * over every account); age and gender (a handful of keys: cheap to keep, and their two-year statement drew a
 * parallel plan whose workers' start cost more than its sums on a loaded machine).
 */
export const PRESET_VIEWS: readonly GoogleView[] = ['search_term', 'keyword', 'product', 'age', 'gender'];

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
  /** the longest transaction of the rebuild (ms): how long it held the rows (and on PGlite the connection) at once */
  longestMs: number;
  /** the longest read of a range's keys (ms): one statement, no write; on PGlite it holds the connection too */
  longestReadMs: number;
}

/** Keys written per transaction of a range's rebuild (the two-year search-term range has ~25,000 per account in bench/reports). */
export const PRESET_BATCH_KEYS = 2_000;

/** One key of a range as the build computes it: the exact sums as text (bigint, numeric), the category, its places. */
interface PresetKey {
  key: string;
  label: string;
  match_type: string | null;
  status: string | null;
  campaign_name: string | null;
  ad_group_name: string | null;
  cost_micros: string;
  impressions: string;
  clicks: string;
  conversions: string;
  conversions_value: string;
  category: string;
  product_brand: string | null;
  product_type: string | null;
  product_category: string | null;
  cost_rank: number;
  top_performers_up_to: number;
  high_cost_up_to: number;
  high_return_up_to: number;
  under_performers_up_to: number;
}

/**
 * Every summary of one account rewritten for `ranges` (contract/report-presets presetRanges as of the brand's
 * today) in short transactions, so other requests interleave (on PGlite they wait for the one connection): the
 * first deletes the account's build rows (from its commit on, the statement answers) and the key rows of ranges
 * no longer kept. Then per view and range: one read computes its keys (sums, names, category against the
 * account's averages over all its keys, place by cost in its category and the categories' counts down the cost
 * order), then transactions of `batchKeys` keys each write them with the header sorts' fields, and a last one
 * writes the build row (counts, sums, filter choices) read from them, so a range is served from the commit that
 * completes it. Run by the sync job after its last window committed (the job holds the account, so no window of
 * it commits meanwhile and the facts read do not change between the read and the writes).
 */
export async function rebuildGoogleViewPresets(
  db: Database,
  brandId: string,
  customerId: string,
  ranges: DayRange[],
  {
    batchKeys = PRESET_BATCH_KEYS,
    beforeEach = async () => undefined,
  }: {
    /** keys inserted per transaction */
    batchKeys?: number;
    /** awaited before each read and transaction: on embedded PGlite, the requests in flight go first (decision 027) */
    beforeEach?: () => Promise<void>;
  } = {},
): Promise<PresetRebuild> {
  let longestMs = 0;
  let longestReadMs = 0;
  let brandGone = false;
  // Each transaction first holds the brand row (key share, as its inserts' foreign key would later), so a brand
  // deletion running meanwhile waits for it or goes first, never locking the summaries while this waits on the
  // brand (the deadlock a deletion right after a sync met). A brand deleted meanwhile ends the rebuild.
  const short = async (fn: (tx: Executor) => Promise<number>): Promise<number> => {
    if (brandGone) return 0;
    await beforeEach();
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
      if (brandGone) break;
      const where = sql`brand_id = ${brandId} and customer_id = ${customerId} and view = ${view} and from_date = ${range.from} and to_date = ${range.to}`;
      await beforeEach();
      const read = performance.now();
      const keys = await queryRows<PresetKey>(db, presetKeys(brandId, customerId, view, range));
      longestReadMs = Math.max(longestReadMs, performance.now() - read);
      await short(async (tx) => {
        await tx.execute(sql`delete from google_view_presets where ${where}`);
        return 0;
      });
      for (let i = 0; i < keys.length; i += batchKeys) {
        rows += await short(async (tx) => {
          const written = await tx.execute(insertPresetKeys(brandId, customerId, view, range, keys.slice(i, i + batchKeys)));
          return Number((written as { rowCount?: number; affectedRows?: number }).rowCount ?? (written as { affectedRows?: number }).affectedRows ?? 0);
        });
      }
      await short(async (tx) => {
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
        return 0;
      });
    }
  }
  // The table's statistics after rewriting its rows wholesale: without them every read of a range estimates one row
  // and PostgreSQL picks any of its indexes with the same five leading columns (a chip's page walked a header
  // sort's index, 25,470 rows filtered, instead of a range of the category's places). Autovacuum would come to it
  // on PostgreSQL; nothing does on PGlite.
  if (!brandGone && rows > 0) {
    await beforeEach();
    await db.execute(sql`analyze google_view_presets`);
  }
  return { ranges: ranges.length, rows, longestMs, longestReadMs };
}

/**
 * A range's keys as the per-request statement sums them (its sources, sums and category expression), with each
 * key's place by cost in its category (cost_rank) and, down the account's cost order (highest first, then label
 * and key), how many keys of each category there are up to it (the *_up_to columns). Exact sums as text.
 */
function presetKeys(brandId: string, customerId: string, view: GoogleView, range: DayRange): SQL {
  return sql`with t as (
      select s.customer_id, s.key, max(s.label) as label, max(s.attributes->>'matchType') as match_type,
        (array_agg(s.attributes->>'status' order by s.last_date desc))[1] as status, max(s.campaign_name) as campaign_name, max(s.ad_group_name) as ad_group_name,
        sum(s.cost_micros) as cost_micros, sum(s.impressions) as impressions, sum(s.clicks) as clicks, sum(s.conversions) as conversions, sum(s.conversions_value) as conversions_value,
        ${
          view === 'product'
            ? sql`max(s.attributes->>'brand') as product_brand, max(s.attributes->>'productType') as product_type, max(s.attributes->>'category') as product_category`
            : sql`null::text as product_brand, null::text as product_type, null::text as product_category`
        }
      from ${viewSource(brandId, view, [customerId], range)} s
      group by s.customer_id, s.key
    ), c as (
      select t.*, ${costAndReturn(sql`t.cost_micros::float8`, sql`t.conversions_value::float8`)} from t
    ), k0 as (
      select c.*, avg(c.cost) over w as avg_cost, avg(c.per_cost) over w as avg_per_cost from c window w as (partition by c.customer_id)
    ), k as (
      select k0.*, ${PERFORMANCE_CATEGORY} as category from k0
    )
    select k.key, k.label, k.match_type, k.status, k.campaign_name, k.ad_group_name,
      k.cost_micros::text as cost_micros, k.impressions::text as impressions, k.clicks::text as clicks, k.conversions::text as conversions, k.conversions_value::text as conversions_value,
      k.category, k.product_brand, k.product_type, k.product_category, (row_number() over (partition by k.category order by k.cost_micros desc, k.label, k.key))::int as cost_rank,
      (count(*) filter (where k.category = 'Top Performers') over down)::int as top_performers_up_to,
      (count(*) filter (where k.category = 'High Cost') over down)::int as high_cost_up_to,
      (count(*) filter (where k.category = 'High Conv. Value/Cost') over down)::int as high_return_up_to,
      (count(*) filter (where k.category = 'Under Performers') over down)::int as under_performers_up_to
    from k
    window down as (order by k.cost_micros desc, k.label, k.key rows between unbounded preceding and current row)`;
}

/** One transaction's keys written, with the header sorts' fields computed from their float8 sums as the statement does. */
function insertPresetKeys(brandId: string, customerId: string, view: GoogleView, range: DayRange, keys: PresetKey[]): SQL {
  return sql`insert into google_view_presets (brand_id, customer_id, view, from_date, to_date, key, label, match_type, status, campaign_name, ad_group_name,
      cost_micros, impressions, clicks, conversions, conversions_value, category, product_brand, product_type, product_category, cost_rank,
      top_performers_up_to, high_cost_up_to, high_return_up_to, under_performers_up_to, ${sql.raw(STORED_SORT_COLUMNS.join(', '))})
    select ${brandId}, ${customerId}, ${view}, ${range.from}, ${range.to}, k.key, k.label, k.match_type, k.status, k.campaign_name, k.ad_group_name,
      k.cost_micros::bigint, k.impressions::bigint, k.clicks::bigint, k.conversions::numeric, k.conversions_value::numeric, k.category, k.product_brand, k.product_type, k.product_category, k.cost_rank,
      k.top_performers_up_to, k.high_cost_up_to, k.high_return_up_to, k.under_performers_up_to,
      ${sql.join(STORED_SORTS.map(([by]) => sortField('f', by)), sql`, `)}
    from json_to_recordset(${JSON.stringify(keys)}::json) as k(key text, label text, match_type text, status text, campaign_name text, ad_group_name text,
      cost_micros numeric, impressions numeric, clicks numeric, conversions numeric, conversions_value numeric, category text,
      product_brand text, product_type text, product_category text, cost_rank int,
      top_performers_up_to int, high_cost_up_to int, high_return_up_to int, under_performers_up_to int)
    cross join lateral (
      select k.cost_micros::float8 as cost_micros, k.clicks::float8 as clicks, k.impressions::float8 as impressions, k.conversions::float8 as conversions,
        k.conversions_value::float8 as conversions_value) f`;
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
