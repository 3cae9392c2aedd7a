import { eachDay } from '@parallels/contract/days';
import {
  funnelFigures,
  WEEKDAYS,
  type DailyFunnelReport,
  type DayFunnelReport,
  type FunnelCounts,
  type FunnelRangesBody,
  type MonthFunnelReport,
} from '@parallels/contract/analytics';
import type { DateRangeBody, DayRange } from '@parallels/contract/report-dates';
import { AppError } from '../../lib/app-error.js';
import type { AccessibleBrand } from '../auth/auth.sql.js';
import type { ReportDeps } from '../reports/report-deps.js';
import { assertSomethingSynced, coveredDays, loadReportSources, resolveReportRange, sourceStatuses, throwIfReconnectNeeded } from '../reports/report-pipeline.js';
import type { SourceConnection } from '../reports/source-status.js';
import { funnelDays } from './funnel-reports.sql.js';

// spec/reports.md "Funnel reports": Sessions, Add To Cart, Checkouts and Purchases from GA4 (ga4_daily) by day,
// by day of the week, or by month, each rate derived from the sums of its own row (never an average of daily
// rates). A row with a day that has not synced is null (missing, never 0); a synced day without GA4 rows is 0.

type DayCounts = Map<string, FunnelCounts | null>;

const ZERO: FunnelCounts = { sessions: 0, addToCarts: 0, checkouts: 0, purchases: 0 };
const add = (a: FunnelCounts | null, b: FunnelCounts | null): FunnelCounts | null =>
  a === null || b === null ? null : { sessions: a.sessions + b.sessions, addToCarts: a.addToCarts + b.addToCarts, checkouts: a.checkouts + b.checkouts, purchases: a.purchases + b.purchases };
const sumOf = (counts: Array<FunnelCounts | null>): FunnelCounts | null => counts.reduce<FunnelCounts | null>((acc, c) => add(acc, c), ZERO);

interface Prepared {
  today: string;
  ranges: DayRange[];
  ga4: SourceConnection[];
  /** every day of every range: its counts, null when not synced */
  days: DayCounts;
  status: ReturnType<typeof sourceStatuses<'ga4'>>;
}

/** The pipeline's range check, with the field named as the request names it (dateRanges.0.startDate). */
function resolveNamed(brand: AccessibleBrand, body: DateRangeBody, now: Date, prefix: string) {
  try {
    return resolveReportRange(brand, body, now);
  } catch (e) {
    if (!(e instanceof AppError) || !prefix) throw e;
    const errors = (e.extra.errors as Array<{ field: string; message: string }> | undefined)?.map((x) => ({ ...x, field: `${prefix}${x.field}` }));
    throw new AppError(e.kind, e.message, { ...e.extra, errors });
  }
}

async function prepare(deps: ReportDeps, brand: AccessibleBrand, bodies: DateRangeBody[], prefixed: boolean): Promise<Prepared> {
  const now = deps.now();
  const resolved = bodies.map((b, i) => resolveNamed(brand, b, now, prefixed ? `dateRanges.${i}.` : ''));
  const today = resolved[0]!.today;
  const ranges = resolved.map((r) => r.range);
  const sources = await loadReportSources(deps, brand.id, ['ga4'] as const);
  assertSomethingSynced(sources);
  const status = sourceStatuses(sources, ranges, today);
  const allDays = [...new Set(ranges.flatMap(eachDay))];
  const covered = coveredDays(sources.ga4, allDays, today);
  const rows = await funnelDays(deps.db, brand.id, sources.ga4.map((c) => c.accountId), ranges);
  const byDay = new Map(rows.map((r) => [r.date, r]));
  const days: DayCounts = new Map(
    allDays.map((d) => {
      if (covered === null || !covered.has(d)) return [d, null];
      const r = byDay.get(d);
      return [d, r ? { sessions: r.sessions, addToCarts: r.addToCarts, checkouts: r.checkouts, purchases: r.purchases } : ZERO];
    }),
  );
  return { today, ranges, ga4: sources.ga4, days, status };
}

const newestFirst = (range: DayRange) => eachDay(range).reverse();

/** POST /api/analytics/atcreport/{brandId}: per range, one row per day, newest first. */
export async function buildDailyFunnel(deps: ReportDeps, brand: AccessibleBrand, body: FunnelRangesBody): Promise<DailyFunnelReport> {
  const p = await prepare(deps, brand, body.dateRanges, true);
  const answer: DailyFunnelReport = {
    success: true,
    ranges: p.ranges.map((range) => ({
      startDate: range.from,
      endDate: range.to,
      totals: p.ga4.length === 0 ? funnelFigures(null) : funnelFigures(sumOf(eachDay(range).map((d) => p.days.get(d) ?? null))),
      rows: p.ga4.length === 0 ? [] : newestFirst(range).map((d) => ({ Date: d, ...funnelFigures(p.days.get(d) ?? null) })),
    })),
    status: p.status.ga4,
  };
  throwIfReconnectNeeded(p.status, answer);
  return answer;
}

/** POST /api/analytics/monthAtcReport/{brandId}: per range, one row per month ('yyyy-MM'), newest first. */
export async function buildMonthlyFunnel(deps: ReportDeps, brand: AccessibleBrand, body: FunnelRangesBody): Promise<MonthFunnelReport> {
  const p = await prepare(deps, brand, body.dateRanges, true);
  const answer: MonthFunnelReport = {
    success: true,
    ranges: p.ranges.map((range) => {
      const months = new Map<string, Array<FunnelCounts | null>>();
      for (const d of newestFirst(range)) {
        const key = d.slice(0, 7);
        const list = months.get(key) ?? [];
        list.push(p.days.get(d) ?? null);
        months.set(key, list);
      }
      return {
        startDate: range.from,
        endDate: range.to,
        totals: p.ga4.length === 0 ? funnelFigures(null) : funnelFigures(sumOf(eachDay(range).map((d) => p.days.get(d) ?? null))),
        rows: p.ga4.length === 0 ? [] : [...months.entries()].map(([Month, counts]) => ({ Month, ...funnelFigures(sumOf(counts)) })),
      };
    }),
    status: p.status.ga4,
  };
  throwIfReconnectNeeded(p.status, answer);
  return answer;
}

/** Monday 0 .. Sunday 6 of a 'yyyy-MM-dd' day. */
function weekdayIndex(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** POST /api/analytics/dayAtcReport/{brandId}: one row per day of the week (Monday first) over the range. */
export async function buildDayWiseFunnel(deps: ReportDeps, brand: AccessibleBrand, body: DateRangeBody): Promise<DayFunnelReport> {
  const p = await prepare(deps, brand, [body], false);
  const range = p.ranges[0]!;
  const byWeekday: Array<Array<FunnelCounts | null>> = WEEKDAYS.map(() => []);
  for (const d of eachDay(range)) byWeekday[weekdayIndex(d)]!.push(p.days.get(d) ?? null);
  const empty = p.ga4.length === 0;
  const answer: DayFunnelReport = {
    success: true,
    // a weekday the range does not reach (a range shorter than a week) has no row
    data: empty ? [] : WEEKDAYS.flatMap((Day, i) => (byWeekday[i]!.length === 0 ? [] : [{ Day, ...funnelFigures(sumOf(byWeekday[i]!)) }])),
    totals: empty ? funnelFigures(null) : funnelFigures(sumOf(eachDay(range).map((d) => p.days.get(d) ?? null))),
    range,
    status: p.status.ga4,
  };
  throwIfReconnectNeeded(p.status, answer);
  return answer;
}

