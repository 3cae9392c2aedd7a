import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export interface TimedResponse {
  res: LightMyRequestResponse;
  /** CPU time of the whole process while the request ran (the main thread, and the thread pool: argon2, crypto) */
  cpuMs: number;
  /** the longest time the event loop went without a turn while the request ran */
  blockedMs: number;
  wallMs: number;
}

/**
 * app.inject, measured two ways. The wall clock alone would measure the neighbours on a shared machine, and
 * CPU time alone counts work done off the event loop (a password hash in the thread pool holds nobody up).
 * A request that holds the event loop shows in both.
 */
export async function timedInject(app: FastifyInstance, options: InjectOptions): Promise<TimedResponse> {
  let blockedMs = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    blockedMs = Math.max(blockedMs, now - last);
    last = now;
  }, 1);
  const cpu = process.cpuUsage();
  const started = performance.now();
  try {
    const res = await app.inject(options);
    const used = process.cpuUsage(cpu);
    blockedMs = Math.max(blockedMs, performance.now() - last);
    return { res, cpuMs: (used.user + used.system) / 1000, blockedMs, wallMs: performance.now() - started };
  } finally {
    clearInterval(ticker);
  }
}

/** Over budget only when the request both cost that much CPU and kept the event loop from turning for as long. */
export const overBudget = (r: TimedResponse, budgetMs: number) => r.cpuMs >= budgetMs && r.blockedMs >= budgetMs;

/**
 * The first answer, with the cost of the request: when the first try is over `budgetMs`, the same request is
 * sent again (up to `tries` times in all) and the cheapest try counts. A pathological input (a backtracking pattern, a quadratic
 * loop) is slow every time; a garbage collection of earlier requests' megabyte bodies or a first-call
 * compilation lands on one try only.
 */
export async function injectWithinBudget(app: FastifyInstance, options: InjectOptions, budgetMs: number, tries = 3): Promise<TimedResponse & { over: boolean }> {
  const first = await timedInject(app, options);
  let best = first;
  // a password hash (argon2, about 100 ms of CPU in the thread pool) on two busy cores can also delay the
  // event loop's turn: three tries tell that apart from a request that holds the loop itself
  for (let i = 1; i < tries && overBudget(best, budgetMs); i++) {
    const again = await timedInject(app, options);
    if (again.cpuMs < best.cpuMs || !overBudget(again, budgetMs)) best = again;
  }
  return { ...best, res: first.res, over: overBudget(best, budgetMs) };
}
