import { z } from 'zod';
import { isoDaySchema } from './common.js';
import { dateRangeBodySchema, sourceStatusSchema } from './report-dates.js';

// spec/reports.md sections 2, 3 and 7: POST /api/meta/report/{breakdown}/{brandId} with {startDate, endDate}
// answers `data` (one entry per ad account with account_name and its list: ageData, genderData, ...) and the
// blended list across accounts (blendedAgeData, ...). Figures come from meta_breakdown_daily (account-level
// delivery per day split by one breakdown). Every figure is null when a day it sums has not synced (missing,
// never 0); ratios are derived from sums (blended ROAS = blended revenue / blended spend, never an average).

/** The seven tabs, in the spec's order: the path segment, the stored breakdown, the spec's keys and texts. */
export const META_REPORT_BREAKDOWNS = {
  age: { fact: 'age', listKey: 'ageData', blendedKey: 'blendedAgeData', tab: 'Age', column: 'Age' },
  gender: { fact: 'gender', listKey: 'genderData', blendedKey: 'blendedGenderData', tab: 'Gender', column: 'Gender' },
  country: { fact: 'country', listKey: 'countryData', blendedKey: 'blendedCountryData', tab: 'Country', column: 'Country' },
  platform: { fact: 'publisher_platform', listKey: 'platformData', blendedKey: 'blendedPlatformData', tab: 'Platform', column: 'Platforms' },
  placement: { fact: 'platform_position', listKey: 'placementData', blendedKey: 'blendedPlacementData', tab: 'Placement', column: 'Placements' },
  device: { fact: 'impression_device', listKey: 'deviceData', blendedKey: 'blendedDeviceData', tab: 'Impression Device', column: 'Device' },
  audience: { fact: 'user_segment_key', listKey: 'audienceData', blendedKey: 'blendedAudienceData', tab: 'Audience Segments', column: 'Audience Segments' },
} as const;

export type MetaReportBreakdown = keyof typeof META_REPORT_BREAKDOWNS;
export const META_REPORT_TABS = Object.keys(META_REPORT_BREAKDOWNS) as MetaReportBreakdown[];

export const metaReportRequestSchema = dateRangeBodySchema;
export type MetaReportRequest = z.infer<typeof metaReportRequestSchema>;

const figure = z.number().nullable();

/** One month of one row: the spec's MonthlyData entry (Month YYYYMM, Spend, Purchase ROAS, Purchase Conversion Value, Purchases). */
export const metaReportMonthSchema = z.object({
  /** YYYYMM */
  month: z.string().regex(/^\d{6}$/),
  spend: figure,
  /** purchase conversion value / spend */
  purchaseRoas: figure,
  purchaseConversionValue: figure,
  purchases: figure,
  impressions: figure,
  clicks: figure,
  linkClicks: figure,
});
export type MetaReportMonth = z.infer<typeof metaReportMonthSchema>;

/** One breakdown value (an age range, a country, ...) over the range, with its months (oldest first). */
export const metaReportRowSchema = z.object({
  /** the breakdown value as Meta names it ('25-34', 'female', 'IN', 'facebook/feed', ...) */
  value: z.string(),
  totalSpend: figure,
  totalPurchaseRoas: figure,
  /** Total PCV: purchase conversion value */
  totalPcv: figure,
  totalPurchases: figure,
  totalImpressions: figure,
  totalClicks: figure,
  totalLinkClicks: figure,
  monthlyData: z.array(metaReportMonthSchema),
});
export type MetaReportRow = z.infer<typeof metaReportRowSchema>;

const rowsSchema = z.array(metaReportRowSchema);
type Rows = typeof rowsSchema;

const accountBase = z.object({
  account_id: z.string(),
  account_name: z.string(),
  /** whether this account's figures are complete for the range, and why not */
  status: sourceStatusSchema,
});

function reportResponseSchema<L extends string, B extends string>(listKey: L, blendedKey: B) {
  return z.object({
    success: z.literal(true),
    data: z.array(accountBase.extend({ [listKey]: rowsSchema } as Record<L, Rows>)),
    ...({ [blendedKey]: rowsSchema } as Record<B, Rows>),
    range: z.object({ from: isoDaySchema, to: isoDaySchema }),
    /** the Meta source as a whole (its worst account) */
    status: sourceStatusSchema,
    currency: z.string(),
  });
}

export const metaReportResponseSchemas = {
  age: reportResponseSchema('ageData', 'blendedAgeData'),
  gender: reportResponseSchema('genderData', 'blendedGenderData'),
  country: reportResponseSchema('countryData', 'blendedCountryData'),
  platform: reportResponseSchema('platformData', 'blendedPlatformData'),
  placement: reportResponseSchema('placementData', 'blendedPlacementData'),
  device: reportResponseSchema('deviceData', 'blendedDeviceData'),
  audience: reportResponseSchema('audienceData', 'blendedAudienceData'),
} as const;

export type MetaReportResponse<K extends MetaReportBreakdown = MetaReportBreakdown> = z.infer<(typeof metaReportResponseSchemas)[K]>;

/** One account's rows (or the blended rows), whatever the breakdown's key names are. */
export interface MetaReportAccountRows {
  account_id: string;
  account_name: string;
  status: z.infer<typeof sourceStatusSchema>;
  rows: MetaReportRow[];
}

/** The response read without its per-breakdown key names: each account's rows and the blended rows. */
export function metaReportLists(breakdown: MetaReportBreakdown, response: MetaReportResponse): { accounts: MetaReportAccountRows[]; blended: MetaReportRow[] } {
  const { listKey, blendedKey } = META_REPORT_BREAKDOWNS[breakdown];
  const loose = response as unknown as Record<string, unknown> & { data: Array<Record<string, unknown> & Omit<MetaReportAccountRows, 'rows'>> };
  return {
    accounts: loose.data.map((a) => ({ account_id: a.account_id, account_name: a.account_name, status: a.status, rows: (a[listKey] as MetaReportRow[] | undefined) ?? [] })),
    blended: (loose[blendedKey] as MetaReportRow[] | undefined) ?? [],
  };
}
