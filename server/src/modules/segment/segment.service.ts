import { microsToUnits } from '@parallels/contract/money';
import { ratio } from '@parallels/contract/metrics';
import type { DayRange, SourceStatus } from '@parallels/contract/report-dates';
import {
  BEST_PERFORMING,
  type BrandMetricsResponse,
  type CategoryMetricsResponse,
  type ProductMetricsResponse,
  type SearchTermMetricsQuery,
  type SearchTermMetricsResponse,
  type SearchTermRow,
  type SegmentCategory,
  type SegmentFilters,
  type SegmentMetrics,
  type SegmentMetricsRequest,
  type SegmentProduct,
  type TypeMetricsResponse,
} from '@parallels/contract/segment';
import type { AccessibleBrand } from '../auth/auth.sql.js';
import type { ReportDeps } from '../reports/report-deps.js';
import { assertSomethingSynced, loadReportSources, rangeCovered, resolveReportRange, sourceStatuses, throwIfReconnectNeeded } from '../reports/report-pipeline.js';
import { presetBuilds } from '../../db/google-view-presets.sql.js';
import { presetSearchTermReport, productSums, searchTermReport, type ProductSums } from './segment.sql.js';
import { addGoogleAdsSums, NO_GOOGLE_ADS_SUMS, type GoogleAdsSums } from '../google-reports/google-ads-sums.js';

// spec/reports.md "Segment dashboard" over every Google Ads account of the brand. Figures are null unless
// every account has synced every day of the range (missing, never a partial sum); ratios from sums
// (docs/decisions/015-google-ads-reports.md).


export function segmentMetrics(s: GoogleAdsSums, products: number, complete: boolean): SegmentMetrics {
  if (!complete) return { products, totalCost: null, ROAS: null, conversions: null, ConversionValue: null, ConversionRate: null, totalClicks: null, impressions: null, ctr: null, AvgCPC: null };
  const cost = microsToUnits(s.costMicros);
  return {
    products,
    totalCost: cost,
    ROAS: ratio(s.value, cost),
    conversions: s.conversions,
    ConversionValue: s.value,
    ConversionRate: ratio(s.conversions, s.clicks) * 100,
    totalClicks: s.clicks,
    impressions: s.impressions,
    ctr: ratio(s.clicks, s.impressions) * 100,
    AvgCPC: ratio(cost, s.clicks),
  };
}

interface Context {
  range: DayRange;
  complete: boolean;
  status: SourceStatus;
  customerIds: string[];
  finish: <T>(answer: T) => T;
}

/** The shared steps: range, sources, 409, coverage over every Google Ads account, 403 with the answer. */
async function context(deps: ReportDeps, brand: AccessibleBrand, body: { startDate: string; endDate: string }): Promise<Context> {
  const { today, range } = resolveReportRange(brand, body, deps.now());
  const sources = await loadReportSources(deps, brand.id, ['google_ads'] as const);
  assertSomethingSynced(sources);
  const statuses = sourceStatuses(sources, [range], today);
  return {
    range,
    complete: rangeCovered(sources.google_ads, range, today) === true,
    status: statuses.google_ads,
    customerIds: sources.google_ads.map((c) => c.accountId),
    finish: (answer) => {
      throwIfReconnectNeeded(statuses, answer);
      return answer;
    },
  };
}

const sumsOf = (p: ProductSums): GoogleAdsSums => ({ costMicros: p.cost_micros, clicks: p.clicks, impressions: p.impressions, conversions: p.conversions, value: p.conversions_value });
const levels = (path: string | null): string[] => (path ? path.split(' > ').map((s) => s.trim()).filter(Boolean) : []);

/** The drill-down filters: a brand, a product type, a category name (at a level, or any), a status. */
export function matchesSegmentFilters(p: Pick<ProductSums, 'brand' | 'product_type' | 'category' | 'status'>, f: SegmentFilters): boolean {
  if (f.brands !== undefined && p.brand !== f.brands) return false;
  if (f.productType !== undefined && p.product_type !== f.productType) return false;
  if (f.status !== undefined && p.status !== f.status) return false;
  if (f.categoryName !== undefined) {
    const path = levels(p.category);
    if (f.categoryLevel !== undefined ? path[f.categoryLevel - 1] !== f.categoryName : !path.includes(f.categoryName)) return false;
  }
  return true;
}

