import { sql, type SQL } from 'drizzle-orm';
import type { SearchTermSort } from '@parallels/contract/segment';
import type { DayRange } from '@parallels/contract/report-dates';
import { queryRows, type Database } from '../../db/client.js';
import { viewSource } from '../google-reports/google-reports.sql.js';

const inList = (values: string[]): SQL => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** One product with its sums over the range (zeros when it had no activity); cost in micros. */
export interface ProductSums {
  customer_id: string;
  item_id: string;
  title: string;
  brand: string | null;
  product_type: string | null;
  category: string | null;
  status: string;
  issues: Array<{ description: string; severity?: string }> | string;
  cost_micros: number;
  clicks: number;
  impressions: number;
  conversions: number;
  conversions_value: number;
}

/**
 * Merchant Center products (google_products: status and issues now) beside their shopping sums over the range
 * (google_view_daily / google_view_monthly, view 'product'). A product that ran but is no longer listed keeps the attributes the
 * view reported and the status UNKNOWN; a listed product without activity has zeros.
 */
export async function productSums(db: Database, brandId: string, customerIds: string[], range: DayRange): Promise<ProductSums[]> {
  if (customerIds.length === 0) return [];
  return queryRows<ProductSums>(
    db,
    sql`with s as (
          select v.customer_id, v.key, max(v.label) as title, max(v.attributes->>'brand') as brand, max(v.attributes->>'productType') as product_type,
            max(v.attributes->>'category') as category,
            sum(v.cost_micros)::float8 as cost_micros, sum(v.clicks)::float8 as clicks, sum(v.impressions)::float8 as impressions,
            sum(v.conversions)::float8 as conversions, sum(v.conversions_value)::float8 as conversions_value
          from ${viewSource(brandId, 'product', customerIds, range)} v
          group by v.customer_id, v.key
        ), p as (
          select * from google_products where brand_id = ${brandId} and customer_id in (${inList(customerIds)})
        )
        select coalesce(p.customer_id, s.customer_id) as customer_id, coalesce(p.item_id, s.key) as item_id, coalesce(p.title, s.title) as title,
          coalesce(p.brand, s.brand) as brand, coalesce(p.product_type, s.product_type) as product_type, coalesce(p.category, s.category) as category,
          coalesce(p.status, 'UNKNOWN') as status, coalesce(p.issues, '[]'::jsonb) as issues,
          coalesce(s.cost_micros, 0) as cost_micros, coalesce(s.clicks, 0) as clicks, coalesce(s.impressions, 0) as impressions,
          coalesce(s.conversions, 0) as conversions, coalesce(s.conversions_value, 0) as conversions_value
        from p full join s on s.customer_id = p.customer_id and s.key = p.item_id
        order by 2`,
  );
}

export interface SearchTermFilter {
  campaign?: string;
  adGroup?: string;
  status?: string;
}

export interface SearchTermSums {
  search_term: string;
  match_type: string | null;
  status: string | null;
  campaign_name: string | null;
  ad_group_name: string | null;
  cost_micros: number;
  clicks: number;
  impressions: number;
  conversions: number;
  conversions_value: number;
}

/** Search terms summed over the range: Google's row (term, match type, ad group) with its newest status. */
function termsCte(brandId: string, customerIds: string[], range: DayRange): SQL {
  return sql`with t as (
      select v.customer_id, v.key, max(v.label) as search_term, max(v.attributes->>'matchType') as match_type,
        (array_agg(v.attributes->>'status' order by v.last_date desc))[1] as status,
        max(v.campaign_name) as campaign_name, max(v.ad_group_name) as ad_group_name,
        sum(v.cost_micros)::float8 as cost_micros, sum(v.clicks)::float8 as clicks, sum(v.impressions)::float8 as impressions,
        sum(v.conversions)::float8 as conversions, sum(v.conversions_value)::float8 as conversions_value
      from ${viewSource(brandId, 'search_term', customerIds, range)} v
      group by v.customer_id, v.key
    )`;
}

