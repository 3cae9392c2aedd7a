import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, eachDay } from '@parallels/contract/days';
import { coveredDays, rangeCovered } from './report-pipeline.js';
import { coversRange, type SourceConnection } from './source-status.js';

const conn = (windows: Array<[string, string]>): SourceConnection => ({
  id: 'c',
  platform: 'meta',
  accountId: 'act_1',
  accountName: 'One',
  managerId: null,
  status: 'active',
  statusMessage: null,
  syncState: 'fresh',
  lastSyncedAt: null,
  lastError: null,
  windows,
});

// windows as a sync commits them: any order, overlapping, back to back or with gaps, within 2026
const day = fc.integer({ min: 0, max: 364 }).map((n) => addDays('2026-01-01', n));
const window = fc.tuple(day, fc.integer({ min: 0, max: 90 })).map(([from, length]): [string, string] => [from, addDays(from, length)]);

describe('coveredDays', () => {
  it('is the days up to yesterday that every connection has in one of its windows (per day, as coversRange says)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(window, { maxLength: 6 }), { minLength: 1, maxLength: 3 }), day, day, day, (windowsPerConn, a, b, today) => {
        const days = eachDay(a <= b ? { from: a, to: b } : { from: b, to: a });
        const conns = windowsPerConn.map(conn);
        const expected = days.filter((d) => d < today && conns.every((c) => coversRange(c.windows, { from: d, to: d })));
        expect([...coveredDays(conns, days, today)!]).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('rangeCovered says whether every day of a range is among coveredDays, without listing them', () => {
    fc.assert(
      fc.property(fc.array(fc.array(window, { maxLength: 6 }), { minLength: 1, maxLength: 3 }), day, day, day, (windowsPerConn, a, b, today) => {
        const range = a <= b ? { from: a, to: b } : { from: b, to: a };
        const conns = windowsPerConn.map(conn);
        const days = eachDay(range);
        const covered = coveredDays(conns, days, today)!;
        expect(rangeCovered(conns, range, today)).toBe(days.every((d) => covered.has(d)));
      }),
      { numRuns: 500 },
    );
    expect(rangeCovered([], { from: '2026-02-01', to: '2026-02-02' }, '2026-03-01')).toBeNull();
  });

  it('is null for a source without connections (nothing to show, not missing days)', () => {
    expect(coveredDays([], ['2026-02-01'], '2026-03-01')).toBeNull();
  });
});
