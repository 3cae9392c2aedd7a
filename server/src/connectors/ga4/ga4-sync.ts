import type { PlatformsConfig } from '../../config.js';
import { PlatformError } from '../platform-error.js';
import { withRetry, type RetryOptions } from '../retry.js';
import { RowSpool, type Rows } from '../../lib/row-spool.js';
import { ga4DataPost, ga4QuotaKind } from './ga4-api.js';
import {
  GA4_FUNNEL_METRICS, GA4_REPORT_DIMENSIONS, GA4_REPORT_DIMENSION_NAMES, GA4_THRESHOLDED_DIMENSIONS, parseGa4Rows, toGa4DailyRow, toGa4DimensionDailyRow,
  type Ga4DailyRow, type Ga4DimensionDailyRow, type Ga4ParsedRow, type Ga4PropertyQuota, type Ga4ReportDimension, type Ga4RunReportResponse,
} from './ga4-mapping.js';
import { ga4QuotaPaused, ga4QuotaShortfall, lowestRemaining, tokensCharged } from './ga4-quota.js';
import { BUDGETS, metered, type QuotaCharge, type QuotaGate, type QuotaReport } from '../quota-gate.js';

export interface Ga4WindowInput {
  platforms: PlatformsConfig;
  accessToken: string;
  brandId: string;
  /**
   * propertyId: digits, without 'properties/'. timezone: the property's; GA4 already buckets `date` in it,
   * so rows need no conversion (it is part of the input every connector takes).
   */
  account: { propertyId: string; timezone: string };
  /** inclusive, YYYY-MM-DD in the property's time zone; days without data (future, before history) get no rows */
  window: { from: string; to: string };
  retry?: RetryOptions;
  /** rows per report page; the default suits any window up to two years in one page. Smaller only to test paging. */
  pageSize?: number;
  /** the clock quota waits count from (tests pin it) */
  now?: () => number;
  /** the fleet's quota ledger: the property's tokens and concurrent requests, shared by every worker (decision 022) */
  quota?: QuotaGate;
}

/** Tokens a report is taken to cost before any has been charged (GA4: "most requests cost less than 10"). */
const FIRST_REPORT_TOKENS = 5;

/** What a batch reserves on the property's budgets: its estimated tokens on each token bucket, and one request slot. */
function ga4Charges(propertyId: string, tokens: number): QuotaCharge[] {
  return [
    { budget: BUDGETS.ga4TokensPerDay(propertyId), cost: tokens },
    { budget: BUDGETS.ga4TokensPerHour(propertyId), cost: tokens },
    { budget: BUDGETS.ga4TokensPerProjectPerHour(propertyId), cost: tokens },
    { budget: BUDGETS.ga4Concurrent(propertyId), cost: 1 },
  ];
}

/** What GA4 said a batch was charged and left (each report's propertyQuota). */
function ga4Reports(propertyId: string, reports: Ga4RunReportResponse[]): QuotaReport[] {
  const charged = reports.reduce((sum, r) => sum + tokensCharged(r.propertyQuota), 0);
  if (!reports.some((r) => r.propertyQuota)) return [];
  const left = lowestRemaining(reports.map((r) => r.propertyQuota));
  return [
    { budget: BUDGETS.ga4TokensPerDay(propertyId), charged, remaining: left?.tokensPerDay?.remaining },
    { budget: BUDGETS.ga4TokensPerHour(propertyId), charged, remaining: left?.tokensPerHour?.remaining },
    { budget: BUDGETS.ga4TokensPerProjectPerHour(propertyId), charged, remaining: left?.tokensPerProjectPerHour?.remaining },
  ];
}

export interface Ga4WindowFacts {
  daily: Ga4DailyRow[];
  /**
   * On disk (decision 019), a report page per batch, as the pages arrived: up to 15 reports x 100,000 rows a
   * page. Each page is one report's rows, unique by (dimension, date, value); a row that moved pages between
   * calls may come in two pages, and the later one (in the order the pages were asked for) wins, as the writer
   * upserts batch after batch. Discard it once written (releaseWindowFacts). Rows in memory are taken too
   * (test seeds).
   */
  dimensionDaily: Rows<Ga4DimensionDailyRow>;
  /** Data API HTTP calls made, retries included */
  calls: number;
  /** the property's quota after the last report (returnPropertyQuota), for the job to pace the next window */
  quota?: Ga4PropertyQuota;
}

/**
 * GA4 allows 250,000 rows a page; the demo property's biggest two-year report (pagePath x date) has ~23,000
 * rows (~4 MB), so 100,000 keeps every realistic window to one page while bounding a batch's response size.
 */
export const GA4_PAGE_SIZE = 100_000;
/** batchRunReports takes at most 5 requests; the batch is validated as a whole and each report is charged. */
export const GA4_BATCH_SIZE = 5;
/**
 * Batches sent side by side once the first has told us what reports cost: a window's 16 reports are 4 batches,
 * the first alone, then the other 3 at once. The property allows 10 concurrent requests (platform-apis.md 4.5),
 * shared with every other client of it; 4 leaves room.
 */
