import { afterEach, describe, expect, it, vi } from 'vitest';
import { adoptPulls, PARKED_MS, parkPulls, PULL_AHEAD, WindowPulls } from './window-pulls.js';
import type { DayWindow } from './windows.js';

const windows: DayWindow[] = ['2026-09', '2026-06', '2026-03', '2025-12', '2025-09'].map((m) => ({ from: `${m}-01`, to: `${m}-28` }));

/** A platform whose pulls the test finishes by hand: remote part first, then the facts. */
function platform() {
  const pulls = new Map<string, { remoteDone: () => void; resolve: (v: string) => void; reject: (e: Error) => void }>();
  const started: number[] = [];
  const start = (w: DayWindow, onRemoteDone: () => void) => {
    started.push(windows.findIndex((x) => x.from === w.from));
    return new Promise<string>((resolve, reject) => pulls.set(w.from, { remoteDone: onRemoteDone, resolve, reject }));
  };
  const of = (k: number) => pulls.get(windows[k]!.from)!;
  return { start, started, remoteDone: (k: number) => of(k).remoteDone(), finish: (k: number) => of(k).resolve(`facts ${k}`), fail: (k: number) => of(k).reject(new Error(`pull ${k} failed`)) };
}

const settle = () => new Promise((r) => setImmediate(r));

afterEach(() => vi.useRealTimers());

