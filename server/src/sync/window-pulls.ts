import type { DayWindow } from './windows.js';

/**
 * Starts one window's pull; calls `onRemoteDone` once the platform's part is done (its Meta report runs complete,
 * its Shopify export ready) and only reading the results is left. Platforms without async jobs never call it.
 */
export type StartPull<T> = (window: DayWindow, onRemoteDone: () => void) => Promise<T>;

/**
 * How many windows the pulls may run beyond the one being written. Two, not one: while we are slow to read and
 * write a window (a backfill's first seconds, when every connection's first windows arrive at once), the
 * platform can still go on with the next window's jobs, and a connection's windows are tens of MB at most.
 */
export const PULL_AHEAD = 2;

/**
 * A connection's backfill windows, pulled in order so the platform works while we write (ARCHITECTURE "Data flow"):
 * - window k+1 starts once window k's platform work is done or, at the latest, once its facts are in: the
 *   platform runs one window's jobs at a time;
 * - never more than PULL_AHEAD windows beyond the one being written (or, between two writes, the next to be
 *   written), so at most PULL_AHEAD + 1 windows' facts are held in memory;
 * - the writer takes windows in order and says when each has committed.
 * A recent job parks its pipeline for the history job that follows (parkPulls / adoptPulls), so the platform is
 * not left idle while one job ends and the next starts. A failed pull unlocks nothing after it; its error is
 * reported where the window is taken, never unhandled.
 */
export class WindowPulls<T> {
  private readonly pulls = new Map<number, Promise<T>>();
  private started = 0;
  /** windows below this may start: one past the last window whose platform work is done or whose facts are in */
  private unlocked = 1;
  /** the window being written, or the next to be written */
  private writing = 0;
  private stopped = false;

  constructor(
    readonly windows: readonly DayWindow[],
    private readonly startPull: StartPull<T>,
    /** frees a window's facts that will never be taken (what a pull spooled to disk) */
    private readonly release: (facts: T) => unknown = () => undefined,
  ) {
    this.pump();
  }

  /** Window k's facts (awaited by the writer, in order). */
  take(k: number): Promise<T> {
    this.writing = Math.max(this.writing, k);
    // the writer holds window k-1's facts, so k may start if it has not
    this.unlocked = Math.max(this.unlocked, k + 1);
    this.pump();
    const pull = this.pulls.get(k);
    if (!pull) throw new Error(`window ${k} of ${this.windows.length} is not being pulled`);
    this.pulls.delete(k);
    return pull;
  }

  /** Window k and its checkpoint are committed: the next one is now the one to write. */
  written(k: number): void {
    this.writing = Math.max(this.writing, k + 1);
    this.pump();
  }

  /** Start nothing more (the job failed, or nobody took a parked pipeline). Pulls under way finish unread, then are released. */
  stop(): void {
    this.stopped = true;
    for (const pull of this.pulls.values()) pull.then(this.release, () => undefined).catch(() => undefined);
    this.pulls.clear();
  }

  private pump(): void {
    while (!this.stopped && this.started < this.windows.length && this.started < this.unlocked && this.started <= this.writing + PULL_AHEAD) {
      const k = this.started++;
      const unlock = () => {
        if (this.unlocked >= k + 2) return;
        this.unlocked = k + 2;
        this.pump();
      };
      const pull = this.startPull(this.windows[k]!, unlock);
      pull.then(unlock, () => undefined);
      this.pulls.set(k, pull);
    }
  }
}

/** how long a parked pipeline waits for its history job before it is dropped */
export const PARKED_MS = 5 * 60_000;

interface Parked {
  pulls: WindowPulls<unknown>;
  /** index of the first window the next job writes */
  next: number;
}
const parked = new Map<string, Parked>();

/**
 * Leave a recent job's pipeline, whose windows from `next` on are the history job's, for that job (the queue
 * starts it right after, in this process as a rule). Its pulls are only read, never written, until the history
 * job adopts it, so one job per connection still writes; a pipeline nobody adopts stops after PARKED_MS.
 */
export function parkPulls<T>(connectionId: string, pulls: WindowPulls<T>, next: number): void {
  parked.get(connectionId)?.pulls.stop();
  if (next >= pulls.windows.length) return;
  const entry: Parked = { pulls: pulls as WindowPulls<unknown>, next };
  parked.set(connectionId, entry);
  setTimeout(() => {
    if (parked.get(connectionId) !== entry) return;
    parked.delete(connectionId);
    pulls.stop();
  }, PARKED_MS).unref();
}

/**
 * The parked pipeline of this connection, if its windows from `next` on are exactly `windows` (the history job's
 * own list, read after the recent job committed): otherwise it is stopped and the job pulls afresh.
 */
export function adoptPulls<T>(connectionId: string, windows: readonly DayWindow[]): { pulls: WindowPulls<T>; offset: number } | undefined {
  const entry = parked.get(connectionId);
  if (!entry) return undefined;
  parked.delete(connectionId);
  const rest = entry.pulls.windows.slice(entry.next);
  const same = rest.length === windows.length && rest.every((w, i) => w.from === windows[i]!.from && w.to === windows[i]!.to);
  if (!same) {
    entry.pulls.stop();
    return undefined;
  }
  return { pulls: entry.pulls as WindowPulls<T>, offset: entry.next };
}