export const GA4_CONCURRENT_BATCHES = 4;
/** a loop guard: a window needs 4 calls, plus one per 5 extra pages */
const MAX_CALLS = 500;

type ReportKey = 'funnel' | Ga4ReportDimension;
interface PageRequest {
  key: ReportKey;
  offset: number;
}
interface PageResult {
  /** the funnel's rows (one a day, kept in memory); a dimension report's rows went to the spool */
  rows: Ga4ParsedRow[];
  rowCount: number;
  quota?: Ga4PropertyQuota;
}

const apiDimension = (key: ReportKey): string | undefined => (key === 'funnel' ? undefined : GA4_REPORT_DIMENSIONS[key]);

/** One RunReportRequest: date (and the report's dimension) by day, the five funnel metrics, one page. */
export function ga4ReportRequest(key: ReportKey, window: { from: string; to: string }, offset: number, limit: number): Record<string, unknown> {
  const second = apiDimension(key);
  const dims = second === undefined ? ['date'] : ['date', second];
  return {
    dateRanges: [{ startDate: window.from, endDate: window.to }],
    dimensions: dims.map((name) => ({ name })),
    metrics: GA4_FUNNEL_METRICS.map((name) => ({ name })),
    // Without orderBys GA4 sorts by the first metric, which shifts as data lands between pages; ordering by
    // the dimensions keeps offset pages stable.
    orderBys: dims.map((dimensionName) => ({ dimension: { dimensionName } })),
    offset,
    limit,
    keepEmptyRows: false, // all-zero day/value rows are omitted: missing is not zero, and no rows are invented
    returnPropertyQuota: true,
  };
}

// Hourly and daily GA4 quotas come back in up to an hour or a day: a job should not hold its worker that long.
// Those 429s go straight to the caller with retryAfterMs (the job reschedules the window); a concurrent-requests
// 429 (seconds) and 5xx are waited out here by withRetry.
class DeferToJob extends Error {
  constructor(readonly error: PlatformError) {
    super(error.message);
  }
}

async function withGa4Retry<T>(fn: () => Promise<T>, retry: RetryOptions | undefined): Promise<T> {
  try {
    return await withRetry(async () => {
      try {
        return await fn();
      } catch (e) {
        if (e instanceof PlatformError && e.kind === 'rate_limit' && ['hourly', 'daily'].includes(ga4QuotaKind(e.message))) throw new DeferToJob(e);
        throw e;
      }
    }, retry);
  } catch (e) {
    throw e instanceof DeferToJob ? e.error : e;
  }
}

function malformed(message: string): PlatformError {
  return new PlatformError('ga4', 'unavailable', `Google Analytics sent a malformed batchRunReports response: ${message}`);
}

function checkInput(input: Ga4WindowInput): void {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  if (!/^\d+$/.test(input.account.propertyId)) throw new PlatformError('ga4', 'bad_request', `GA4 property id '${input.account.propertyId}' is not digits`);
  if (!day.test(input.window.from) || !day.test(input.window.to) || input.window.from > input.window.to) {
    throw new PlatformError('ga4', 'bad_request', `GA4 window ${input.window.from}..${input.window.to} is not a date range`);
  }
}

/**
 * A window of GA4 facts: the funnel by day (ga4_daily) and each of the 15 conversion-report dimensions by day
 * (ga4_dimension_daily), 16 reports over the whole window sent 5 at a time through batchRunReports: 4 calls for
 * any window up to two years, plus one per 5 extra pages when a report passes the page size.
 *
 * The first batch goes alone (its propertyQuota says what a report costs and what is left); the rest go side
 * by side, GA4_CONCURRENT_BATCHES at a time (a window costs about two calls' latency, not four). Pages past
 * the first are planned from rowCount and batched too, in a later round.
 *
 * Paced by propertyQuota: before each round after the first, the tokens it should cost (the tokens charged per
 * report so far, times its reports) and its thresholded reports are held against what the last round left; a
 * round that would be refused is not sent (a refused batch still pays for the reports that ran before the
 * refusal) and the window fails with a rate limit carrying the wait to the hour or to midnight Pacific.
 */