describe('WindowPulls', () => {
  it('starts window k+1 when window k’s platform work is done, never more than PULL_AHEAD beyond the window being written', async () => {
    expect(PULL_AHEAD).toBe(2);
    const p = platform();
    const pulls = new WindowPulls(windows, p.start);
    expect(p.started).toEqual([0]);
    p.remoteDone(0);
    expect(p.started).toEqual([0, 1]);
    p.remoteDone(1);
    expect(p.started).toEqual([0, 1, 2]);
    p.remoteDone(2); // window 0 is still to be written: window 3 would be three ahead
    expect(p.started).toEqual([0, 1, 2]);
    p.finish(0);
    await expect(pulls.take(0)).resolves.toBe('facts 0');
    expect(p.started).toEqual([0, 1, 2]); // writing 0: two ahead at most
    pulls.written(0);
    expect(p.started).toEqual([0, 1, 2, 3]); // 1 is next to write, and window 2's platform work was done
    p.remoteDone(2); // said twice: nothing more
    expect(p.started).toEqual([0, 1, 2, 3]);
  });

  it('releases the facts of pulls that are stopped unread (what they spooled), once they arrive, and never those taken', async () => {
    const p = platform();
    const released: string[] = [];
    const pulls = new WindowPulls(windows.slice(0, 3), p.start, (facts) => released.push(facts));
    p.remoteDone(0);
    p.remoteDone(1);
    p.finish(0);
    await pulls.take(0);
    pulls.stop();
    p.finish(1);
    p.fail(2);
    await settle();
    expect(released).toEqual(['facts 1']);
  });

  it('without a platform signal, window k+1 starts once window k’s facts are in', async () => {
    const p = platform();
    const pulls = new WindowPulls(windows.slice(0, 4), p.start);
    expect(p.started).toEqual([0]);
    p.finish(0);
    await settle();
    expect(p.started).toEqual([0, 1]);
    await pulls.take(0);
    p.finish(1);
    await settle();
    expect(p.started).toEqual([0, 1, 2]);
    p.finish(2);
    await settle();
    expect(p.started).toEqual([0, 1, 2]); // window 0 is being written
    pulls.written(0);
    expect(p.started).toEqual([0, 1, 2, 3]);
    for (const k of [1, 2]) {
      await pulls.take(k);
      pulls.written(k);
    }
    p.finish(3);
    await expect(pulls.take(3)).resolves.toBe('facts 3');
    pulls.written(3);
    expect(p.started).toEqual([0, 1, 2, 3]);
  });

  it('a failed pull is reported where its window is taken, and nothing after it starts', async () => {
    const p = platform();
    const pulls = new WindowPulls(windows, p.start);
    p.fail(0);
    await settle(); // no unhandled rejection while nobody awaits it
    await expect(pulls.take(0)).rejects.toThrow('pull 0 failed');
    expect(p.started).toEqual([0]);
    pulls.stop();
    expect(() => pulls.take(1)).toThrow(/not being pulled/);
  });

  it('a parked pipeline goes on for the next job, which adopts it when its windows are the same', async () => {
    const p = platform();
    const recent = new WindowPulls(windows.slice(0, 4), p.start);
    p.remoteDone(0);
    p.finish(0);
    await recent.take(0);
    recent.written(0);
    parkPulls('conn-1', recent, 1);
    p.remoteDone(1);
    p.remoteDone(2); // nobody runs yet, but window 1 is the next to write: windows 2 and 3 start
    expect(p.started).toEqual([0, 1, 2, 3]);
    expect(adoptPulls('conn-2', windows.slice(1, 4))).toBeUndefined();
    const adopted = adoptPulls<string>('conn-1', windows.slice(1, 4))!;
    expect(adopted.offset).toBe(1);
    p.finish(1);
    await expect(adopted.pulls.take(adopted.offset)).resolves.toBe('facts 1');
    expect(adoptPulls('conn-1', windows.slice(1, 4))).toBeUndefined(); // adopted once
  });

  it('a parked pipeline whose windows differ from the next job’s is dropped, and so is one nobody adopts', async () => {
    const p = platform();
    const first = new WindowPulls(windows.slice(0, 3), p.start);
    parkPulls('conn-1', first, 1);
    expect(adoptPulls('conn-1', windows.slice(2, 4))).toBeUndefined();
    p.remoteDone(0);
    first.written(0);
    expect(p.started).toEqual([0]); // stopped: starts nothing more

    vi.useFakeTimers();
    const q = platform();
    const second = new WindowPulls(windows.slice(0, 3), q.start);
    parkPulls('conn-1', second, 1);
    vi.advanceTimersByTime(PARKED_MS);
    expect(adoptPulls('conn-1', windows.slice(1, 3))).toBeUndefined();
    q.remoteDone(0);
    second.written(0);
    expect(q.started).toEqual([0]);
  });

  it('with a concurrency of c, c windows are in flight at once, newest first, and each landing starts the next', async () => {
    const seven = [...windows, { from: '2025-06-01', to: '2025-06-28' }, { from: '2025-03-01', to: '2025-03-28' }];
    const started: number[] = [];
    const done = new Map<number, { remoteDone: () => void; resolve: (v: string) => void }>();
    const pulls = new WindowPulls(seven, (w, onRemoteDone) => {
      const k = seven.findIndex((x) => x.from === w.from);
      started.push(k);
      return new Promise<string>((resolve) => done.set(k, { remoteDone: onRemoteDone, resolve }));
    }, undefined, { concurrency: 3 });
    // the newest window alone until it commits: one at a time, as before
    expect(started).toEqual([0]);
    done.get(0)!.remoteDone();
    expect(started).toEqual([0, 1]);
    done.get(0)!.resolve('facts 0');
    await expect(pulls.take(0)).resolves.toBe('facts 0');
    pulls.written(0); // now three at once
    expect(started).toEqual([0, 1, 2, 3]);
    done.get(2)!.remoteDone(); // a later window's platform work ending first frees a place too
    expect(started).toEqual([0, 1, 2, 3, 4]); // 1 is next to write: 4 is three ahead of it
    done.get(3)!.resolve('facts 3'); // facts in: its place is free
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4]); // window 1 is still to be written: 3 ahead at most
    expect(pulls.peakInFlight).toBe(3);
    // windows are handed to the writer in order, whatever order they arrived in
    done.get(1)!.resolve('facts 1');
    done.get(2)!.resolve('facts 2');
    done.get(4)!.resolve('facts 4');
    const order: string[] = [];
    for (const k of [1, 2, 3, 4]) {
      order.push(await pulls.take(k));
      pulls.written(k);
    }
    expect(order).toEqual(['facts 1', 'facts 2', 'facts 3', 'facts 4']);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(pulls.peakInFlight).toBeLessThanOrEqual(3);
  });

  it('canStart holds back windows beyond the first in flight, and is asked again when one lands', async () => {
    let room = 0; // how many more windows the budget has room for
    const p = platform();
    const pulls = new WindowPulls(windows, p.start, undefined, { concurrency: 4, canStart: () => room-- > 0 });
    expect(p.started).toEqual([0]); // the first always starts
    p.remoteDone(0); // nothing in flight: window 1 starts whatever the budget says
    expect(p.started).toEqual([0, 1]);
    p.finish(0);
    await expect(pulls.take(0)).resolves.toBe('facts 0');
    room = 1;
    pulls.written(0); // room for one more beside window 1: window 2
    expect(p.started).toEqual([0, 1, 2]);
    p.remoteDone(1);
    expect(p.started).toEqual([0, 1, 2]); // 2 is in flight and there is no room
    p.remoteDone(2); // nothing in flight: 3 starts whatever the budget says
    expect(p.started).toEqual([0, 1, 2, 3]);
  });
});
