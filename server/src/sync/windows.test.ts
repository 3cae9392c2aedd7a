import { describe, expect, it } from 'vitest';
import { addDays, backfillWindows, dayIn, refreshWindow } from './windows.js';

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

  it('knows the local day', () => {
    expect(dayIn('Asia/Kolkata', new Date('2026-06-14T20:00:00Z'))).toBe('2026-06-15');
    expect(dayIn('America/New_York', new Date('2026-06-15T02:00:00Z'))).toBe('2026-06-14');
  });
});
