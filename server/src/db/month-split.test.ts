import { describe, expect, it } from 'vitest';
import { splitByMonth } from './month-split.js';

describe('splitByMonth', () => {
  it('reads whole months from the rollup and the partial edge months from the days', () => {
    expect(splitByMonth({ from: '2026-02-01', to: '2026-03-14' })).toEqual({ months: { first: '2026-02-01', last: '2026-02-01' }, days: [{ from: '2026-03-01', to: '2026-03-14' }] });
    expect(splitByMonth({ from: '2024-11-22', to: '2026-11-21' })).toEqual({
      months: { first: '2024-12-01', last: '2026-10-01' },
      days: [{ from: '2024-11-22', to: '2024-11-30' }, { from: '2026-11-01', to: '2026-11-21' }],
    });
    expect(splitByMonth({ from: '2025-12-01', to: '2026-01-31' })).toEqual({ months: { first: '2025-12-01', last: '2026-01-01' }, days: [] });
    expect(splitByMonth({ from: '2024-02-01', to: '2024-02-29' })).toEqual({ months: { first: '2024-02-01', last: '2024-02-01' }, days: [] });
  });

  it('a range inside one month, or two partial months, is read from the days', () => {
    expect(splitByMonth({ from: '2026-03-02', to: '2026-03-14' })).toEqual({ months: null, days: [{ from: '2026-03-02', to: '2026-03-14' }] });
    expect(splitByMonth({ from: '2026-02-20', to: '2026-03-10' })).toEqual({ months: null, days: [{ from: '2026-02-20', to: '2026-03-10' }] });
    expect(splitByMonth({ from: '2026-03-15', to: '2026-03-15' })).toEqual({ months: null, days: [{ from: '2026-03-15', to: '2026-03-15' }] });
  });
});
