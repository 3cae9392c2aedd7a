import { z } from 'zod';
import { funnelRates, ratio, type FunnelTotals } from './metrics.js';
import { dateRangeBodySchema, dayRangeSchema, sourceStatusSchema } from './report-dates.js';

// spec/reports.md sections 2, 3, 7 and 9: the GA4 conversion reports (15 dimensions, one call each) and the
// funnel reports. Figures come from the synced GA4 facts; a month (or total) whose days have not all synced is
// null (missing, never 0). Conv. Rate = purchases / sessions x 100 from the sums (docs/decisions/014).

/** The 15 conversion reports in the spec's tab order: tab label, the call's name, our stored dimension. */
export const CONVERSION_REPORTS = [
  { dimension: 'age', label: 'Age', call: 'ageConversionReport' },
  { dimension: 'gender', label: 'Gender', call: 'genderConversionReport' },
  { dimension: 'interest', label: 'Interest', call: 'interestConversionReport' },
  { dimension: 'device', label: 'Device', call: 'deviceTypeConversionReport' },
  { dimension: 'operatingSystem', label: 'Operating System', call: 'operatingSystemConversionReport' },
  { dimension: 'browser', label: 'Browser', call: 'browserConversionReport' },
  { dimension: 'source', label: 'Source', call: 'sourceConversionReport' },
  { dimension: 'channel', label: 'Channel', call: 'channelConversionReport' },
  { dimension: 'campaign', label: 'Campaign', call: 'campaignConversionReport' },
  { dimension: 'country', label: 'Country', call: 'countryConversionReport' },
  { dimension: 'city', label: 'City', call: 'cityConversionReport' },
  { dimension: 'region', label: 'Region', call: 'regionConversionReport' },
  // the spec calls the landing page report pageConversionReport
  { dimension: 'landingPage', label: 'Landing Page', call: 'pageConversionReport' },
  { dimension: 'pagePath', label: 'Page Path', call: 'pagePathConversionReport' },
  { dimension: 'pageTitle', label: 'Page Title', call: 'pageTitleConversionReport' },
] as const;

export type ConversionReportInfo = (typeof CONVERSION_REPORTS)[number];
export type ConversionDimension = ConversionReportInfo['dimension'];
export type ConversionReportCall = ConversionReportInfo['call'];

export const CONVERSION_REPORT_CALLS = CONVERSION_REPORTS.map((r) => r.call) as ConversionReportCall[];

export function conversionReportByCall(call: string): ConversionReportInfo | undefined {
  return CONVERSION_REPORTS.find((r) => r.call === call);
}

/** spec section 9: Age_Conversion_Report.xlsx, OperatingSystem_Conversion_Report.xlsx, LandingPage_Conversion_Report.xlsx. */
export function conversionExportFileName(label: string): string {
  return `${label.replace(/\s+/g, '')}_Conversion_Report.xlsx`;
}

/** Dimensions GA4 may threshold (Google signals): small rows can be withheld, so they need not add up. */
export const THRESHOLDED_DIMENSIONS: ReadonlySet<ConversionDimension> = new Set<ConversionDimension>(['age', 'gender', 'interest']);
/** Page dimensions count a session on every page it viewed: their sessions add up to more than the property's. */
export const PAGE_SCOPED_DIMENSIONS: ReadonlySet<ConversionDimension> = new Set<ConversionDimension>(['pagePath', 'pageTitle']);

export const PERFORMANCE_CATEGORIES = ['Top Performers', 'High Sessions', 'High Conv. Rate', 'Under Performers'] as const;
export type PerformanceCategory = (typeof PERFORMANCE_CATEGORIES)[number];

/** Rows per page (spec section 9: 50, 100, 200 or All; 50 by default). */
export const CONVERSION_PAGE_SIZES = [50, 100, 200, 'all'] as const;
export type ConversionPageSize = (typeof CONVERSION_PAGE_SIZES)[number];
export const CONVERSION_DEFAULT_PAGE_SIZE: ConversionPageSize = 50;
/**
 * The header sort on the server, by the table's column ids: the dimension value, 'Total Sessions', 'Avg Conv.
 * Rate' or one month's Sessions ('m-YYYYMM'). Missing figures sort last either way; without a sort the rows come
 * by their synced sessions, biggest first.
 */
