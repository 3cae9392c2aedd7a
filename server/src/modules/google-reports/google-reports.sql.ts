import { sql, type SQL } from 'drizzle-orm';
import type { GoogleColumnFilter, GooglePerformanceCategory, GoogleReportSort, GoogleSortOrder } from '@parallels/contract/google-reports';
import type { DayRange } from '@parallels/contract/report-dates';
import { queryRows, type Database } from '../../db/client.js';
import { PRESET_SORT_COLUMNS, STORED_SORT_COLUMNS, type PresetBuild } from '../../db/google-view-presets.sql.js';
import { costAndReturn, PERFORMANCE_CATEGORY, sortField, viewSource, type GoogleView } from '../../db/google-views.sql.js';

export type { GoogleView };


/** A column filter on a figure; '==' matches at the 2 decimals the table shows; no filter: true. */
function filterSql(column: SQL, f: GoogleColumnFilter | undefined): SQL {
  if (!f) return sql`true`;
  switch (f.operator) {
    case '>':
      return sql`${column} > ${f.value}::float8`;
    case '>=':
      return sql`${column} >= ${f.value}::float8`;
    case '<':
      return sql`${column} < ${f.value}::float8`;
    case '<=':
      return sql`${column} <= ${f.value}::float8`;
    case '==':
      return sql`abs(${column} - ${f.value}::float8) < 0.005`;
  }
}

/**
 * A page's order: the asked field and direction, then label and key (so pages never overlap). Without complete
 * figures every figure is missing, so the keys sort by label (in the asked direction when the label is asked).
 */
function pageOrder(a: string, complete: boolean, by: GoogleReportSort, order: GoogleSortOrder, field: (a: string, by: GoogleReportSort) => SQL = sortField): SQL {
  const dir = sql.raw(order === 'asc' ? 'asc' : 'desc');
  const label = sql.raw(`${a}.label`);
  const key = sql.raw(`${a}.key`);
  if (!complete || by === 'label') return by === 'label' ? sql`${label} ${dir}, ${key} ${dir}` : sql`${label}, ${key}`;
  return sql`${field(a, by)} ${dir}, ${label}, ${key}`;
}

const CATEGORIES: readonly GooglePerformanceCategory[] = ['Top Performers', 'High Cost', 'High Conv. Value/Cost', 'Under Performers'];
/** google_view_presets' count of each category's keys down the cost order, in CATEGORIES' order */
const UP_TO_COLUMNS = ['top_performers_up_to', 'high_cost_up_to', 'high_return_up_to', 'under_performers_up_to'] as const;

/** The header sort's field in google_view_presets: its stored column (the same value as sortField's). */
const presetField = (a: string, by: GoogleReportSort): SQL => sql.raw(`${a}.${PRESET_SORT_COLUMNS[by]}`);

/** A cost in units as whole micros for a bigint bound, widened by `slack` micros and kept inside bigint. */
const boundMicros = (units: number, slack: number): string => {
  const x = units * 1e6 + slack * (2 + Math.abs(units) * 1e-3);
  return BigInt(Math.max(-9e18, Math.min(9e18, slack < 0 ? Math.floor(x) : Math.ceil(x)))).toString();
};

/**
 * Bounds on cost_micros that every key passing the cost filter is within (a little wider: the filter compares
 * the float8 cost in units, so the bounds leave room for its rounding), so the filter reads a range of an index
 * ordered by cost; the filter itself still decides. The keys passing are one run of that order: the filter is
 * an interval of cost.
 */
function costMicrosBounds(column: SQL, f: GoogleColumnFilter | undefined): SQL {
  if (!f) return sql`true`;
  const lo = f.operator === '>' || f.operator === '>=' ? f.value : f.operator === '==' ? f.value - 0.005 : null;
  const hi = f.operator === '<' || f.operator === '<=' ? f.value : f.operator === '==' ? f.value + 0.005 : null;
  return sql.join(
    [...(lo === null ? [] : [sql`${column} >= ${boundMicros(lo, -1)}::bigint`]), ...(hi === null ? [] : [sql`${column} <= ${boundMicros(hi, 1)}::bigint`])],
    sql` and `,
  );
}