export async function pullGa4Window(input: Ga4WindowInput): Promise<Ga4WindowFacts> {
  checkInput(input);
  const { propertyId } = input.account;
  const limit = Math.min(Math.max(Math.floor(input.pageSize ?? GA4_PAGE_SIZE), 1), 250_000);
  const keys: ReportKey[] = ['funnel', ...GA4_REPORT_DIMENSION_NAMES];
  // The first batch holds the funnel and the demographics: the potentially-thresholded quota (120 requests an
  // hour) is the one a backfill can exhaust, and then it fails on its first call, before spending tokens.
  const queue: PageRequest[] = keys.map((key) => ({ key, offset: 0 }));
  const requested = new Map<ReportKey, Set<number>>(keys.map((k) => [k, new Set([0])]));
  // The funnel is a row a day: in memory, by (date), a row that moved pages kept once.
  const funnel = new Map<string, Ga4ParsedRow>();
  // The dimension reports' rows go to the spool page by page as the batches arrive; each try of a batch writes
  // its own part (removed if the try fails), read back in the order the batches were planned.
  const dimensionDaily = new RowSpool<Ga4DimensionDailyRow>();
  const keysOf = { brandId: input.brandId, propertyId };
  let batchSeq = 0;
  let calls = 0;
  let quota: Ga4PropertyQuota | undefined;
  let paceQuota: Ga4PropertyQuota | undefined;
  let reportsCharged = 0;
  let tokensSpent = 0;
  const now = input.now ?? Date.now;

  const runBatch = (batch: PageRequest[], slot: number) => withGa4Retry((): Promise<PageResult[]> => dimensionDaily.part(slot, async (append) => {
    const body = { requests: batch.map((p) => ga4ReportRequest(p.key, input.window, p.offset, limit)) };
    const tokens = Math.ceil((reportsCharged > 0 ? tokensSpent / reportsCharged : FIRST_REPORT_TOKENS) * batch.length);
    const json = await metered(
      input.quota,
      ga4Charges(propertyId, Math.max(1, tokens)),
      async () => {
        calls++; // a call the ledger refused was never made
        return (await ga4DataPost(input.platforms.ga4, input.accessToken, propertyId, 'batchRunReports', body)) as { reports?: Ga4RunReportResponse[] };
      },
      (answer) => ga4Reports(propertyId, answer.reports ?? []),
    );
    const reports = json.reports ?? [];
    if (reports.length !== batch.length) throw malformed(`${reports.length} reports for ${batch.length} requests`);
    const results: PageResult[] = [];
    for (const [i, report] of reports.entries()) {
      const { key } = batch[i]!;
      let rows: Ga4ParsedRow[];
      try {
        rows = parseGa4Rows(report, apiDimension(key));
      } catch (e) {
        throw malformed((e as Error).message);
      }
      if (key !== 'funnel') {
        // a (date, value) pair is unique within a report: kept once within the page too
        const page = new Map<string, Ga4DimensionDailyRow>();
        for (const row of rows) page.set(`${row.date}\u0000${row.value ?? ''}`, toGa4DimensionDailyRow(keysOf, key, row));
        await append([...page.values()]);
        rows = [];
      }
      results.push({ rows, rowCount: report.rowCount ?? 0, quota: report.propertyQuota });
    }
    return results;
  }), input.retry);

  try {
    while (queue.length > 0) {
      if (calls >= MAX_CALLS) throw new PlatformError('ga4', 'unavailable', `GA4 paging did not end after ${calls} calls`);
      const round: PageRequest[][] = [];
      const width = reportsCharged > 0 ? GA4_CONCURRENT_BATCHES : 1;
      while (queue.length > 0 && round.length < width) round.push(queue.splice(0, GA4_BATCH_SIZE));
      const requests = round.flat();
      if (reportsCharged > 0) {
        const tokens = (tokensSpent / reportsCharged) * requests.length;
        const thresholdedRequests = requests.filter((p) => p.key !== 'funnel' && GA4_THRESHOLDED_DIMENSIONS.has(p.key)).length;
        const shortfall = ga4QuotaShortfall(paceQuota, { tokens, thresholdedRequests }, now());
        if (shortfall) throw ga4QuotaPaused(shortfall);
      }
      const answers = await Promise.all(round.map((batch) => runBatch(batch, batchSeq++)));
      const results = answers.flat();
      paceQuota = lowestRemaining(results.map((r) => r.quota));
      // the round's batches ran side by side and answered in any order: the lowest remaining is the latest state
      if (paceQuota) quota = paceQuota;
      for (const r of results) {
        if (!r.quota) continue;
        reportsCharged++;
        tokensSpent += tokensCharged(r.quota);
      }
      results.forEach((result, i) => {
        const { key } = requests[i]!;
        // a (date) is unique within the funnel report; a row that moved pages between calls is kept once
        if (key === 'funnel') for (const row of result.rows) funnel.set(row.date, row);
        // rowCount is the whole query's row count: queue every page not asked for yet (it may grow between calls)
        const seen = requested.get(key)!;
        for (let offset = limit; offset < result.rowCount; offset += limit) {
          if (!seen.has(offset)) {
            seen.add(offset);
            queue.push({ key, offset });
          }
        }
      });
    }
  } catch (e) {
    // a failed pull leaves nothing behind (a batch still being written removes its part when its call ends)
    await dimensionDaily.discard();
    throw e;
  }

  const daily = [...funnel.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)).map((r) => toGa4DailyRow(keysOf, r));
  return { daily, dimensionDaily, calls, ...(quota ? { quota } : {}) };
}
