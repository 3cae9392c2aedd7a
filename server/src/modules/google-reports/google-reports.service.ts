import { ratio } from '@parallels/contract/metrics';
import {
  GOOGLE_REPORT_KEYS,
  type GoogleColumnFilter,
  type GooglePerformanceCategory,
  type GoogleReport,
  type GoogleReportAccount,
  type GoogleReportRequest,
  type GoogleReportResponse,
  type GoogleReportRow,
  type GoogleMonth,
} from '@parallels/contract/google-reports';
import type { DayRange } from '@parallels/contract/report-dates';
import type { AccessibleBrand } from '../auth/auth.sql.js';
import type { ReportDeps } from '../reports/report-deps.js';
import { assertSomethingSynced, coveredDays, daysOfRange, loadReportSources, resolveReportRange, sourceStatuses, throwIfReconnectNeeded } from '../reports/report-pipeline.js';
import { connectionStatus } from '../reports/source-status.js';
import { viewMonthSums, type GoogleView, type ViewMonthSums } from './google-reports.sql.js';

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

interface Sums {
  costMicros: number;
  clicks: number;
  impressions: number;
  conversions: number;
  value: number;
}

const ZERO: Sums = { costMicros: 0, clicks: 0, impressions: 0, conversions: 0, value: 0 };
const plus = (a: Sums, b: Sums): Sums => ({
  costMicros: a.costMicros + b.costMicros,
  clicks: a.clicks + b.clicks,
  impressions: a.impressions + b.impressions,
  conversions: a.conversions + b.conversions,
  value: a.value + b.value,
});

/** Figures of summed facts: cost from micros divided once; every ratio from the sums, never averaged. */
function figures(s: Sums | null) {
  if (!s) return { cost: null, clicks: null, impressions: null, conversions: null, value: null, perCost: null, conversionRate: null, ctr: null, cpc: null };
  const cost = s.costMicros / 1e6;
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

/** The months of a range, newest first, each with its days (YYYYMM). */
function monthsOf(range: DayRange): Array<{ month: string; days: string[] }> {
  const byMonth = new Map<string, string[]>();
  for (const d of daysOfRange(range)) {
    const m = `${d.slice(0, 4)}${d.slice(5, 7)}`;
    const list = byMonth.get(m);
    if (list) list.push(d);
    else byMonth.set(m, [d]);
  }
  return [...byMonth.entries()].sort(([a], [b]) => (a < b ? 1 : -1)).map(([month, days]) => ({ month, days }));
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

/** One account's rows: months complete or null, totals complete or null, categories, filters, cost first. */
function accountRows(report: GoogleReport, sums: ViewMonthSums[], months: Array<{ month: string; complete: boolean }>, allComplete: boolean, request: GoogleReportRequest) {
  const byKey = new Map<string, { first: ViewMonthSums; months: Map<string, Sums> }>();
  for (const r of sums) {
    let entry = byKey.get(r.key);
    if (!entry) {
      entry = { first: r, months: new Map() };
      byKey.set(r.key, entry);
    } else if (r.month > entry.first.month) entry.first = r; // the newest month's names and status
    entry.months.set(r.month, { costMicros: r.cost_micros, clicks: r.clicks, impressions: r.impressions, conversions: r.conversions, value: r.conversions_value });
  }

  const rows = [...byKey.entries()].map(([key, { first, months: sumsByMonth }]) => {
    const monthly: GoogleMonth[] = months.map(({ month, complete }) => {
      const f = figures(complete ? (sumsByMonth.get(month) ?? ZERO) : null);
      return { Month: month, Cost: f.cost, Clicks: f.clicks, Impressions: f.impressions, Conversions: f.conversions, 'Conv. Value': f.value, 'Conv. Value/ Cost': f.perCost, 'Conversion Rate': f.conversionRate };
    });
    const total = figures(allComplete ? [...sumsByMonth.values()].reduce(plus, ZERO) : null);
    return {
      key,
      label: labelOf(report, first.label),
      details: details(report, first),
      'Total Cost': total.cost,
      'Total Clicks': total.clicks,
      'Total Impressions': total.impressions,
      'Total Conversions': total.conversions,
      'Total Conv. Value': total.value,
      'Conv. Value / Cost': total.perCost,
      'Conversion Rate': total.conversionRate,
      CTR: total.ctr,
      'Avg. CPC': total.cpc,
      category: null,
      MonthlyData: monthly,
    } satisfies GoogleReportRow as GoogleReportRow;
  });

  const known = rows.filter((r) => r['Total Cost'] !== null && r['Conv. Value / Cost'] !== null);
  const mean = (values: number[]) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);
  const averageCost = mean(known.map((r) => r['Total Cost']!));
  const averagePerCost = mean(known.map((r) => r['Conv. Value / Cost']!));
  for (const r of rows) r.category = performanceCategory(r['Total Cost'], r['Conv. Value / Cost'], averageCost, averagePerCost);

  const shown = rows
    .filter((r) => matchesColumnFilter(r['Total Cost'], request.costFilter) && matchesColumnFilter(r['Conv. Value / Cost'], request.convValuePerCostFilter))
    .sort((a, b) => (b['Total Cost'] ?? -1) - (a['Total Cost'] ?? -1) || a.label.localeCompare(b.label) || a.key.localeCompare(b.key));
  return { total: rows.length, rows: shown };
}

/** POST /api/google/{report}/{brandId}: one entry per Google Ads account of the brand. */
export async function buildGoogleReport(deps: ReportDeps, brand: AccessibleBrand, report: GoogleReport, request: GoogleReportRequest): Promise<GoogleReportResponse> {
  const { today, range } = resolveReportRange(brand, request, deps.now());
  const sources = await loadReportSources(deps, brand.id, ['google_ads'] as const);
  assertSomethingSynced(sources);
  const conns = sources.google_ads;
  const sums = await viewMonthSums(deps.db, brand.id, VIEWS[report], conns.map((c) => c.accountId), range);
  const months = monthsOf(range);
  const days = daysOfRange(range);

  const data: GoogleReportAccount[] = conns.map((conn) => {
    const covered = coveredDays([conn], days, today) ?? new Set<string>();
    const status = connectionStatus(conn, [range], today);
    const { total, rows } = accountRows(
      report,
      sums.filter((s) => s.customer_id === conn.accountId),
      months.map(({ month, days: ds }) => ({ month, complete: ds.every((d) => covered.has(d)) })),
      days.every((d) => covered.has(d)),
      request,
    );
    return {
      accountId: conn.accountId,
      accountName: conn.accountName,
      error: status.state === 'failing' ? status.message : null,
      status,
      totalRows: total,
      [GOOGLE_REPORT_KEYS[report]]: rows,
    };
  });

  const status = sourceStatuses(sources, [range], today);
  const answer: GoogleReportResponse = { success: true, data, range, months: months.map((m) => m.month), status: status.google_ads, currency: brand.currency };
  throwIfReconnectNeeded(status, answer);
  return answer;
}
