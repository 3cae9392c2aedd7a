import { describe, expect, it } from 'vitest';
import type { DayWindow } from './windows.js';
import { addDays } from '@parallels/contract/days';
import { backfillWindows, missingWindows, refreshWindow } from './windows.js';

describe('backfill windows', () => {
  const windows = backfillWindows('2026-06-14');

  it('starts with the newest 60 days, then goes back in calendar quarters', () => {
    expect(windows[0]).toEqual({ from: '2026-04-16', to: '2026-06-14' });
    expect(windows[1]).toEqual({ from: '2026-04-01', to: '2026-04-15' });
    expect(windows[2]).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(windows.at(-1)).toEqual({ from: '2024-06-15', to: '2024-06-30' });
  });

  it('covers exactly two years, every day once, with no gaps', () => {
    const days = new Set<string>();
    for (const w of windows) for (let d = w.from; d <= w.to; d = addDays(d, 1)) {
      expect(days.has(d)).toBe(false);
      days.add(d);
    }
    expect(days.size).toBe(730);
  });

  it('keeps older boundaries stable as days pass', () => {
    const tomorrow = backfillWindows('2026-06-15');
    expect(tomorrow.slice(2, -1)).toEqual(windows.slice(2, -1));
  });

  it('reads the lookback each platform restates', () => {
    expect(refreshWindow('meta', '2026-06-14')).toEqual({ from: '2026-05-18', to: '2026-06-14' });
    expect(refreshWindow('google_ads', '2026-06-14')).toEqual({ from: '2026-06-01', to: '2026-06-14' });
    expect(refreshWindow('shopify', '2026-06-14').from).toBe('2026-06-12');
  });

  it('after a pause, also re-reads the lookback of the last day synced (and the days never synced)', () => {
    // last synced through 2026-06-10, four days ago: Meta days 2026-05-14..17 were still restating then
    expect(refreshWindow('meta', '2026-06-14', '2026-06-10')).toEqual({ from: '2026-05-14', to: '2026-06-14' });
    expect(refreshWindow('meta', '2026-06-14', '2026-06-14')).toEqual({ from: '2026-05-18', to: '2026-06-14' });
    expect(refreshWindow('meta', '2026-06-14', null)).toEqual({ from: '2026-05-18', to: '2026-06-14' });
    // a pause of a year is not a refresh's to fill
    expect(refreshWindow('ga4', '2026-06-14', '2025-06-01')).toEqual({ from: '2026-02-15', to: '2026-06-14' });
  });

});

describe('missing history', () => {
  const today = backfillWindows('2026-06-14', 250);

  it('is every window when nothing is synced', () => {
    expect(missingWindows(today, [])).toEqual(today);
  });

  it('is the windows whose days are not all held, whichever stream held them', () => {
    const [recent, q2, q1, q4] = today as [DayWindow, DayWindow, DayWindow, DayWindow];
    expect(missingWindows(today, [recent, q2])).toEqual([q1, q4]);
    // a refresh's lookback and a backfill window that overlap or touch hold the days between them
    expect(missingWindows(today, [{ from: '2026-05-20', to: '2026-06-14' }, { from: '2026-04-01', to: '2026-05-25' }, q1, q4])).toEqual([]);
    expect(missingWindows(today, [{ from: '2026-05-21', to: '2026-06-14' }, { from: '2026-04-01', to: '2026-05-19' }, q1, q4])).toEqual([recent]);
  });

  it('does not call a complete history unfinished the next morning: days after the newest held are the refresh’s', () => {
    const tomorrow = backfillWindows('2026-06-15', 250);
    expect(tomorrow[0]!.from).not.toBe(today[0]!.from); // the windows moved on a day
    expect(missingWindows(tomorrow, today)).toEqual([]);
  });

  it('misses the newest window when only older history is in (the history pass ran first)', () => {
    const [recent, q2, q1, q4] = today as [DayWindow, DayWindow, DayWindow, DayWindow];
    expect(missingWindows(today, [q2, q1, q4])).toEqual([recent]);
  });

  it('finds a gap a long pause left below the newest day held', () => {
    const [recent, q2, q1, q4] = today as [DayWindow, DayWindow, DayWindow, DayWindow];
    const afterPause = { from: '2026-05-01', to: '2026-06-14' }; // refreshed after the history was fetched up to q2
    expect(missingWindows(today, [afterPause, { from: q2.from, to: '2026-04-20' }, q1, q4])).toEqual([recent]);
  });
});
