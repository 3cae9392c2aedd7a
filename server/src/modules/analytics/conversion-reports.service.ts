import { monthsOfRange } from '@parallels/contract/days';
import {
  CATEGORY_OF_TONE,
  colourTone,
  conversionRate,
  CONVERSION_DEFAULT_PAGE_SIZE,
  passesConversionFilter,
  PAGE_SCOPED_DIMENSIONS,
  PERFORMANCE_CATEGORIES,
  THRESHOLDED_DIMENSIONS,
  type ConversionMonth,
  type ConversionPageSize,
  type ConversionReport,
  type ConversionReportBody,
  type ConversionReportInfo,
  type ConversionRow,
  type PerformanceCategory,
} from '@parallels/contract/analytics';
import type { DayRange } from '@parallels/contract/report-dates';
import type { AccessibleBrand } from '../auth/auth.sql.js';
import type { ReportDeps } from '../reports/report-deps.js';
import {
  assertSomethingSynced,
  loadReportSources,
  rangeCovered,
  resolveReportRange,
  sourceStatuses,
  throwIfReconnectNeeded,
} from '../reports/report-pipeline.js';
import { conversionMonthSums, conversionRangeSums, conversionValueMonths, splitByWholeMonths } from './conversion-reports.sql.js';

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

/** 'YYYYMM' of every month the range touches, newest first, each with the part of the range inside it. */
function monthsOf(range: DayRange): Array<{ month: string; part: DayRange }> {
  return monthsOfRange(range).reverse();
}

const add = (a: Sums, b: Sums): Sums => ({ sessions: a.sessions + b.sessions, purchases: a.purchases + b.purchases });
const ZERO: Sums = { sessions: 0, purchases: 0 };

/** One dimension value's narrow sums: what sorting, the category and the paging need, before any month cell is built. */
interface ValueSums {
  value: string;
  /** by the month's place in the answer's months (newest first); a month without a row for this value is empty */
  perMonth: Array<Sums | undefined>;
  /** the synced months' sums (the whole range's when every month has synced) */
  known: Sums;
  knownMonths: number;
  category: PerformanceCategory | null;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const byValue = (a: ValueSums, b: ValueSums) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);
/** the order without a header sort: synced sessions, biggest first, then the value */
const defaultOrder = (a: ValueSums, b: ValueSums) => b.known.sessions - a.known.sessions || byValue(a, b);

/** The answer's months ('YYYYMM', newest first): each one's place, and whether every day of it has synced. */
interface AnswerMonths {
  indexOf: Map<string, number>;
  covered: boolean[];
}

/**
 * A row's cell in a column of the table (the column ids the sort and the filters name): its dimension value,
 * Total Sessions, Avg Conv. Rate or one month's Sessions. Totals are missing unless every month has synced, as on
 * the rows; a month not synced, or without this value, is missing.
 */
function columnCell(columnId: string, months: AnswerMonths, allCovered: boolean): (v: ValueSums) => string | number | null {
  if (columnId === 'dimension') return (v) => v.value;
  if (columnId === 'totalSessions') return (v) => (allCovered ? v.known.sessions : null);
  if (columnId === 'avgConvRate') return (v) => (allCovered ? conversionRate(v.known.purchases, v.known.sessions) : null);
  const i = months.indexOf.get(columnId.slice(2));
  if (i === undefined || !months.covered[i]) return () => null;
  return (v) => v.perMonth[i]?.sessions ?? null;
}

/** The header sort: a column's figures, missing ones last in either direction, ties in the default order. */
function sortRows(values: ValueSums[], sortBy: string | undefined, order: 'asc' | 'desc' | undefined, cellOf: (columnId: string) => (v: ValueSums) => string | number | null): ValueSums[] {
  if (!sortBy) return values.sort(defaultOrder);
  const sign = order === 'desc' ? -1 : 1;
  if (sortBy === 'dimension') return values.sort((a, b) => sign * collator.compare(a.value, b.value) || byValue(a, b));
  const cell = cellOf(sortBy) as (v: ValueSums) => number | null;
  const keyed = values.map((v) => ({ v, x: cell(v) }));
  keyed.sort((a, b) => (a.x === null ? (b.x === null ? 0 : 1) : b.x === null ? -1 : sign * (a.x - b.x)) || defaultOrder(a.v, b.v));
  return keyed.map((k) => k.v);
}

