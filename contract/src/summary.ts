import { z } from 'zod';
import { isoDaySchema } from './common.js';
import { COMPARE_RANGE_ORDER_MESSAGE, REPORT_RANGE_ORDER_MESSAGE, otherCurrencyAccountSchema, reportDaySchema, sourceStatusSchema } from './report-dates.js';

// spec core.md sections 3 and 7: POST /api/summary/{facebook-ads|google-ads|analytics}/{brandId} answers
// {success, periodData}: per period (yesterday, last7Days, last30Days) each metric's current and previous
// value, change in percent and trend. Ours adds the periods' days, the source's sync status and, when the
// body names a range, a 'custom' period for it (compared with the compare range, or the days before it).

// 'shopify' is the store: total sales, orders, average order value, returns, and the blended ROAS (store sales
// over the Meta and Google spend together), from the same facts as Marketing Insights.
export const SUMMARY_SOURCES = ['shopify', 'facebook-ads', 'google-ads', 'analytics'] as const;
export type SummarySource = (typeof SUMMARY_SOURCES)[number];
export const summarySourceParamsSchema = z.object({ source: z.enum(SUMMARY_SOURCES, 'Unknown summary source'), brandId: z.uuid('Brand not found') });

export const SUMMARY_METRICS = {
  'facebook-ads': ['metaspend', 'metaroas'],
  'google-ads': ['spend', 'roas'],
  analytics: ['sessions', 'addToCarts', 'checkouts', 'purchases', 'addToCartRate', 'checkoutRate', 'purchaseRate'],
  shopify: ['totalSales', 'orders', 'averageOrderValue', 'returns', 'blendedRoas'],
} as const satisfies Record<SummarySource, readonly string[]>;
export type SummaryMetricKey = (typeof SUMMARY_METRICS)[SummarySource][number];

/** How a figure reads: an amount in the brand's currency, a ratio (ROAS), a whole count or a percentage. */
export type MetricKind = 'money' | 'ratio' | 'count' | 'percent';

/**
 * Each source's name and each summary figure's label and kind (SUMMARY_SOURCES and SUMMARY_METRICS give the
 * order the dashboard's cards list them): the one catalogue the dashboard and the email digest both read (spec core.md section 3).
 */
export const SUMMARY_SOURCE_LABELS: Record<SummarySource, string> = {
  shopify: 'Store',
  'facebook-ads': 'Facebook',
  'google-ads': 'Google Ads',
  analytics: 'Google Analytics',
};

/** `lowerIsBetter`: a rise is shown as bad news (red), as for returns. */
export const SUMMARY_METRIC_INFO: Record<SummaryMetricKey, { label: string; kind: MetricKind; lowerIsBetter?: true }> = {
  totalSales: { label: 'Total Sales', kind: 'money' },
  orders: { label: 'Orders', kind: 'count' },
  averageOrderValue: { label: 'Average Order Value', kind: 'money' },
  returns: { label: 'Returns', kind: 'money', lowerIsBetter: true },
  blendedRoas: { label: 'Blended ROAS', kind: 'ratio' },
  metaspend: { label: 'Meta Spend', kind: 'money' },
  metaroas: { label: 'Meta ROAS', kind: 'ratio' },
  spend: { label: 'Google Spend', kind: 'money' },
  roas: { label: 'Google ROAS', kind: 'ratio' },
  sessions: { label: 'Sessions', kind: 'count' },
  addToCarts: { label: 'Add to Carts', kind: 'count' },
  checkouts: { label: 'Checkouts', kind: 'count' },
  purchases: { label: 'Purchases', kind: 'count' },
  addToCartRate: { label: 'Add to Cart Rate', kind: 'percent' },
  checkoutRate: { label: 'Checkout Rate', kind: 'percent' },
  purchaseRate: { label: 'Purchase Rate', kind: 'percent' },
};