export const CONVERSION_SORT_PATTERN = /^(dimension|totalSessions|avgConvRate|m-\d{6})$/;
export type ConversionSort = 'dimension' | 'totalSessions' | 'avgConvRate' | `m-${string}`;
export const CONVERSION_SORT_ORDERS = ['asc', 'desc'] as const;
export type ConversionSortOrder = (typeof CONVERSION_SORT_ORDERS)[number];

/** The table's column filters (spec section 3, "Conversion filters: per column"), applied on the server. */
export const CONVERSION_FILTER_OPERATORS = ['>', '>=', '<', '<=', '='] as const;
export type ConversionFilterOperator = (typeof CONVERSION_FILTER_OPERATORS)[number];
export const conversionColumnFilterSchema = z.object({
  /** a column id as for the sort: dimension, totalSessions, avgConvRate or m-YYYYMM (that month's Sessions) */
  columnId: z.string().regex(CONVERSION_SORT_PATTERN, { error: 'a filter column must be dimension, totalSessions, avgConvRate or m-YYYYMM' }),
  operator: z.enum(CONVERSION_FILTER_OPERATORS, { error: `a filter operator must be one of ${CONVERSION_FILTER_OPERATORS.join(' ')}` }),
  value: z.string().max(200, { error: 'a filter value is at most 200 characters' }),
});
export type ConversionColumnFilter = z.infer<typeof conversionColumnFilterSchema>;

/**
 * Whether a cell passes a column filter, as the report table's filter popover means it: '=' compares as
 * case-insensitive text (or as a number when both are numbers), the others compare numbers; a missing figure
 * matches no comparison.
 */
export function passesConversionFilter(cell: number | string | null, filter: ConversionColumnFilter): boolean {
  if (cell === null) return false;
  if (filter.operator === '=') {
    const asNumber = Number(filter.value);
    if (typeof cell === 'number' && filter.value.trim() !== '' && !Number.isNaN(asNumber)) return cell === asNumber;
    return String(cell).toLowerCase() === filter.value.trim().toLowerCase();
  }
  if (typeof cell !== 'number' || Number.isNaN(cell)) return false;
  const target = Number(filter.value);
  if (filter.operator === '>') return cell > target;
  if (filter.operator === '>=') return cell >= target;
  if (filter.operator === '<') return cell < target;
  return cell <= target;
}

/**
 * POST /api/analytics/{name}ConversionReport/{brandId} body (spec section 7): startDate and endDate, and
 * optionally a page of the rows (decision 014, "Paged on the server"): `page` (from 1) of `pageSize` rows, only
 * the rows of one `category` and passing the column `filters`, in a header sort. Without page and pageSize the answer holds every row, as the
 * spec's call does; a page without a size is 50 rows, a size without a page is page 1.
 */
export const conversionReportBodySchema = z.intersection(
  dateRangeBodySchema,
  z.object({
    page: z.number({ error: 'page must be a whole number from 1' }).int({ error: 'page must be a whole number from 1' }).min(1, { error: 'page must be a whole number from 1' }).max(1_000_000, { error: 'page must be a whole number from 1' }).optional(),
    pageSize: z.union([z.literal(50), z.literal(100), z.literal(200), z.literal('all')], { error: 'pageSize must be 50, 100, 200 or all' }).optional(),
    category: z.enum(PERFORMANCE_CATEGORIES, { error: `category must be one of ${PERFORMANCE_CATEGORIES.join(', ')}` }).optional(),
    sortBy: z.string({ error: 'sortBy must be dimension, totalSessions, avgConvRate or m-YYYYMM' }).regex(CONVERSION_SORT_PATTERN, { error: 'sortBy must be dimension, totalSessions, avgConvRate or m-YYYYMM' }).optional(),
    sortOrder: z.enum(CONVERSION_SORT_ORDERS, { error: 'sortOrder must be asc or desc' }).optional(),
    /** the column filters: a row must pass every one */
    filters: z.array(conversionColumnFilterSchema, { error: 'filters must be a list of {columnId, operator, value}' }).max(20, { error: 'at most 20 filters' }).optional(),
  }),
);
export type ConversionReportBody = z.infer<typeof conversionReportBodySchema>;

/** Conv. Rate in percent from sums: purchases / sessions x 100 (0 when there were no sessions). */
export function conversionRate(purchases: number, sessions: number): number {
  return ratio(purchases, sessions) * 100;
}

