import { describe, expect, it } from 'vitest';
import { runningSumTerms, splitByWholeMonths } from './conversion-reports.sql.js';

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

describe('runningSumTerms: a range as differences of year-to-date and month-to-date rows', () => {
  const terms = (from: string, to: string) => runningSumTerms({ from, to }).terms.map((t) => `${t.sign > 0 ? '+' : '-'}${t.part} ${t.of} ${t.from}..${t.to}`);
  it('two years: per calendar year of the whole months, and per partial month', () => {
    expect(terms('2024-11-22', '2026-11-21')).toEqual([
      '+0 year 2024-01-01..2024-12-01',
      '-0 year 2024-01-01..2024-11-30',
      '+0 year 2025-01-01..2025-12-01',
      '+0 year 2026-01-01..2026-10-31',
      '+1 month 2024-11-01..2024-11-30',
      '-1 month 2024-11-01..2024-11-21',
      '+2 month 2026-11-01..2026-11-21',
    ]);
  });
  it('whole months inside a year, a month from the 1st, one day, across one month end', () => {
    expect(terms('2026-02-01', '2026-04-30')).toEqual(['+0 year 2026-01-01..2026-04-30', '-0 year 2026-01-01..2026-01-31']);
    expect(terms('2026-01-01', '2026-03-31')).toEqual(['+0 year 2026-01-01..2026-03-31']);
    expect(terms('2026-03-01', '2026-03-10')).toEqual(['+1 month 2026-03-01..2026-03-10']);
    expect(terms('2026-03-05', '2026-03-05')).toEqual(['+1 month 2026-03-01..2026-03-05', '-1 month 2026-03-01..2026-03-04']);
    expect(terms('2025-12-20', '2026-01-10')).toEqual(['+1 month 2025-12-01..2025-12-31', '-1 month 2025-12-01..2025-12-19', '+2 month 2026-01-01..2026-01-10']);
  });
});
