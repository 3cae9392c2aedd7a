import { eachDay } from '@parallels/contract/days';
import { compareMetric, ratio, type MetricComparison } from '@parallels/contract/metrics';
import {
  PERFORMANCE_FIGURES,
  PERFORMANCE_SOURCES,
  type DailyPerformance,
  type MonthlyPerformance,
  type PerformanceFigures,
  type PerformanceReport,
  type ReportQuery,
} from '@parallels/contract/marketing-insights';
import type { DayRange } from '@parallels/contract/report-dates';
import type { AccessibleBrand } from '../auth/auth.sql.js';
import type { ReportDeps } from '../reports/report-deps.js';
import {
  assertSomethingSynced,
  coveredDays,
  keepBrandCurrency,
  loadReportSources,
  resolveReportRange,
  sourceStatuses,
  throwIfReconnectNeeded,
  type ReportSources,
} from '../reports/report-pipeline.js';
import { dailySums, type DaySums } from './marketing-insights.sql.js';

// spec/reports.md "Cross-platform performance table": sales, spend and returns by month, expandable to days.
// A source's figure is null for a day its connections have not all synced; a month (or a total) is null when
// any of its days is. A source that is not connected contributes nothing to the cross-platform sums (Total
// Spend of a Meta-only brand is its Meta spend) and its own columns are null (docs/decisions/011).

type Sources = ReportSources<(typeof PERFORMANCE_SOURCES)[number]>;

/** The raw sums a row's figures derive from; null = missing, undefined = source not connected. */
interface Sums {
  store: number | null | undefined;
  refunds: number | null | undefined;
  metaSpend: number | null | undefined;
  metaRevenue: number | null | undefined;
  googleSpend: number | null | undefined;
  googleRevenue: number | null | undefined;
}

const add = (a: number | null | undefined, b: number | null | undefined): number | null | undefined => {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a === null || b === null ? null : a + b;
};

/** The two figures a source's absence never makes zero: missing stays null, not connected becomes null. */
const shown = (v: number | null | undefined): number | null => (v === undefined ? null : v);
const div = (a: number | null | undefined, b: number | null | undefined): number | null => (a == null || b == null ? null : ratio(a, b));

function figuresOf(s: Sums): PerformanceFigures {
  const totalSpend = add(s.metaSpend, s.googleSpend);
  const adSales = add(s.metaRevenue, s.googleRevenue);
  return {
    totalSales: shown(s.store),
    refundAmount: shown(s.refunds),
    totalSpend: shown(totalSpend),
    metaSpend: shown(s.metaSpend),
    metaRevenue: shown(s.metaRevenue),
    metaROAS: div(s.metaRevenue, s.metaSpend),
    googleSpend: shown(s.googleSpend),
    googleRevenue: shown(s.googleRevenue),
    googleROAS: div(s.googleRevenue, s.googleSpend),
    adSales: shown(adSales),
    roi: div(s.store, totalSpend),
    grossROI: div(adSales, totalSpend),
  };
}

function sumsAdd(a: Sums, b: Sums): Sums {
  return {
    store: add(a.store, b.store),
    refunds: add(a.refunds, b.refunds),
    metaSpend: add(a.metaSpend, b.metaSpend),
    metaRevenue: add(a.metaRevenue, b.metaRevenue),
    googleSpend: add(a.googleSpend, b.googleSpend),
    googleRevenue: add(a.googleRevenue, b.googleRevenue),
  };
}

const NOTHING: Sums = { store: undefined, refunds: undefined, metaSpend: undefined, metaRevenue: undefined, googleSpend: undefined, googleRevenue: undefined };

