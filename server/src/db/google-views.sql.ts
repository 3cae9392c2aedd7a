import { sql, type SQL } from 'drizzle-orm';
import type { GoogleReportSort } from '@parallels/contract/google-reports';
import { monthStart, splitWholeMonths } from '@parallels/contract/days';
import type { DayRange } from '@parallels/contract/report-dates';

// The Google Ads views' rows as one subquery, shared by the Google Ads reports and the segment dashboard.

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
  // one part per edge (not one part with the edges or'ed): with `keys`, each key's days of an edge are then one
  // range of the primary key (brand, account, view, key, date) instead of all its days filtered
  for (const d of split.days) {
    parts.push(sql`select v.customer_id, v.key, date_trunc('month', v.date)::date as month, v.label, v.campaign_name, v.ad_group_name, v.attributes, v.date as last_date,
        v.cost_micros, v.clicks, v.impressions, v.conversions, v.conversions_value
      from google_view_daily v
      where v.brand_id = ${brandId} and v.view = ${view} and v.customer_id in (${inList(customerIds)}) and v.date between ${d.from} and ${d.to} ${only('v')}`);
  }
  return sql`(${sql.join(parts, sql` union all `)})`;
}

/**
 * A key's cost in units and its Conv. Value / Cost from its float8 sums (the colour rule's pair; 0 over 0 is 0),
 * as `cost` and `per_cost`: the per-request statement and the preset summaries compute them alike.
 */
export function costAndReturn(costMicros: SQL, value: SQL): SQL {
  return sql`${costMicros} / 1000000.0::float8 as cost, case when ${costMicros} = 0 then 0::float8 else ${value} / (${costMicros} / 1000000.0::float8) end as per_cost`;
}

/** spec section 9's colour rule over alias k0 (cost, per_cost and the account's averages avg_cost, avg_per_cost). */
export const PERFORMANCE_CATEGORY = sql`case when k0.cost >= k0.avg_cost and k0.per_cost >= k0.avg_per_cost then 'Top Performers' when k0.cost >= k0.avg_cost then 'High Cost'
  when k0.per_cost >= k0.avg_per_cost then 'High Conv. Value/Cost' else 'Under Performers' end`;

/** A ratio of two sums as the rows show it (contract/metrics `ratio`: 0 over 0 is 0). */
const ratioSql = (n: SQL, d: SQL): SQL => sql`(case when ${d} = 0 then 0::float8 else ${n} / ${d} end)`;

/** The header sort's field over a key's sums (alias `a`): ratios from the sums, as the row shows them. */
export function sortField(a: string, by: GoogleReportSort): SQL {
  const c = (column: string) => sql.raw(`${a}.${column}`);
  switch (by) {
    case 'label':
      return c('label');
    case 'Total Cost':
      return c('cost_micros');
    case 'Conv. Value / Cost':
      return ratioSql(c('conversions_value'), sql`(${c('cost_micros')} / 1000000.0::float8)`);
    case 'Total Conv. Value':
      return c('conversions_value');
    case 'Total Conversions':
      return c('conversions');
    case 'Total Clicks':
      return c('clicks');
    case 'Total Impressions':
      return c('impressions');
    case 'Conversion Rate':
      return ratioSql(c('conversions'), c('clicks'));
    case 'CTR':
      return ratioSql(c('clicks'), c('impressions'));
    case 'Avg. CPC':
      return ratioSql(sql`(${c('cost_micros')} / 1000000.0::float8)`, c('clicks'));
  }
}
