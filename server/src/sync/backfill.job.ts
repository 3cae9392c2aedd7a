import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { PLATFORM_LABELS, type Platform } from '@parallels/contract/brands';
import type { Database } from '../db/client.js';
import { PlatformError } from '../connectors/platform-error.js';
import type { RealtimePublisher } from '../realtime/realtime.js';
import { connectionLocks } from './connection-lock.sql.js';
import { inShortTransactions, inTransaction, writeWindowSteps } from './facts-writer.sql.js';
import { pullWindow, releaseWindowFacts, type PullDeps, type PullOptions, type WindowFacts } from './pull.js';
import {
  connectionWindows,
  listActiveSyncTargets,
  loadSyncConnection,
  recordWindow,
  setSyncState,
  syncedThrough,
  syncedWindows,
  type SyncConnection,
} from './sync.sql.js';
import { adoptPulls, parkPulls, WindowPulls, type StartPull, type WindowPullsOptions } from './window-pulls.js';
import { MetaInsightsBudget, windowConcurrency } from './window-concurrency.js';
import { recentFirst } from './recent-first.js';
import { addDays, todayIn, yesterdayIn } from '@parallels/contract/days';
import { rebuildGoogleViewPresets } from '../db/google-view-presets.sql.js';
import { backfillWindows, HISTORY_DAYS, missingWindows, refreshWindow, type DayWindow } from './windows.js';
import { presetRanges } from '@parallels/contract/report-presets';

export const BACKFILL_STREAM = 'backfill';

export interface JobDeps extends PullDeps {
  log: FastifyBaseLogger;
  /** realtime messages to the brand's room (progress, reconnect prompts); absent in some tests */
  publisher?: RealtimePublisher;
  /** a connection finished syncing: rebuild its brand's summary (the calculate job) */
  onSynced?: (brandId: string) => Promise<unknown>;
  now?: () => Date;
  /** how far back a backfill reads (tests use less than the two years) */
  historyDays?: number;
  /** runs each window's pull (tracing: bench/backfill attributes platform calls to their window with it) */
  tracePull?: <T>(window: DayWindow, pull: () => Promise<T>) => Promise<T>;
  /**
   * Embedded PGlite: windows no checkpoint covers are written in short transactions, each after `beforeEach`
   * (which waits, a bounded while, for the requests in flight), and the Google Ads preset summaries' reads and
   * transactions wait for it too. Absent on PostgreSQL, where reads never wait.
   */
  shortWrites?: { beforeEach: () => Promise<void> };
}

function pullTraced(deps: JobDeps, conn: SyncConnection, window: DayWindow, options: PullOptions = {}): Promise<WindowFacts> {
  const pull = () => pullWindow(deps, conn, window, options);
  return deps.tracePull ? deps.tracePull(window, pull) : pull();
}

export interface BackfillResult {
  windows: number;
  skipped: number;
  rows: number;
  calls: number;
  /** busy: another job of the connection holds it (busyWith says which kind); the queue runs this one later */
  outcome: 'done' | 'reauth_required' | 'gone' | 'busy';
  busyWith?: JobKind;
  /** after a refresh: backfill windows still missing (the queue then queues the backfill) */
  missing?: number;
}

export type JobKind = 'backfill' | 'refresh';

/**
 * Runs a job holding its connection (connection-lock.sql.ts): two jobs never write one connection's days at
 * once, whichever queues they come from (pg-boss's singleton key is per queue only) and whichever process
 * runs them. A job that finds the connection held ends at once as 'busy', saying which kind holds it.
 */
async function exclusively(deps: JobDeps, connectionId: string, kind: JobKind, idle: BackfillResult, run: () => Promise<BackfillResult>): Promise<BackfillResult> {
  const job = `${kind}:${randomUUID()}`;
  const locks = connectionLocks(deps.db);
  const lock = await locks.tryLock(connectionId, job);
  if (!lock.locked) {
    if (lock.holder === null && !(await loadSyncConnection(deps.db, connectionId))) return idle; // deleted meanwhile
    return { ...idle, outcome: 'busy', busyWith: lock.holder?.startsWith('refresh:') ? 'refresh' : 'backfill' };
  }
  try {
    return await run();
  } finally {
    await locks.unlock(connectionId, job).catch((err: unknown) => deps.log.warn({ err, connectionId }, 'could not release the connection after its sync job'));
  }
}

/** The two-year span's windows as of now, and those whose days are not all held yet. */
async function historyOf(deps: JobDeps, conn: { id: string; brandTimezone: string }): Promise<{ all: DayWindow[]; missing: DayWindow[] }> {
  const all = backfillWindows(brandYesterday(deps, conn.brandTimezone), deps.historyDays);
  return { all, missing: missingWindows(all, await connectionWindows(deps.db, conn.id)) };
}

