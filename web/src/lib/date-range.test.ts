import { describe, expect, it } from 'vitest';
import { addDays, addMonths, daysBetween, quarterStart, weekStart } from '@parallels/contract/days';
import {
  equalLengthCompare,
  includesToday,
  defaultRange,
  formatDay,
  formatRangeLabel,
  isDayDisabled,
  normalizeRange,
  parseTypedDay,
  pickDay,
  previousPeriod,
  QUICK_SELECTS,
  readRangeFromSearch,
  writeRangeToSearch,
  type PickState,
} from './date-range';

function quickSelect(label: string, today: string) {
  const q = QUICK_SELECTS.find((s) => s.label === label);
  if (!q) throw new Error(`no quick select ${label}`);
  return q.range(today);
}

describe('quick selects (spec core.md section 9)', () => {
  it('are the 14 of the spec, in order', () => {
    expect(QUICK_SELECTS.map((q) => q.label)).toEqual([
      'Today',
      'Yesterday',
      'This Week',
      'Last 7 Days',
      'Last week',
      'Last 30 Days',
      'This Month',
      'Last 3 Months',
      'Last 6 Months',
      'This Quarter',
      'Last Quarter',
      'This Year',
      'Last 365 Days',
      'Last Year',
    ]);
  });

  // 2026-05-31 is a Sunday at a month end: month subtraction must clamp (May 31 - 3 months = Feb 28).
  it.each([
    ['Today', '2026-05-31', '2026-05-31'],
    ['Yesterday', '2026-05-30', '2026-05-30'],
    ['This Week', '2026-05-25', '2026-05-31'],
    ['Last 7 Days', '2026-05-24', '2026-05-30'],
    ['Last week', '2026-05-18', '2026-05-24'],
    ['Last 30 Days', '2026-05-01', '2026-05-30'],
    ['This Month', '2026-05-01', '2026-05-31'],
    ['Last 3 Months', '2026-02-28', '2026-05-30'],
    ['Last 6 Months', '2025-11-30', '2026-05-30'],
    ['This Quarter', '2026-04-01', '2026-05-31'],
    ['Last Quarter', '2026-01-01', '2026-03-31'],
    ['This Year', '2026-01-01', '2026-05-31'],
    ['Last 365 Days', '2025-05-31', '2026-05-30'],
    ['Last Year', '2025-01-01', '2025-12-31'],
  ])('on 2026-05-31 %s is %s to %s', (label, from, to) => {
    expect(quickSelect(label, '2026-05-31')).toEqual({ from, to });
  });

  // 2023-01-03 is a Tuesday three days into the reportable period: everything earlier is clamped away.
  it.each([
    ['Today', '2023-01-03', '2023-01-03'],
    ['Yesterday', '2023-01-02', '2023-01-02'],
    ['This Week', '2023-01-02', '2023-01-03'],
    ['Last 7 Days', '2023-01-01', '2023-01-02'],
    ['Last week', '2023-01-01', '2023-01-01'],
    ['Last 30 Days', '2023-01-01', '2023-01-02'],
    ['This Month', '2023-01-01', '2023-01-03'],
    ['Last 3 Months', '2023-01-01', '2023-01-02'],
    ['Last 6 Months', '2023-01-01', '2023-01-02'],
    ['This Quarter', '2023-01-01', '2023-01-03'],
    ['Last Quarter', '2023-01-01', '2023-01-01'],
    ['This Year', '2023-01-01', '2023-01-03'],
    ['Last 365 Days', '2023-01-01', '2023-01-02'],
    ['Last Year', '2023-01-01', '2023-01-01'],
  ])('on 2023-01-03 %s is %s to %s', (label, from, to) => {
    expect(quickSelect(label, '2023-01-03')).toEqual({ from, to });
  });

  it('Last 3 Months from the end of May in a leap year starts on 29 February and ends yesterday', () => {
    expect(quickSelect('Last 3 Months', '2024-05-31')).toEqual({ from: '2024-02-29', to: '2024-05-30' });
    expect(quickSelect('Last 6 Months', '2024-08-31')).toEqual({ from: '2024-02-29', to: '2024-08-30' });
  });

  // The dashboard's 'Last 7 Days' and 'Last 30 Days' cards (server report-days.ts) are these very days.
  it('the rolling presets are whole days ending yesterday, as long as their names say', () => {
    for (const [label, days] of [['Last 7 Days', 7], ['Last 30 Days', 30], ['Last 365 Days', 365]] as const) {
      const r = quickSelect(label, '2026-11-24');
      expect(r.to).toBe('2026-11-23');
      expect(daysBetween(r.from, r.to) + 1).toBe(days);
    }
    expect(includesToday(quickSelect('Last 7 Days', '2026-11-24'), '2026-11-24')).toBe(false);
    expect(includesToday(quickSelect('This Month', '2026-11-24'), '2026-11-24')).toBe(true);
  });
});

