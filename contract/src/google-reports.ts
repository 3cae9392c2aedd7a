import { z } from 'zod';
import { isoDaySchema } from './common.js';
import { dateRangeBodySchema, sourceStatusSchema } from './report-dates.js';

// spec/reports.md sections 2, 3, 5, 7 and 8, "Google Ads reports": POST /api/google/{report}/{brandId} with
// userId, startDate, endDate and the optional column filters on Total Cost and Conv. Value / Cost, applied on
// the server. The answer lists one entry per Google Ads account of the brand, each with its rows under the
// report's own key (searchTerms, keywords, ageRanges, genders, products). Figures come from the synced facts
// (google_view_daily); every total and ratio is derived from sums; a figure whose days have not all synced is
// null, never a partial sum (docs/decisions/015-google-ads-reports.md).

export const GOOGLE_REPORTS = ['searchTerm', 'keyword', 'age', 'gender', 'product'] as const;
export type GoogleReport = (typeof GOOGLE_REPORTS)[number];

/** The answer's list key per report (spec section 3, "Google Ads report response"). */
export const GOOGLE_REPORT_KEYS = { searchTerm: 'searchTerms', keyword: 'keywords', age: 'ageRanges', gender: 'genders', product: 'products' } as const satisfies Record<GoogleReport, string>;
export type GoogleReportKey = (typeof GOOGLE_REPORT_KEYS)[GoogleReport];

/** spec section 5, "Google Ads column filter". */
export const GOOGLE_FILTER_OPERATORS = ['>', '>=', '<', '<=', '=='] as const;
export type GoogleFilterOperator = (typeof GOOGLE_FILTER_OPERATORS)[number];
export const GOOGLE_FILTER_VALUE_MESSAGE = 'Please enter a valid value';

export const googleColumnFilterSchema = z.object({
  value: z.number({ error: GOOGLE_FILTER_VALUE_MESSAGE }).finite({ error: GOOGLE_FILTER_VALUE_MESSAGE }),
  operator: z.enum(GOOGLE_FILTER_OPERATORS, { error: `The operator must be one of ${GOOGLE_FILTER_OPERATORS.join(' ')}` }),
});
export type GoogleColumnFilter = z.infer<typeof googleColumnFilterSchema>;

/** spec section 9, "Performance colour rule" on the pair Cost with Conv. Value/Cost. */
export const GOOGLE_PERFORMANCE_CATEGORIES = ['Top Performers', 'High Cost', 'High Conv. Value/Cost', 'Under Performers'] as const;
export type GooglePerformanceCategory = (typeof GOOGLE_PERFORMANCE_CATEGORIES)[number];

/** Bounded answers (decision 015, "Scale"): a page of each account's rows, never every search term of two years. */
export const GOOGLE_REPORT_DEFAULT_LIMIT = 100;
export const GOOGLE_REPORT_MAX_LIMIT = 500;

/**
 * The header sort (decision 015): the fields a card's rows can be ordered by on the server, with the direction.
 * Ratios sort by the ratio of the sums; missing figures sort last either way. Default: Total Cost, highest first.
 */
export const GOOGLE_REPORT_SORTS = ['label', 'Total Cost', 'Conv. Value / Cost', 'Total Conv. Value', 'Total Conversions', 'Total Clicks', 'Total Impressions', 'Conversion Rate', 'CTR', 'Avg. CPC'] as const;
export type GoogleReportSort = (typeof GOOGLE_REPORT_SORTS)[number];
export const GOOGLE_SORT_ORDERS = ['asc', 'desc'] as const;
export type GoogleSortOrder = (typeof GOOGLE_SORT_ORDERS)[number];

