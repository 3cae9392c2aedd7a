import { z } from 'zod';
import { isoDaySchema } from './common.js';
import { dateRangeBodySchema, sourceStatusSchema } from './report-dates.js';

// spec/reports.md sections 3 and 7: POST /api/meta/interest/{brandId} with {startDate, endDate} answers
// data {resultsByAccount, blendedSummary}; each item has InterestId, Interest, Spend, Revenue, Roas and, in the
// blended list, accounts. An ad set's spend and purchase value are split equally among the interests it targets
// (docs/decisions/016), so an account's interest rows add up to its interest-targeted ad sets' delivery.

export const metaInterestRequestSchema = dateRangeBodySchema;
export type MetaInterestRequest = z.infer<typeof metaInterestRequestSchema>;

/** How spend is attributed to an interest: shown on screen (spec issue 19, item 6) and in decision 016. */
export const INTEREST_ATTRIBUTION_NOTE =
  'An ad set that targets several interests has its spend and revenue split equally among them. Interests are the ad sets’ current targeting.';

const figure = z.number().nullable();

export const interestMetricSchema = z.object({
  InterestId: z.string(),
  Interest: z.string(),
  Spend: figure,
  Revenue: figure,
  /** Revenue / Spend */
  Roas: figure,
});
export type InterestMetric = z.infer<typeof interestMetricSchema>;

export const blendedInterestSchema = interestMetricSchema.extend({
  /** the names of the ad accounts whose ad sets target the interest */
  accounts: z.array(z.string()),
});
export type BlendedInterest = z.infer<typeof blendedInterestSchema>;

export const interestAccountSchema = z.object({
  account_name: z.string(),
  status: sourceStatusSchema,
  interestMetrics: z.array(interestMetricSchema),
});
export type InterestAccount = z.infer<typeof interestAccountSchema>;

export const metaInterestResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    /** by ad account id, in the brand's account order */
    resultsByAccount: z.record(z.string(), interestAccountSchema),
    blendedSummary: z.array(blendedInterestSchema),
  }),
  range: z.object({ from: isoDaySchema, to: isoDaySchema }),
  status: sourceStatusSchema,
  currency: z.string(),
});
export type MetaInterestResponse = z.infer<typeof metaInterestResponseSchema>;