describe('equal-length comparisons', () => {
  it('the compare range keeps its first day and takes the range\'s length', () => {
    expect(equalLengthCompare({ from: '2026-11-01', to: '2026-11-23' }, { from: '2026-11-01', to: '2026-11-24' })).toEqual({ from: '2026-11-01', to: '2026-11-23' });
    expect(equalLengthCompare({ from: '2026-11-01', to: '2026-11-23' }, { from: '2026-10-01', to: '2026-10-05' })).toEqual({ from: '2026-10-01', to: '2026-10-23' });
    expect(equalLengthCompare({ from: '2026-11-24', to: '2026-11-24' }, { from: '2026-11-17', to: '2026-11-20' })).toEqual({ from: '2026-11-17', to: '2026-11-17' });
  });
});

describe('day arithmetic', () => {
  it('adds days across month, year and daylight-saving boundaries', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-10-24', 2)).toBe('2026-10-26');
  });

  it('clamps month arithmetic to the month end', () => {
    expect(addMonths('2026-05-31', -3)).toBe('2026-02-28');
    expect(addMonths('2024-05-31', -3)).toBe('2024-02-29');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-15', 2)).toBe('2027-01-15');
  });

  it('weeks start on Monday and quarters on Jan, Apr, Jul, Oct', () => {
    expect(weekStart('2026-05-25')).toBe('2026-05-25');
    expect(weekStart('2026-05-31')).toBe('2026-05-25');
    expect(quarterStart('2026-12-31')).toBe('2026-10-01');
    expect(quarterStart('2026-07-01')).toBe('2026-07-01');
  });
});

describe('rules (spec core.md section 5)', () => {
  it.each([
    ['2024-02-29', '2024-02-29'],
    [' 2026-11-22 ', '2026-11-22'],
    ['2023-02-29', null],
    ['2024-1-05', null],
    ['2024-13-01', null],
    ['2024-04-31', null],
    ['22/11/2026', null],
    ['', null],
  ])('typed %j parses to %s', (text, day) => {
    expect(parseTypedDay(text)).toBe(day);
  });

  it('disables days after today and before the last 24 months (never before 2023-01-01)', () => {
    const today = '2026-05-31';
    expect(isDayDisabled('2026-06-01', today)).toBe(true);
    expect(isDayDisabled('2024-04-30', today)).toBe(true);
    expect(isDayDisabled('2026-05-31', today)).toBe(false);
    expect(isDayDisabled('2024-05-01', today)).toBe(false);
    // while 24 months back is still before 2023, 2023-01-01 is the first day
    expect(isDayDisabled('2022-12-31', '2024-03-15')).toBe(true);
    expect(isDayDisabled('2023-01-01', '2024-03-15')).toBe(false);
  });

  it('a range whose from is after its to collapses to the single from day', () => {
    expect(normalizeRange({ from: '2026-05-10', to: '2026-05-03' })).toEqual({ from: '2026-05-10', to: '2026-05-10' });
    expect(normalizeRange({ from: '2026-05-01', to: '2026-05-03' })).toEqual({ from: '2026-05-01', to: '2026-05-03' });
    expect(normalizeRange({ from: '2026-05-01', to: '2026-05-03', compareFrom: '2026-04-20', compareTo: '2026-04-01' })).toEqual({
      from: '2026-05-01',
      to: '2026-05-03',
      compareFrom: '2026-04-20',
      compareTo: '2026-04-20',
    });
    expect(normalizeRange({ from: '2026-05-01', to: '2026-05-03', compareFrom: '2026-04-20' })).toEqual({ from: '2026-05-01', to: '2026-05-03' });
  });

  it('picking: a first click is a single day, a later click ends the range, an earlier one restarts', () => {
    let state: PickState = { from: '2026-05-01', to: '2026-05-31', awaitingEnd: false };
    state = pickDay(state, '2026-05-10');
    expect(state).toEqual({ from: '2026-05-10', to: '2026-05-10', awaitingEnd: true });
    state = pickDay(state, '2026-05-20');
    expect(state).toEqual({ from: '2026-05-10', to: '2026-05-20', awaitingEnd: false });
    state = pickDay(state, '2026-05-15');
    expect(state).toEqual({ from: '2026-05-15', to: '2026-05-15', awaitingEnd: true });
    state = pickDay(state, '2026-05-02');
    expect(state).toEqual({ from: '2026-05-02', to: '2026-05-02', awaitingEnd: true });
    state = pickDay(state, '2026-05-02');
    expect(state).toEqual({ from: '2026-05-02', to: '2026-05-02', awaitingEnd: false });
  });

  it('the default range is the first of the month to today', () => {
    expect(defaultRange('2026-11-22')).toEqual({ from: '2026-11-01', to: '2026-11-22' });
  });

  it('the previous period is the equal-length range right before', () => {
    expect(previousPeriod({ from: '2026-11-01', to: '2026-11-22' }, '2026-11-25')).toEqual({ from: '2026-10-10', to: '2026-10-31' });
    expect(previousPeriod({ from: '2026-05-31', to: '2026-05-31' }, '2026-11-25')).toEqual({ from: '2026-05-30', to: '2026-05-30' });
    expect(previousPeriod({ from: '2023-01-03', to: '2023-01-10' }, '2024-03-15')).toEqual({ from: '2023-01-01', to: '2023-01-02' });
    expect(previousPeriod({ from: '2024-05-03', to: '2024-05-10' }, '2026-05-31')).toEqual({ from: '2024-05-01', to: '2024-05-02' });
  });
});

