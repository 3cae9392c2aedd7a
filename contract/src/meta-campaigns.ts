import { z } from 'zod';
import { isoDaySchema } from './common.js';
import { dateRangeBodySchema, REPORT_RANGE_ORDER_MESSAGE, reportDaySchema, sourceStatusSchema } from './report-dates.js';

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

// ---- A label group's own reach (issue 19 item 5): POST /api/meta/campaign-groups/{brandId} (ours) ----
// People reached by two campaigns of a group are one person for the group, so a group's Reach (and Frequency,
// Unique Link Click and the group metrics derived from them) cannot be the sum of its campaigns'. The screen sends
// the groups it shows (their campaigns, after the tab and status filter) and the server answers Meta's own figure:
// the account's insights for the range filtered to the group's campaign ids, one call per account and group,
// cached by range and campaign set for 3 hours (docs/decisions/016).

export const MAX_CAMPAIGN_GROUPS = 60;
export const MAX_GROUP_CAMPAIGNS = 5000;

const campaignRefSchema = z.object({
  accountId: z.string().min(1, 'accountId is required').max(64, 'accountId is at most 64 characters'),
  campaignId: z.string().min(1, 'campaignId is required').max(64, 'campaignId is at most 64 characters'),
});

export const campaignGroupReachRequestSchema = z
  .object({
    startDate: reportDaySchema,
    endDate: reportDaySchema,
    groups: z
      .array(
        z.object({
          /** the screen's name for the group (its label; '' for Unlabeled), answered back */
          id: z.string().max(80, 'A group id is at most 80 characters'),
          campaigns: z.array(campaignRefSchema).min(2, 'A group of one campaign has that campaign’s reach').max(MAX_GROUP_CAMPAIGNS, `A group has at most ${MAX_GROUP_CAMPAIGNS} campaigns`),
        }),
      )
      .max(MAX_CAMPAIGN_GROUPS, `At most ${MAX_CAMPAIGN_GROUPS} groups at once`),
  })
  .refine((b) => b.startDate <= b.endDate, { message: REPORT_RANGE_ORDER_MESSAGE, path: ['startDate'] });
export type CampaignGroupReachRequest = z.infer<typeof campaignGroupReachRequestSchema>;

/**
 * Where a group's Reach comes from:
 * - 'meta': Meta's own figure for the group (its campaigns are in one ad account): exact.
 * - 'accounts-summed': the sum of Meta's figure for the group's campaigns in each ad account. Meta cannot count a
 *   person once across ad accounts, so someone reached from two accounts counts twice: an estimate (a ceiling).
 * - 'meta-unavailable': Meta could not be asked in time (a rate limit, the connection's token, an outage): Reach
 *   is null here and the screen shows the sum of the campaigns' (an estimate, a ceiling).
 * - 'too-many-campaigns': the group has more campaigns in one account than one Meta call can name: as above.
 */
export const GROUP_REACH_SOURCES = ['meta', 'accounts-summed', 'meta-unavailable', 'too-many-campaigns'] as const;
export type GroupReachSource = (typeof GROUP_REACH_SOURCES)[number];

export const campaignGroupReachSchema = z.object({
  id: z.string(),
  Reach: figure,
  'Unique Link Click': figure,
  reachSource: z.enum(GROUP_REACH_SOURCES),
});
export type CampaignGroupReach = z.infer<typeof campaignGroupReachSchema>;

export const campaignGroupReachResponseSchema = z.object({
  success: z.literal(true),
  range: z.object({ from: isoDaySchema, to: isoDaySchema }),
  groups: z.array(campaignGroupReachSchema),
});
export type CampaignGroupReachResponse = z.infer<typeof campaignGroupReachResponseSchema>;

/** A group's Reach is Meta's own (not an estimate) only when its campaigns are in one ad account and Meta answered. */
export const isGroupReachExact = (source: GroupReachSource): boolean => source === 'meta';

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
