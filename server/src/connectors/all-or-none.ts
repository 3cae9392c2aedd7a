/** Why the other calls of a pull were cancelled: one of them failed (that failure is what the pull throws). */
export class SiblingFailed extends Error {
  constructor() {
    super('cancelled: another call of the same pull failed');
    this.name = 'SiblingFailed';
  }
}

/**
 * Promise.all for a pull's concurrent platform calls, without leaving any behind: the first failure aborts
 * `stop` (the calls pass its signal to their requests and stop retrying), every call is waited for, and then
 * the first failure is thrown. So when a pull has failed, none of its requests is still in flight to spend the
 * platform's quota, take a fault meant for the next call, or write to a spool that is being discarded.
 */
export async function allOrNone<T extends readonly unknown[]>(stop: AbortController, calls: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  let first: { error: unknown } | undefined;
  const watched = (calls as readonly Promise<unknown>[]).map((call) =>
    call.catch((error: unknown) => {
      if (!first && !(error instanceof SiblingFailed)) {
        first = { error };
        stop.abort(new SiblingFailed());
      }
      throw error;
    }),
  );
  const settled = await Promise.allSettled(watched);
  if (first) throw first.error;
  const rejected = settled.find((s) => s.status === 'rejected');
  if (rejected) throw rejected.reason; // aborted from outside: the caller's own reason
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/**
 * A call of a pull once the pull is stopped: the request gets the same signal, and the call is waited for until it
 * has stopped (so no request of a failed pull is left in flight to take a fault or quota meant for a later call),
 * but at most `graceMs`: an aborted fetch has been seen to stay pending for ever (Node 20, a streamed body), which
 * left a failed pull waiting for ever. Such a call is abandoned; it still ends by its own timeout.
 */
export function orStopped<T>(call: Promise<T>, signal: AbortSignal, graceMs = 2_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const onAbort = () => {
      timer = setTimeout(() => reject(signal.reason as Error), graceMs);
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    call.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        clearTimeout(timer);
        reject(error as Error);
      },
    );
  });
}