describe('the range in the URL', () => {
  const today = '2026-05-31';

  it('round-trips a range with and without compare, keeping other parameters', () => {
    const range = { from: '2026-05-01', to: '2026-05-31', compareFrom: '2026-04-01', compareTo: '2026-04-30' };
    const search = writeRangeToSearch(new URLSearchParams('tab=meta'), range);
    expect(search.toString()).toBe('tab=meta&from=2026-05-01&to=2026-05-31&compareFrom=2026-04-01&compareTo=2026-04-30');
    expect(readRangeFromSearch(search, today)).toEqual(range);

    const off = writeRangeToSearch(search, { from: '2026-05-01', to: '2026-05-31' });
    expect(off.toString()).toBe('tab=meta&from=2026-05-01&to=2026-05-31');
    expect(readRangeFromSearch(off, today)).toEqual({ from: '2026-05-01', to: '2026-05-31' });
    // the input is not changed
    expect(search.get('compareFrom')).toBe('2026-04-01');
  });

  it.each([
    ['', 'nothing'],
    ['from=2026-05-01', 'no to'],
    ['from=2026-5-01&to=2026-05-31', 'a malformed day'],
    ['from=2026-02-30&to=2026-05-31', 'an impossible day'],
    ['from=2022-12-31&to=2026-05-31', 'a day before 2023-01-01'],
    ['from=2026-05-01&to=2026-06-01', 'a day after today'],
    ['from=2026-05-01&to=2026-06-01&compareFrom=2026-04-01&compareTo=2026-04-30', 'a bad range with a good compare'],
  ])('falls back to the default range with compare off for %j (%s)', (query) => {
    expect(readRangeFromSearch(new URLSearchParams(query), today)).toEqual({ from: '2026-05-01', to: '2026-05-31' });
  });

  it('turns compare off when a compare day is invalid', () => {
    expect(readRangeFromSearch(new URLSearchParams('from=2026-05-02&to=2026-05-03&compareFrom=2026-04-01&compareTo=2026-07-01'), today)).toEqual({
      from: '2026-05-02',
      to: '2026-05-03',
    });
    expect(readRangeFromSearch(new URLSearchParams('from=2026-05-02&to=2026-05-03&compareFrom=2026-04-01'), today)).toEqual({ from: '2026-05-02', to: '2026-05-03' });
  });

  it('collapses a from-after-to range read from the URL', () => {
    expect(readRangeFromSearch(new URLSearchParams('from=2026-05-20&to=2026-05-03'), today)).toEqual({ from: '2026-05-20', to: '2026-05-20' });
  });
});

describe('labels', () => {
  it('names days and ranges the same in every browser', () => {
    expect(formatDay('2026-11-22')).toBe('22 Nov 2026');
    expect(formatDay('2026-09-01', { long: true })).toBe('1 September 2026');
    expect(formatDay('2026-09-01', { year: false })).toBe('1 Sep');
    expect(formatRangeLabel({ from: '2026-11-01', to: '2026-11-22' })).toBe('1 Nov 2026 – 22 Nov 2026');
    expect(formatRangeLabel({ from: '2026-11-22', to: '2026-11-22' })).toBe('22 Nov 2026');
    expect(formatRangeLabel({ from: '2026-11-01', to: '2026-11-22', compareFrom: '2026-10-01', compareTo: '2026-10-21' })).toBe('1 Nov 2026 – 22 Nov 2026 · vs 1 Oct – 21 Oct');
    expect(formatRangeLabel({ from: '2026-01-01', to: '2026-01-10', compareFrom: '2025-12-22', compareTo: '2025-12-31' })).toBe(
      '1 Jan 2026 – 10 Jan 2026 · vs 22 Dec 2025 – 31 Dec 2025',
    );
  });
});
