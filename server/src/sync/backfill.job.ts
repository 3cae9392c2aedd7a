import type { FastifyBaseLogger } from 'fastify';
import { PlatformError } from '../connectors/platform-error.js';
import type { RealtimePublisher } from '../realtime/realtime.js';
import { writeWindowFacts } from './facts-writer.js';
import { pullWindow, type PullDeps, type PullOptions, type WindowFacts } from './pull.js';
import { doneWindows, loadSyncConnection, recordWindow, setSyncState, syncedThrough, type SyncConnection } from './sync.sql.js';
import { adoptPulls, parkPulls, WindowPulls, type StartPull } from './window-pulls.js';
import { backfillWindows, dayIn, refreshWindow, type DayWindow } from './windows.js';

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
  outcome: 'done' | 'reauth_required' | 'gone';
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

/** A pulled window's facts and its checkpoint, in ONE transaction. */
async function writeWindow(deps: JobDeps, conn: SyncConnection, window: DayWindow, stream: string, facts: WindowFacts): Promise<{ rows: number; calls: number }> {
  const rows = await deps.db.transaction(async (tx) => {
    const written = await writeWindowFacts(tx, conn.brandId, conn.accountId, window, facts);
    await recordWindow(tx, { connectionId: conn.id, stream, from: window.from, to: window.to, rows: written, calls: facts.calls });
    return written;
  });
  return { rows, calls: facts.calls };
}

/**
 * The two-year backfill of one connection: newest 60 days first, then back in quarters, skipping windows
 * whose checkpoint exists (a restarted job resumes where it stopped). A token problem marks the connection
 * for reconnection and ends the job without retrying; anything else is thrown for the queue to retry.
 *
 * Pipelined (WindowPulls): the next window's pull starts when this one's platform work is done (its Meta report
 * runs completed, its Shopify export ready) or, at the latest, when its facts are in, so the platform works
 * while we read results and write; at most two windows ahead of the one being written. Each window commits with
 * its checkpoint in one transaction, in order. A recent job's pipeline goes on into the history windows and is
 * parked for the history job, which only reads what it pulled until then.
 */
export async function runBackfill(deps: JobDeps, connectionId: string, phase: 'all' | 'recent' | 'history' = 'all'): Promise<BackfillResult> {
  const conn = await loadSyncConnection(deps.db, connectionId);
  const result: BackfillResult = { windows: 0, skipped: 0, rows: 0, calls: 0, outcome: 'gone' };
  if (!conn) return result; // the brand or connection was deleted meanwhile
  const yesterday = dayIn(conn.brandTimezone, new Date((deps.now?.() ?? new Date()).getTime() - 86_400_000));
  const all = backfillWindows(yesterday, deps.historyDays);
  // 'recent' is the newest window only (every connection's first, so the dashboard is usable within a
  // minute); 'history' the rest. Progress counts over the whole backfill either way.
  const windows = phase === 'recent' ? all.slice(0, 1) : all;
  const done = await doneWindows(deps.db, conn.id, BACKFILL_STREAM);
  result.windows = windows.length;
  const todo: Array<{ window: DayWindow; index: number }> = [];
  for (const [index, window] of windows.entries()) {
    if (phase === 'history' && index === 0) continue;
    if (done.has(window.from)) result.skipped++;
    else todo.push({ window, index });
  }
  // One pipeline over the windows this job writes; a recent job's goes on into the history windows, which it
  // parks for the history job (window-pulls.ts).
  const start: StartPull<WindowFacts> = (window, onRemoteDone) => pullTraced(deps, conn, window, { onRemoteDone });
  const mine = todo.map((t) => t.window);
  let pulls: WindowPulls<WindowFacts>;
  let offset = 0;
  if (phase === 'recent') {
    pulls = new WindowPulls([...mine, ...all.slice(1).filter((w) => !done.has(w.from))], start);
  } else {
    const adopted = phase === 'history' ? adoptPulls<WindowFacts>(conn.id, mine) : undefined;
    pulls = adopted?.pulls ?? new WindowPulls(mine, start);
    offset = adopted?.offset ?? 0;
  }
  try {
    for (const [k, { window, index }] of todo.entries()) {
      await setSyncState(deps.db, conn.id, { state: 'backfilling', progress: index / all.length });
      await announce(deps, conn, index / all.length, 'backfilling');
      const facts = await pulls.take(offset + k);
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
  await deps.onSynced?.(conn.brandId);
  return { ...result, outcome: 'done' };
}

/** The 3-hourly refresh: re-read the platform's lookback window (Shopify: orders updated since). */
export async function runRefresh(deps: JobDeps, connectionId: string): Promise<BackfillResult> {
  const conn = await loadSyncConnection(deps.db, connectionId);
  const result: BackfillResult = { windows: 1, skipped: 0, rows: 0, calls: 0, outcome: 'gone' };
  if (!conn) return result;
  const now = deps.now?.() ?? new Date();
  const window = refreshWindow(conn.platform, dayIn(conn.brandTimezone, new Date(now.getTime() - 86_400_000)), await syncedThrough(deps.db, conn.id));
  try {
    const updatedSince = conn.platform === 'shopify' ? new Date(Date.parse(`${window.from}T00:00:00Z`) - 86_400_000).toISOString() : undefined;
    const { rows, calls } = await syncWindow(deps, conn, window, 'refresh', { updatedSince });
    await setSyncState(deps.db, conn.id, { state: 'fresh' });
    await deps.onSynced?.(conn.brandId);
    return { ...result, rows, calls, outcome: 'done' };
  } catch (e) {
    return failed(deps, conn, result, e);
  }
}

/** A token problem: mark for reconnection and stop (never retried). Anything else: record it and rethrow for the queue. */
async function failed(deps: JobDeps, conn: SyncConnection, result: BackfillResult, e: unknown): Promise<BackfillResult> {
  if (e instanceof PlatformError && (e.kind === 'auth' || e.kind === 'permission')) {
    await setSyncState(deps.db, conn.id, { state: 'reauth_required', error: e.message });
    await announce(deps, conn, 0, 'reauth_required', e.message);
    return { ...result, outcome: 'reauth_required' };
  }
  const message = e instanceof Error ? e.message : String(e);
  await setSyncState(deps.db, conn.id, { state: 'failing', error: message });
  await announce(deps, conn, 0, 'failing', message);
  throw e;
}