export type PerformanceTone = 'positive' | 'neutral-up' | 'neutral-down' | 'negative';

/** The colour rule (spec section 9): both at or above average, sessions only, rate only, neither. */
export function colourTone(sessions: number | null, rate: number | null, averageSessions: number, averageRate: number): PerformanceTone | null {
  if (sessions === null || rate === null) return null;
  const a = sessions >= averageSessions;
  const b = rate >= averageRate;
  return a && b ? 'positive' : a ? 'neutral-up' : b ? 'neutral-down' : 'negative';
}

export const CATEGORY_OF_TONE: Record<PerformanceTone, PerformanceCategory> = {
  positive: 'Top Performers',
  'neutral-up': 'High Sessions',
  'neutral-down': 'High Conv. Rate',
  negative: 'Under Performers',
};

const figure = z.number().nullable();

export const conversionMonthSchema = z.object({
  /** 'YYYYMM' */
  Month: z.string().regex(/^\d{6}$/),
  Sessions: figure,
  /** percent, from the month's sums */
  'Conv. Rate': figure,
  Purchases: figure.optional(),
  /** the colour rule's tone of this month against the averages over all monthly entries */
  tone: z.enum(['positive', 'neutral-up', 'neutral-down', 'negative']).nullable(),
});
export type ConversionMonth = z.infer<typeof conversionMonthSchema>;

/**
 * One dimension value. The value sits under a key named after the dimension (the answer's `dimensionKey`:
 * 'Age', 'Country', 'Landing Page', ...), as the spec's rows do; hence a loose object.
 */
export const conversionRowSchema = z.looseObject({
  'Total Sessions': figure,
  /** percent: the row's purchases over its sessions for the whole range */
  'Avg Conv. Rate': figure,
  'Total Purchases': figure.optional(),
  /** newest month first; a month without this value's rows in GA4 is absent, an unsynced month has null figures */
  MonthlyData: z.array(conversionMonthSchema),
  /** the row's category: its mean monthly sessions and its rate against the averages over all monthly entries */
  category: z.enum(PERFORMANCE_CATEGORIES).nullable(),
  /** what GA4 itself did to this row ('(other)', '(not set)'), said in words; null for an ordinary value */
  note: z.string().nullable(),
});
export type ConversionRow = z.infer<typeof conversionRowSchema>;

export const conversionReportSchema = z.object({
  success: z.literal(true),
  report: z.enum(CONVERSION_REPORT_CALLS as [ConversionReportCall, ...ConversionReportCall[]]),
  /** the key each row holds its dimension value under ('Age', ...) */
  dimensionKey: z.string(),
  /** rows by Total Sessions, biggest first (or in the asked sort); only the asked page's rows when paged */
  data: z.array(conversionRowSchema),
  /** every row of the range, before the column filters and the category (the '(Filtered from N total rows)') */
  totalRows: z.number().int(),
  /** the rows passing the column filters, of the asked category: the list the pages walk through */
  matchingRows: z.number().int(),
  /** rows per category among those passing the column filters (a row without any synced month has none) */
  categoryCounts: z.object(Object.fromEntries(PERFORMANCE_CATEGORIES.map((c) => [c, z.number().int()])) as Record<PerformanceCategory, z.ZodNumber>),
  /** the page answered (1 and 'all' when the whole list was asked) */
  page: z.number().int(),
  pageSize: z.union([z.literal(50), z.literal(100), z.literal(200), z.literal('all')]),
  /** every month of the range, 'YYYYMM', newest first */
  months: z.array(z.string()),
  /**
   * The header averages and the colour rule's benchmarks, over every row of the range whatever the page or
   * category. totalSessions: the mean of the rows' Total Sessions;
   * convRate: all rows' purchases over all rows' sessions; monthlySessions / monthlyConvRate: the mean monthly
   * Sessions and the rate from the sums over all monthly entries (docs/decisions/014).
   */
  averages: z.object({ totalSessions: figure, convRate: figure, monthlySessions: figure, monthlyConvRate: figure }),
  /** what the reader should know about GA4's own numbers for this dimension (thresholding, page scope); null otherwise */
  notice: z.string().nullable(),
  range: dayRangeSchema,
  status: sourceStatusSchema,
});
export type ConversionReport = z.infer<typeof conversionReportSchema>;

