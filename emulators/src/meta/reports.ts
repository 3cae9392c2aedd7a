import { latencyOn, REALISTIC_LATENCY } from '../common/timing.js';
import { errors } from './errors.js';
import { withId } from './objects.js';
import { aggregate, type Scope } from './insights.js';
import type { InsightsQuery } from './insights-query.js';
import { formatRow } from './rows.js';
import { nextRunId, type MetaState, type ReportRun } from './state.js';

// Asynchronous insights (reference 1.8): POST .../insights -> {report_run_id}; polling GET /{id} walks
// 'Job Not Started' -> 'Job Started' -> 'Job Running' (percent) -> 'Job Completed' (or 'Job Failed'),
// one step per poll or all at once after a short wall-clock delay; GET /{id}/insights pages the rows.
// With realistic latency (common/timing.ts) a run finishes after a realistic time only (a few seconds,
// longer for longer ranges), however often it is polled.

const DAY_MS = 86_400_000;

/** ms from creation until a run completes under realistic latency */
export function realisticRunMs(query: InsightsQuery): number {
  const days = Math.max(1, Math.round((Date.parse(`${query.until}T00:00:00Z`) - Date.parse(`${query.since}T00:00:00Z`)) / DAY_MS) + 1);
  return REALISTIC_LATENCY.meta.runBaseMs + REALISTIC_LATENCY.meta.runPerDayMs * (Number.isFinite(days) ? days : 1);
}

export function createRun(state: MetaState, scope: Scope, query: InsightsQuery, today: string, fail: boolean): ReportRun {
  const run: ReportRun = {
    id: nextRunId(state),
    scope,
    query,
    today,
    timeRef: Math.floor(state.ctx.clock.now().getTime() / 1000),
    startedWall: state.usage.now(),
    polls: 0,
    fail,
    ...(latencyOn(state.ctx) ? { readyMs: realisticRunMs(query) } : {}),
  };
  state.runs.set(run.id, run);
  return run;
}

type Phase = { status: string; percent: number };

function phase(state: MetaState, run: ReportRun): Phase {
  const done: Phase = run.fail ? { status: 'Job Failed', percent: 0 } : { status: 'Job Completed', percent: 100 };
  if (run.forced) return run.forced === 'failed' ? { status: 'Job Failed', percent: 0 } : { status: 'Job Completed', percent: 100 };
  const n = Math.max(1, state.config.pollsToComplete);
  if (run.readyMs !== undefined) {
    const ms = state.usage.now() - run.startedWall;
    if (ms >= run.readyMs) return done;
    if (ms < 0.1 * run.readyMs) return { status: run.polls <= 1 ? 'Job Not Started' : 'Job Started', percent: 0 };
    return { status: 'Job Running', percent: Math.min(99, Math.round((ms / run.readyMs) * 100)) };
  }
  const elapsed = (state.usage.now() - run.startedWall) / 1000;
  if (run.polls >= n || elapsed >= state.config.secondsToComplete) return done;
  if (run.polls <= 1) return { status: 'Job Not Started', percent: 0 };
  if (run.polls === 2) return { status: 'Job Started', percent: 0 };
  return { status: 'Job Running', percent: Math.min(99, Math.round(((run.polls - 2) / Math.max(1, n - 2)) * 100)) };
}

/** whether a run is still running (not yet completed or failed): it then spends its account's insights budget */
export function runRunning(state: MetaState, run: ReportRun): boolean {
  if (run.completedAt !== undefined) return false;
  const s = phase(state, run).status;
  return s === 'Job Not Started' || s === 'Job Started' || s === 'Job Running';
}

/** an ad account's running report runs, and in how many seconds the first of them will be done (at least 1) */
export function runningRunsOf(state: MetaState, accountId: string): { count: number; firstDoneSeconds: number } {
  let count = 0;
  let first = Infinity;
  const now = state.usage.now();
  for (const run of state.runs.values()) {
    if (run.scope.model.account.accountId !== accountId || !runRunning(state, run)) continue;
    count++;
    const readyMs = run.readyMs ?? state.config.secondsToComplete * 1000;
    first = Math.min(first, run.startedWall + readyMs - now);
  }
  return { count, firstDoneSeconds: Number.isFinite(first) ? Math.max(1, Math.ceil(first / 1000)) : 1 };
}

/** GET /{report_run_id}: each poll moves the job on */
export function pollRun(state: MetaState, run: ReportRun, fields: string[], version: string): Record<string, unknown> {
  run.polls++;
  const p = phase(state, run);
  if (p.status !== 'Job Not Started' && p.status !== 'Job Started' && p.status !== 'Job Running' && run.completedAt === undefined) {
    run.completedAt = Math.floor(state.ctx.clock.now().getTime() / 1000);
  }
  const all: Record<string, unknown> = {
    id: run.id,
    account_id: run.scope.model.account.accountId,
    time_ref: run.timeRef,
    time_completed: run.completedAt,
    async_status: p.status,
    async_percent_completion: p.percent,
    date_start: run.query.since,
    date_stop: run.query.until,
    is_running: p.status === 'Job Running' || p.status === 'Job Started',
    emails: [],
    friendly_name: `Insights report ${run.query.since} - ${run.query.until}`,
    schedule_id: undefined,
  };
  // v25.0 added error fields to failed runs (reference 1.8)
  if (p.status === 'Job Failed' && Number(version.replace(/^v/, '')) >= 25) {
    Object.assign(all, {
      error_code: -2, error_subcode: 2490547, error_message: 'Report Failed',
      error_user_title: 'Report failed', error_user_msg: 'The report could not be generated. Try a shorter date range or fewer breakdowns.',
    });
  }
  const wanted = fields.length ? fields : ['id', 'account_id', 'time_ref', 'time_completed', 'async_status', 'async_percent_completion', 'date_start', 'date_stop', 'is_running', 'error_code', 'error_subcode', 'error_message', 'error_user_title', 'error_user_msg'];
  const out: Record<string, unknown> = {};
  for (const f of wanted) {
    if (!(f in all) && !f.startsWith('error_')) throw errors.nonexistingField(f, 'AdReportRun');
    if (all[f] !== undefined) out[f] = all[f];
  }
  return withId(out, run.id);
}

/** the finished run's rows (computed once, as of the day the run was created) */
export function runRows(state: MetaState, run: ReportRun): Record<string, unknown>[] {
  const p = phase(state, run);
  if (p.status === 'Job Failed') throw errors.invalidParam('The report run failed: Report Failed', 2490547);
  if (p.status !== 'Job Completed') throw errors.invalidParam(`Report is not ready yet (async_status: ${p.status}); poll the report run until it is Job Completed`);
  run.rows ??= aggregate(state.ctx.world, run.scope, run.query, run.today).map((a) => formatRow(a, run.query));
  return run.rows;
}
