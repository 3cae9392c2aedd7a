import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  dayCount,
  daysBetween,
  dayStartIn,
  eachDay,
  isCalendarDay,
  monthEnd,
  monthsOfRange,
  monthStart,
  nextMonthStart,
  quarterStart,
  splitWholeMonths,
  todayIn,
  weekStart,
  yesterdayIn,
} from './days.js';

// Zones with daylight saving (New York, London, Lord Howe's half-hour shift, Chatham's +12:45/+13:45), a
// half-hour offset without it (Kolkata), and zones whose clocks skip or repeat midnight (Havana, Santiago).
const ZONES = ['UTC', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kolkata', 'Pacific/Chatham', 'America/Havana', 'America/Santiago', 'Asia/Tokyo', 'Pacific/Kiritimati'];

// Daylight-saving days of 2026 (and the hours around them) in the zones above.
const DST_INSTANTS = [
  '2026-03-08T07:00:00Z', // New York springs forward (02:00 local)
  '2026-11-01T06:00:00Z', // New York falls back
  '2026-03-29T01:00:00Z', // London springs forward
  '2026-10-25T01:00:00Z', // London falls back
  '2026-04-04T15:00:00Z', // Lord Howe falls back half an hour (02:00 local)
  '2026-10-03T15:30:00Z', // Lord Howe springs forward half an hour
  '2026-04-04T14:00:00Z', // Chatham falls back (03:45 local)
  '2026-09-26T14:00:00Z', // Chatham springs forward
  '2026-03-08T05:00:00Z', // Havana skips midnight
  '2026-04-05T03:00:00Z', // Santiago repeats the hour before midnight
  '2026-09-06T04:00:00Z', // Santiago skips midnight
].map((iso) => Date.parse(iso));

const HOUR = 3_600_000;
const zone = fc.constantFrom(...ZONES);
// any instant 2000..2040, and instants within a day of a daylight-saving change
const instant = fc.oneof(
  fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }),
  fc.tuple(fc.constantFrom(...DST_INSTANTS), fc.integer({ min: -26 * HOUR, max: 26 * HOUR })).map(([at, delta]) => at + delta),
);
const calendarDay = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) }).map((ms) => new Date(ms).toISOString().slice(0, 10));
const dstDay = fc.tuple(fc.constantFrom(...DST_INSTANTS), fc.integer({ min: -2, max: 2 })).map(([at, n]) => new Date(at + n * 86_400_000).toISOString().slice(0, 10));

/** The reference: Intl's own parts for the zone, put together by hand. */
function intlDay(timeZone: string, at: number): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return `${String(get('year')).padStart(4, '0')}-${String(get('month')).padStart(2, '0')}-${String(get('day')).padStart(2, '0')}`;
}

