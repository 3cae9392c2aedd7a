import { createRng } from '../common/rng.js';
import type { EmulatorContext } from '../common/context.js';
import type { FaultPlan } from '../common/faults.js';
import type { InsightsQuery } from './insights-query.js';
import type { Scope } from './insights.js';
import type { Row } from './rows.js';
import { UsageTracker } from './usage.js';

/** Meta reads a few extra fields from a fault plan (set through PUT /__admin/faults) */
export type MetaFaultPlan = FaultPlan & {
  /** which throttle code to answer: 4, 17, 613, 80000 or 80004 (default by key: token 17, account 80004/80000, '*' 4) */
  rateLimit?: { retryAfterSeconds: number; code?: number };
  /** (#200) by default, or (#10) */
  permissionCode?: 200 | 10;
  /** an async report run created while this plan applies ends in 'Job Failed' */
  reportRunFailed?: boolean;
};

export interface ReportRun {
  id: string;
  scope: Scope;
  query: InsightsQuery;
  today: string;
  /** epoch seconds (emulator clock) */
  timeRef: number;
  /** monotonic ms, for the wall-clock completion rule */
  startedWall: number;
  polls: number;
  fail: boolean;
  /** realistic latency: the run completes this many ms after startedWall, however often it is polled */
  readyMs?: number;
  forced?: 'completed' | 'failed';
  completedAt?: number;
  rows?: Row[];
}

export interface MetaConfig {
  /** a run reports 'Job Completed' on this poll of GET /{report_run_id} (1 = at once) */
  pollsToComplete: number;
  /** ... or once this much wall time has passed since it was created */
  secondsToComplete: number;
  /** synchronous insights above this many rows answer code 1 "Please reduce the amount of data" */
  syncRowLimit: number;
}

export interface MetaState {
  ctx: EmulatorContext;
  usage: UsageTracker;
  runs: Map<string, ReportRun>;
  config: MetaConfig;
  counters: { trace: number; run: number };
}

export function createState(ctx: EmulatorContext): MetaState {
  return {
    ctx,
    usage: new UsageTracker(),
    runs: new Map(),
    config: { pollsToComplete: 4, secondsToComplete: 2, syncRowLimit: 20_000 },
    counters: { trace: 0, run: 0 },
  };
}

const TRACE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** fbtrace_id: looks like Meta's, deterministic in request order */
export function nextTrace(state: MetaState): string {
  const r = createRng(state.ctx.world.seed, 'fbtrace', state.counters.trace++);
  let out = 'A';
  for (let i = 0; i < 22; i++) out += TRACE_CHARS[r.int(0, TRACE_CHARS.length - 1)];
  return out;
}

export function nextRunId(state: MetaState): string {
  const r = createRng(state.ctx.world.seed, 'report-run', state.counters.run++);
  return `${r.int(1, 9)}${String(r.int(0, 99_999_999)).padStart(8, '0')}${String(r.int(0, 999_999)).padStart(6, '0')}`;
}