export interface AccountStats {
  customer_id: string;
  total_rows: number;
  filtered_rows: number;
  top: number;
  high_cost: number;
  high_return: number;
  under: number;
}

export interface PageRow {
  customer_id: string;
  key: string;
  category: GooglePerformanceCategory | null;
  cost_micros: number;
  clicks: number;
  impressions: number;
  conversions: number;
  conversions_value: number;
}

export interface ReportPageQuery {
  /** every day of the range synced for every account asked: figures, categories and filters apply */
  complete: boolean;
  costFilter?: GoogleColumnFilter;
  convValuePerCostFilter?: GoogleColumnFilter;
  category?: GooglePerformanceCategory;
  limit: number;
  offset: number;
  /** the header sort (Total Cost, highest first, by default) */
  sortBy?: GoogleReportSort;
  sortOrder?: GoogleSortOrder;
}

const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/**
 * One statement per report call: each key's sums over the range; per account the averages of the colour rule
 * over all its keys, each key's category, the column filters and the chip; the chips' counts and the rows'
 * totals per account; and the page of each account's matching keys in the header sort's order (Total Cost
 * first by default; then label, then key, so pages never overlap). Without complete figures nothing matches a
 * filter or a chip and keys sort by label.
 */
export async function viewReportPage(db: Database, brandId: string, view: GoogleView, customerIds: string[], range: DayRange, q: ReportPageQuery): Promise<{ stats: AccountStats[]; rows: PageRow[] }> {
  if (customerIds.length === 0) return { stats: [], rows: [] };
  const complete = q.complete ? sql`true` : sql`false`;
  const by = q.sortBy ?? 'Total Cost';
  const dir = q.sortOrder ?? 'desc';
  const [row] = await queryRows<{ stats: unknown; rows: unknown }>(
    db,
    sql`with t as (
          select s.customer_id, s.key, max(s.label) as label,
            sum(s.cost_micros)::float8 as cost_micros, sum(s.clicks)::float8 as clicks, sum(s.impressions)::float8 as impressions,
            sum(s.conversions)::float8 as conversions, sum(s.conversions_value)::float8 as conversions_value
          from ${viewSource(brandId, view, customerIds, range)} s
          group by s.customer_id, s.key
        ), c as (
          select t.*, ${costAndReturn(sql`t.cost_micros`, sql`t.conversions_value`)}
          from t
        ), k0 as (
          select c.*, avg(c.cost) over w as avg_cost, avg(c.per_cost) over w as avg_per_cost from c window w as (partition by c.customer_id)
        ), k as (
          select k0.*, case when ${complete} then ${PERFORMANCE_CATEGORY} end as category,
            (${complete} and ${filterSql(sql`k0.cost`, q.costFilter)} and ${filterSql(sql`k0.per_cost`, q.convValuePerCostFilter)}) or (not ${complete} and ${q.costFilter || q.convValuePerCostFilter ? sql`false` : sql`true`}) as passes
          from k0 k0
        ), stats as (
          select k.customer_id, count(*)::int as total_rows, count(*) filter (where k.passes)::int as filtered_rows,
            count(*) filter (where k.passes and k.category = 'Top Performers')::int as top,
            count(*) filter (where k.passes and k.category = 'High Cost')::int as high_cost,
            count(*) filter (where k.passes and k.category = 'High Conv. Value/Cost')::int as high_return,
            count(*) filter (where k.passes and k.category = 'Under Performers')::int as under
          from k group by k.customer_id
        ), p as (
          select k.*, row_number() over (partition by k.customer_id order by ${pageOrder('k', q.complete, by, dir)}) as rn
          from k where k.passes ${q.category ? sql`and k.category = ${q.category}` : sql``}
        )
        select (select coalesce(json_agg(stats), '[]'::json) from stats) as stats,
          (select coalesce(json_agg(json_build_object('customer_id', p.customer_id, 'key', p.key, 'category', p.category, 'cost_micros', p.cost_micros, 'clicks', p.clicks,
              'impressions', p.impressions, 'conversions', p.conversions, 'conversions_value', p.conversions_value) order by p.customer_id, p.rn), '[]'::json)
            from p where p.rn > ${q.offset} and p.rn <= ${q.offset + q.limit}) as rows`,
  );
  return { stats: json<AccountStats[]>(row?.stats ?? []), rows: json<PageRow[]>(row?.rows ?? []) };
}

