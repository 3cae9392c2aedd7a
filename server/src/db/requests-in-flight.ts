import type { FastifyInstance } from 'fastify';

/**
 * The API requests this process is answering, so background writers can let them go first (decision 027). On
 * embedded PGlite every query waits for whatever transaction is open or queued before it; a window writer that
 * waits here before each of its short transactions keeps its steps out of the requests' way. The wait is bounded:
 * a steady stream of requests slows a backfill down, never stops it.
 */
export class RequestsInFlight {
  private count = 0;
  private waiters: Array<() => void> = [];

  /** Counts the app's /api requests from arrival until their answer is sent or the client goes away. */
  track(app: FastifyInstance): void {
    const counted = new WeakSet<object>();
    const end = (request: object) => {
      if (!counted.delete(request)) return;
      this.count -= 1;
      if (this.count === 0) this.wake();
    };
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      counted.add(request);
      this.count += 1;
    });
    app.addHook('onResponse', async (request) => end(request));
    app.addHook('onRequestAbort', async (request) => end(request));
  }

  get inFlight(): number {
    return this.count;
  }

  /**
   * Resolves once no request is in flight, or after `maxWaitMs` at the latest. It first lets the event loop
   * read what arrived meanwhile: PGlite's queries resolve without a turn of the loop, so a writer going from
   * one step to the next never saw a request whose bytes were waiting on its socket (decision 028).
   */
  async idle(maxWaitMs: number): Promise<void> {
    await nextPoll();
    if (this.count === 0) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== done);
        resolve();
      }, maxWaitMs);
      this.waiters.push(done);
    });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}

/**
 * Resolves after the event loop's next poll for I/O: an immediate queued from within the check phase runs in the
 * next iteration's, after its poll; one queued anywhere else runs before the next poll, so two are needed.
 */
function nextPoll(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}

/** How long a background write step waits for the requests in flight before going ahead anyway. */
export const WRITE_STEP_MAX_WAIT_MS = 500;