describe('today in a timezone', () => {
  it("is the day Intl says it is in the zone, at any instant and on daylight-saving days", () => {
    fc.assert(fc.property(zone, instant, (tz, at) => todayIn(tz, new Date(at)) === intlDay(tz, at)), { numRuns: 2000 });
  });

  it('yesterday is the day before today, also on the day after a 23-hour day (never now minus 24 h)', () => {
    fc.assert(fc.property(zone, instant, (tz, at) => yesterdayIn(tz, new Date(at)) === addDays(intlDay(tz, at), -1)));
    // 00:30 in New York on 9 March 2026, after the 23-hour 8 March: 24 hours earlier was already 7 March.
    const at = new Date('2026-03-09T04:30:00Z');
    expect(todayIn('America/New_York', at)).toBe('2026-03-09');
    expect(yesterdayIn('America/New_York', at)).toBe('2026-03-08');
    expect(todayIn('America/New_York', new Date(at.getTime() - 86_400_000))).toBe('2026-03-07');
  });

  it('a day begins at the first instant the zone shows it, also where midnight is skipped or repeated', () => {
    fc.assert(
      fc.property(zone, fc.oneof(calendarDay, dstDay), (tz, day) => {
        const start = dayStartIn(day, tz).getTime();
        return todayIn(tz, new Date(start)) === day && todayIn(tz, new Date(start - 1)) === addDays(day, -1);
      }),
      { numRuns: 1000 },
    );
    expect(dayStartIn('2026-03-08', 'America/Havana').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(dayStartIn('2026-04-05', 'America/Santiago').toISOString()).toBe('2026-04-05T04:00:00.000Z');
    expect(dayStartIn('2026-10-04', 'Australia/Lord_Howe').toISOString()).toBe('2026-10-03T13:30:00.000Z');
    expect(dayStartIn('2026-01-05', 'Asia/Kolkata').toISOString()).toBe('2026-01-04T18:30:00.000Z');
  });

  it('refuses an unknown timezone', () => {
    expect(() => todayIn('Mars/Olympus_Mons', new Date())).toThrow(RangeError);
  });
});

describe('day arithmetic', () => {
  it('addDays round-trips and agrees with daysBetween', () => {
    fc.assert(
      fc.property(calendarDay, fc.integer({ min: -3000, max: 3000 }), (day, n) => {
        const later = addDays(day, n);
        return isCalendarDay(later) && addDays(later, -n) === day && daysBetween(day, later) === n;
      }),
      { numRuns: 2000 },
    );
  });

  it('a range of days never skips or repeats a day', () => {
    fc.assert(
      fc.property(fc.oneof(calendarDay, dstDay), fc.integer({ min: 0, max: 800 }), (from, n) => {
        const days = eachDay({ from, to: addDays(from, n) });
        if (days.length !== n + 1 || days.length !== dayCount({ from, to: addDays(from, n) })) return false;
        return days.every((d, i) => isCalendarDay(d) && (i === 0 ? d === from : daysBetween(days[i - 1]!, d) === 1 && days[i - 1]! < d));
      }),
    );
    expect(eachDay({ from: '2026-03-08', to: '2026-03-07' })).toEqual([]);
  });

  it('months: bounds, the next month, and clamped month arithmetic', () => {
    fc.assert(
      fc.property(calendarDay, (day) => {
        const first = monthStart(day);
        const last = monthEnd(day);
        return first <= day && day <= last && addDays(last, 1) === nextMonthStart(day) && nextMonthStart(day).endsWith('-01') && addDays(first, -1) === monthEnd(addDays(first, -1));
      }),
    );
    expect(monthEnd('2024-02-10')).toBe('2024-02-29');
    expect(monthEnd('2026-02-10')).toBe('2026-02-28');
    expect(nextMonthStart('2026-12-31')).toBe('2027-01-01');
    expect(addMonths('2026-05-31', -3)).toBe('2026-02-28');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
  });

  it('a range splits into whole months and edges that cover it exactly once', () => {
    fc.assert(
      fc.property(calendarDay, fc.integer({ min: 0, max: 800 }), (from, n) => {
        const range = { from, to: addDays(from, n) };
        const { months, edges } = splitWholeMonths(range);
        const parts = [...edges, ...(months ? [months] : [])].sort((a, b) => (a.from < b.from ? -1 : 1));
        const covered = parts.flatMap(eachDay);
        const wholeMonths = !months || (months.from === monthStart(months.from) && months.to === monthEnd(months.to));
        // an edge never holds a whole month of the range
        const edgesPartial = edges.every((e) => !(e.from === monthStart(e.from) && monthEnd(e.from) <= e.to));
        return wholeMonths && edgesPartial && covered.join() === eachDay(range).join() && (!months || edges.length <= 2);
      }),
    );
    expect(splitWholeMonths({ from: '2026-01-15', to: '2026-04-10' })).toEqual({
      months: { from: '2026-02-01', to: '2026-03-31' },
      edges: [{ from: '2026-01-15', to: '2026-01-31' }, { from: '2026-04-01', to: '2026-04-10' }],
    });
    expect(splitWholeMonths({ from: '2026-01-15', to: '2026-02-10' })).toEqual({ months: null, edges: [{ from: '2026-01-15', to: '2026-02-10' }] });
  });

  it('weeks start on Monday; quarters on their first month', () => {
    fc.assert(fc.property(calendarDay, (day) => {
      const monday = weekStart(day);
      return new Date(`${monday}T00:00:00Z`).getUTCDay() === 1 && daysBetween(monday, day) >= 0 && daysBetween(monday, day) < 7;
    }));
    expect(weekStart('2026-11-22')).toBe('2026-11-16'); // a Sunday
    expect(quarterStart('2026-11-22')).toBe('2026-10-01');
  });

  it('knows real calendar days', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('0000-01-01')).toBe(false);
    expect(isCalendarDay('2026-1-01')).toBe(false);
  });
});

describe('day arithmetic against Date (the fast paths: same month, month by month)', () => {
  const reference = (day: string, n: number) => new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)) + n)).toISOString().slice(0, 10);

  it('addDays equals Date for every day of 1999 to 2030 (leap days, month and year ends) and steps from -400 to 400', () => {
    const steps = [-400, -366, -365, -61, -31, -30, -29, -28, -27, -2, -1, 0, 1, 2, 27, 28, 29, 30, 31, 59, 365, 366, 400];
    let checked = 0;
    for (let day = '1999-01-01'; day <= '2030-12-31'; day = reference(day, 1)) {
      for (const n of steps) {
        if (addDays(day, n) !== reference(day, n)) throw new Error(`addDays(${day}, ${n}) = ${addDays(day, n)}, Date says ${reference(day, n)}`);
        checked++;
      }
    }
    expect(checked).toBe(11688 * 23);
  });

  it('eachDay lists every day of a range, across month, leap day and year ends, and none when it ends before it starts', () => {
    const ranges: Array<[string, string]> = [['2023-12-30', '2024-03-02'], ['2024-02-28', '2024-03-01'], ['2025-02-28', '2025-03-01'], ['2026-01-31', '2026-01-31'], ['2024-11-22', '2026-11-21'], ['2026-03-05', '2026-03-04'], ['1999-12-31', '2000-03-01']];
    for (const [from, to] of ranges) {
      const want: string[] = [];
      for (let d = from; d <= to; d = reference(d, 1)) want.push(d);
      expect(eachDay({ from, to })).toEqual(want);
    }
    expect(eachDay({ from: '2024-11-22', to: '2026-11-21' })).toHaveLength(730);
  });

  it('monthsOfRange is the range\'s days grouped by calendar month, oldest first, each month as its first and last day in the range', () => {
    const ranges: Array<[string, string]> = [['2023-12-30', '2024-03-02'], ['2024-02-28', '2024-03-01'], ['2026-01-31', '2026-01-31'], ['2024-11-22', '2026-11-21'], ['2026-03-05', '2026-03-04'], ['2026-02-01', '2026-02-28']];
    for (const [from, to] of ranges) {
      const want = new Map<string, string[]>();
      for (const d of eachDay({ from, to })) want.set(d.slice(0, 4) + d.slice(5, 7), [...(want.get(d.slice(0, 4) + d.slice(5, 7)) ?? []), d]);
      expect(monthsOfRange({ from, to })).toEqual([...want].map(([month, days]) => ({ month, part: { from: days[0], to: days[days.length - 1] } })));
    }
    expect(monthsOfRange({ from: '2024-11-22', to: '2026-11-21' })).toHaveLength(25);
  });
});
