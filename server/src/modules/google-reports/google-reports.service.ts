import { microsToUnits } from '@parallels/contract/money';
import { monthsOfRange } from '@parallels/contract/days';
import { ratio } from '@parallels/contract/metrics';
import {
  GOOGLE_REPORT_KEYS,
  type GoogleColumnFilter,
  type GooglePerformanceCategory,
  type GoogleReport,
  type GoogleReportAccount,
  type GoogleReportQuery,
  type GoogleReportResponse,
  type GoogleReportRow,
  type GoogleMonth,
} from '@parallels/contract/google-reports';
import type { DayRange } from '@parallels/contract/report-dates';
import type { AccessibleBrand } from '../auth/auth.sql.js';
import type { ReportDeps } from '../reports/report-deps.js';
import { assertSomethingSynced, loadReportSources, rangeCovered, resolveReportRange, sourceStatuses, throwIfReconnectNeeded } from '../reports/report-pipeline.js';
import { connectionStatus } from '../reports/source-status.js';
import { PRESET_VIEWS, presetBuilds } from '../../db/google-view-presets.sql.js';
import { presetReportPage, viewMonthSums, viewReportPage, type GoogleView, type PageRow, type ViewMonthSums } from './google-reports.sql.js';
import { NO_GOOGLE_ADS_SUMS, type GoogleAdsSums } from './google-ads-sums.js';

// spec/reports.md "Google Ads reports": one card per ad account, rows with totals and MonthlyData, the
// performance categories of the colour rule on Cost with Conv. Value/Cost, and the column filters on Total Cost
// and Conv. Value / Cost applied here (docs/decisions/015-google-ads-reports.md). A month (or a total) is null
// when any of its days has not synced for the account: missing, never a partial sum.

const VIEWS: Record<GoogleReport, GoogleView> = { searchTerm: 'search_term', keyword: 'keyword', age: 'age', gender: 'gender', product: 'product' };

const AGE_LABELS: Record<string, string> = {
  AGE_RANGE_18_24: '18-24',
  AGE_RANGE_25_34: '25-34',
  AGE_RANGE_35_44: '35-44',
  AGE_RANGE_45_54: '45-54',
  AGE_RANGE_55_64: '55-64',
  AGE_RANGE_65_UP: '65+',
  AGE_RANGE_UNDETERMINED: 'Undetermined',
};
const GENDER_LABELS: Record<string, string> = { MALE: 'Male', FEMALE: 'Female', UNDETERMINED: 'Undetermined' };

/** Google's enum names as people read them; anything new passes through as Google sends it. */
function labelOf(report: GoogleReport, raw: string): string {
  if (report === 'age') return AGE_LABELS[raw] ?? raw;
  if (report === 'gender') return GENDER_LABELS[raw] ?? raw;
  return raw;
}


/** Figures of summed facts: cost from micros divided once; every ratio from the sums, never averaged. */
function figures(s: GoogleAdsSums | null) {
  if (!s) return { cost: null, clicks: null, impressions: null, conversions: null, value: null, perCost: null, conversionRate: null, ctr: null, cpc: null };
  const cost = microsToUnits(s.costMicros);
  return {
    cost,
    clicks: s.clicks,
    impressions: s.impressions,
    conversions: s.conversions,
    value: s.value,
    perCost: ratio(s.value, cost),
    conversionRate: ratio(s.conversions, s.clicks) * 100,
    ctr: ratio(s.clicks, s.impressions) * 100,
    cpc: ratio(cost, s.clicks),
  };
}

/** The months of a range, newest first (YYYYMM), each with the part of the range inside it. */
function monthsOf(range: DayRange): Array<{ month: string; part: DayRange }> {
  return monthsOfRange(range).reverse();
}

