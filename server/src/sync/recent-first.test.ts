import { describe, expect, it } from 'vitest';
import { RecentFirst } from './recent-first.js';

const settle = () => new Promise((r) => setImmediate(r));

describe('RecentFirst', () => {
  it('holds history writes until every recent job has ended, and lets them through at once when none runs', async () => {
    const gate = new RecentFirst();
    let passed = 0;
    await gate.idle();
    passed++;
    const ends: Array<() => void> = [];
    const recent = () => gate.recent(() => new Promise<void>((r) => ends.push(r)));
    const a = recent();
    const b = recent();
    void gate.idle().then(() => passed++);
    await settle();
    expect(passed).toBe(1);
    ends[0]!();
    await a;
    await settle();
    expect(passed).toBe(1); // b still runs
    ends[1]!();
    await b;
    await settle();
    expect(passed).toBe(2);
  });

  it('a recent job that fails still lets history through', async () => {
    const gate = new RecentFirst();
    await expect(gate.recent(() => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await expect(gate.idle()).resolves.toBeUndefined();
  });
});
