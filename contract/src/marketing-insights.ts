import { z } from 'zod';
import { isoDaySchema } from './common.js';
import { metricComparisonSchema } from './summary.js';
import { dateRangeBodySchema, otherCurrencyAccountSchema, sourceStatusSchema } from './report-dates.js';

// spec/reports.md sections 3 and 7: GET /api/report/{brandId}?startDate&endDate answers monthly rows of the
// cross-platform performance table, each with its daily rows. Ours adds the optional compare range
// (compareStartDate, compareEndDate): the compare range's rows and each total beside its comparison.
// Every figure is null when a day it sums has not synced for every connection of its source (missing, never 0).

const compareRangeSchema = z
  .object({ compareStartDate: isoDaySchema.optional(), compareEndDate: isoDaySchema.optional() })
  .refine((q) => (q.compareStartDate === undefined) === (q.compareEndDate === undefined), {
    message: 'Send both compareStartDate and compareEndDate, or neither',
    path: ['compareEndDate'],
  })
  .refine((q) => !q.compareStartDate || !q.compareEndDate || q.compareStartDate <= q.compareEndDate, {
    message: 'The compare start date must not be after the compare end date',
    path: ['compareStartDate'],
  });

/** The range of every report request: dateRangeBodySchema (the house's one rule for dates) plus an optional compare range. */
export const reportQuerySchema = z.intersection(dateRangeBodySchema, compareRangeSchema);
export type ReportQuery = z.infer<typeof reportQuerySchema>;

const figure = z.number().nullable();

/** The figures of one day or one month. Ratios are derived from the sums, never averaged. */
export const performanceFiguresSchema = z.object({
  /** store sales (orders that are neither test nor cancelled), the Store platform group's Total Sales */
  totalSales: figure,
  /** refunds on the day they happened */
  refundAmount: figure,
  /** Meta spend + Google Ads spend */
  totalSpend: figure,
  metaSpend: figure,
  metaRevenue: figure,
  /** Meta ROAS = Meta sales / Meta spend */
  metaROAS: figure,
  googleSpend: figure,
  googleRevenue: figure,
  googleROAS: figure,
  /** Meta + Google sales */
  adSales: figure,
  /** ROI = total sales / total spend (the Store platform group's ROAS) */
  roi: figure,
  /** Gross ROI = ad sales / total spend (the Meta + Google group's ROI) */
  grossROI: figure,
});
export type PerformanceFigures = z.infer<typeof performanceFiguresSchema>;

export const PERFORMANCE_FIGURES = Object.keys(performanceFiguresSchema.shape) as Array<keyof PerformanceFigures>;

export const dailyPerformanceSchema = performanceFiguresSchema.extend({ _id: z.string(), date: isoDaySchema });
export type DailyPerformance = z.infer<typeof dailyPerformanceSchema>;

export const monthlyPerformanceSchema = performanceFiguresSchema.extend({
  year: z.number().int(),
  /** 1..12 */
  month: z.number().int().min(1).max(12),
  /** the spec's name for the month's store sales (same as totalSales) */
  shopifySales: figure,
  dailyMetrics: z.array(dailyPerformanceSchema),
});
export type MonthlyPerformance = z.infer<typeof monthlyPerformanceSchema>;

export const PERFORMANCE_SOURCES = ['shopify', 'meta', 'google_ads'] as const;
export type PerformanceSource = (typeof PERFORMANCE_SOURCES)[number];

export const performanceReportSchema = z.object({
  success: z.literal(true),
  /** newest month first */
  data: z.array(monthlyPerformanceSchema),
  /** the range's totals, each beside the compare range's (or the equally long period before) */
  totals: z.record(z.string(), metricComparisonSchema),
  range: z.object({ from: isoDaySchema, to: isoDaySchema }),
  compare: z.object({ from: isoDaySchema, to: isoDaySchema, data: z.array(monthlyPerformanceSchema) }).nullable(),
  /** why a source's figures are missing, per source */
  status: z.object({ shopify: sourceStatusSchema, meta: sourceStatusSchema, google_ads: sourceStatusSchema }),
  currency: z.string(),
  /** ad accounts in another currency than the brand's: not in these figures, shown apart (never added) */
  otherCurrencyAccounts: z.array(otherCurrencyAccountSchema).optional(),
});
export type PerformanceReport = z.infer<typeof performanceReportSchema>;