/**
 * The newest whole day in the brand's timezone: the day before today there. Not the day it was 24 hours ago,
 * which on the day after a 23-hour day (spring forward) is two days back for the hour after midnight.
 */
function brandYesterday(deps: Pick<JobDeps, 'now'>, timezone: string): string {
  return yesterdayIn(timezone, deps.now?.() ?? new Date());
}

/**
 * Active connections with days of their two-year span still missing (new, interrupted, stopped by an expired
 * token, or whose history failed), optionally of one brand: what a start, a reconnect or a schedule queues.
 */
export async function connectionsMissingHistory(deps: { db: Database; now?: () => Date; historyDays?: number }, brandId?: string): Promise<string[]> {
  const targets = await listActiveSyncTargets(deps.db, brandId);
  const synced = await syncedWindows(
    deps.db,
    targets.map((t) => t.id),
  );
  return targets
    .filter((t) => {
      const all = backfillWindows(brandYesterday(deps, t.timezone), deps.historyDays);
      return missingWindows(all, synced.filter((w) => w.connectionId === t.id)).length > 0;
    })
    .map((t) => t.id);
}

async function announce(deps: JobDeps, conn: SyncConnection, progress: number, state: 'backfilling' | 'fresh' | 'failing' | 'reauth_required', error?: string): Promise<void> {
  if (!deps.publisher) return;
  const base = { brandId: conn.brandId, platform: conn.platform, accountName: conn.accountName };
  await deps.publisher.publish({ brandId: conn.brandId }, { type: 'backfill-progress', data: { ...base, connectionId: conn.id, progress, state } }).catch(() => undefined);
  if (state === 'reauth_required') {
    await deps.publisher
      .publish({ brandId: conn.brandId }, { type: 'connection-needs-reconnect', data: { ...base, message: `Reconnect ${conn.accountName}: ${error ?? 'access expired'}` } })
      .catch(() => undefined);
  }
}

/** Pull a window and write its facts and checkpoint in ONE transaction: a crash leaves it all or nothing. */
async function syncWindow(deps: JobDeps, conn: SyncConnection, window: DayWindow, stream: string, options: PullOptions = {}): Promise<{ rows: number; calls: number }> {
  return writeWindow(deps, conn, window, stream, await pullTraced(deps, conn, window, options));
}

/**
 * A pulled window's facts and its checkpoint, in ONE transaction; then what the pull spooled is freed. On embedded
 * PGlite (`shortWrites`), a window none of whose days a checkpoint covers yet is written in short transactions
 * instead, its checkpoint with the last (decision 027): the app's requests are not held for the whole window.
 */
async function writeWindow(deps: JobDeps, conn: SyncConnection, window: DayWindow, stream: string, facts: WindowFacts): Promise<{ rows: number; calls: number }> {
  try {
    const checkpoint = (tx: Parameters<Parameters<Database['transaction']>[0]>[0], rows: number) =>
      recordWindow(tx, { brandId: conn.brandId, connectionId: conn.id, stream, from: window.from, to: window.to, rows, calls: facts.calls });
    const rows =
      deps.shortWrites && !(await overlapsSyncedDays(deps.db, conn.id, window))
        ? await writeWindowSteps(inShortTransactions(deps.db, deps.shortWrites.beforeEach), conn.brandId, conn.accountId, window, facts, checkpoint)
        : await deps.db.transaction((tx) => writeWindowSteps(inTransaction(tx), conn.brandId, conn.accountId, window, facts, checkpoint));
    return { rows, calls: facts.calls };
  } finally {
    await releaseWindowFacts(facts);
  }
}

/** Whether any day of the window is covered by a committed window of the connection (its data is being read). */
async function overlapsSyncedDays(db: Database, connectionId: string, window: DayWindow): Promise<boolean> {
  return (await connectionWindows(db, connectionId)).some((w) => w.from <= window.to && w.to >= window.from);
}

/**
 * The two-year backfill of one connection: newest 60 days first, then back in quarters, skipping windows
 * whose checkpoint exists (a restarted job resumes where it stopped). A token problem marks the connection
 * for reconnection and ends the job without retrying; anything else is thrown for the queue to retry.
 *
 * Pipelined (WindowPulls): several windows in flight at the platform's documented concurrency once the newest
 * has committed (window-concurrency.ts; Meta's as the ad account's insights budget has room), each holding its
 * place until its platform work is done (its Meta report runs completed, its Shopify export ready) or its facts
 * are in, so the platform works while we read results and write. Each window commits with its checkpoint in one
 * transaction, in order, newest first; history windows write once no recent job runs in the process (recent-first.ts). A recent job's pipeline goes on into the history windows and is
 * parked for the history job, which only reads what it pulled until then.
 */
