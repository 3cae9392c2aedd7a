import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { allRows, batchesOf, liveSpoolFiles, RowSpool, spoolFilePrefix } from './row-spool.js';

/** this process's spool files in the temp directory */
const onDisk = async () => (await readdir(tmpdir())).filter((f) => f.startsWith(spoolFilePrefix())).length;

describe('RowSpool', () => {
  it('gives back the batches of the parts kept, in slot order, and removes a failed part', async () => {
    const spool = new RowSpool<{ n: number; s: string }>();
    const before = await onDisk();
    expect(liveSpoolFiles()).toBe(0);
    await spool.part(2, async (append) => {
      await append([{ n: 3, s: 'line\nbreak' }]);
      await append([{ n: 4, s: '' }]);
    });
    // a failed try: its rows are gone, its error goes on
    await expect(
      spool.part(0, async (append) => {
        await append([{ n: -1, s: 'failed try' }]);
        throw new Error('cut off');
      }),
    ).rejects.toThrow('cut off');
    await spool.part(0, (append) => append([{ n: 1, s: 'a' }, { n: 2, s: 'b' }]));
    const batches: Array<readonly { n: number }[]> = [];
    for await (const b of batchesOf(spool)) batches.push(b);
    expect(batches.map((b) => b.map((r) => r.n))).toEqual([[1, 2], [3], [4]]);
    expect(spool.rows).toBe(4);
    expect((await allRows(spool)).map((r) => r.s)).toEqual(['a', 'b', 'line\nbreak', '']);
    expect(await onDisk()).toBe(before + 2);
    expect(liveSpoolFiles()).toBe(2);
    await spool.discard();
    expect(await onDisk()).toBe(before);
    expect(liveSpoolFiles()).toBe(0);
    expect(await allRows(spool)).toEqual([]);
  });

  it('takes rows in memory as one batch', async () => {
    expect(await allRows([{ n: 1 }])).toEqual([{ n: 1 }]);
    const batches: unknown[] = [];
    for await (const b of batchesOf([])) batches.push(b);
    expect(batches).toEqual([]);
  });
});
