import { PlatformError } from '../platform-error.js';
import { MetaNoDataError, NO_DATA_SUBCODE, type MetaSession } from './meta-client.js';

// Asynchronous insights (platform-apis.md 1.8): POST /act_{id}/insights -> {report_run_id}; poll
// GET /{report_run_id} until async_status is 'Job Completed'; then page GET /{report_run_id}/insights.
// Async is how Meta wants ranges with daily rows fetched: sync calls over long ranges answer code 1
// "Please reduce the amount of data" or time out (100/1504018, 2/1504038).

/** Results page size: the reference's documented `limit=500` for report results (1.8). */
export const RESULT_PAGE_SIZE = 500;
/** A failed or stuck run is created anew this many times in all before the pull gives up. */
export const MAX_RUN_ATTEMPTS = 3;
/**
 * Poll schedule: Meta's small jobs finish in seconds, big ones in minutes. First look after 2 s (a
 * window's runs rarely finish sooner, so an earlier poll is a wasted call), then double to 30 s (Airbyte
 * polls every 30 s), or sooner when the run's async_percent_completion says it will be done sooner
 * (msUntilDone); a run not done after ~30 min of backoff counts as failed (Airbyte gives up after
 * 60 min and splits the job; our windows are small enough not to need that).
 */
export const POLL_FIRST_MS = 2000;
export const POLL_MAX_MS = 30_000;
export const POLL_BUDGET_MS = 30 * 60_000;
/** The soonest poll after a progress estimate, and how many estimates a run gets (a run stuck at 99% falls back to the backoff). */
const ESTIMATE_MIN_MS = 500;
const MAX_ESTIMATES = 3;

/**
 * When a running report should be done, from how far along it says it is: a run 60% done after 3 s of
 * waiting needs about 2 s more. Polling then, rather than at the next backoff step, saves most of the time a
 * finished run would sit unread; a little margin avoids one poll too early. Undefined without a usable percent.
 */
export function msUntilDone(waitedMs: number, percent: number | undefined): number | undefined {
  if (percent === undefined || !(percent > 0 && percent < 100)) return undefined;
  return Math.max(ESTIMATE_MIN_MS, Math.round(((waitedMs * (100 - percent)) / percent) * 1.1) + 200);
}

export type InsightRow = Record<string, unknown>;

/** what a report run needs of the session (a fake in unit tests) */
export type ReportSession = Pick<MetaSession, 'post' | 'get' | 'url' | 'sleep' | 'each'>;

interface RunStatus {
  id?: string;
  async_status?: string;
  async_percent_completion?: number;
  error_code?: number;
  error_subcode?: number;
  error_message?: string;
}

const POLL_FIELDS = 'id,async_status,async_percent_completion,error_code,error_subcode,error_message';

/** Poll delays in order: 2 s, 4 s, 8 s ... capped, until their sum passes the budget. */
export function pollDelays(first = POLL_FIRST_MS, max = POLL_MAX_MS, budget = POLL_BUDGET_MS): number[] {
  const out: number[] = [];
  let total = 0;
  for (let d = first; total < budget; d = Math.min(max, d * 2)) {
    out.push(d);
    total += d;
  }
  return out;
}

type Outcome = { done: true } | { done: false; noData: boolean; reason: string };

async function waitForRun(session: ReportSession, runId: string): Promise<Outcome> {
  const backoff = pollDelays();
  let waited = 0;
  let estimates = 0;
  let delay = backoff[0]!;
  for (let step = 1; ; step++) {
    await session.sleep(delay);
    waited += delay;
    const s = await session.get<RunStatus>(session.url(runId, { fields: POLL_FIELDS }));
    switch (s.async_status) {
      case 'Job Completed':
        return { done: true };
      case 'Job Failed':
      case 'Job Skipped': {
        // v25.0 added error_code/error_subcode/error_message to failed runs (e.g. -2 / 2490547 "Report Failed")
        const detail = s.error_message ? `: ${s.error_message}${s.error_code === undefined ? '' : ` (${s.error_code}/${s.error_subcode ?? '-'})`}` : '';
        return { done: false, noData: s.error_subcode === NO_DATA_SUBCODE, reason: `${s.async_status}${detail}` };
      }
      default:
        break; // 'Job Not Started' | 'Job Started' | 'Job Running': keep polling
    }
    const next = backoff[step];
    if (next === undefined) return { done: false, noData: false, reason: 'did not complete in time' };
    const estimate = estimates < MAX_ESTIMATES ? msUntilDone(waited, s.async_percent_completion) : undefined;
    if (estimate !== undefined && estimate < next) estimates++;
    delay = estimate !== undefined && estimate < next ? estimate : next;
  }
}

/**
 * Runs one async insights report on an ad account and returns every row. A run that fails (or never
 * completes) is created again, up to MAX_RUN_ATTEMPTS in all, then the pull fails as 'unavailable' so
 * the job retries it later. Every HTTP call (create, poll, page) goes through the session's withRetry.
 * "No data for these metrics and breakdowns" (1504041) yields no rows: those days stay missing.
 * With `onPage`, each results page is handed to it as it arrives (awaited before the next) and none is kept:
 * the answer is [] (decision 019).
 */
export async function runInsightsReport(
  session: ReportSession,
  accountId: string,
  params: Record<string, string>,
  onRunDone?: () => void,
  onPage?: (rows: InsightRow[]) => Promise<void>,
): Promise<InsightRow[]> {
  let lastReason = '';
  for (let attempt = 1; attempt <= MAX_RUN_ATTEMPTS; attempt++) {
    let runId: string | undefined;
    try {
      runId = (await session.post<{ report_run_id?: string }>(`${accountId}/insights`, params)).report_run_id;
    } catch (e) {
      if (e instanceof MetaNoDataError) {
        onRunDone?.();
        return [];
      }
      throw e;
    }
    if (!runId) throw new PlatformError('meta', 'unavailable', 'Meta did not return a report_run_id');
    const outcome = await waitForRun(session, runId);
    // Meta's part is done: only paging our results is left (a backfill starts the next window's runs now)
    if (outcome.done || outcome.noData) onRunDone?.();
    if (outcome.done) {
      const rows: InsightRow[] = [];
      await session.each<InsightRow>(session.url(`${runId}/insights`, { limit: String(RESULT_PAGE_SIZE) }), onPage ?? ((page) => void rows.push(...page)));
      return rows;
    }
    if (outcome.noData) return [];
    lastReason = outcome.reason;
  }
  throw new PlatformError('meta', 'unavailable', `Meta insights report run failed ${MAX_RUN_ATTEMPTS} times (${lastReason})`);
}
