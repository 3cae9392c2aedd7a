import type { DayWindow } from './windows.js';

/**
 * Starts one window's pull; calls `onRemoteDone` once the platform's part is done (its Meta report runs complete,
 * its Shopify export ready) and only reading the results is left. Platforms without async jobs never call it.
 */
export type StartPull<T> = (window: DayWindow, onRemoteDone: () => void) => Promise<T>;

/**
 * How many windows the pulls may run beyond the one being written, at least. Two, not one: while we are slow to
 * read and write a window (a backfill's first seconds, when every connection's first windows arrive at once),
 * the platform can still go on with the next window's jobs. With a platform concurrency above two, as many as
 * that (Shopify's five bulk queries): at most that many windows plus the one being written are held.
 */
export const PULL_AHEAD = 2;

export interface WindowPullsOptions {
  /** how many windows may have platform work in flight at once (window-concurrency.ts); 1 by default */
  concurrency?: number;
  /**
   * Asked before each start beyond the first in flight (Meta: whether the account's insights budget has room for
   * another window). Asked again whenever a window's platform work ends, its facts arrive or one is written.
   */
  canStart?: () => boolean;
}

/**
 * A connection's backfill windows, pulled newest first so the platform works while we write (ARCHITECTURE "Data flow"):
 * - up to `concurrency` windows have platform work in flight at once, once the first window has committed (until
 *   then one, as the newest days come first): a window holds its place from its start until its platform work is done (Meta's report runs completed, a Shopify export ready) or, at the latest,
 *   its facts are in; windows start in order, and a window the writer asks for starts at once if it has not;
 * - never more than max(PULL_AHEAD, concurrency) windows beyond the one being written (or, between two
 *   writes, the next to be written), so at most that many + 1 windows' facts are held in memory;
 * - the writer takes windows in order and says when each has committed: a later window that arrives first
 *   waits for the earlier ones, so the newest days still commit first and every commit is one window with its
 *   checkpoint (a crash loses and duplicates nothing).
 * A recent job parks its pipeline for the history job that follows (parkPulls / adoptPulls), so the platform is
 * not left idle while one job ends and the next starts. A failed pull starts nothing after it by itself; its
 * error is reported where the window is taken, never unhandled.
 */
export class WindowPulls<T> {
  private readonly pulls = new Map<number, Promise<T>>();
  private started = 0;
  /** windows started whose platform work is not done yet and whose facts are not in */
  private readonly inFlight = new Set<number>();
  /** the window being written, or the next to be written */
  private writing = 0;
  /** the highest window the writer has asked for: it starts whatever the limits say */
  private wanted = -1;
  private stopped = false;
  readonly concurrency: number;
  private readonly ahead: number;
  private readonly canStart: () => boolean;
  /** the most windows that had platform work in flight at once */
  peakInFlight = 0;

  constructor(
    readonly windows: readonly DayWindow[],
    private readonly startPull: StartPull<T>,
    /** frees a window's facts that will never be taken (what a pull spooled to disk) */
    private readonly release: (facts: T) => unknown = () => undefined,
    options: WindowPullsOptions = {},
  ) {
    this.concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
    this.ahead = Math.max(PULL_AHEAD, this.concurrency);
    this.canStart = options.canStart ?? (() => true);
    this.pump();
  }

  /** Window k's facts (awaited by the writer, in order). */
  take(k: number): Promise<T> {
    this.writing = Math.max(this.writing, k);
    this.wanted = Math.max(this.wanted, k);
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
    while (!this.stopped && this.started < this.windows.length && this.started <= this.writing + this.ahead) {
      const asked = this.started <= this.wanted;
      // the first window alone until it has committed (as before: the next starts once its platform work is
      // done): the newest 60 days are what the dashboard waits for, and windows read side by side with it would
      // take our thread (parsing, writing) from it
      const limit = this.writing === 0 ? 1 : this.concurrency;
      if (!asked && (this.inFlight.size >= limit || (this.inFlight.size > 0 && !this.canStart()))) return;
      const k = this.started++;
      this.inFlight.add(k);
      this.peakInFlight = Math.max(this.peakInFlight, this.inFlight.size);
      const landed = () => {
        if (!this.inFlight.delete(k)) return;
        this.pump();
      };
      const pull = this.startPull(this.windows[k]!, landed);
      pull.then(landed, () => undefined);
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
