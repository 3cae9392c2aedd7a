/**
 * Newest days first across connections: while any connection's recent job (its newest 60 days) runs in this
 * process, history windows wait before they write. PGlite runs one transaction at a time, first come first
 * served, and a history window (a quarter of orders or search terms) holds it for seconds: a recent window queued
 * behind several would wait for all of them, and the dashboard waits for the recent windows (issue 21). A recent
 * job is one window, so a history job waits at most that long per recent job that starts meanwhile.
 */
export class RecentFirst {
  private running = 0;
  private waiting: Array<() => void> = [];

  /** Runs a recent job: history writes wait until it and every other recent job have ended. */
  async recent<T>(job: () => Promise<T>): Promise<T> {
    this.running++;
    try {
      return await job();
    } finally {
      this.running--;
      if (this.running === 0) {
        const go = this.waiting;
        this.waiting = [];
        for (const resolve of go) resolve();
      }
    }
  }

  /** Resolves once no recent job runs (at once when none does). */
  idle(): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }
}

/** the process's own (every backfill job of the process shares it) */
export const recentFirst = new RecentFirst();