export const SUMMARY_PERIODS = ['yesterday', 'last7Days', 'last30Days'] as const;
/** The longest chosen range whose days get a trend line (a daily line over years says nothing at a glance). */
export const SERIES_MAX_DAYS = 92;
export type SummaryPeriod = (typeof SUMMARY_PERIODS)[number] | 'custom';

/** current and previous are null when their days have not all synced (missing, never zero). */
export const metricComparisonSchema = z.object({
  current: z.number().nullable(),
  previous: z.number().nullable(),
  /** percent, 2 decimals; null when unknown */
  change: z.number().nullable(),
  trend: z.enum(['up', 'down']).nullable(),
});

const periodMetricsSchema = z.record(z.string(), metricComparisonSchema);
export type PeriodMetrics = Partial<Record<SummaryMetricKey, z.infer<typeof metricComparisonSchema>>>;

export const periodDaysSchema = z.object({ from: isoDaySchema, to: isoDaySchema, previousFrom: isoDaySchema, previousTo: isoDaySchema });
export type PeriodDays = z.infer<typeof periodDaysSchema>;

export const summaryBodySchema = z
  .object({
    startDate: reportDaySchema.optional(),
    endDate: reportDaySchema.optional(),
    compareStartDate: reportDaySchema.optional(),
    compareEndDate: reportDaySchema.optional(),
  })
  .refine((b) => (b.startDate === undefined) === (b.endDate === undefined), { message: 'Send both startDate and endDate, or neither', path: ['endDate'] })
  .refine((b) => (b.compareStartDate === undefined) === (b.compareEndDate === undefined), { message: 'Send both compareStartDate and compareEndDate, or neither', path: ['compareEndDate'] })
  .refine((b) => !b.startDate || !b.endDate || b.startDate <= b.endDate, { message: REPORT_RANGE_ORDER_MESSAGE, path: ['startDate'] })
  .refine((b) => !b.compareStartDate || !b.compareEndDate || b.compareStartDate <= b.compareEndDate, { message: COMPARE_RANGE_ORDER_MESSAGE, path: ['compareStartDate'] })
  // a POST without a body is fine: the three standard periods only
  .nullish();
export type SummaryBody = z.infer<typeof summaryBodySchema>;

export const summaryResponseSchema = z.object({
  success: z.literal(true),
  /** null when the source is not connected to the brand */
  periodData: z
    .object({ yesterday: periodMetricsSchema, last7Days: periodMetricsSchema, last30Days: periodMetricsSchema, custom: periodMetricsSchema.optional() })
    .nullable(),
  periods: z.object({ yesterday: periodDaysSchema, last7Days: periodDaysSchema, last30Days: periodDaysSchema, custom: periodDaysSchema.optional() }),
  status: sourceStatusSchema,
  currency: z.string(),
  /** ad accounts in another currency than the brand's: not in these figures, shown apart (never added) */
  otherCurrencyAccounts: z.array(otherCurrencyAccountSchema).optional(),
  /**
   * Each day's metric values over the periods' days (the last 30 days, and the chosen range when it is at most
   * SERIES_MAX_DAYS long), oldest first: the overview's trend lines. A day not synced is null.
   */
  series: z.array(z.object({ date: isoDaySchema, values: z.record(z.string(), z.number().nullable()) })).optional(),
  /** the brand's calendar day now: days from it on are not over, so not synced yet (partial, never missing) */
  today: isoDaySchema,
});
export type SummaryResponse = z.infer<typeof summaryResponseSchema>;

/** spec core.md section 8: this exact message makes the screen show 'Preparing your dashboard...'. */
export const METRICS_NOT_READY_MESSAGE = 'No metrics data available yet. Please try again later.';
export const METRICS_NOT_READY_CODE = 'METRICS_NOT_READY';

/**
 * A report whose source needs reconnecting answers 403 (the client's token flags) with code TOKEN_EXPIRED,
 * carrying the last synced answer in `stale` so the screen keeps showing it under the reconnect prompt
 * (ARCHITECTURE principle 1; docs/decisions/005-reports-from-facts.md).
 */
export const TOKEN_EXPIRED_CODE = 'TOKEN_EXPIRED';
