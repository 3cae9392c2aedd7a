import { sql, type SQL } from 'drizzle-orm';
import type { SearchTermSort } from '@parallels/contract/segment';
import type { DayRange } from '@parallels/contract/report-dates';
import { queryRows, type Database } from '../../db/client.js';
import { viewSource } from '../../db/google-views.sql.js';

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
 * (google_view_daily / google_view_monthly, view 'product'; or, when every account has one for exactly this
 * range, the preset summary: `presets`, the same sums and attributes). A product that ran but is no longer
 * listed keeps the attributes the view reported and the status UNKNOWN; a listed product without activity has zeros.
 */
export async function productSums(db: Database, brandId: string, customerIds: string[], range: DayRange, presets = false): Promise<ProductSums[]> {
  if (customerIds.length === 0) return [];
  const sums = presets
    ? sql`select v.customer_id, v.key, v.label as title, v.product_brand as brand, v.product_type, v.product_category as category,
          v.cost_micros::float8 as cost_micros, v.clicks::float8 as clicks, v.impressions::float8 as impressions,
          v.conversions::float8 as conversions, v.conversions_value::float8 as conversions_value
        from google_view_presets v
        where v.brand_id = ${brandId} and v.view = 'product' and v.from_date = ${range.from} and v.to_date = ${range.to} and v.customer_id in (${inList(customerIds)})`
    : sql`select v.customer_id, v.key, max(v.label) as title, max(v.attributes->>'brand') as brand, max(v.attributes->>'productType') as product_type,
          max(v.attributes->>'category') as category,
          sum(v.cost_micros)::float8 as cost_micros, sum(v.clicks)::float8 as clicks, sum(v.impressions)::float8 as impressions,
          sum(v.conversions)::float8 as conversions, sum(v.conversions_value)::float8 as conversions_value
        from ${viewSource(brandId, 'product', customerIds, range)} v
        group by v.customer_id, v.key`;
  return queryRows<ProductSums>(
    db,
    sql`with s as (${sums}), p as (
          select * from google_products where brand_id = ${brandId} and customer_id in (${inList(customerIds)})
        )
        select coalesce(p.customer_id, s.customer_id) as customer_id, coalesce(p.item_id, s.key) as item_id, coalesce(p.title, s.title) as title,
          coalesce(p.brand, s.brand) as brand, coalesce(p.product_type, s.product_type) as product_type, coalesce(p.category, s.category) as category,
          coalesce(p.status, 'UNKNOWN') as status, coalesce(p.issues, '[]'::jsonb) as issues,
          coalesce(s.cost_micros, 0) as cost_micros, coalesce(s.clicks, 0) as clicks, coalesce(s.impressions, 0) as impressions,
          coalesce(s.conversions, 0) as conversions, coalesce(s.conversions_value, 0) as conversions_value
        from p full join s on s.customer_id = p.customer_id and s.key = p.item_id
        order by 2, 1`, // item, then account: the same order (and float sums) from either source
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

/**
 * Search terms summed over the range: Google's row (term, match type, ad group) with its newest status. The
 * value's exact (numeric) sum beside the float8 one: the filtered total sums it, so it does not depend on the
 * order the terms are added in (and the preset summary's totals are the same number).
 */
function termsCte(brandId: string, customerIds: string[], range: DayRange): SQL {
  return sql`with t as (
      select v.customer_id, v.key, max(v.label) as search_term, max(v.attributes->>'matchType') as match_type,
        (array_agg(v.attributes->>'status' order by v.last_date desc))[1] as status,
        max(v.campaign_name) as campaign_name, max(v.ad_group_name) as ad_group_name,
        sum(v.cost_micros)::float8 as cost_micros, sum(v.clicks)::float8 as clicks, sum(v.impressions)::float8 as impressions,
        sum(v.conversions)::float8 as conversions, sum(v.conversions_value)::float8 as conversions_value, sum(v.conversions_value) as exact_value
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

/** The page asked: its size and number, and the header sort. */
export interface SearchTermPage {
  limit: number;
  page: number;
  sortBy: SearchTermSort;
  sortOrder: 'asc' | 'desc';
}

export interface SearchTermReport {
  records: number;
  cost_micros: number;
  conversions_value: number;
  /** the page asked for, clamped to the last page */
  page: number;
  rows: SearchTermSums[];
  pairs: Array<{ campaign_name: string; ad_group_name: string }>;
  statuses: string[];
}

const NO_TERMS: SearchTermReport = { records: 0, cost_micros: 0, conversions_value: 0, page: 1, rows: [], pairs: [], statuses: [] };
const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/**
 * The search-term call in one statement (decision 015, "Scale"): the terms are summed over the range once, then
 * counted and summed under the filters, paged (the page clamped to the last one) and sorted by a whitelisted
 * column (ties by identity), and the filters' choices (campaign/ad group pairs, statuses) read from the same sums.
 */
export async function searchTermReport(
  db: Database,
  brandId: string,
  customerIds: string[],
  range: DayRange,
  f: SearchTermFilter,
  page: SearchTermPage,
): Promise<SearchTermReport> {
  if (customerIds.length === 0) return NO_TERMS;
  const direction = page.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const [row] = await queryRows<{ totals: unknown; rows: unknown; pairs: unknown; statuses: unknown }>(
    db,
    sql`${termsCte(brandId, customerIds, range)}, n as (
        select count(*)::int as records, coalesce(sum(t.cost_micros), 0)::float8 as cost_micros, coalesce(sum(t.exact_value), 0)::float8 as conversions_value from t where ${termsWhere(f)}
      ), o as (
        select least(${page.page}::int, greatest(1, ceil(n.records::float8 / ${page.limit}::int)::int)) as page from n
      ), p as (
        select t.*, row_number() over (order by ${ORDER[page.sortBy]} ${direction} nulls last, t.customer_id, t.key) as rn from t where ${termsWhere(f)}
      )
      select (select json_build_object('records', n.records, 'cost_micros', n.cost_micros, 'conversions_value', n.conversions_value, 'page', o.page) from n, o) as totals,
        (select coalesce(json_agg(json_build_object('search_term', p.search_term, 'match_type', p.match_type, 'status', p.status, 'campaign_name', p.campaign_name,
            'ad_group_name', p.ad_group_name, 'cost_micros', p.cost_micros, 'clicks', p.clicks, 'impressions', p.impressions, 'conversions', p.conversions,
            'conversions_value', p.conversions_value) order by p.rn), '[]'::json)
          from p, o where p.rn > (o.page - 1) * ${page.limit}::int and p.rn <= o.page * ${page.limit}::int) as rows,
        (select coalesce(json_agg(json_build_object('campaign_name', x.campaign_name, 'ad_group_name', x.ad_group_name) order by x.campaign_name, x.ad_group_name), '[]'::json)
          from (select distinct t.campaign_name, t.ad_group_name from t where t.campaign_name is not null and t.ad_group_name is not null) x) as pairs,
        (select coalesce(json_agg(x.status order by x.status), '[]'::json) from (select distinct t.status from t where t.status is not null) x) as statuses`,
  );
  const totals = json<{ records: number; cost_micros: number; conversions_value: number; page: number }>(row!.totals);
  return { ...totals, rows: json<SearchTermSums[]>(row!.rows), pairs: json<SearchTermReport['pairs']>(row!.pairs), statuses: json<string[]>(row!.statuses) };
}

/**
 * searchTermReport from the preset summary (google_view_presets, view search_term) when every account has one
 * for exactly this range (the caller checks the build rows): the unfiltered count and sums and the filter
 * choices are the build rows', a filtered count scans the summary's narrow rows (no aggregation per term), and
 * the page is read in the asked order (Total cost, highest first, straight off an index). The same answer as
 * searchTermReport for the range.
 */
export async function presetSearchTermReport(
  db: Database,
  brandId: string,
  customerIds: string[],
  range: DayRange,
  f: SearchTermFilter,
  page: SearchTermPage,
): Promise<SearchTermReport> {
  if (customerIds.length === 0) return NO_TERMS;
  const ids = inList(customerIds);
  // the summary's rows under the statement's names and types (float8 sums; cost_micros stays the bigint column,
  // exact in float8 too, so the cost order is the index's)
  const terms = sql`(select p.customer_id, p.key, p.label as search_term, p.match_type, p.status, p.campaign_name, p.ad_group_name, p.cost_micros,
      p.clicks::float8 as clicks, p.impressions::float8 as impressions, p.conversions::float8 as conversions, p.conversions_value::float8 as conversions_value,
      p.conversions_value as exact_value
    from google_view_presets p
    where p.brand_id = ${brandId} and p.view = 'search_term' and p.from_date = ${range.from} and p.to_date = ${range.to} and p.customer_id in (${ids})) t`;
  const filtered = f.campaign !== undefined || f.adGroup !== undefined || f.status !== undefined;
  const [head] = await queryRows<{ records: number; cost_micros: number; conversions_value: number; pairs: unknown; statuses: unknown }>(
    db,
    sql`with b as (
        select b.keys, b.cost_micros, b.conversions_value, b.pairs, b.statuses from google_view_preset_builds b
        where b.brand_id = ${brandId} and b.view = 'search_term' and b.from_date = ${range.from} and b.to_date = ${range.to} and b.customer_id in (${ids})
      ), n as (
        ${
          filtered
            ? sql`select count(*)::int as records, coalesce(sum(t.cost_micros), 0)::float8 as cost_micros, coalesce(sum(t.exact_value), 0)::float8 as conversions_value from ${terms} where ${termsWhere(f)}`
            : sql`select coalesce(sum(b.keys), 0)::int as records, coalesce(sum(b.cost_micros), 0)::float8 as cost_micros, coalesce(sum(b.conversions_value), 0)::float8 as conversions_value from b`
        }
      )
      select n.records, n.cost_micros, n.conversions_value,
        (select coalesce(json_agg(json_build_object('campaign_name', x.campaign_name, 'ad_group_name', x.ad_group_name) order by x.campaign_name, x.ad_group_name), '[]'::json)
          from (select distinct e.campaign_name, e.ad_group_name from b cross join jsonb_to_recordset(b.pairs) e(campaign_name text, ad_group_name text)) x) as pairs,
        (select coalesce(json_agg(x.status order by x.status), '[]'::json) from (select distinct e.status from b cross join jsonb_array_elements_text(b.statuses) e(status)) x) as statuses
      from n`,
  );
  const records = Number(head!.records);
  // spec section 5: the page clamped to 1..the last page, as the statement clamps it
  const pageNo = Math.min(page.page, Math.max(1, Math.ceil(records / page.limit)));
  const direction = page.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const rows = await queryRows<SearchTermSums>(
    db,
    sql`select t.search_term, t.match_type, t.status, t.campaign_name, t.ad_group_name, t.cost_micros::float8 as cost_micros, t.clicks, t.impressions, t.conversions, t.conversions_value
      from ${terms}
      where ${termsWhere(f)}
      order by ${ORDER[page.sortBy]} ${direction} nulls last, t.customer_id, t.key
      limit ${page.limit} offset ${(pageNo - 1) * page.limit}`,
  );
  return { records, cost_micros: Number(head!.cost_micros), conversions_value: Number(head!.conversions_value), page: pageNo, rows, pairs: json<SearchTermReport['pairs']>(head!.pairs), statuses: json<string[]>(head!.statuses) };
}
