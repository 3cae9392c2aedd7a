import { sql, type SQL } from 'drizzle-orm';
import type { DayRange } from '@parallels/contract/report-dates';
import { queryRows, type Database } from '../../db/client.js';

/** google_view_daily's names for the reports' views (written by the Google Ads connector's mapping). */
export type GoogleView = 'search_term' | 'keyword' | 'age' | 'gender' | 'product';

/** One row of a view summed over one month of the range, in the units the facts keep (cost in micros). */
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

const inList = (values: string[]): SQL => sql.join(values.map((v) => sql`${v}`), sql`, `);

/**
 * Each row of a view per month of the range, for some accounts: the service turns months into totals and
 * ratios. Cost stays in micros (integers sum exactly; divided once, by the service).
 */
export async function viewMonthSums(db: Database, brandId: string, view: GoogleView, customerIds: string[], range: DayRange): Promise<ViewMonthSums[]> {
  if (customerIds.length === 0) return [];
  return queryRows<ViewMonthSums>(
    db,
    sql`select v.customer_id, v.key, to_char(v.date, 'YYYYMM') as month, max(v.label) as label,
          max(v.campaign_name) as campaign_name, max(v.ad_group_name) as ad_group_name,
          (array_agg(v.attributes order by v.date desc))[1] as attributes,
          sum(v.cost_micros)::float8 as cost_micros, sum(v.clicks)::float8 as clicks, sum(v.impressions)::float8 as impressions,
          sum(v.conversions)::float8 as conversions, sum(v.conversions_value)::float8 as conversions_value
        from google_view_daily v
        where v.brand_id = ${brandId} and v.view = ${view} and v.customer_id in (${inList(customerIds)})
          and v.date between ${range.from} and ${range.to}
        group by v.customer_id, v.key, to_char(v.date, 'YYYYMM')`,
  );
}
