import { sql, type SQL } from 'drizzle-orm';
import type { GoogleColumnFilter, GooglePerformanceCategory } from '@parallels/contract/google-reports';
import { monthStart, splitWholeMonths } from '@parallels/contract/days';
import type { DayRange } from '@parallels/contract/report-dates';
import { queryRows, type Database } from '../../db/client.js';

/** google_view_daily's names for the reports' views (written by the Google Ads connector's mapping). */
export type GoogleView = 'search_term' | 'keyword' | 'age' | 'gender' | 'product';

const inList = (values: string[]): SQL => sql.join(values.map((v) => sql`${v}`), sql`, `);


/**
 * How a range splits for google_view_monthly (decision 015, "Scale"): the calendar months wholly inside it come
 * from the rollup, the partial months at its edges from the daily rows. `months` is null when no whole month fits.
 */
export function splitRange(range: DayRange): { months: { from: string; to: string } | null; days: Array<{ from: string; to: string }> } {
  const { months, edges } = splitWholeMonths(range);
  return { months: months && { from: months.from, to: monthStart(months.to) }, days: edges };
}

/**
 * The rows of a view for some accounts over a range, as a subquery: one row per key and month (part) with the
 * newest day's label, names and attributes (last_date orders them) and the sums in the facts' units (cost in
 * micros). Whole months are read from google_view_monthly, the range's partial edge months from
 * google_view_daily; every report of a view groups these.
 */
export function viewSource(brandId: string, view: GoogleView, customerIds: string[], range: DayRange, keys?: Array<{ customerId: string; key: string }>): SQL {
  const only = (alias: string) => (keys ? sql`and (${sql.raw(alias)}.customer_id, ${sql.raw(alias)}.key) in (${sql.join(keys.map((k) => sql`(${k.customerId}, ${k.key})`), sql`, `)})` : sql``);
  const split = splitRange(range);
  const parts: SQL[] = [];
  if (split.months) {
    parts.push(sql`select m.customer_id, m.key, m.month, m.label, m.campaign_name, m.ad_group_name, m.attributes, m.last_date,
        m.cost_micros, m.clicks, m.impressions, m.conversions, m.conversions_value
      from google_view_monthly m
      where m.brand_id = ${brandId} and m.view = ${view} and m.customer_id in (${inList(customerIds)}) and m.month between ${split.months.from} and ${split.months.to} ${only('m')}`);
  }
  if (split.days.length > 0) {
    const within = sql.join(split.days.map((d) => sql`v.date between ${d.from} and ${d.to}`), sql` or `);
    parts.push(sql`select v.customer_id, v.key, date_trunc('month', v.date)::date as month, v.label, v.campaign_name, v.ad_group_name, v.attributes, v.date as last_date,
        v.cost_micros, v.clicks, v.impressions, v.conversions, v.conversions_value
      from google_view_daily v
      where v.brand_id = ${brandId} and v.view = ${view} and v.customer_id in (${inList(customerIds)}) and (${within}) ${only('v')}`);
  }
  return sql`(${sql.join(parts, sql` union all `)})`;
}

const CATEGORY = sql`case when k0.cost >= k0.avg_cost and k0.per_cost >= k0.avg_per_cost then 'Top Performers' when k0.cost >= k0.avg_cost then 'High Cost'
  when k0.per_cost >= k0.avg_per_cost then 'High Conv. Value/Cost' else 'Under Performers' end`;

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
}

const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/**
 * One statement per report call: each key's sums over the range; per account the averages of the colour rule
 * over all its keys, each key's category, the column filters and the chip; the chips' counts and the rows'
 * totals per account; and the page of each account's matching keys, Total Cost first (then label, then key,
 * so pages never overlap). Without complete figures nothing matches a filter or a chip and keys sort by label.
 */
export async function viewReportPage(db: Database, brandId: string, view: GoogleView, customerIds: string[], range: DayRange, q: ReportPageQuery): Promise<{ stats: AccountStats[]; rows: PageRow[] }> {
  if (customerIds.length === 0) return { stats: [], rows: [] };
  const complete = q.complete ? sql`true` : sql`false`;
  const order = q.complete ? sql`p.cost_micros desc, p.label, p.key` : sql`p.label, p.key`;
  const [row] = await queryRows<{ stats: unknown; rows: unknown }>(
    db,
    sql`with t as (
          select s.customer_id, s.key, max(s.label) as label,
            sum(s.cost_micros)::float8 as cost_micros, sum(s.clicks)::float8 as clicks, sum(s.impressions)::float8 as impressions,
            sum(s.conversions)::float8 as conversions, sum(s.conversions_value)::float8 as conversions_value
          from ${viewSource(brandId, view, customerIds, range)} s
          group by s.customer_id, s.key
        ), c as (
          select t.*, t.cost_micros / 1000000.0::float8 as cost,
            case when t.cost_micros = 0 then 0::float8 else t.conversions_value / (t.cost_micros / 1000000.0::float8) end as per_cost
          from t
        ), k0 as (
          select c.*, avg(c.cost) over w as avg_cost, avg(c.per_cost) over w as avg_per_cost from c window w as (partition by c.customer_id)
        ), k as (
          select k0.*, case when ${complete} then ${CATEGORY} end as category,
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
          select k.*, row_number() over (partition by k.customer_id order by ${q.complete ? sql`k.cost_micros desc, k.label, k.key` : sql`k.label, k.key`}) as rn
          from k where k.passes ${q.category ? sql`and k.category = ${q.category}` : sql``}
        )
        select (select coalesce(json_agg(stats), '[]'::json) from stats) as stats,
          (select coalesce(json_agg(json_build_object('customer_id', p.customer_id, 'key', p.key, 'category', p.category, 'cost_micros', p.cost_micros, 'clicks', p.clicks,
              'impressions', p.impressions, 'conversions', p.conversions, 'conversions_value', p.conversions_value) order by p.customer_id, ${order}), '[]'::json)
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