/** Every day's sums over the range: a synced day without rows is a real zero, an unsynced day is null. */
function daySums(range: DayRange, rows: DaySums[], sources: Sources, today: string): Map<string, Sums> {
  const days = eachDay(range);
  const cover = { store: coveredDays(sources.shopify, days, today), meta: coveredDays(sources.meta, days, today), google: coveredDays(sources.google_ads, days, today) };
  // one map per source keyed by day: no key strings built per lookup (this runs for ~1,500 days with compare)
  const bySource: Record<DaySums['source'], Map<string, DaySums>> = { store: new Map(), refunds: new Map(), meta: new Map(), google_ads: new Map() };
  for (const r of rows) bySource[r.source].set(r.date, r);
  const value = (covered: Set<string> | null, source: DaySums['source'], day: string, field: 'amount' | 'revenue'): number | null | undefined => {
    if (covered === null) return undefined;
    if (!covered.has(day)) return null;
    return bySource[source].get(day)?.[field] ?? 0;
  };
  return new Map(
    days.map((d) => [
      d,
      {
        store: value(cover.store, 'store', d, 'amount'),
        refunds: value(cover.store, 'refunds', d, 'amount'),
        metaSpend: value(cover.meta, 'meta', d, 'amount'),
        metaRevenue: value(cover.meta, 'meta', d, 'revenue'),
        googleSpend: value(cover.google, 'google_ads', d, 'amount'),
        googleRevenue: value(cover.google, 'google_ads', d, 'revenue'),
      },
    ]),
  );
}

/** Monthly rows, newest month first, each with its days (oldest first, as the spec's dailyMetrics), and the range total. */
function monthlyRows(days: Map<string, Sums>): { rows: MonthlyPerformance[]; total: Sums } {
  const months = new Map<string, { sums: Sums; days: DailyPerformance[] }>();
  let total = NOTHING;
  let first = true;
  for (const [date, sums] of days) {
    const key = date.slice(0, 7);
    let month = months.get(key);
    if (!month) {
      month = { sums: sums, days: [] };
      months.set(key, month);
    } else month.sums = sumsAdd(month.sums, sums);
    total = first ? sums : sumsAdd(total, sums);
    first = false;
    month.days.push({ _id: date, date, ...figuresOf(sums) });
  }
  const rows = [...months.entries()]
    .sort(([a], [b]) => (a < b ? 1 : -1))
    .map(([key, m]) => {
      const figures = figuresOf(m.sums);
      return { year: Number(key.slice(0, 4)), month: Number(key.slice(5, 7)), ...figures, shopifySales: figures.totalSales, dailyMetrics: m.days };
    });
  return { rows, total };
}

/** GET /api/report/{brandId}: the cross-platform performance table for a range (and its compare range). */
export async function buildPerformanceReport(deps: ReportDeps, brand: AccessibleBrand, query: ReportQuery): Promise<PerformanceReport> {
  const { today, range, compare } = resolveReportRange(brand, query, deps.now());
  const loaded: Sources = await loadReportSources(deps, brand.id, PERFORMANCE_SOURCES);
  assertSomethingSynced(loaded);
  // an ad account in another currency is never added to the brand's figures (issue 15): listed apart
  const { sources, otherCurrency } = keepBrandCurrency(loaded, brand.currency);
  const ranges = compare ? [range, compare] : [range];
  const accounts = { shops: sources.shopify.map((c) => c.accountId), meta: sources.meta.map((c) => c.accountId), google: sources.google_ads.map((c) => c.accountId) };
  const rows = await dailySums(deps.db, brand.id, accounts, ranges);

  const current = monthlyRows(daySums(range, rows, sources, today));
  const previous = compare ? monthlyRows(daySums(compare, rows, sources, today)) : null;
  const currentTotals = figuresOf(current.total);
  const previousTotals = previous ? figuresOf(previous.total) : null;
  const totals: Record<string, MetricComparison> = {};
  for (const name of PERFORMANCE_FIGURES) totals[name] = compareMetric(currentTotals[name], previousTotals?.[name] ?? null);

  const status = sourceStatuses(sources, ranges, today);
  const report: PerformanceReport = {
    success: true,
    data: current.rows,
    totals,
    range,
    compare: compare && previous ? { ...compare, data: previous.rows } : null,
    status,
    currency: brand.currency,
    ...(otherCurrency.length > 0 ? { otherCurrencyAccounts: otherCurrency } : {}),
  };
  throwIfReconnectNeeded(status, report);
  return report;
}