/** The dimension value of a row. */
export function rowValue(row: ConversionRow, dimensionKey: string): string {
  const v = row[dimensionKey];
  return typeof v === 'string' ? v : '';
}

// ---- Funnel reports (spec/reports.md "Funnel reports", "Funnel row", section 7) ----

/** The funnel's figures of one row; every rate is a percent of the row's own summed sessions. */
export const funnelFiguresSchema = z.object({
  Sessions: figure,
  'Add To Cart': figure,
  'Add To Cart Rate': figure,
  Checkouts: figure,
  'Checkout Rate': figure,
  Purchases: figure,
  'Purchase Rate': figure,
});
export type FunnelFigures = z.infer<typeof funnelFiguresSchema>;

/** Daily view: one row per day ('yyyy-MM-dd'). */
export const dailyFunnelRowSchema = funnelFiguresSchema.extend({ Date: z.string() });
/** Day wise view: one row per day of the week ('Monday' .. 'Sunday'), summed over the range's days of that weekday. */
export const dayFunnelRowSchema = funnelFiguresSchema.extend({ Day: z.string() });
/** Monthly Metrics view: one row per month ('yyyy-MM'). */
export const monthFunnelRowSchema = funnelFiguresSchema.extend({ Month: z.string() });
export type DailyFunnelRow = z.infer<typeof dailyFunnelRowSchema>;
export type DayFunnelRow = z.infer<typeof dayFunnelRowSchema>;
export type MonthFunnelRow = z.infer<typeof monthFunnelRowSchema>;

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** The most date ranges one call takes (GA4's own limit for a report). */
export const MAX_FUNNEL_RANGES = 4;

/** POST /api/analytics/atcreport and monthAtcReport: {dateRanges: [{startDate, endDate}]}. */
export const funnelRangesBodySchema = z.object({
  dateRanges: z
    .array(dateRangeBodySchema, { error: 'Send dateRanges: a list of {startDate, endDate}' })
    .min(1, 'Send at least one date range')
    .max(MAX_FUNNEL_RANGES, `Send at most ${MAX_FUNNEL_RANGES} date ranges`),
});
export type FunnelRangesBody = z.infer<typeof funnelRangesBodySchema>;

/** POST /api/analytics/dayAtcReport: {startDate, endDate}. */
export const funnelDayBodySchema = dateRangeBodySchema;

const rangeAnswer = <T extends z.ZodType>(row: T) =>
  z.object({
    startDate: z.string(),
    /** the range as answered: one running into today ends yesterday */
    endDate: z.string(),
    /** the range's own totals, rates from its sums */
    totals: funnelFiguresSchema,
    rows: z.array(row),
  });

export const dailyFunnelReportSchema = z.object({ success: z.literal(true), ranges: z.array(rangeAnswer(dailyFunnelRowSchema)), status: sourceStatusSchema });
export const monthFunnelReportSchema = z.object({ success: z.literal(true), ranges: z.array(rangeAnswer(monthFunnelRowSchema)), status: sourceStatusSchema });
export const dayFunnelReportSchema = z.object({ success: z.literal(true), data: z.array(dayFunnelRowSchema), totals: funnelFiguresSchema, range: dayRangeSchema, status: sourceStatusSchema });
export type DailyFunnelReport = z.infer<typeof dailyFunnelReportSchema>;
export type MonthFunnelReport = z.infer<typeof monthFunnelReportSchema>;
export type DayFunnelReport = z.infer<typeof dayFunnelReportSchema>;

export type FunnelCounts = FunnelTotals;

/** A row's figures from its sums; null sums (a day not synced) make every figure null, never 0. */
export function funnelFigures(s: FunnelCounts | null): FunnelFigures {
  if (s === null) return { Sessions: null, 'Add To Cart': null, 'Add To Cart Rate': null, Checkouts: null, 'Checkout Rate': null, Purchases: null, 'Purchase Rate': null };
  const rates = funnelRates(s);
  return {
    Sessions: s.sessions,
    'Add To Cart': s.addToCarts,
    'Add To Cart Rate': rates.addToCartRate,
    Checkouts: s.checkouts,
    'Checkout Rate': rates.checkoutRate,
    Purchases: s.purchases,
    'Purchase Rate': rates.purchaseRate,
  };
}
