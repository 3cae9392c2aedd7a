import type { Platform } from '@parallels/contract/brands';
import { adRatios, compareMetric, funnelRates, ratio, type MetricComparison } from '@parallels/contract/metrics';
import type { DayRange } from '@parallels/contract/report-dates';
import {
  SERIES_MAX_DAYS,
  SUMMARY_METRICS,
  type PeriodDays,
  type PeriodMetrics,
  type SummaryBody,
  type SummaryPeriod,
  type SummaryResponse,
  type SummarySource,
} from '@parallels/contract/summary';
import type { ReportDeps } from '../reports/report-deps.js';
import { addDays, dayCount, eachDay, todayIn } from '@parallels/contract/days';
import { customPeriod, summaryPeriods } from '../reports/report-days.js';
import { assertReportDatesInRange } from '../reports/report-bounds.js';
import { assertSomethingSynced, inBrandCurrency, loadPlatformSources, reconnectNeeded } from '../reports/report-pipeline.js';
import { connectionCovers, sourceStatus, type SourceConnection } from '../reports/source-status.js';
import type { AccessibleBrand } from '../auth/auth.sql.js';
import { sumAdAccounts, sumAdSpend, sumGa4Funnel, sumStore, type AdSums, type FunnelSums, type StoreSums } from './summary.sql.js';

const PLATFORM_OF: Record<SummarySource, Platform> = { shopify: 'shopify', 'facebook-ads': 'meta', 'google-ads': 'google_ads', analytics: 'ga4' };

/** A store period's sums with the Meta and Google spend beside them (null where that spend has not all synced). */
interface StorePeriodSums extends StoreSums {
  adSpend: number | null;
}

/** A period's metric values from its sums, per source (spec core.md section 3, "Performance summary"). */
function metricValues(source: SummarySource, sums: AdSums | FunnelSums | StorePeriodSums): Record<string, number | null> {
  if (source === 'shopify') {
    const s = sums as StorePeriodSums;
    return {
      totalSales: s.sales,
      orders: s.orders,
      averageOrderValue: ratio(s.sales, s.orders),
      returns: s.returns,
      // no ad spend (none connected, or none spent) has no return on it: unknown, not 0
      blendedRoas: s.adSpend ? s.sales / s.adSpend : null,
    };
  }
  if (source === 'analytics') {
    const f = sums as FunnelSums;
    return { sessions: f.sessions, addToCarts: f.addToCarts, checkouts: f.checkouts, purchases: f.purchases, ...funnelRates(f) };
  }
  const a = sums as AdSums;
  const { roas } = adRatios(a);
  return source === 'facebook-ads' ? { metaspend: a.spend, metaroas: roas } : { spend: a.spend, roas };
}

/**
 * The dashboard's performance overview for one source: yesterday, the last 7 and 30 days (and the range in
 * the body, when given), each against the period before it (or the compare range). A period whose days have
 * not all synced has null values: missing, never zero.
 */
