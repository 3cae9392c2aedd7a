import { eachDay } from '@parallels/contract/days';
import {
  CATEGORY_OF_TONE,
  colourTone,
  conversionRate,
  PAGE_SCOPED_DIMENSIONS,
  THRESHOLDED_DIMENSIONS,
  type ConversionMonth,
  type ConversionReport,
  type ConversionReportBody,
  type ConversionReportInfo,
  type ConversionRow,
} from '@parallels/contract/analytics';
import type { DayRange } from '@parallels/contract/report-dates';
import type { AccessibleBrand } from '../auth/auth.sql.js';
import type { ReportDeps } from '../reports/report-deps.js';
import {
  assertSomethingSynced,
  coveredDays,
  loadReportSources,
  resolveReportRange,
  sourceStatuses,
  throwIfReconnectNeeded,
} from '../reports/report-pipeline.js';
import { conversionMonthSums } from './conversion-reports.sql.js';

// spec/reports.md "Conversion reports": one row per dimension value with its total sessions, its conversion
// rate for the range and one entry per month, newest first. A month whose days have not all synced has null
// figures; the totals are null unless every day of the range has synced (missing is not zero, decision 005).
// Conv. Rate = purchases / sessions x 100 from the sums (decision 014), equal to GA4's ecommercePurchases over
// sessions for that value and range.

interface Sums {
  sessions: number;
  purchases: number;
}

/** GA4's own placeholders, said in words in the row (issue 17, "show what GA4 shows and say so"). */
export function valueNote(value: string): string | null {
  if (value === '(other)') return 'GA4 grouped rare values of this dimension into (other); their figures are GA4\'s own.';
  if (value === '(not set)' || value === '') return 'GA4 has no value for these sessions (not set).';
  if (value === 'unknown') return 'GA4 could not tell this value (unknown).';
  return null;
}

export function reportNotice(report: ConversionReportInfo): string | null {
  if (THRESHOLDED_DIMENSIONS.has(report.dimension)) {
    return `${report.label} comes from Google signals: GA4 withholds groups too small to show (thresholding), so these rows can add up to less than your total sessions. The figures are GA4's own.`;
  }
  if (PAGE_SCOPED_DIMENSIONS.has(report.dimension)) {
    return `GA4 counts a session on every page it viewed, so ${report.label} sessions add up to more than your total sessions; purchases count on the page where they happened.`;
  }
  return null;
}

/** 'YYYYMM' of every month the range touches, newest first, each with its days inside the range. */
function monthsOf(range: DayRange): Array<{ month: string; days: string[] }> {
  const byMonth = new Map<string, string[]>();
  for (const day of eachDay(range)) {
    const key = `${day.slice(0, 4)}${day.slice(5, 7)}`;
    const list = byMonth.get(key);
    if (list) list.push(day);
    else byMonth.set(key, [day]);
  }
  return [...byMonth.entries()].sort(([a], [b]) => (a < b ? 1 : -1)).map(([month, days]) => ({ month, days }));
}

const mean = (values: number[]): number | null => (values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length);
const add = (a: Sums, b: Sums): Sums => ({ sessions: a.sessions + b.sessions, purchases: a.purchases + b.purchases });
const ZERO: Sums = { sessions: 0, purchases: 0 };