export function matchesColumnFilter(value: number | null, filter: GoogleColumnFilter | undefined): boolean {
  if (!filter) return true;
  if (value === null) return false; // a missing figure matches no comparison
  switch (filter.operator) {
    case '>':
      return value > filter.value;
    case '>=':
      return value >= filter.value;
    case '<':
      return value < filter.value;
    case '<=':
      return value <= filter.value;
    case '==':
      // figures are shown to 2 decimals: 12.345678 is 12.35 on screen and == 12.35 should find it
      return Math.abs(value - filter.value) < 0.005;
  }
}

/**
 * spec section 9, "Performance colour rule": Cost with Conv. Value/Cost against their averages over the
 * account's rows. Both at or above: Top Performers; only cost: High Cost; only the return: High Conv.
 * Value/Cost; neither: Under Performers.
 */
export function performanceCategory(cost: number | null, perCost: number | null, averageCost: number, averagePerCost: number): GooglePerformanceCategory | null {
  if (cost === null || perCost === null) return null;
  const a = cost >= averageCost;
  const b = perCost >= averagePerCost;
  return a && b ? 'Top Performers' : a ? 'High Cost' : b ? 'High Conv. Value/Cost' : 'Under Performers';
}

function details(report: GoogleReport, r: ViewMonthSums): Record<string, string> {
  const attrs: Record<string, string> = typeof r.attributes === 'string' ? (JSON.parse(r.attributes) as Record<string, string>) : (r.attributes ?? {});
  const out: Record<string, string> = {};
  if (r.campaign_name) out.campaignName = r.campaign_name;
  if (r.ad_group_name) out.adGroupName = r.ad_group_name;
  if (attrs.matchType) out.matchType = attrs.matchType;
  if (attrs.status) out.status = attrs.status;
  if (report === 'product') {
    out.itemId = r.key;
    if (attrs.brand) out.brand = attrs.brand;
  }
  return out;
}

/** A page row with its months: months complete or null, totals complete or null (the SQL's sums), its category. */
function pageRow(report: GoogleReport, r: PageRow, monthRows: ViewMonthSums[], months: Array<{ month: string; complete: boolean }>, allComplete: boolean): GoogleReportRow {
  const sumsByMonth = new Map<string, GoogleAdsSums>();
  let first: ViewMonthSums | undefined;
  for (const m of monthRows) {
    if (!first || m.month > first.month) first = m; // the newest month's names and status
    sumsByMonth.set(m.month, { costMicros: m.cost_micros, clicks: m.clicks, impressions: m.impressions, conversions: m.conversions, value: m.conversions_value });
  }
  const monthly: GoogleMonth[] = months.map(({ month, complete }) => {
    const f = figures(complete ? (sumsByMonth.get(month) ?? NO_GOOGLE_ADS_SUMS) : null);
    return { Month: month, Cost: f.cost, Clicks: f.clicks, Impressions: f.impressions, Conversions: f.conversions, 'Conv. Value': f.value, 'Conv. Value/ Cost': f.perCost, 'Conversion Rate': f.conversionRate };
  });
  const total = figures(allComplete ? { costMicros: r.cost_micros, clicks: r.clicks, impressions: r.impressions, conversions: r.conversions, value: r.conversions_value } : null);
  return {
    key: r.key,
    label: labelOf(report, first?.label ?? r.key),
    details: first ? details(report, first) : {},
    'Total Cost': total.cost,
    'Total Clicks': total.clicks,
    'Total Impressions': total.impressions,
    'Total Conversions': total.conversions,
    'Total Conv. Value': total.value,
    'Conv. Value / Cost': total.perCost,
    'Conversion Rate': total.conversionRate,
    CTR: total.ctr,
    'Avg. CPC': total.cpc,
    category: allComplete ? r.category : null,
    MonthlyData: monthly,
  };
}

const NO_COUNTS: Record<GooglePerformanceCategory, number> = { 'Top Performers': 0, 'High Cost': 0, 'High Conv. Value/Cost': 0, 'Under Performers': 0 };

/**
 * POST /api/google/{report}/{brandId}: one entry per Google Ads account of the brand (or the one asked), each
 * with a page of its rows (Total Cost first) after the column filters and the chip, the chips' counts and the
 * rows' totals. The categories, filters, counts and paging run in SQL over every key of the range.
 */
