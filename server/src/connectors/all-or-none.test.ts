import { describe, expect, it } from 'vitest';
import { allOrNone, orStopped, SiblingFailed } from './all-or-none.js';

/** A call that ends after `ms`, or as soon as `signal` aborts (with its reason), recording how it ended. */
function call(signal: AbortSignal, ms: number, ended: string[], name: string, fail?: Error): Promise<string> {
  return new Promise((resolve, reject) => {
    let over = false;
    const timer = setTimeout(() => {
      over = true;
      ended.push(`${name}:${fail ? 'failed' : 'done'}`);
      if (fail) reject(fail);
      else resolve(name);
    }, ms);
    signal.addEventListener('abort', () => {
      if (over) return;
      clearTimeout(timer);
      // a call cancelled mid-answer takes a moment to stop
      setTimeout(() => {
        ended.push(`${name}:cancelled`);
        reject(signal.reason);
      }, 5);
    });
  });
}

describe('allOrNone', () => {
  it('answers every call in order when none fails', async () => {
    const stop = new AbortController();
    const ended: string[] = [];
    expect(await allOrNone<[string, string]>(stop, [call(stop.signal, 20, ended, 'a'), call(stop.signal, 5, ended, 'b')])).toEqual(['a', 'b']);
    expect(stop.signal.aborted).toBe(false);
  });

  it('on the first failure cancels the others, waits until they have stopped, then throws that failure', async () => {
    const stop = new AbortController();
    const ended: string[] = [];
    const denied = new Error('USER_PERMISSION_DENIED');
    const pull = allOrNone<[string, string, string]>(stop, [call(stop.signal, 10_000, ended, 'slow'), call(stop.signal, 5, ended, 'denied', denied), call(stop.signal, 10_000, ended, 'other')]);
    await expect(pull).rejects.toBe(denied);
    // nothing of the pull is still running once it has answered
    expect(ended.sort()).toEqual(['denied:failed', 'other:cancelled', 'slow:cancelled']);
    expect(stop.signal.reason).toBeInstanceOf(SiblingFailed);
  });

  it('a second failure after the first does not replace it', async () => {
    const stop = new AbortController();
    const first = new Error('first');
    await expect(allOrNone(stop, [Promise.reject(first), new Promise((_, reject) => setTimeout(() => reject(new Error('second')), 10))])).rejects.toBe(first);
  });
});

describe('orStopped', () => {
  it('waits for a stopped call to end, but a call that ignores the signal only for the grace, then the stop reason', async () => {
    const stop = new AbortController();
    const stuck = new Promise<string>(() => undefined); // a fetch that never settles
    const ended = orStopped(stuck, stop.signal, 20);
    stop.abort(new SiblingFailed());
    await expect(ended).rejects.toBeInstanceOf(SiblingFailed);
    // and a pull whose calls are wrapped answers even when one of them is stuck
    const pull = new AbortController();
    const denied = new Error('denied');
    await expect(allOrNone(pull, [orStopped(new Promise<string>(() => undefined), pull.signal, 20), orStopped(Promise.reject(denied), pull.signal, 20)])).rejects.toBe(denied);
  });

  it('a call that stops when asked is waited for: the pull answers only once it has ended', async () => {
    const stop = new AbortController();
    const ended: string[] = [];
    const slow = orStopped(call(stop.signal, 10_000, ended, 'slow'), stop.signal, 60_000);
    stop.abort(new SiblingFailed());
    await expect(slow).rejects.toBeInstanceOf(SiblingFailed);
    expect(ended).toEqual(['slow:cancelled']);
  });

  it('passes a call that ends first through unchanged', async () => {
    const stop = new AbortController();
    expect(await orStopped(Promise.resolve('a'), stop.signal)).toBe('a');
    const failure = new Error('x');
    await expect(orStopped(Promise.reject(failure), stop.signal)).rejects.toBe(failure);
  });
});