/** One row of a view summed over one month of the range (cost in micros), with the month's newest names. */
export interface ViewMonthSums {
  customer_id: string;
  key: string;
  /** YYYYMM */
  month: string;
  label: string;
  campaign_name: string | null;
  ad_group_name: string | null;
  /** the newest day's attributes (match type, status, brand ...) */
  attributes: Record<string, string> | string;
  cost_micros: number;
  clicks: number;
  impressions: number;
  conversions: number;
  conversions_value: number;
}

/** The months of some keys (a page's rows): the service turns them into MonthlyData and the rows' details. */
export async function viewMonthSums(db: Database, brandId: string, view: GoogleView, range: DayRange, keys: Array<{ customerId: string; key: string }>): Promise<ViewMonthSums[]> {
  if (keys.length === 0) return [];
  const customerIds = [...new Set(keys.map((k) => k.customerId))];
  return queryRows<ViewMonthSums>(
    db,
    sql`select s.customer_id, s.key, to_char(s.month, 'YYYYMM') as month,
          (array_agg(s.label order by s.last_date desc))[1] as label,
          (array_agg(s.campaign_name order by s.last_date desc))[1] as campaign_name, (array_agg(s.ad_group_name order by s.last_date desc))[1] as ad_group_name,
          (array_agg(s.attributes order by s.last_date desc))[1] as attributes,
          sum(s.cost_micros)::float8 as cost_micros, sum(s.clicks)::float8 as clicks, sum(s.impressions)::float8 as impressions,
          sum(s.conversions)::float8 as conversions, sum(s.conversions_value)::float8 as conversions_value
        from ${viewSource(brandId, view, customerIds, range, keys)} s
        group by s.customer_id, s.key, s.month`,
  );
}

/**
 * viewReportPage for accounts whose preset summary (google_view_presets) exists for exactly this range: each
 * account's page is an index range scan in the header sort's order (Total Cost by default; the other sorts order
 * the account's summary rows, one narrow row per key, no aggregation); without column filters the rows' and
 * chips' counts are the build rows' (`builds`), with them they are counted over the summary rows. Without
 * complete figures (q.complete false) nothing has a category or matches a filter and keys sort by label, as in
 * viewReportPage. The same answer as viewReportPage for the range.
 */