/** POST /api/analytics/{name}ConversionReport/{brandId}. */
export async function buildConversionReport(deps: ReportDeps, brand: AccessibleBrand, report: ConversionReportInfo, body: ConversionReportBody): Promise<ConversionReport> {
  const { today, range } = resolveReportRange(brand, body, deps.now());
  const sources = await loadReportSources(deps, brand.id, ['ga4'] as const);
  assertSomethingSynced(sources);
  const status = sourceStatuses(sources, [range], today);
  const base = { success: true as const, report: report.call, dimensionKey: report.label, notice: reportNotice(report), range, status: status.ga4 };
  const covered = coveredDays(sources.ga4, eachDay(range), today);
  if (covered === null) {
    // no GA4 property on the brand: nothing to show (the screen offers to connect one), never zeros
    return { ...base, data: [], months: [], averages: { totalSessions: null, convRate: null, monthlySessions: null, monthlyConvRate: null } };
  }

  const months = monthsOf(range);
  const monthCovered = new Map(months.map((m) => [m.month, m.days.every((d) => covered.has(d))]));
  const allCovered = months.every((m) => monthCovered.get(m.month));
  const sums = await conversionMonthSums(deps.db, brand.id, sources.ga4.map((c) => c.accountId), report.dimension, range);

  const byValue = new Map<string, Map<string, Sums>>();
  for (const s of sums) {
    let m = byValue.get(s.value);
    if (!m) byValue.set(s.value, (m = new Map()));
    m.set(s.month, { sessions: s.sessions, purchases: s.purchases });
  }

  // The colour rule's benchmarks: over all monthly entries (every value's synced months with rows).
  let entryCount = 0;
  let entryTotal = ZERO;
  for (const perMonth of byValue.values()) {
    for (const [month, s] of perMonth) {
      if (!monthCovered.get(month)) continue;
      entryCount++;
      entryTotal = add(entryTotal, s);
    }
  }
  const monthlySessions = entryCount === 0 ? null : entryTotal.sessions / entryCount;
  const monthlyConvRate = entryCount === 0 ? null : conversionRate(entryTotal.purchases, entryTotal.sessions);
  const toneOf = (sessions: number | null, rate: number | null) =>
    monthlySessions === null || monthlyConvRate === null ? null : colourTone(sessions, rate, monthlySessions, monthlyConvRate);

  const rows: Array<{ value: string; row: ConversionRow; known: number }> = [];
  for (const [value, perMonth] of byValue) {
    const monthly: ConversionMonth[] = [];
    let total = ZERO;
    let known = ZERO;
    let knownMonths = 0;
    for (const { month } of months) {
      const s = perMonth.get(month);
      if (!monthCovered.get(month)) {
        monthly.push({ Month: month, Sessions: null, 'Conv. Rate': null, Purchases: null, tone: null });
        continue;
      }
      // a synced month without this value: GA4's own answer for the month has no row for it either
      if (!s) continue;
      const rate = conversionRate(s.purchases, s.sessions);
      monthly.push({ Month: month, Sessions: s.sessions, 'Conv. Rate': rate, Purchases: s.purchases, tone: toneOf(s.sessions, rate) });
      total = add(total, s);
      known = add(known, s);
      knownMonths++;
    }
    const category = knownMonths === 0 ? null : toneOf(known.sessions / knownMonths, conversionRate(known.purchases, known.sessions));
    rows.push({
      value,
      known: known.sessions,
      row: {
        [report.label]: value,
        'Total Sessions': allCovered ? total.sessions : null,
        'Avg Conv. Rate': allCovered ? conversionRate(total.purchases, total.sessions) : null,
        'Total Purchases': allCovered ? total.purchases : null,
        MonthlyData: monthly,
        category: category ? CATEGORY_OF_TONE[category] : null,
        note: valueNote(value),
      },
    });
  }
  rows.sort((a, b) => b.known - a.known || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));

  const totals = rows.map((r) => r.row['Total Sessions']).filter((v): v is number => v !== null);
  const purchases = rows.map((r) => r.row['Total Purchases']).filter((v): v is number => typeof v === 'number');
  const sessionSum = totals.reduce((a, b) => a + b, 0);
  const answer: ConversionReport = {
    ...base,
    data: rows.map((r) => r.row),
    months: months.map((m) => m.month),
    averages: {
      totalSessions: mean(totals),
      convRate: totals.length === 0 ? null : conversionRate(purchases.reduce((a, b) => a + b, 0), sessionSum),
      monthlySessions,
      monthlyConvRate,
    },
  };
  throwIfReconnectNeeded(status, answer);
  return answer;
}
