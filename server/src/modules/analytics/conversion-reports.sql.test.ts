import { describe, expect, it } from 'vitest';
import { splitByWholeMonths } from './conversion-reports.sql.js';

describe('splitByWholeMonths: whole months from the rollup, the edges from the days', () => {
  it('splits a range into its whole months and its partial ends', () => {
    expect(splitByWholeMonths({ from: '2024-11-22', to: '2026-11-21' })).toEqual({
      months: { from: '2024-12-01', to: '2026-10-31' },
      days: [{ from: '2024-11-22', to: '2024-11-30' }, { from: '2026-11-01', to: '2026-11-21' }],
    });
    expect(splitByWholeMonths({ from: '2026-01-01', to: '2026-02-28' })).toEqual({ months: { from: '2026-01-01', to: '2026-02-28' }, days: [] });
    expect(splitByWholeMonths({ from: '2025-12-01', to: '2026-01-15' })).toEqual({ months: { from: '2025-12-01', to: '2025-12-31' }, days: [{ from: '2026-01-01', to: '2026-01-15' }] });
    expect(splitByWholeMonths({ from: '2024-02-10', to: '2024-02-29' })).toEqual({ months: null, days: [{ from: '2024-02-10', to: '2024-02-29' }] });
    expect(splitByWholeMonths({ from: '2026-01-20', to: '2026-02-10' })).toEqual({ months: null, days: [{ from: '2026-01-20', to: '2026-01-31' }, { from: '2026-02-01', to: '2026-02-10' }] });
    expect(splitByWholeMonths({ from: '2026-03-05', to: '2026-03-05' })).toEqual({ months: null, days: [{ from: '2026-03-05', to: '2026-03-05' }] });
  });
});