export async function buildGoogleReport(deps: ReportDeps, brand: AccessibleBrand, report: GoogleReport, request: GoogleReportQuery): Promise<GoogleReportResponse> {
  const { today, range } = resolveReportRange(brand, request, deps.now());
  const sources = await loadReportSources(deps, brand.id, ['google_ads'] as const);
  assertSomethingSynced(sources);
  const conns = sources.google_ads.filter((c) => request.accountId === undefined || c.accountId === request.accountId);
  const months = monthsOf(range);
  const coverage = conns.map((conn) => ({
    conn,
    months: months.map(({ month, part }) => ({ month, complete: rangeCovered([conn], part, today) === true })),
    complete: rangeCovered([conn], range, today) === true,
  }));
  // accounts with every day synced are paged on their figures; the others (figures missing) by label
  const query = { costFilter: request.costFilter, convValuePerCostFilter: request.convValuePerCostFilter, category: request.category, limit: request.limit, offset: request.offset, sortBy: request.sortBy, sortOrder: request.sortOrder };
  const completeIds = coverage.filter((c) => c.complete).map((c) => c.conn.accountId);
  const partialIds = coverage.filter((c) => !c.complete).map((c) => c.conn.accountId);
  // accounts with a preset summary for exactly this range read it (decision 015, "Scale")
  const view = VIEWS[report];
  const summaries = (ids: string[]) => (PRESET_VIEWS.includes(view) ? presetBuilds(deps.db, brand.id, view, ids, range) : Promise.resolve(null));
  const page = async (ids: string[], complete: boolean) => {
    const builds = await summaries(ids);
    return builds ? presetReportPage(deps.db, brand.id, view, builds, range, { ...query, complete }) : viewReportPage(deps.db, brand.id, view, ids, range, { ...query, complete });
  };
  const [full, partial] = await Promise.all([page(completeIds, true), page(partialIds, false)]);
  const stats = new Map([...full.stats, ...partial.stats].map((s) => [s.customer_id, s]));
  const pageRows = [...full.rows, ...partial.rows];
  const monthSums = await viewMonthSums(deps.db, brand.id, view, range, pageRows.map((r) => ({ customerId: r.customer_id, key: r.key })));
  const monthsByKey = new Map<string, ViewMonthSums[]>();
  for (const m of monthSums) {
    const id = `${m.customer_id}\u0000${m.key}`;
    monthsByKey.set(id, [...(monthsByKey.get(id) ?? []), m]);
  }

  const data: GoogleReportAccount[] = coverage.map(({ conn, months: accountMonths, complete }) => {
    const status = connectionStatus(conn, [range], today);
    const s = stats.get(conn.accountId);
    const categoryCounts = s ? { 'Top Performers': s.top, 'High Cost': s.high_cost, 'High Conv. Value/Cost': s.high_return, 'Under Performers': s.under } : NO_COUNTS;
    const filtered = s?.filtered_rows ?? 0;
    const rows = pageRows.filter((r) => r.customer_id === conn.accountId).map((r) => pageRow(report, r, monthsByKey.get(`${r.customer_id}\u0000${r.key}`) ?? [], accountMonths, complete));
    return {
      accountId: conn.accountId,
      accountName: conn.accountName,
      error: status.state === 'failing' ? status.message : null,
      status,
      totalRows: s?.total_rows ?? 0,
      matchingRows: request.category ? categoryCounts[request.category] : filtered,
      categoryCounts,
      offset: request.offset,
      [GOOGLE_REPORT_KEYS[report]]: rows,
    };
  });

  const status = sourceStatuses(sources, [range], today);
  const answer: GoogleReportResponse = { success: true, data, range, months: months.map((m) => m.month), status: status.google_ads, currency: brand.currency };
  throwIfReconnectNeeded(status, answer);
  return answer;
}
