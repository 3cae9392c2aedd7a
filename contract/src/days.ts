// Days, the one definition for the web, the reports and the sync (docs/decisions/009-periods-and-today.md).
// A day is a calendar day written 'YYYY-MM-DD'. Day arithmetic runs on UTC midnights, where every day has
// 24 hours, so a daylight-saving change can never shift a day. "Today" is always the calendar day in a
// timezone (the brand's), never "now minus 24 hours", which is a different day on daylight-saving days.

import type { DayRange } from './report-dates.js';

/** A calendar day, 'YYYY-MM-DD'. */
export type IsoDay = string;

const DAY_MS = 86_400_000;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

// '01'..'31': days and months are written for every day of every report range, so without padStart each time
const TWO_DIGITS = Array.from({ length: 32 }, (_, i) => String(i).padStart(2, '0'));

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!;
}

/** A real calendar day written YYYY-MM-DD (no 2023-02-30, no month 13, no year 0). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

/** UTC midnight of a day, in ms (the caller passes a valid day). */
function utcMidnight(day: IsoDay): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
}

function dayOfUtc(ms: number): IsoDay {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${TWO_DIGITS[d.getUTCMonth() + 1]}-${TWO_DIGITS[d.getUTCDate()]}`;
}

export function addDays(day: IsoDay, n: number): IsoDay {
  // inside the same month (most calls: a day before or after), only the day of the month changes
  const date = (day.charCodeAt(8) - 48) * 10 + (day.charCodeAt(9) - 48) + n;
  if (date >= 1 && date <= 28 && Number.isInteger(n)) return day.slice(0, 8) + TWO_DIGITS[date];
  return dayOfUtc(utcMidnight(day) + n * DAY_MS);
}

/** Whole days from `a` to `b` (negative when b is before a). */
export function daysBetween(a: IsoDay, b: IsoDay): number {
  return Math.round((utcMidnight(b) - utcMidnight(a)) / DAY_MS);
}

/** How many days a range covers, both ends included. */
export function dayCount(range: DayRange): number {
  return daysBetween(range.from, range.to) + 1;
}

/** Every day of a range in order, both ends included; none when `to` is before `from`. */
export function eachDay(range: DayRange): IsoDay[] {
  const days: IsoDay[] = [];
  if (range.to < range.from) return days;
  // month by month: each month's days written from its prefix (two years are 730 strings per report call)
  let year = Number(range.from.slice(0, 4));
  let month = Number(range.from.slice(5, 7));
  let date = Number(range.from.slice(8, 10));
  for (;;) {
    const prefix = `${pad(year, 4)}-${TWO_DIGITS[month]}-`;
    const last = daysInMonth(year, month);
    for (; date <= last; date++) {
      const day = prefix + TWO_DIGITS[date];
      if (day > range.to) return days;
      days.push(day);
    }
    date = 1;
    if (++month > 12) {
      month = 1;
      year++;
    }
  }
}

/** Month arithmetic clamps to the target month's end: 2026-05-31 minus 3 months is 2026-02-28. */
export function addMonths(day: IsoDay, n: number): IsoDay {
  const months = Number(day.slice(0, 4)) * 12 + (Number(day.slice(5, 7)) - 1) + n;
  const year = Math.floor(months / 12);
  const month = (months % 12) + 1;
  const dom = Math.min(Number(day.slice(8, 10)), daysInMonth(year, month));
  return `${pad(year, 4)}-${pad(month)}-${pad(dom)}`;
}

/** The first day of the day's month. */
export function monthStart(day: IsoDay): IsoDay {
  return `${day.slice(0, 7)}-01`;
}

/** The last day of the day's month. */
export function monthEnd(day: IsoDay): IsoDay {
  return `${day.slice(0, 7)}-${pad(daysInMonth(Number(day.slice(0, 4)), Number(day.slice(5, 7))))}`;
}

/** The first day of the month after the day's month. */
export function nextMonthStart(day: IsoDay): IsoDay {
  return addDays(monthEnd(day), 1);
}

/**
 * The calendar months a range touches, oldest first: each month's 'YYYYMM' and the part of the range inside it
 * (its days without listing them: a two-year report asks this once a request, not 730 days).
 */
export function monthsOfRange(range: DayRange): Array<{ month: string; part: DayRange }> {
  const out: Array<{ month: string; part: DayRange }> = [];
  for (let from = range.from; from <= range.to; from = nextMonthStart(from)) {
    const end = monthEnd(from);
    out.push({ month: from.slice(0, 4) + from.slice(5, 7), part: { from, to: end < range.to ? end : range.to } });
  }
  return out;
}

/**
 * A range as the calendar months wholly inside it and the partial days at its ends, for reports that read whole
 * months from a monthly rollup: `months` runs from the first whole month's first day to the last whole month's
 * last day (null when no month fits whole), `edges` are the days before and after it (the whole range when no
 * month fits).
 */
export function splitWholeMonths(range: DayRange): { months: DayRange | null; edges: DayRange[] } {
  const first = range.from === monthStart(range.from) ? range.from : nextMonthStart(range.from);
  const last = range.to === monthEnd(range.to) ? range.to : addDays(monthStart(range.to), -1);
  if (first > last) return { months: null, edges: [range] };
  const edges: DayRange[] = [];
  if (range.from < first) edges.push({ from: range.from, to: addDays(first, -1) });
  if (last < range.to) edges.push({ from: addDays(last, 1), to: range.to });
  return { months: { from: first, to: last }, edges };
}

/** Weeks start on Monday. */
export function weekStart(day: IsoDay): IsoDay {
  const weekday = (new Date(utcMidnight(day)).getUTCDay() + 6) % 7; // Monday 0 .. Sunday 6
  return addDays(day, -weekday);
}

export function quarterStart(day: IsoDay): IsoDay {
  const month = Number(day.slice(5, 7));
  return `${day.slice(0, 4)}-${pad(Math.floor((month - 1) / 3) * 3 + 1)}-01`;
}

export function yearStart(day: IsoDay): IsoDay {
  return `${day.slice(0, 4)}-01-01`;
}

// One formatter per timezone: building an Intl.DateTimeFormat costs far more than formatting with it, and
// every report request asks what day it is in its brand's timezone.
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar day it is in an IANA timezone at an instant: "today" for a brand is `todayIn(brand.timezone)`.
 * Throws RangeError for an unknown timezone.
 */
export function todayIn(timeZone: string, now: Date = new Date()): IsoDay {
  let f = dayFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }); // en-CA writes YYYY-MM-DD
    dayFormatters.set(timeZone, f);
  }
  return f.format(now);
}

/** The day before today in a timezone: the newest whole day, the last one a sync reads. */
export function yesterdayIn(timeZone: string, now: Date = new Date()): IsoDay {
  return addDays(todayIn(timeZone, now), -1);
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** Local wall-clock time minus UTC at an instant, in ms. */
function zoneOffsetMs(timeZone: string, ms: number): number {
  let f = offsetFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    offsetFormatters.set(timeZone, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(new Date(ms))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const wall = Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant a day begins in a timezone: its local midnight, or, where the clocks skip midnight (Havana,
 * Santiago), the first instant the day exists. The offset is read at both candidate instants, since a
 * daylight-saving change can fall between midnight and its first guess.
 */
export function dayStartIn(day: IsoDay, timeZone: string): Date {
  const wall = utcMidnight(day);
  const first = wall - zoneOffsetMs(timeZone, wall);
  const second = wall - zoneOffsetMs(timeZone, first);
  const candidates = [first, second].filter((ms) => todayIn(timeZone, new Date(ms)) === day).sort((a, b) => a - b);
  if (candidates[0] === undefined) throw new RangeError(`cannot find where ${day} begins in ${timeZone}`);
  return new Date(candidates[0]);
}