function termsWhere(f: SearchTermFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.campaign) parts.push(sql`t.campaign_name = ${f.campaign}`);
  if (f.adGroup) parts.push(sql`t.ad_group_name = ${f.adGroup}`);
  if (f.status) parts.push(sql`t.status = ${f.status}`);
  return sql.join(parts, sql` and `);
}

// Whitelisted sort expressions: ratios from the sums, like the figures shown.
const ORDER: Record<SearchTermSort, SQL> = {
  searchTerm: sql`t.search_term`,
  matchType: sql`t.match_type`,
  status: sql`t.status`,
  campaignName: sql`t.campaign_name`,
  adGroupName: sql`t.ad_group_name`,
  cost: sql`t.cost_micros`,
  conversions: sql`t.conversions`,
  conversionsValue: sql`t.conversions_value`,
  conversionsRate: sql`t.conversions / nullif(t.clicks, 0)`,
  clicks: sql`t.clicks`,
  ctr: sql`t.clicks / nullif(t.impressions, 0)`,
  avg_cpc: sql`t.cost_micros / nullif(t.clicks, 0)`,
};

/** How many terms match the filters, and their summed cost and value (the performance label's yardstick). */
export async function searchTermTotals(db: Database, brandId: string, customerIds: string[], range: DayRange, f: SearchTermFilter): Promise<{ records: number; cost_micros: number; conversions_value: number }> {
  if (customerIds.length === 0) return { records: 0, cost_micros: 0, conversions_value: 0 };
  const [row] = await queryRows<{ records: number; cost_micros: number | null; conversions_value: number | null }>(
    db,
    sql`${termsCte(brandId, customerIds, range)} select count(*)::int as records, sum(t.cost_micros)::float8 as cost_micros, sum(t.conversions_value)::float8 as conversions_value from t where ${termsWhere(f)}`,
  );
  return { records: Number(row?.records ?? 0), cost_micros: row?.cost_micros ?? 0, conversions_value: row?.conversions_value ?? 0 };
}

/** One page of terms, sorted by a whitelisted column (ties by identity, so pages never overlap). */
export async function searchTermPage(
  db: Database,
  brandId: string,
  customerIds: string[],
  range: DayRange,
  f: SearchTermFilter,
  page: { limit: number; offset: number; sortBy: SearchTermSort; sortOrder: 'asc' | 'desc' },
): Promise<SearchTermSums[]> {
  if (customerIds.length === 0) return [];
  const direction = page.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  return queryRows<SearchTermSums>(
    db,
    sql`${termsCte(brandId, customerIds, range)}
      select t.search_term, t.match_type, t.status, t.campaign_name, t.ad_group_name, t.cost_micros, t.clicks, t.impressions, t.conversions, t.conversions_value
      from t where ${termsWhere(f)}
      order by ${ORDER[page.sortBy]} ${direction} nulls last, t.customer_id, t.key
      limit ${page.limit} offset ${page.offset}`,
  );
}

/** The filters' choices over the range: each campaign with its ad groups, and the statuses seen. */
export async function searchTermOptions(db: Database, brandId: string, customerIds: string[], range: DayRange): Promise<{ pairs: Array<{ campaign_name: string; ad_group_name: string }>; statuses: string[] }> {
  if (customerIds.length === 0) return { pairs: [], statuses: [] };
  const pairs = await queryRows<{ campaign_name: string; ad_group_name: string }>(
    db,
    sql`select distinct v.campaign_name, v.ad_group_name from ${viewSource(brandId, 'search_term', customerIds, range)} v
        where v.campaign_name is not null and v.ad_group_name is not null
        order by 1, 2`,
  );
  const statuses = await queryRows<{ status: string }>(
    db,
    sql`${termsCte(brandId, customerIds, range)} select distinct t.status from t where t.status is not null order by 1`,
  );
  return { pairs, statuses: statuses.map((s) => s.status) };
}