export async function buildSummary(deps: ReportDeps, brand: AccessibleBrand, source: SummarySource, body: SummaryBody): Promise<SummaryResponse> {
  const brandId = brand.id;
  const today = todayIn(brand.timezone, deps.now());
  if (body) assertReportDatesInRange({ startDate: body.startDate, endDate: body.endDate, compareStartDate: body.compareStartDate, compareEndDate: body.compareEndDate }, today);
  const periods: Partial<Record<SummaryPeriod, PeriodDays>> = summaryPeriods(today);
  if (body?.startDate && body.endDate) {
    const compare = body.compareStartDate && body.compareEndDate ? { from: body.compareStartDate, to: body.compareEndDate } : undefined;
    // Today is not over (a sync never reads it): a range running into today ends yesterday, so it is compared
    // with an equally long period of whole days. A range of today alone stays today: partial, shown as such.
    const yesterday = addDays(today, -1);
    const to = body.endDate === today && body.startDate <= yesterday ? yesterday : body.endDate;
    periods.custom = customPeriod({ from: body.startDate, to }, compare);
  }
  const platform = PLATFORM_OF[source];
  // an ad account in another currency is never added to the brand's figures (issue 15): listed apart
  const all = await loadPlatformSources(deps, brandId, platform);
  const conns = all.filter((c) => inBrandCurrency(c, brand.currency));
  const otherCurrency = all.filter((c) => !inBrandCurrency(c, brand.currency)).map((c) => ({ accountId: c.accountId, accountName: c.accountName, currency: c.currency! }));
  const ranges: Record<string, DayRange> = {};
  for (const [key, p] of Object.entries(periods)) {
    ranges[`${key}:current`] = { from: p.from, to: p.to };
    ranges[`${key}:previous`] = { from: p.previousFrom, to: p.previousTo };
  }
  const status = sourceStatus(conns, Object.values(ranges), today);
  const response: SummaryResponse = {
    success: true,
    periodData: null,
    periods: periods as SummaryResponse['periods'],
    status,
    currency: brand.currency,
    today,
    ...(otherCurrency.length > 0 ? { otherCurrencyAccounts: otherCurrency } : {}),
  };
  if (conns.length === 0) return response;
  assertSomethingSynced({ [platform]: conns });

  const accountIds = conns.map((c) => c.accountId);
  const sums = await sumsOf(deps, brand, platform, accountIds, ranges, today);
  const valuesFor = (key: string) => (everyCovers(conns, ranges[key]!, today) ? metricValues(source, sums[key]!) : null);

  const periodData: Record<string, PeriodMetrics> = {};
  for (const key of Object.keys(periods)) {
    const current = valuesFor(`${key}:current`);
    const previous = valuesFor(`${key}:previous`);
    const metrics: Record<string, MetricComparison> = {};
    for (const name of SUMMARY_METRICS[source]) metrics[name] = compareMetric(current?.[name] ?? null, previous?.[name] ?? null);
    periodData[key] = metrics;
  }
  response.periodData = periodData as SummaryResponse['periodData'];
  response.series = await dailySeries(deps, brand, source, platform, conns, periods, today);
  if (status.state === 'needs_reconnect') throw reconnectNeeded(platform, response);
  return response;
}

/** Each range's sums for the source's accounts; the store's with the Meta and Google spend of the same days. */
async function sumsOf(deps: ReportDeps, brand: AccessibleBrand, platform: Platform, accountIds: string[], ranges: Record<string, DayRange>, today: string): Promise<Record<string, AdSums | FunnelSums | StorePeriodSums>> {
  const brandId = brand.id;
  if (platform === 'ga4') return sumGa4Funnel(deps.db, brandId, accountIds, ranges);
  if (platform !== 'shopify') return sumAdAccounts(deps.db, brandId, platform, accountIds, ranges);
  const adConns = [...(await loadPlatformSources(deps, brandId, 'meta')), ...(await loadPlatformSources(deps, brandId, 'google_ads'))];
  // blended ROAS over spend in several currencies has no meaning without a rate: unknown, never a mixed sum
  const mixedCurrencies = adConns.some((c) => !inBrandCurrency(c, brand.currency));
  const [store, spend] = await Promise.all([
    sumStore(deps.db, brandId, accountIds, ranges),
    sumAdSpend(deps.db, brandId, adConns.map((c) => ({ platform: c.platform as 'meta' | 'google_ads', accountId: c.accountId })), ranges),
  ]);
  return Object.fromEntries(
    Object.keys(ranges).map((key) => [key, { ...store[key]!, adSpend: adConns.length > 0 && !mixedCurrencies && everyCovers(adConns, ranges[key]!, today) ? spend[key]! : null }]),
  );
}

/** Each day's values over the last 30 days and a chosen range of at most SERIES_MAX_DAYS: the trend lines. */
async function dailySeries(
  deps: ReportDeps,
  brand: AccessibleBrand,
  source: SummarySource,
  platform: Platform,
  conns: SourceConnection[],
  periods: Partial<Record<SummaryPeriod, PeriodDays>>,
  today: string,
): Promise<NonNullable<SummaryResponse['series']>> {
  const spans = [periods.last30Days!, ...(periods.custom && dayCount(periods.custom) <= SERIES_MAX_DAYS ? [periods.custom] : [])];
  const days = new Set<string>();
  for (const p of spans) for (const d of eachDay(p)) days.add(d);
  const ranges: Record<string, DayRange> = Object.fromEntries([...days].sort().map((d) => [d, { from: d, to: d }]));
  const sums = await sumsOf(deps, brand, platform, conns.map((c) => c.accountId), ranges, today);
  return Object.keys(ranges).map((date) => {
    const covered = everyCovers(conns, ranges[date]!, today);
    const values = metricValues(source, sums[date]!);
    return { date, values: Object.fromEntries(SUMMARY_METRICS[source].map((m) => [m, covered ? (values[m] ?? null) : null])) };
  });
}

function everyCovers(conns: SourceConnection[], range: DayRange, today: string): boolean {
  return conns.every((c) => connectionCovers(c, [range], today));
}