async function filteredProducts(deps: ReportDeps, brand: AccessibleBrand, body: SegmentMetricsRequest) {
  const ctx = await context(deps, brand, body);
  // the products' preset summary when every account has one for exactly this range (decision 015)
  const builds = await presetBuilds(deps.db, brand.id, 'product', ctx.customerIds, ctx.range);
  const rows = (await productSums(deps.db, brand.id, ctx.customerIds, ctx.range, builds !== null)).filter((p) => matchesSegmentFilters(p, body));
  return { ctx, rows };
}

const byCost = <T extends { metrics: SegmentMetrics }>(a: T, b: T) => (b.metrics.totalCost ?? -1) - (a.metrics.totalCost ?? -1);

/** POST /api/segment/productMetrics/{brandId}: every product with its status, issues and figures, cost first. */
export async function productMetrics(deps: ReportDeps, brand: AccessibleBrand, body: SegmentMetricsRequest): Promise<ProductMetricsResponse> {
  const { ctx, rows } = await filteredProducts(deps, brand, body);
  const productsData: SegmentProduct[] = rows
    .map((p) => ({
      customerId: p.customer_id,
      itemId: p.item_id,
      title: p.title,
      brand: p.brand,
      productType: p.product_type,
      category: p.category,
      status: p.status,
      issues: typeof p.issues === 'string' ? (JSON.parse(p.issues) as SegmentProduct['issues']) : p.issues,
      metrics: segmentMetrics(sumsOf(p), 1, ctx.complete),
    }))
    .sort((a, b) => byCost(a, b) || a.title.localeCompare(b.title));
  return ctx.finish({ success: true, range: ctx.range, status: ctx.status, productsData });
}

interface Group {
  sums: GoogleAdsSums;
  products: number;
}
function group<K>(rows: ProductSums[], keyOf: (p: ProductSums) => K): Map<K, Group> {
  const out = new Map<K, Group>();
  for (const p of rows) {
    const k = keyOf(p);
    const g = out.get(k) ?? { sums: NO_GOOGLE_ADS_SUMS, products: 0 };
    out.set(k, { sums: addGoogleAdsSums(g.sums, sumsOf(p)), products: g.products + 1 });
  }
  return out;
}

/** POST /api/segment/brandMetrics/{brandId}: products grouped by brand (null: products without one). */
export async function brandMetrics(deps: ReportDeps, brand: AccessibleBrand, body: SegmentMetricsRequest): Promise<BrandMetricsResponse> {
  const { ctx, rows } = await filteredProducts(deps, brand, body);
  const brandsData = [...group(rows, (p) => p.brand)].map(([b, g]) => ({ brand: b, metrics: segmentMetrics(g.sums, g.products, ctx.complete) })).sort((a, b) => byCost(a, b) || (a.brand ?? '').localeCompare(b.brand ?? ''));
  return ctx.finish({ success: true, range: ctx.range, status: ctx.status, brandsData });
}

/** POST /api/segment/typeMetrics/{brandId}: products grouped by their product type path. */
export async function typeMetrics(deps: ReportDeps, brand: AccessibleBrand, body: SegmentMetricsRequest): Promise<TypeMetricsResponse> {
  const { ctx, rows } = await filteredProducts(deps, brand, body);
  const productTypesData = [...group(rows, (p) => p.product_type)]
    .map(([t, g]) => ({ productType: t, metrics: segmentMetrics(g.sums, g.products, ctx.complete) }))
    .sort((a, b) => byCost(a, b) || (a.productType ?? '').localeCompare(b.productType ?? ''));
  return ctx.finish({ success: true, range: ctx.range, status: ctx.status, productTypesData });
}

export const UNCATEGORIZED = 'Uncategorized';

/** The category tree: each level of each product's taxonomy path sums the products under it. */
export function categoryTree(rows: ProductSums[], complete: boolean): SegmentCategory[] {
  interface Node {
    name: string;
    level: number;
    path: string;
    sums: GoogleAdsSums;
    products: number;
    children: Map<string, Node>;
  }
  const root = new Map<string, Node>();
  for (const p of rows) {
    const path = levels(p.category);
    let siblings = root;
    (path.length > 0 ? path : [UNCATEGORIZED]).forEach((name, i, all) => {
      let node = siblings.get(name);
      if (!node) {
        node = { name, level: i + 1, path: all.slice(0, i + 1).join(' > '), sums: NO_GOOGLE_ADS_SUMS, products: 0, children: new Map() };
        siblings.set(name, node);
      }
      node.sums = addGoogleAdsSums(node.sums, sumsOf(p));
      node.products += 1;
      siblings = node.children;
    });
  }
  const build = (nodes: Map<string, Node>): SegmentCategory[] =>
    [...nodes.values()]
      .map((n) => ({ name: n.name, level: n.level, path: n.path, subcategories: build(n.children), metrics: segmentMetrics(n.sums, n.products, complete) }))
      .sort((a, b) => byCost(a, b) || a.name.localeCompare(b.name));
  return build(root);
}

