import { describe, expect, it } from 'vitest';
import { splitByMonth, splitMonthToDate } from './month-split.js';

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

describe('splitMonthToDate', () => {
  it('a partial month is the row of its last day less the row of the day before its first', () => {
    expect(splitMonthToDate({ from: '2024-11-22', to: '2026-11-21' })).toEqual({
      months: { first: '2024-12-01', last: '2026-10-01' },
      pieces: [
        { from: '2024-11-22', to: '2024-11-30', plus: '2024-11-30', minus: '2024-11-21', kind: 'end' },
        { from: '2026-11-01', to: '2026-11-21', plus: '2026-11-21', minus: null, kind: 'start' },
      ],
    });
    expect(splitMonthToDate({ from: '2025-12-01', to: '2026-01-31' })).toEqual({ months: { first: '2025-12-01', last: '2026-01-01' }, pieces: [] });
    // the day before the 1 March is 29 February in a leap year
    expect(splitMonthToDate({ from: '2024-03-02', to: '2024-03-31' }).pieces).toEqual([{ from: '2024-03-02', to: '2024-03-31', plus: '2024-03-31', minus: '2024-03-01', kind: 'end' }]);
  });

  it('two partial months without a whole one are two pieces; a range inside one month is one piece with both rows', () => {
    expect(splitMonthToDate({ from: '2026-02-20', to: '2026-03-10' })).toEqual({
      months: null,
      pieces: [
        { from: '2026-02-20', to: '2026-02-28', plus: '2026-02-28', minus: '2026-02-19', kind: 'end' },
        { from: '2026-03-01', to: '2026-03-10', plus: '2026-03-10', minus: null, kind: 'start' },
      ],
    });
    expect(splitMonthToDate({ from: '2026-03-02', to: '2026-03-14' })).toEqual({ months: null, pieces: [{ from: '2026-03-02', to: '2026-03-14', plus: '2026-03-14', minus: '2026-03-01', kind: 'inside' }] });
    expect(splitMonthToDate({ from: '2026-03-15', to: '2026-03-15' }).pieces).toEqual([{ from: '2026-03-15', to: '2026-03-15', plus: '2026-03-15', minus: '2026-03-14', kind: 'inside' }]);
    expect(splitMonthToDate({ from: '2026-03-01', to: '2026-03-01' }).pieces).toEqual([{ from: '2026-03-01', to: '2026-03-01', plus: '2026-03-01', minus: null, kind: 'start' }]);
  });
});