export function runBackfill(deps: JobDeps, connectionId: string, phase: 'all' | 'recent' | 'history' = 'all'): Promise<BackfillResult> {
  const idle: BackfillResult = { windows: 0, skipped: 0, rows: 0, calls: 0, outcome: 'gone' };
  const job = () => backfill(deps, connectionId, phase);
  return exclusively(deps, connectionId, 'backfill', idle, phase === 'recent' ? () => recentFirst.recent(job) : job);
}

async function backfill(deps: JobDeps, connectionId: string, phase: 'all' | 'recent' | 'history'): Promise<BackfillResult> {
  const conn = await loadSyncConnection(deps.db, connectionId);
  const result: BackfillResult = { windows: 0, skipped: 0, rows: 0, calls: 0, outcome: 'gone' };
  if (!conn) return result; // the brand or connection was deleted meanwhile
  const { all, missing: missingList } = await historyOf(deps, conn);
  const missing = new Set(missingList.map((w) => w.from));
  // 'recent' is the newest window only (every connection's first, so the dashboard is usable within a
  // minute); 'history' the rest. Progress counts over the whole backfill either way.
  const windows = phase === 'recent' ? all.slice(0, 1) : all;
  result.windows = windows.length;
  const todo: Array<{ window: DayWindow; index: number }> = [];
  for (const [index, window] of windows.entries()) {
    if (phase === 'history' && index === 0) continue;
    if (missing.has(window.from)) todo.push({ window, index });
    else result.skipped++;
  }
  deps.log.info({ connectionId, platform: conn.platform, phase, windows: todo.length, committed: result.skipped }, 'backfill job running');
  // One pipeline over the windows this job writes; a recent job's goes on into the history windows, which it
  // parks for the history job (window-pulls.ts). Several windows in flight at the platform's documented
  // concurrency (window-concurrency.ts); Meta's as many as the ad account's insights budget has room for.
  const { start, options } = pipelineOf(deps, conn);
  const mine = todo.map((t) => t.window);
  let pulls: WindowPulls<WindowFacts>;
  let offset = 0;
  if (phase === 'recent') {
    pulls = new WindowPulls([...mine, ...all.slice(1).filter((w) => missing.has(w.from))], start, releaseWindowFacts, options);
  } else {
    const adopted = phase === 'history' ? adoptPulls<WindowFacts>(conn.id, mine) : undefined;
    pulls = adopted?.pulls ?? new WindowPulls(mine, start, releaseWindowFacts, options);
    offset = adopted?.offset ?? 0;
  }
  try {
    for (const [k, { window, index }] of todo.entries()) {
      await setSyncState(deps.db, conn.id, { state: 'backfilling', progress: index / all.length });
      await announce(deps, conn, index / all.length, 'backfilling');
      const facts = await pulls.take(offset + k);
      // history windows write once no connection's newest 60 days are waiting in this process (recent-first.ts)
      if (phase !== 'recent') await recentFirst.idle();
      const { rows, calls } = await writeWindow(deps, conn, window, BACKFILL_STREAM, facts);
      pulls.written(offset + k);
      result.rows += rows;
      result.calls += calls;
      deps.log.info({ connectionId, platform: conn.platform, window, rows, calls }, 'backfill window synced');
    }
  } catch (e) {
    pulls.stop();
    return failed(deps, conn, result, e);
  }
  if (phase === 'recent') {
    parkPulls(conn.id, pulls, todo.length);
    await setSyncState(deps.db, conn.id, { state: 'backfilling', progress: 1 / all.length });
    await announce(deps, conn, 1 / all.length, 'backfilling');
  } else {
    await setSyncState(deps.db, conn.id, { state: 'fresh' });
    await announce(deps, conn, 1, 'fresh');
  }
  await refreshGoogleViewPresets(deps, conn);
  await deps.onSynced?.(conn.brandId);
  return { ...result, outcome: 'done' };
}

/** How a connection's windows are pulled: the platform's concurrency, and for Meta the account's insights budget. */
function pipelineOf(deps: JobDeps, conn: SyncConnection): { start: StartPull<WindowFacts>; options: WindowPullsOptions } {
  // one window at a time unless configured: at the platforms' limits the wall is set by our own CPU (decision 021)
  const concurrency = deps.config.syncWindowConcurrency === 'platform' ? windowConcurrency(conn.platform, deps.config.platforms) : 1;
  if (conn.platform !== 'meta') return { start: (window, onRemoteDone) => pullTraced(deps, conn, window, { onRemoteDone }), options: { concurrency } };
  const budget = new MetaInsightsBudget();
  const start: StartPull<WindowFacts> = (window, onRemoteDone) => {
    // the window's runs are held from now (synchronously: the next start's check counts them) until its pull ends
    const runs = budget.open();
    const pull = pullTraced(deps, conn, window, { onRemoteDone, insightsBudget: runs });
    pull.then(runs.close, runs.close);
    return pull;
  };
  return { start, options: { concurrency, canStart: () => budget.roomForWindow() } };
}