export async function presetReportPage(
  db: Database,
  brandId: string,
  view: GoogleView,
  builds: PresetBuild[],
  range: DayRange,
  q: ReportPageQuery,
): Promise<{ stats: AccountStats[]; rows: PageRow[] }> {
  if (builds.length === 0) return { stats: [], rows: [] };
  if (!q.complete) return presetLabelPage(db, brandId, view, builds, range, q);
  const by = q.sortBy ?? 'Total Cost';
  const dir = q.sortOrder ?? 'desc';
  const filtered = q.costFilter !== undefined || q.convValuePerCostFilter !== undefined;
  const costOnly = q.costFilter !== undefined && q.convValuePerCostFilter === undefined;
  // a chip in the Total Cost order (the default): its keys' places in the category (cost_rank) are that order
  const chip = by === 'Total Cost' && dir === 'desc' ? q.category : undefined;
  const range_ = (customer: SQL) =>
    sql`p.brand_id = ${brandId} and p.customer_id = ${customer} and p.view = ${view} and p.from_date = ${range.from} and p.to_date = ${range.to}`;
  // the summary's rows with the figures as the statement has them (float8 sums; cost_micros, clicks and impressions
  // stay bigint so their order is their index's: exact in float8 too, cast in the answer), with the header sorts' columns
  const keys = (customer: SQL) => sql`(select p.customer_id, p.key, p.label, p.category, p.cost_rank, p.cost_micros, p.clicks, p.impressions,
      p.conversions::float8 as conversions, p.conversions_value::float8 as conversions_value, ${costAndReturn(sql`p.cost_micros::float8`, sql`p.conversions_value::float8`)},
      ${sql.raw(STORED_SORT_COLUMNS.map((c) => `p.${c}`).join(', '))}
    from google_view_presets p where ${range_(customer)}) f`;
  const passes = sql`${filterSql(sql`f.cost`, q.costFilter)} and ${costMicrosBounds(sql`f.cost_micros`, q.costFilter)} and ${filterSql(sql`f.per_cost`, q.convValuePerCostFilter)}`;
  const accounts = sql.join(builds.map((b) => sql`(${b.customer_id})`), sql`, `);
  // a cost filter alone: the keys passing it are one run of the account's cost order (the filter is an interval
  // of cost), so each category's count is its keys up to the run's last key minus those before its first: two
  // lookups of google_view_presets_cost_idx per account; with the Conv. Value / Cost filter the keys are counted
  const end = (order: SQL) => sql`(select p.category, ${sql.raw(UP_TO_COLUMNS.map((c) => `p.${c}`).join(', '))} from google_view_presets p
      where ${range_(sql`a.customer_id`)} and ${costMicrosBounds(sql`p.cost_micros`, q.costFilter)} and ${filterSql(sql`(p.cost_micros::float8 / 1000000.0::float8)`, q.costFilter)}
      order by ${order} limit 1)`;
  const ends = sql`ends as (
      select a.customer_id, f.category as first_category, ${sql.raw(UP_TO_COLUMNS.map((c) => `f.${c} as first_${c}, l.${c} as last_${c}`).join(', '))}
      from (values ${accounts}) a(customer_id)
      left join lateral ${end(sql`p.cost_micros desc, p.label, p.key`)} f on true
      left join lateral ${end(sql`p.cost_micros, p.label desc, p.key desc`)} l on true
    )`;
  const upTo = (category: GooglePerformanceCategory) => UP_TO_COLUMNS[CATEGORIES.indexOf(category)]!;
  /** a category's keys before the run (its first key's count up to it, less itself) and through its end */
  const before = (category: GooglePerformanceCategory) => sql.raw(`(e.first_${upTo(category)} - (e.first_category = '${category}')::int)`);
  const through = (category: GooglePerformanceCategory) => sql.raw(`e.last_${upTo(category)}`);
  const runCount = (category: GooglePerformanceCategory) => sql`coalesce(${through(category)} - ${before(category)}, 0)::int`;
  const counts = costOnly
    ? sql`select e.customer_id, c.*, c.top + c.high_cost + c.high_return + c.under as filtered_rows
        from ends e cross join lateral (select ${runCount('Top Performers')} as top, ${runCount('High Cost')} as high_cost,
          ${runCount('High Conv. Value/Cost')} as high_return, ${runCount('Under Performers')} as under) c`
    : sql`select a.customer_id, c.* from (values ${accounts}) a(customer_id) cross join lateral (select count(*) filter (where ${passes})::int as filtered_rows,
          count(*) filter (where ${passes} and f.category = 'Top Performers')::int as top,
          count(*) filter (where ${passes} and f.category = 'High Cost')::int as high_cost,
          count(*) filter (where ${passes} and f.category = 'High Conv. Value/Cost')::int as high_return,
          count(*) filter (where ${passes} and f.category = 'Under Performers')::int as under
        from ${keys(sql`a.customer_id`)}) c`;
  const order = (a: string) => pageOrder(a, true, by, dir, presetField);
  // a chip's page in cost order is a range of its places: after the keys before the run and the page's offset,
  // up to the run's end (without a cost filter the run is the whole category)
  const page =
    chip && !q.convValuePerCostFilter
      ? costOnly
        ? sql`from ends e cross join lateral (
            select f.* from ${keys(sql`e.customer_id`)}
            where f.category = ${chip} and f.cost_rank between ${before(chip)} + ${q.offset + 1}::int and least(${through(chip)}, ${before(chip)} + ${q.offset + q.limit}::int)
            order by f.cost_rank) x`
        : sql`from (values ${accounts}) a(customer_id) cross join lateral (
            select f.* from ${keys(sql`a.customer_id`)}
            where f.category = ${chip} and f.cost_rank between ${q.offset + 1}::int and ${q.offset + q.limit}::int
            order by f.cost_rank) x`
      : sql`from (values ${accounts}) a(customer_id) cross join lateral (
            select f.* from ${keys(sql`a.customer_id`)}
            where ${passes} ${q.category ? sql`and f.category = ${q.category}` : sql``}
            order by ${chip ? sql`f.cost_rank` : order('f')}
            limit ${q.limit} offset ${q.offset}) x`;
  const [row] = await queryRows<{ stats: unknown; rows: unknown }>(
    db,
    sql`${costOnly ? sql`with ${ends}` : sql``}
      select
        ${filtered ? sql`(select coalesce(json_agg(s), '[]'::json) from (${counts}) s)` : sql`null::json`} as stats,
        (select coalesce(json_agg(json_build_object('customer_id', x.customer_id, 'key', x.key, 'category', x.category, 'cost_micros', x.cost_micros::float8, 'clicks', x.clicks::float8,
            'impressions', x.impressions::float8, 'conversions', x.conversions, 'conversions_value', x.conversions_value) order by x.customer_id, ${order('x')}), '[]'::json)
          ${page}) as rows`,
  );
  const counted = new Map(json<Array<Omit<AccountStats, 'total_rows'>> | null>(row?.stats ?? null)?.map((s) => [s.customer_id, s]) ?? []);
  const stats = builds.map((b): AccountStats => {
    const c = counted.get(b.customer_id);
    return c
      ? { ...c, total_rows: b.keys }
      : { customer_id: b.customer_id, total_rows: b.keys, filtered_rows: b.keys, top: b.top_performers, high_cost: b.high_cost, high_return: b.high_return, under: b.under_performers };
  });
  return { stats, rows: json<PageRow[]>(row?.rows ?? []) };
}

