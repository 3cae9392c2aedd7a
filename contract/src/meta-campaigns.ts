import { z } from 'zod';
import { isoDaySchema } from './common.js';
import { dateRangeBodySchema, sourceStatusSchema } from './report-dates.js';

// spec/reports.md sections 3 and 7: POST /api/meta/campaign/{brandId} with {startDate, endDate} answers
// accountData (account_name, account_id, campaigns) and blendedSummary (every account's campaigns). The metric
// columns keep the spec's names. Reach and Unique Link Click are not additive across days: over more than one
// day they are Meta's own figures for the range (fetched and cached by range) or, when Meta could not be asked,
// estimates (the largest single day's, a floor) with Frequency; `estimated` says so and the screen labels them
// (docs/decisions/016). Outbound CTR is outbound clicks / impressions, both additive: exact.

export const metaCampaignRequestSchema = dateRangeBodySchema;
export type MetaCampaignRequest = z.infer<typeof metaCampaignRequestSchema>;

const figure = z.number().nullable();

/** The spec's metric columns, in its order. */
export const CAMPAIGN_METRICS = [
  'Link Click',
  'Purchases',
  'Reach',
  'Amount spend',
  'Outbound CTR',
  'Frequency',
  'Unique Link Click',
  'Add To Cart (ATC)',
  'Checkout Initiate (CI)',
  'Landing Page View',
  'Three Seconds View',
  'Impressions',
] as const;
export type CampaignMetric = (typeof CAMPAIGN_METRICS)[number];

/** Figures that cannot be added across days or campaigns (ARCHITECTURE principle 2). */
export const NON_ADDITIVE_METRICS: readonly CampaignMetric[] = ['Reach', 'Frequency', 'Unique Link Click'];

export const metaCampaignSchema = z.object({
  campaignId: z.string(),
  campaignName: z.string(),
  accountName: z.string(),
  accountId: z.string(),
  /** ACTIVE, PAUSED, ... as Meta names the campaign's status */
  status: z.string(),
  'Link Click': figure,
  Purchases: figure,
  Reach: figure,
  'Amount spend': figure,
  /** outbound clicks / impressions x 100 */
  'Outbound CTR': figure,
  /** impressions / reach */
  Frequency: figure,
  'Unique Link Click': figure,
  'Add To Cart (ATC)': figure,
  'Checkout Initiate (CI)': figure,
  'Landing Page View': figure,
  'Three Seconds View': figure,
  Impressions: figure,
  /** the additive parts of the ratios, so a group's ratios come from sums */
  'Outbound Clicks': figure,
  'Purchase Value': figure,
  /** Reach, Frequency and Unique Link Click are estimates (more than one day, and Meta's range figure not had) */
  estimated: z.boolean(),
});
export type MetaCampaign = z.infer<typeof metaCampaignSchema>;

export const metaCampaignResponseSchema = z.object({
  success: z.literal(true),
  accountData: z.array(z.object({ account_name: z.string(), account_id: z.string(), status: sourceStatusSchema, campaigns: z.array(metaCampaignSchema) })),
  blendedSummary: z.array(metaCampaignSchema),
  range: z.object({ from: isoDaySchema, to: isoDaySchema }),
  status: sourceStatusSchema,
  currency: z.string(),
});
export type MetaCampaignResponse = z.infer<typeof metaCampaignResponseSchema>;

// ---- Campaign labels: shared per brand on the server (issue 19 item 3; the spec kept them in one browser) ----

/** spec/reports.md section 9: the predefined labels. Any other label is custom. */
export const PREDEFINED_LABELS = ['TOFU', 'MOFU', 'BOFU', 'TOFU+MOFU'] as const;
export const LABEL_MAX_LENGTH = 40;
export const MAX_LABELS_PER_CAMPAIGN = 10;

export const campaignLabelSchema = z
  .string({ error: 'A label is text' })
  .trim()
  .min(1, 'A label cannot be empty')
  .max(LABEL_MAX_LENGTH, `A label is at most ${LABEL_MAX_LENGTH} characters`);

/** PUT /api/meta/labels/{brandId}: the labels of one campaign (replacing what it had). */
export const setCampaignLabelsSchema = z.object({
  accountId: z.string({ error: 'accountId is required' }).min(1, 'accountId is required').max(64, 'accountId is at most 64 characters'),
  campaignId: z.string({ error: 'campaignId is required' }).min(1, 'campaignId is required').max(64, 'campaignId is at most 64 characters'),
  labels: z
    .array(campaignLabelSchema, { error: 'labels is a list of labels' })
    .max(MAX_LABELS_PER_CAMPAIGN, `A campaign has at most ${MAX_LABELS_PER_CAMPAIGN} labels`)
    .transform((l) => [...new Set(l)]),
});
export type SetCampaignLabels = z.infer<typeof setCampaignLabelsSchema>;

/** GET /api/meta/labels/{brandId}: per account, campaign id -> its labels (the spec's shape), and the custom labels in use. */
export const campaignLabelsResponseSchema = z.object({
  success: z.literal(true),
  labels: z.record(z.string(), z.record(z.string(), z.array(z.string()))),
  customLabels: z.array(z.string()),
});
export type CampaignLabelsResponse = z.infer<typeof campaignLabelsResponseSchema>;

const SUGGESTION_RULES: Array<{ label: (typeof PREDEFINED_LABELS)[number]; pattern: RegExp }> = [
  { label: 'TOFU+MOFU', pattern: /tofu\s*\+\s*mofu/i },
  { label: 'TOFU', pattern: /\b(tofu|prospecting|awareness|reach|broad|cold)\b/i },
  { label: 'MOFU', pattern: /\b(mofu|consideration|engagement|engaged|warm|video views?)\b/i },
  { label: 'BOFU', pattern: /\b(bofu|retargeting|remarketing|conversion|conversions|dpa|cart|hot)\b/i },
];

/**
 * Labels a campaign's name suggests ('Prospecting - IN' or 'TOFU' suggests TOFU, 'Retargeting' or 'BOFU' BOFU),
 * minus the ones it already has. Suggestions are offered, never applied by themselves.
 */
export function suggestLabels(campaignName: string, current: readonly string[] = []): string[] {
  const name = campaignName.replace(/[_|\-[\]()]/g, ' ');
  const found: string[] = [];
  for (const rule of SUGGESTION_RULES) {
    if (!rule.pattern.test(name)) continue;
    // 'TOFU+MOFU' already says TOFU and MOFU
    if (found.includes('TOFU+MOFU') && (rule.label === 'TOFU' || rule.label === 'MOFU')) continue;
    found.push(rule.label);
  }
  return found.filter((l) => !current.includes(l));
}
