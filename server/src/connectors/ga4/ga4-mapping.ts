import type { ga4Daily, ga4DimensionDaily } from '../../db/facts-schema.js';
import { MoneyFormatError, toAmount } from '@parallels/contract/money';

export type Ga4DailyRow = typeof ga4Daily.$inferInsert;
export type Ga4DimensionDailyRow = typeof ga4DimensionDaily.$inferInsert;

/**
 * The conversion reports' 15 dimensions (spec/reports.md "Conversion reports"): our stable product name,
 * stored in ga4_dimension_daily.dimension, to GA4's API name (platform-apis.md 4.4). Session-scoped names
 * (sessionSource, sessionDefaultChannelGroup, sessionCampaignName) because sessions are what the reports count;
 * the event-scoped `campaignName` / `defaultChannelGroup` would attribute differently.
 */
export const GA4_REPORT_DIMENSIONS = {
  age: 'userAgeBracket',
  gender: 'userGender',
  interest: 'brandingInterest',
  device: 'deviceCategory',
  operatingSystem: 'operatingSystem',
  browser: 'browser',
  source: 'sessionSource',
  channel: 'sessionDefaultChannelGroup',
  campaign: 'sessionCampaignName',
  country: 'country',
  city: 'city',
  region: 'region',
  landingPage: 'landingPage',
  pagePath: 'pagePath',
  pageTitle: 'pageTitle',
} as const;

export type Ga4ReportDimension = keyof typeof GA4_REPORT_DIMENSIONS;
export const GA4_REPORT_DIMENSION_NAMES = Object.keys(GA4_REPORT_DIMENSIONS) as Ga4ReportDimension[];

/**
 * Page-scoped dimensions: GA4 counts a session once on every page it viewed, so these rows' `sessions` add
 * up to more than the property's sessions (emulator README "Page dimensions"). Their add-to-carts, checkouts,
 * purchases and revenue are event-scoped and split exactly (on the page the event fired). landingPage is
 * session-scoped (one per session) and adds up like the others.
 */
export const GA4_PAGE_SCOPED_DIMENSIONS: ReadonlySet<Ga4ReportDimension> = new Set<Ga4ReportDimension>(['pagePath', 'pageTitle']);

/**
 * Google-signals dimensions: GA4 may withhold small rows (thresholding; response metadata.subjectToThresholding)
 * and counts a user under each of their interests, so on real GA4 these need not add up to the totals.
 * The emulator withholds nothing and gives each cohort one interest.
 */
export const GA4_THRESHOLDED_DIMENSIONS: ReadonlySet<Ga4ReportDimension> = new Set<Ga4ReportDimension>(['age', 'gender', 'interest']);

/** Funnel metrics, in request order. `ecommercePurchases` (purchase events) is GA4's "Purchases" in the funnel. */
export const GA4_FUNNEL_METRICS = ['sessions', 'addToCarts', 'checkouts', 'ecommercePurchases', 'purchaseRevenue'] as const;

/** The parts of a RunReportResponse we read (proto3 JSON: empty lists and empty strings are omitted). */
export interface Ga4RunReportResponse {
  dimensionHeaders?: Array<{ name?: string }>;
  metricHeaders?: Array<{ name?: string; type?: string }>;
  rows?: Array<{ dimensionValues?: Array<{ value?: string }>; metricValues?: Array<{ value?: string }> }>;
  rowCount?: number;
  metadata?: { currencyCode?: string; timeZone?: string; subjectToThresholding?: boolean };
  propertyQuota?: Ga4PropertyQuota;
}

export type Ga4PropertyQuota = Partial<Record<
  'tokensPerDay' | 'tokensPerHour' | 'tokensPerProjectPerHour' | 'concurrentRequests' | 'serverErrorsPerProjectPerHour' | 'potentiallyThresholdedRequestsPerHour',
  { consumed?: number; remaining?: number }
>>;