/** presetReportPage without complete figures: no categories, a filter or a chip matches nothing, label order. */
async function presetLabelPage(db: Database, brandId: string, view: GoogleView, builds: PresetBuild[], range: DayRange, q: ReportPageQuery): Promise<{ stats: AccountStats[]; rows: PageRow[] }> {
  const none = q.costFilter !== undefined || q.convValuePerCostFilter !== undefined || q.category !== undefined;
  const stats = builds.map((b): AccountStats => ({
    customer_id: b.customer_id,
    total_rows: b.keys,
    filtered_rows: q.costFilter !== undefined || q.convValuePerCostFilter !== undefined ? 0 : b.keys,
    top: 0,
    high_cost: 0,
    high_return: 0,
    under: 0,
  }));
  if (none) return { stats, rows: [] };
  const by = q.sortBy ?? 'Total Cost';
  const dir = q.sortOrder ?? 'desc';
  const accounts = sql.join(builds.map((b) => sql`(${b.customer_id})`), sql`, `);
  const [row] = await queryRows<{ rows: unknown }>(
    db,
    sql`select coalesce(json_agg(json_build_object('customer_id', x.customer_id, 'key', x.key, 'category', null, 'cost_micros', x.cost_micros::float8, 'clicks', x.clicks::float8,
          'impressions', x.impressions::float8, 'conversions', x.conversions::float8, 'conversions_value', x.conversions_value::float8) order by x.customer_id, ${pageOrder('x', false, by, dir)}), '[]'::json) as rows
      from (values ${accounts}) a(customer_id) cross join lateral (
        select p.customer_id, p.key, p.label, p.cost_micros, p.clicks, p.impressions, p.conversions, p.conversions_value
        from google_view_presets p
        where p.brand_id = ${brandId} and p.customer_id = a.customer_id and p.view = ${view} and p.from_date = ${range.from} and p.to_date = ${range.to}
        order by ${pageOrder('p', false, by, dir)}
        limit ${q.limit} offset ${q.offset}) x`,
  );
  return { stats, rows: json<PageRow[]>(row?.rows ?? []) };
}
