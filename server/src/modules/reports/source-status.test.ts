import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, eachDay } from '@parallels/contract/days';
import { coveredDays, rangeCovered } from './report-pipeline.js';
import { connectionStatus, coversRange, sourceStatus, syncableDays, type SourceConnection } from './source-status.js';

const conn = (over: Partial<SourceConnection> = {}): SourceConnection => ({
  id: 'c',
  platform: 'meta',
  accountId: 'act_1',
  accountName: 'One',
  managerId: null,
  status: 'active',
  statusMessage: null,
  syncState: 'fresh',
  lastSyncedAt: '2026-03-15T06:00:00.000Z',
  lastError: null,
  windows: [['2026-01-15', '2026-03-14'], ['2026-01-01', '2026-01-14']],
  ...over,
});

describe('coversRange', () => {
  it('needs every day inside the union of the windows, in any order', () => {
    const w: Array<[string, string]> = [['2026-03-01', '2026-03-10'], ['2026-02-01', '2026-02-28']];
    expect(coversRange(w, { from: '2026-02-10', to: '2026-03-10' })).toBe(true);
    expect(coversRange(w, { from: '2026-02-10', to: '2026-03-11' })).toBe(false);
    expect(coversRange(w, { from: '2026-01-31', to: '2026-02-02' })).toBe(false);
    expect(coversRange([['2026-02-01', '2026-02-10'], ['2026-02-12', '2026-02-20']], { from: '2026-02-05', to: '2026-02-15' })).toBe(false); // a gap
    expect(coversRange([['2026-02-01', '2026-02-10'], ['2026-02-05', '2026-02-20']], { from: '2026-02-05', to: '2026-02-15' })).toBe(true); // overlap
    expect(coversRange([], { from: '2026-02-05', to: '2026-02-05' })).toBe(false);
  });
});

describe('syncableDays', () => {
  it('stops at yesterday; today alone has nothing to show yet', () => {
    expect(syncableDays({ from: '2026-03-10', to: '2026-03-15' }, '2026-03-15')).toEqual({ from: '2026-03-10', to: '2026-03-14' });
    expect(syncableDays({ from: '2026-03-15', to: '2026-03-15' }, '2026-03-15')).toBeNull();
  });
});

describe('connection and source status', () => {
  const range = { from: '2026-02-01', to: '2026-02-28' };
  it('ready when covered; syncing when not; failing says why; reconnect outranks everything', () => {
    expect(connectionStatus(conn(), [range], '2026-03-15')).toEqual({ state: 'ready', message: null, syncedThrough: '2026-03-14', lastSyncedAt: '2026-03-15T06:00:00.000Z' });
    const young = conn({ windows: [['2026-03-01', '2026-03-14']], syncState: 'backfilling' });
    expect(connectionStatus(young, [range], '2026-03-15').state).toBe('syncing');
    const broken = conn({ windows: [['2026-03-01', '2026-03-14']], syncState: 'failing', lastError: 'Meta is down' });
    expect(connectionStatus(broken, [range], '2026-03-15')).toMatchObject({ state: 'failing', message: 'The last sync failed: Meta is down' });
    const expired = conn({ status: 'reauth_required', statusMessage: null });
    expect(sourceStatus([conn(), broken, expired], [range], '2026-03-15')).toMatchObject({ state: 'needs_reconnect', message: expect.stringContaining('Reconnect') });
    expect(sourceStatus([], [range], '2026-03-15').state).toBe('not_connected');
  });

  it('a source is synced through its least advanced connection', () => {
    const behind = conn({ windows: [['2026-01-01', '2026-03-10']], lastSyncedAt: '2026-03-11T00:00:00.000Z' });
    expect(sourceStatus([conn(), behind], [range], '2026-03-15')).toMatchObject({ syncedThrough: '2026-03-10', lastSyncedAt: '2026-03-11T00:00:00.000Z' });
  });
});

// windows as a sync commits them: any order, overlapping, back to back or with gaps, within 2026
const day = fc.integer({ min: 0, max: 364 }).map((n) => addDays('2026-01-01', n));
const window = fc.tuple(day, fc.integer({ min: 0, max: 90 })).map(([from, length]): [string, string] => [from, addDays(from, length)]);

describe('coveredDays', () => {
  it('is the days up to yesterday that every connection has in one of its windows (per day, as coversRange says)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(window, { maxLength: 6 }), { minLength: 1, maxLength: 3 }), day, day, day, (windowsPerConn, a, b, today) => {
        const days = eachDay(a <= b ? { from: a, to: b } : { from: b, to: a });
        const conns = windowsPerConn.map((windows) => conn({ windows }));
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
        const conns = windowsPerConn.map((windows) => conn({ windows }));
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