/**
 * The 3-hourly refresh: re-read the platform's lookback window (Shopify: orders updated since). It says the
 * connection is fresh only when its history is whole too; otherwise `missing` tells the queue to backfill.
 */
export function runRefresh(deps: JobDeps, connectionId: string): Promise<BackfillResult> {
  const idle: BackfillResult = { windows: 1, skipped: 0, rows: 0, calls: 0, outcome: 'gone' };
  return exclusively(deps, connectionId, 'refresh', idle, () => refresh(deps, connectionId));
}

async function refresh(deps: JobDeps, connectionId: string): Promise<BackfillResult> {
  const conn = await loadSyncConnection(deps.db, connectionId);
  const result: BackfillResult = { windows: 1, skipped: 0, rows: 0, calls: 0, outcome: 'gone' };
  if (!conn) return result;
  const window = refreshWindow(conn.platform, brandYesterday(deps, conn.brandTimezone), await syncedThrough(deps.db, conn.id));
  try {
    const updatedSince = conn.platform === 'shopify' ? `${addDays(window.from, -1)}T00:00:00.000Z` : undefined;
    const { rows, calls } = await syncWindow(deps, conn, window, 'refresh', { updatedSince });
    const { all, missing } = await historyOf(deps, conn);
    if (missing.length) await setSyncState(deps.db, conn.id, { state: 'backfilling', progress: (all.length - missing.length) / all.length });
    else await setSyncState(deps.db, conn.id, { state: 'fresh' });
    await refreshGoogleViewPresets(deps, conn);
    await deps.onSynced?.(conn.brandId);
    return { ...result, rows, calls, outcome: 'done', missing: missing.length };
  } catch (e) {
    return failed(deps, conn, result, e);
  }
}

/**
 * After a Google Ads job's last window: the preset summaries as of the brand's today (decision 015, "Scale"),
 * rebuilt even without new data since the presets slide with the day. Its own transaction; a failure only
 * leaves the reports on the per-request statement, so it is logged, not thrown.
 */
async function refreshGoogleViewPresets(deps: JobDeps, conn: SyncConnection): Promise<void> {
  if (conn.platform !== 'google_ads') return;
  const ranges = presetRanges(todayIn(conn.brandTimezone, deps.now?.() ?? new Date()), deps.historyDays ?? HISTORY_DAYS);
  await rebuildGoogleViewPresets(deps.db, conn.brandId, conn.accountId, ranges, { beforeEach: deps.shortWrites?.beforeEach }).catch((err: unknown) =>
    deps.log.warn({ err, connectionId: conn.id }, 'could not rebuild the Google Ads preset summaries'),
  );
}

/** A token problem: mark for reconnection and stop (never retried). Anything else: record it and rethrow for the queue. */
async function failed(deps: JobDeps, conn: SyncConnection, result: BackfillResult, e: unknown): Promise<BackfillResult> {
  if (e instanceof PlatformError && (e.kind === 'auth' || e.kind === 'permission')) {
    await setSyncState(deps.db, conn.id, { state: 'reauth_required', error: e.message });
    await announce(deps, conn, 0, 'reauth_required', e.message);
    return { ...result, outcome: 'reauth_required' };
  }
  // The connection's status is read by people: it says what happened in their words; the detail goes to the log.
  const message = userSafeError(conn.platform, e);
  deps.log.error({ err: e, connectionId: conn.id, platform: conn.platform }, 'sync job failed');
  await setSyncState(deps.db, conn.id, { state: 'failing', error: message });
  await announce(deps, conn, 0, 'failing', message);
  throw e;
}

/** What a failed sync tells the user: never a database's or a platform's raw error text. */
export function userSafeError(platform: Platform, e: unknown): string {
  const name = PLATFORM_LABELS[platform];
  if (e instanceof PlatformError) {
    if (e.kind === 'rate_limit') return `${name} asked us to slow down. We will try again shortly.`;
    if (e.kind === 'unavailable') return `${name} did not answer in time. We will try again shortly.`;
    return `${name} turned down our request for this account's data. We will try again later.`;
  }
  return "We could not save this account's latest data. We will try again shortly.";
}