/** The funnel measures of one GA4 row. */
export interface Ga4Measures {
  sessions: number;
  addToCarts: number;
  checkouts: number;
  purchases: number;
  /** major units of the property currency (metadata.currencyCode), 2 decimals, as numeric(16,2) takes it */
  purchaseRevenue: string;
}

/** One parsed row: its date (YYYY-MM-DD, the property's time zone), the second dimension's value if any. */
export interface Ga4ParsedRow extends Ga4Measures {
  date: string;
  value?: string;
}

/** GA4's `date` dimension is YYYYMMDD in the property's time zone: already the local day, no conversion. */
export function ga4Date(value: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (!m) throw new Error(`GA4 date '${value}' is not YYYYMMDD`);
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/** TYPE_INTEGER metric values are decimal strings ("812"); proto3 omits an empty value. */
export function toCount(value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`GA4 metric value '${value}' is not a number`);
  return Math.round(n);
}

/**
 * TYPE_CURRENCY values are decimal strings in major units with any number of decimals ("2450.7512", "196040.7"),
 * now and then in exponent form ("1.5E-7"): rounded to cents by the one money rule (contract/money.ts).
 */
export function toMoney(value: string | undefined): string {
  if (value === undefined || value === '') return '0.00';
  try {
    return toAmount(value);
  } catch (err) {
    if (err instanceof MoneyFormatError) throw new Error(`GA4 currency value '${value}' is not a number`);
    throw err;
  }
}

function headerIndex(headers: Array<{ name?: string }> | undefined, name: string): number {
  const i = (headers ?? []).findIndex((h) => h.name === name);
  if (i < 0) throw new Error(`GA4 response has no '${name}' column`);
  return i;
}

/**
 * A runReport response's rows, columns found by header name (not position), dates converted, numbers
 * parsed. `dimension` is the API name of the second dimension, if the report had one. No rows -> [].
 */
export function parseGa4Rows(response: Ga4RunReportResponse, dimension?: string): Ga4ParsedRow[] {
  if (!response.rows || response.rows.length === 0) return [];
  const dateAt = headerIndex(response.dimensionHeaders, 'date');
  const valueAt = dimension === undefined ? -1 : headerIndex(response.dimensionHeaders, dimension);
  const [s, atc, co, pu, rev] = GA4_FUNNEL_METRICS.map((name) => headerIndex(response.metricHeaders, name));
  return response.rows.map((row) => {
    const dims = row.dimensionValues ?? [];
    const mets = row.metricValues ?? [];
    const metric = (i: number | undefined) => (i === undefined ? undefined : mets[i]?.value);
    const parsed: Ga4ParsedRow = {
      date: ga4Date(dims[dateAt]?.value ?? ''),
      sessions: toCount(metric(s)),
      addToCarts: toCount(metric(atc)),
      checkouts: toCount(metric(co)),
      purchases: toCount(metric(pu)),
      purchaseRevenue: toMoney(metric(rev)),
    };
    // GA4's own placeholders ("(not set)", "(other)", "unknown") are kept: they are real rows of the report
    if (valueAt >= 0) parsed.value = dims[valueAt]?.value ?? '';
    return parsed;
  });
}

interface FactKeys {
  brandId: string;
  propertyId: string;
}

const measures = (r: Ga4Measures): Ga4Measures => ({
  sessions: r.sessions, addToCarts: r.addToCarts, checkouts: r.checkouts, purchases: r.purchases, purchaseRevenue: r.purchaseRevenue,
});

export function toGa4DailyRow(keys: FactKeys, row: Ga4ParsedRow): Ga4DailyRow {
  return { brandId: keys.brandId, propertyId: keys.propertyId, date: row.date, ...measures(row) };
}

export function toGa4DimensionDailyRow(keys: FactKeys, dimension: Ga4ReportDimension, row: Ga4ParsedRow): Ga4DimensionDailyRow {
  return { brandId: keys.brandId, propertyId: keys.propertyId, dimension, value: row.value ?? '', date: row.date, ...measures(row) };
}