/** POST /api/segment/categoryMetrics/{brandId}: the recursive category rows. */
export async function categoryMetrics(deps: ReportDeps, brand: AccessibleBrand, body: SegmentMetricsRequest): Promise<CategoryMetricsResponse> {
  const { ctx, rows } = await filteredProducts(deps, brand, body);
  return ctx.finish({ success: true, range: ctx.range, status: ctx.status, categoriesData: categoryTree(rows, ctx.complete) });
}

/**
 * The performance label (the spec names only 'Best Performing Keyword'): a term with conversions whose value
 * per cost is at or above that of all the terms matching the filters is the best performing; a term without
 * conversions is 'No Conversions'; the rest are 'Low Performing Keyword'.
 */
export function performanceLabel(t: { costMicros: number; conversions: number; value: number }, overallPerCost: number): SearchTermRow['performance'] {
  if (t.conversions <= 0) return 'No Conversions';
  return ratio(t.value, microsToUnits(t.costMicros)) >= overallPerCost ? BEST_PERFORMING : 'Low Performing Keyword';
}

/** POST /api/segment/searchTermMetrics/{brandId}: one page of search terms with the filters' choices. */
export async function searchTermMetrics(deps: ReportDeps, brand: AccessibleBrand, body: SearchTermMetricsQuery): Promise<SearchTermMetricsResponse> {
  const ctx = await context(deps, brand, body);
  const filter = { campaign: body.campaign, adGroup: body.adGroup, status: body.status };
  const paging = { limit: body.limit, page: body.page, sortBy: body.sortBy, sortOrder: body.sortOrder };
  // every account with a preset summary for exactly this range: read it (decision 015, "Scale")
  const builds = await presetBuilds(deps.db, brand.id, 'search_term', ctx.customerIds, ctx.range);
  const report = await (builds ? presetSearchTermReport : searchTermReport)(deps.db, brand.id, ctx.customerIds, ctx.range, filter, paging);
  const totals = report;
  const totalPages = Math.max(1, Math.ceil(totals.records / body.limit));
  // spec section 5: page navigation is bounded to 1..total pages (clamped in the statement)
  const page = report.page;
  const rows = report.rows;
  const options = { pairs: report.pairs, statuses: report.statuses };
  const overall = ratio(totals.conversions_value, microsToUnits(totals.cost_micros));
  const data: SearchTermRow[] = rows.map((t) => {
    const f = segmentMetrics({ costMicros: t.cost_micros, clicks: t.clicks, impressions: t.impressions, conversions: t.conversions, value: t.conversions_value }, 1, ctx.complete);
    return {
      searchTerm: t.search_term,
      matchType: t.match_type,
      status: t.status,
      campaignName: t.campaign_name,
      adGroupName: t.ad_group_name,
      cost: f.totalCost,
      conversions: f.conversions,
      conversionsValue: f.ConversionValue,
      conversionsRate: f.ConversionRate,
      clicks: f.totalClicks,
      impressions: f.impressions,
      ctr: f.ctr,
      avg_cpc: f.AvgCPC,
      performance: ctx.complete ? performanceLabel({ costMicros: t.cost_micros, conversions: t.conversions, value: t.conversions_value }, overall) : null,
    };
  });
  const pairs = new Map<string, string[]>();
  for (const p of options.pairs) pairs.set(p.campaign_name, [...(pairs.get(p.campaign_name) ?? []), p.ad_group_name]);
  return ctx.finish({
    success: true,
    data,
    page,
    limit: body.limit,
    totalRecords: totals.records,
    totalPages,
    campaignAdGroupPairs: [...pairs].map(([campaignName, adGroups]) => ({ campaignName, adGroups })),
    statusOptions: options.statuses,
    message: ctx.complete ? '' : (ctx.status.message ?? ''),
    status: ctx.status,
  });
}
