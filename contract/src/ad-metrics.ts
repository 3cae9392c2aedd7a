import { z } from 'zod';
import { dateRangeBodySchema, sourceStatusSchema } from './report-dates.js';

/** the currency an account's own figures are in (its platform's; the brand's where unknown) */
const accountCurrencySchema = z.string().optional();

// spec core.md sections 3 and 7: the AdMetrics dashboard's calls. Figures are null when the account's days
// in the range have not all synced (status says why): missing, never zero.

/** POST /api/metrics/fbAd/{brandId}: {startDate, endDate, userId}; userId is accepted and ignored (the session names the user). */
export const adMetricsBodySchema = z.intersection(dateRangeBodySchema, z.object({ userId: z.string().max(100, { abort: true }).optional() }));
export type AdMetricsBody = z.input<typeof adMetricsBodySchema>;

const valueSchema = z.object({ value: z.number().nullable() });

/** One row per Facebook ad account (spec "Facebook ad account metrics row"). ctr is a percent. */
export const fbAdAccountRowSchema = z.object({
  account_id: z.string(),
  account_name: z.string(),
  spend: z.number().nullable(),
  Revenue: valueSchema,
  purchases: valueSchema,
  purchase_roas: z.array(z.object({ value: z.number() })),
  clicks: z.number().nullable(),
  impressions: z.number().nullable(),
  cpc: z.number().nullable(),
  cpm: z.number().nullable(),
  ctr: z.number().nullable(),
  cpp: z.number().nullable(),
  /** why the figures are missing, when they are */
  message: z.string().nullable(),
  status: sourceStatusSchema,
  currency: accountCurrencySchema,
});
export type FbAdAccountRow = z.infer<typeof fbAdAccountRowSchema>;

export const fbAdMetricsResponseSchema = z.object({ success: z.literal(true), data: z.array(fbAdAccountRowSchema), currency: z.string() });
export type FbAdMetricsResponse = z.infer<typeof fbAdMetricsResponseSchema>;

/** spec "Google ad summary". totalCTR is a percent. */
export const googleAdMetricsSchema = z.object({
  totalSpend: z.number(),
  totalConversionsValue: z.number(),
  totalConversions: z.number(),
  totalClicks: z.number(),
  totalImpressions: z.number(),
  roas: z.number(),
  totalCPC: z.number(),
  totalCPM: z.number(),
  totalCTR: z.number(),
  totalCostPerConversion: z.number(),
});
export type GoogleAdMetrics = z.infer<typeof googleAdMetricsSchema>;

export const googleAdSummarySchema = z.object({
  customerId: z.string(),
  managerId: z.string(),
  adAccountName: z.string(),
  /** null when the account's days in the range have not all synced */
  adMetrics: googleAdMetricsSchema.nullable(),
  message: z.string().nullable(),
  status: sourceStatusSchema,
  currency: accountCurrencySchema,
});
export type GoogleAdSummary = z.infer<typeof googleAdSummarySchema>;

/** POST /api/metrics/googleAdAndCampaign/{brandId}: one summary per connected Google Ads account. */
export const googleAdMetricsResponseSchema = z.object({ success: z.literal(true), data: z.array(googleAdSummarySchema), currency: z.string() });
export type GoogleAdMetricsResponse = z.infer<typeof googleAdMetricsResponseSchema>;
