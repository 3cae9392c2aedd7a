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
 * A call of a pull that ends when the pull is stopped, whatever the call is doing: the request gets the same
 * signal, but an aborted fetch has been seen to stay pending (Node 20's fetch, a streamed body being read), which
 * left a failed pull waiting for ever. The abandoned call still ends by its own timeout; its result is ignored.
 */
export function orStopped<T>(call: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    call.catch(() => undefined);
    return Promise.reject(signal.reason as Error);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      call.catch(() => undefined);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    call.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}