export const googleReportRequestSchema = z.intersection(
  dateRangeBodySchema,
  z.object({
    /** sent by the spec's client; the session decides who asks, so it is accepted and not trusted */
    userId: z.string().max(100).optional(),
    costFilter: googleColumnFilterSchema.optional(),
    convValuePerCostFilter: googleColumnFilterSchema.optional(),
    /** a performance chip: only the rows of that category (applied on the server like the column filters) */
    category: z.enum(GOOGLE_PERFORMANCE_CATEGORIES, { error: `category must be one of ${GOOGLE_PERFORMANCE_CATEGORIES.join(', ')}` }).optional(),
    /** one account only (a card loading its next rows); every account of the brand without it */
    accountId: z.string().trim().min(1, { error: 'accountId must not be empty' }).max(100, { error: 'accountId is too long' }).optional(),
    /** the page of each account's rows (ordered by Total Cost, highest first): the card asks 8, full screen 30 more */
    limit: z.number({ error: `limit must be a whole number from 1 to ${GOOGLE_REPORT_MAX_LIMIT}` }).int({ error: `limit must be a whole number from 1 to ${GOOGLE_REPORT_MAX_LIMIT}` }).min(1, { error: `limit must be a whole number from 1 to ${GOOGLE_REPORT_MAX_LIMIT}` }).max(GOOGLE_REPORT_MAX_LIMIT, { error: `limit must be a whole number from 1 to ${GOOGLE_REPORT_MAX_LIMIT}` }).default(GOOGLE_REPORT_DEFAULT_LIMIT),
    /** the header sort: a row field and its direction (Total Cost, highest first, without them) */
    sortBy: z.enum(GOOGLE_REPORT_SORTS, { error: `sortBy must be one of ${GOOGLE_REPORT_SORTS.join(', ')}` }).default('Total Cost'),
    sortOrder: z.enum(GOOGLE_SORT_ORDERS, { error: 'sortOrder must be asc or desc' }).default('desc'),
    offset: z.number({ error: 'offset must be a whole number of 0 or more' }).int({ error: 'offset must be a whole number of 0 or more' }).min(0, { error: 'offset must be a whole number of 0 or more' }).max(10_000_000, { error: 'offset must be a whole number of 0 or more' }).default(0),
  }),
);
export type GoogleReportRequest = z.input<typeof googleReportRequestSchema>;
export type GoogleReportQuery = z.output<typeof googleReportRequestSchema>;


const figure = z.number().nullable();

/** One month of a row (spec section 3, MonthlyData): Month is YYYYMM. */
export const googleMonthSchema = z.object({
  Month: z.string().regex(/^\d{6}$/),
  Cost: figure,
  Clicks: figure,
  Impressions: figure,
  Conversions: figure,
  'Conv. Value': figure,
  'Conv. Value/ Cost': figure,
  'Conversion Rate': figure,
});
export type GoogleMonth = z.infer<typeof googleMonthSchema>;

export const googleReportRowSchema = z.object({
  /** the row's identity within its account and report */
  key: z.string(),
  /** the primary label column (Search Term, Keyword, Age Range, Gender, Product) */
  label: z.string(),
  /** where the row sits: campaign and ad group (search terms, keywords), match type, status, item id, brand */
  details: z.record(z.string(), z.string()),
  'Total Cost': figure,
  'Total Clicks': figure,
  'Total Impressions': figure,
  'Total Conversions': figure,
  'Total Conv. Value': figure,
  'Conv. Value / Cost': figure,
  'Conversion Rate': figure,
  CTR: figure,
  'Avg. CPC': figure,
  /** the row's colour-rule category against the account's averages; null when its figures are missing */
  category: z.enum(GOOGLE_PERFORMANCE_CATEGORIES).nullable(),
  /** newest month first, every month of the range */
  MonthlyData: z.array(googleMonthSchema),
});
export type GoogleReportRow = z.infer<typeof googleReportRowSchema>;

/** One account: its rows sit under the report's key (only that key is present). */
export const googleReportAccountSchema = z.object({
  accountId: z.string(),
  accountName: z.string(),
  /** 'Error: {message}' on the account's card; null when its figures are complete */
  error: z.string().nullable(),
  status: sourceStatusSchema,
  /** the account's rows before the column filters and the chip */
  totalRows: z.number().int(),
  /** the rows matching the column filters and the chip: the list the pages walk through */
  matchingRows: z.number().int(),
  /** the performance chips' counts: rows of each category matching the column filters */
  categoryCounts: z.object(Object.fromEntries(GOOGLE_PERFORMANCE_CATEGORIES.map((c) => [c, z.number().int()])) as Record<GooglePerformanceCategory, z.ZodNumber>),
  /** where this page starts in that list */
  offset: z.number().int(),
  searchTerms: z.array(googleReportRowSchema).optional(),
  keywords: z.array(googleReportRowSchema).optional(),
  ageRanges: z.array(googleReportRowSchema).optional(),
  genders: z.array(googleReportRowSchema).optional(),
  products: z.array(googleReportRowSchema).optional(),
});
export type GoogleReportAccount = z.infer<typeof googleReportAccountSchema>;

export const googleReportResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(googleReportAccountSchema),
  range: z.object({ from: isoDaySchema, to: isoDaySchema }),
  /** the months of the range, newest first (YYYYMM): the month columns */
  months: z.array(z.string()),
  status: sourceStatusSchema,
  currency: z.string(),
});
export type GoogleReportResponse = z.infer<typeof googleReportResponseSchema>;

/** The rows of one account for a report. */
export function rowsOf(account: GoogleReportAccount, report: GoogleReport): GoogleReportRow[] {
  return account[GOOGLE_REPORT_KEYS[report]] ?? [];
}
