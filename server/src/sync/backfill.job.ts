import type { FastifyBaseLogger } from 'fastify';
import { PlatformError } from '../connectors/platform-error.js';
import type { RealtimePublisher } from '../realtime/realtime.js';
import { writeWindowFacts } from './facts-writer.js';
import { pullWindow, type PullDeps, type PullOptions, type WindowFacts } from './pull.js';
import { doneWindows, loadSyncConnection, recordWindow, setSyncState, syncedThrough, type SyncConnection } from './sync.sql.js';
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

/** Start pulling a window now, to be awaited later; a failure is reported where it is awaited, never unhandled. */
function prefetch(deps: JobDeps, conn: SyncConnection, window: DayWindow, onRemoteDone?: () => void): Promise<WindowFacts> {
  const handedOver = takeHandoff(conn.id, window);
  if (handedOver) {
    if (onRemoteDone) void handedOver.remoteDone.then(onRemoteDone);
    return handedOver.facts;
  }
  const pulling = pullTraced(deps, conn, window, { onRemoteDone });
  pulling.catch(() => undefined);
  return pulling;
}

/**
 * The first history window, pulled by a connection's recent job once its own window's platform work is done,
 * for the history job the queue starts right after it (in this process, as a rule): so the platform is not
 * idle while the recent window is downloaded and written. It is only read, never written, until the history
 * job takes it, so one job per connection still writes; one that no history job here takes is dropped.
 */
interface Handoff {
  from: string;
  facts: Promise<WindowFacts>;
  /** settles when the pull's platform work is done (or the pull has ended) */
  remoteDone: Promise<void>;
}
const handoffs = new Map<string, Handoff>();
const HANDOFF_MS = 5 * 60_000;

/** Start pulling `window` for the history job that follows this recent job. */
function offerHandoff(deps: JobDeps, conn: SyncConnection, window: DayWindow): void {
  let markDone!: () => void;
  const remoteDone = new Promise<void>((resolve) => (markDone = resolve));
  const facts = prefetch(deps, conn, window, markDone);
  void facts.then(markDone, markDone);
  const connectionId = conn.id;
  handoffs.set(connectionId, { from: window.from, facts, remoteDone });
  setTimeout(() => {
    if (handoffs.get(connectionId)?.facts === facts) handoffs.delete(connectionId);
  }, HANDOFF_MS).unref();
}

function takeHandoff(connectionId: string, window: DayWindow): Handoff | undefined {
  const offered = handoffs.get(connectionId);
  if (offered?.from !== window.from) return undefined;
  handoffs.delete(connectionId);
  return offered;
}

/**
 * The two-year backfill of one connection: newest 60 days first, then back in quarters, skipping windows
 * whose checkpoint exists (a restarted job resumes where it stopped). A token problem marks the connection
 * for reconnection and ends the job without retrying; anything else is thrown for the queue to retry.
 *
 * Pipelined: the next window's pull starts when this one's platform work is done (its Meta report runs
 * completed, its Shopify export ready) or, at the latest, when its facts are in, so the platform works while
 * we read results and write. The platform runs one window's jobs at a time; each window commits with its
 * checkpoint in one transaction, in order; the pull runs at most one window ahead of the one being written.
 * A recent job also starts the first history window for the history job (offerHandoff).
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
  // The recent job also starts the first history window's pull, for the history job (offerHandoff).
  const handoff = phase === 'recent' && all[1] && !done.has(all[1].from) ? all[1] : undefined;
  // pull k starts once, when pull k-1's platform work is done or its facts are in, whichever comes first, and
  // never more than one window ahead of the one being written
  const pulls = new Map<number, Promise<WindowFacts>>();
  let started = 0;
  let current = 0;
  const startPull = (k: number): void => {
    if (k !== started || k > current + 1) return;
    if (k === todo.length && handoff) {
      started++;
      offerHandoff(deps, conn, handoff);
      return;
    }
    if (k >= todo.length) return;
    started++;
    pulls.set(k, prefetch(deps, conn, todo[k]!.window, () => startPull(k + 1)));
  };
  try {
    startPull(0);
    for (const [k, { window, index }] of todo.entries()) {
      current = k;
      await setSyncState(deps.db, conn.id, { state: 'backfilling', progress: index / all.length });
      await announce(deps, conn, index / all.length, 'backfilling');
      const facts = await pulls.get(k)!;
      pulls.delete(k);
      startPull(k + 1);
      const { rows, calls } = await writeWindow(deps, conn, window, BACKFILL_STREAM, facts);
      result.rows += rows;
      result.calls += calls;
      deps.log.info({ connectionId, platform: conn.platform, window, rows, calls }, 'backfill window synced');
    }
  } catch (e) {
    return failed(deps, conn, result, e);
  }
  if (phase === 'recent') {
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
