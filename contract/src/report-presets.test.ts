import { describe, expect, it } from 'vitest';
import { presetRanges } from './report-presets.js';

describe('presetRanges', () => {
  it('is every quick select ending yesterday or today and the synced history, each once', () => {
    // Sunday 2026-03-15: 'This Week' (from Monday) and the calendar ones run to today; Last week, Last Quarter and
    // Last Year end earlier and are left out
    expect(presetRanges('2026-03-15', 730)).toEqual([
      { from: '2026-03-15', to: '2026-03-15' },
      { from: '2026-03-14', to: '2026-03-14' },
      { from: '2026-03-09', to: '2026-03-15' },
      { from: '2026-03-08', to: '2026-03-14' },
      { from: '2026-02-13', to: '2026-03-14' },
      { from: '2026-03-01', to: '2026-03-15' },
      { from: '2025-12-15', to: '2026-03-14' },
      { from: '2025-09-15', to: '2026-03-14' },
      { from: '2026-01-01', to: '2026-03-15' },
      { from: '2025-03-15', to: '2026-03-14' },
      { from: '2024-03-15', to: '2026-03-14' },
    ]);
  });

  it('keeps one of two presets that cover the same days (This Quarter and This Year in the first quarter)', () => {
    const ranges = presetRanges('2026-03-15', 730).map((r) => `${r.from}/${r.to}`);
    expect(new Set(ranges).size).toBe(ranges.length);
    expect(ranges.filter((r) => r === '2026-01-01/2026-03-15')).toHaveLength(1);
  });
});