/** POST /api/analytics/{name}ConversionReport/{brandId}: every row, or one page of them (decision 014, "Paged on the server"). */
export async function buildConversionReport(deps: ReportDeps, brand: AccessibleBrand, report: ConversionReportInfo, body: ConversionReportBody): Promise<ConversionReport> {
  const { today, range } = resolveReportRange(brand, body, deps.now());
  const sources = await loadReportSources(deps, brand.id, ['ga4'] as const);
  assertSomethingSynced(sources);
  const status = sourceStatuses(sources, [range], today);
  // without page and pageSize: every row (the spec's call, the export); a page without a size is 50 rows
  const paged = body.page !== undefined || body.pageSize !== undefined;
  const pageSize: ConversionPageSize = paged ? (body.pageSize ?? CONVERSION_DEFAULT_PAGE_SIZE) : 'all';
  const page = pageSize === 'all' ? 1 : (body.page ?? 1);
  const noCategories = Object.fromEntries(PERFORMANCE_CATEGORIES.map((c) => [c, 0])) as Record<PerformanceCategory, number>;
  const base = { success: true as const, report: report.call, dimensionKey: report.label, notice: reportNotice(report), range, status: status.ga4, page, pageSize };
  if (sources.ga4.length === 0) {
    // no GA4 property on the brand: nothing to show (the screen offers to connect one), never zeros
    return { ...base, data: [], months: [], totalRows: 0, matchingRows: 0, categoryCounts: noCategories, averages: { totalSessions: null, convRate: null, monthlySessions: null, monthlyConvRate: null } };
  }

  const months = monthsOf(range);
  const answerMonths: AnswerMonths = {
    indexOf: new Map(months.map((m, i) => [m.month, i])),
    covered: months.map((m) => rangeCovered(sources.ga4, m.part, today) === true),
  };
  const { indexOf: monthIndex, covered } = answerMonths;
  const allCovered = covered.every(Boolean);
  // Every value's narrow sums: from the running sums when the answer is a page whose list needs no month's figures
  // of every value (one property, every month synced, no month column filtered or sorted), else by month.
  const monthColumn = (columnId: string | undefined) => columnId?.startsWith('m-') === true;
  const fromRunningSums =
    pageSize !== 'all' && sources.ga4.length === 1 && allCovered && !monthColumn(body.sortBy) && !(body.filters ?? []).some((f) => monthColumn(f.columnId));
  const propertyId = sources.ga4[0]?.accountId ?? '';
  const whole = splitByWholeMonths(range).months;
  let edgeSums = new Map<string, Map<string, Sums>>();
  const narrow: Array<Omit<ValueSums, 'category'>> = [];
  if (fromRunningSums) {
    const r = await conversionRangeSums(deps.db, brand.id, propertyId, report.dimension, range);
    edgeSums = r.edges;
    // the month cells are filled for the rows answered only, below
    for (const v of r.values.values()) narrow.push({ value: v.value, perMonth: new Array<Sums | undefined>(months.length), known: { sessions: v.sessions, purchases: v.purchases }, knownMonths: v.months });
  } else {
    // a value's months by their place in the answer (arrays, not a map a value: a two-year page path report has
    // 37,500 month cells; arrays took its service time from 79.7 to 58.1 ms, bench/README)
    const sums = await conversionMonthSums(deps.db, brand.id, sources.ga4.map((c) => c.accountId), report.dimension, range);
    const perValue = new Map<string, Array<Sums | undefined>>();
    for (const s of sums) {
      const i = monthIndex.get(s.month);
      if (i === undefined) continue;
      let cells = perValue.get(s.value);
      if (!cells) perValue.set(s.value, (cells = new Array<Sums | undefined>(months.length)));
      cells[i] = s;
    }
    for (const [value, perMonth] of perValue) {
      let sessions = 0;
      let purchases = 0;
      let knownMonths = 0;
      for (let i = 0; i < perMonth.length; i++) {
        const s = perMonth[i];
        if (!s || !covered[i]) continue;
        sessions += s.sessions;
        purchases += s.purchases;
        knownMonths++;
      }
      narrow.push({ value, perMonth, known: { sessions, purchases }, knownMonths });
    }
  }

  // The colour rule's benchmarks: over all monthly entries (every value's synced months with rows).
  let entryCount = 0;
  let entryTotal = ZERO;
  for (const v of narrow) {
    entryCount += v.knownMonths;
    entryTotal = add(entryTotal, v.known);
  }
  const monthlySessions = entryCount === 0 ? null : entryTotal.sessions / entryCount;
  const monthlyConvRate = entryCount === 0 ? null : conversionRate(entryTotal.purchases, entryTotal.sessions);
  const toneOf = (sessions: number | null, rate: number | null) =>
    monthlySessions === null || monthlyConvRate === null ? null : colourTone(sessions, rate, monthlySessions, monthlyConvRate);

  // Every row's category and the header averages, over all rows whatever the page.
  const values: ValueSums[] = [];
  let totalsCount = 0;
  let totalsSum = ZERO;
  for (const v of narrow) {
    const tone = v.knownMonths === 0 ? null : toneOf(v.known.sessions / v.knownMonths, conversionRate(v.known.purchases, v.known.sessions));
    const category = tone ? CATEGORY_OF_TONE[tone] : null;
    if (allCovered) {
      totalsCount++;
      totalsSum = add(totalsSum, v.known);
    }
    values.push({ ...v, category });
  }

  // the column filters, then the category counts among what passes them, then the category
  const cellOf = (columnId: string) => columnCell(columnId, answerMonths, allCovered);
  const filters = (body.filters ?? []).map((f) => ({ f, cell: cellOf(f.columnId) }));
  const passing = filters.length === 0 ? values : values.filter((v) => filters.every(({ f, cell }) => passesConversionFilter(cell(v), f)));
  const categoryCounts = { ...noCategories };
  for (const v of passing) if (v.category) categoryCounts[v.category]++;
  const matching = body.category ? passing.filter((v) => v.category === body.category) : passing;
  const ordered = sortRows(matching, body.sortBy, body.sortOrder, cellOf);
  const shown = pageSize === 'all' ? ordered : ordered.slice((page - 1) * pageSize, page * pageSize);
  if (fromRunningSums) {
    // the answered rows' month cells: whole months from the monthly rollup, the partial months from the running sums
    const cells = whole ? await conversionValueMonths(deps.db, brand.id, propertyId, report.dimension, whole, shown.map((v) => v.value)) : [];
    const perMonthOf = new Map(shown.map((v) => [v.value, v.perMonth]));
    const place = (value: string, month: string, s: Sums) => {
      const cells = perMonthOf.get(value);
      const i = monthIndex.get(month);
      if (cells && i !== undefined) cells[i] = s;
    };
    for (const c of cells) place(c.value, c.month, c);
    for (const [month, sums] of edgeSums) for (const [value, s] of sums) place(value, month, s);
  }

  // Month cells only for the rows answered.
  const rowOf = ({ value, perMonth, known, category }: ValueSums): ConversionRow => {
    const monthly: ConversionMonth[] = [];
    for (let i = 0; i < months.length; i++) {
      const month = months[i]!.month;
      if (!covered[i]) {
        monthly.push({ Month: month, Sessions: null, 'Conv. Rate': null, Purchases: null, tone: null });
        continue;
      }
      // a synced month without this value: GA4's own answer for the month has no row for it either
      const s = perMonth[i];
      if (!s) continue;
      const rate = conversionRate(s.purchases, s.sessions);
      monthly.push({ Month: month, Sessions: s.sessions, 'Conv. Rate': rate, Purchases: s.purchases, tone: toneOf(s.sessions, rate) });
    }
    return {
      [report.label]: value,
      // every month synced: the synced months' sums are the whole range's
      'Total Sessions': allCovered ? known.sessions : null,
      'Avg Conv. Rate': allCovered ? conversionRate(known.purchases, known.sessions) : null,
      'Total Purchases': allCovered ? known.purchases : null,
      MonthlyData: monthly,
      category,
      note: valueNote(value),
    };
  };

  const answer: ConversionReport = {
    ...base,
    data: shown.map(rowOf),
    months: months.map((m) => m.month),
    totalRows: values.length,
    matchingRows: matching.length,
    categoryCounts,
    averages: {
      totalSessions: totalsCount === 0 ? null : totalsSum.sessions / totalsCount,
      convRate: totalsCount === 0 ? null : conversionRate(totalsSum.purchases, totalsSum.sessions),
      monthlySessions,
      monthlyConvRate,
    },
  };
  throwIfReconnectNeeded(status, answer);
  return answer;
}
