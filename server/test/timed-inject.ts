import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export interface TimedResponse {
  res: LightMyRequestResponse;
  /** CPU time this process spent while the request ran: what it held the event loop for, whatever else the machine does */
  cpuMs: number;
  wallMs: number;
}

/**
 * app.inject, measured. Requests are judged on the process's CPU time rather than the wall clock: the tests
 * share a small machine with other work, and a request's own cost is what blocks every other request.
 */
export async function timedInject(app: FastifyInstance, options: InjectOptions): Promise<TimedResponse> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const res = await app.inject(options);
  const used = process.cpuUsage(cpu);
  return { res, cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - started };
}

/**
 * The first answer, with the cost of the request: when the first try is over `budgetMs`, the same request is
 * sent once more and the cheaper try counts. A pathological input (a backtracking pattern, a quadratic
 * loop) is slow every time; a garbage collection of earlier requests' megabyte bodies or a first-call
 * compilation lands on one try only.
 */
export async function injectWithinBudget(app: FastifyInstance, options: InjectOptions, budgetMs: number): Promise<TimedResponse> {
  const first = await timedInject(app, options);
  if (first.cpuMs < budgetMs) return first;
  const again = await timedInject(app, options);
  return { res: first.res, cpuMs: Math.min(first.cpuMs, again.cpuMs), wallMs: Math.min(first.wallMs, again.wallMs) };
}
