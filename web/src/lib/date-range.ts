import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { addDays, daysBetween, isCalendarDay, monthStart } from '@parallels/contract/days';
import { clampToEarliest, type DayPair } from '@parallels/contract/report-presets';
import { reportDayBounds } from '@parallels/contract/report-dates';
import { useBrandToday } from './brand-today';

/**
 * The report date range (spec core.md sections 3, 5 and 9). Days are 'yyyy-MM-dd' strings everywhere, and
 * their arithmetic is contract/days.ts, the one the server and the sync use. "Today" is the brand's day
 * (its timezone), as in the server's figures (decision 009), not the browser's.
 * The range lives only in the URL (from, to, compareFrom, compareTo), so a link reproduces the view.
 */

export type { DayPair };

/** Compare mode is on when both compare fields are present. */
export interface DateRange extends DayPair {
  compareFrom?: string;
  compareTo?: string;
}

/** Typed dates (spec section 5): only YYYY-MM-DD of a real calendar day. */
export function parseTypedDay(text: string): string | null {
  const trimmed = text.trim();
  return isCalendarDay(trimmed) ? trimmed : null;
}

/**
 * The first day that can be picked: 2023-01-01 (spec sections 5 and 9), or the first of the month 24 months
 * back once that is later ('last 24 months available for reports'), the bound the server checks too.
 */
export function earliestSelectableDay(today: string): string {
  return reportDayBounds(today).earliest;
}

/** Spec sections 5 and 9: days after today and before the earliest reportable day cannot be picked. */
export function isDayDisabled(day: string, today: string): boolean {
  return day > today || day < earliestSelectableDay(today);
}

export { QUICK_SELECTS, type QuickSelect } from '@parallels/contract/report-presets';

/** Whether `range` reaches today, which is not over: its figures are partial (through yesterday). */
export function includesToday(range: DayPair, today: string): boolean {
  return range.to >= today;
}

export function isCompareOn(range: DateRange): range is DateRange & { compareFrom: string; compareTo: string } {
  return range.compareFrom !== undefined && range.compareTo !== undefined;
}

function collapse(pair: DayPair): DayPair {
  return pair.from > pair.to ? { from: pair.from, to: pair.from } : pair;
}

/**
 * Spec section 5: a range whose from is after its to collapses to the single from day. Applied to the
 * compare pair too; a half-present compare pair is dropped (compare is off).
 */
export function normalizeRange(range: DateRange): DateRange {
  const main = collapse({ from: range.from, to: range.to });
  if (!isCompareOn(range)) return main;
  const compare = collapse({ from: range.compareFrom, to: range.compareTo });
  return { ...main, compareFrom: compare.from, compareTo: compare.to };
}

/** Spec section 9: the default range is the first of the current month up to today. */
export function defaultRange(today: string): DateRange {
  return clampToEarliest({ from: monthStart(today), to: today }, today);
}

/**
 * The equal-length range right before `range` (the default comparison). Clamped like the quick selects,
 * since nothing before the earliest reportable day can be reported on.
 */
export function previousPeriod(range: DayPair, today: string): DayPair {
  const length = daysBetween(range.from, range.to) + 1;
  return clampToEarliest({ from: addDays(range.from, -length), to: addDays(range.from, -1) }, today);
}

/**
 * A comparison is of equal lengths (a change between 23 days and 24 says nothing): the compare range keeps
 * its first day and takes the range's length. The server applies the same rule, so a link with unequal
 * ranges still compares equal ones.
 */
export function equalLengthCompare(range: DayPair, compare: DayPair): DayPair {
  return { from: compare.from, to: addDays(compare.from, daysBetween(range.from, range.to)) };
}

/** Calendar picking: the drafted pair plus whether the next click ends the range. */
export interface PickState extends DayPair {
  awaitingEnd: boolean;
}

/**
 * A click with no range in progress is a single-day pick (from = to = day) and starts a range. The next
 * click on that day or a later one ends the range there; a click on an earlier day restarts at that day
 * (rather than swapping the ends), so the first click always says where the range begins.
 */
export function pickDay(state: PickState, day: string): PickState {
  if (state.awaitingEnd && day >= state.from) return { from: state.from, to: day, awaitingEnd: false };
  return { from: day, to: day, awaitingEnd: true };
}

function validDay(value: string | null, today: string): string | null {
  const day = value === null ? null : parseTypedDay(value);
  return day && !isDayDisabled(day, today) ? day : null;
}

/**
 * Reads the range from the URL. An invalid or disabled from/to gives the default range with compare off;
 * an invalid or disabled compare day only turns compare off.
 */
export function readRangeFromSearch(search: URLSearchParams, today: string): DateRange {
  const from = validDay(search.get('from'), today);
  const to = validDay(search.get('to'), today);
  if (!from || !to) return defaultRange(today);
  const compareFrom = validDay(search.get('compareFrom'), today);
  const compareTo = validDay(search.get('compareTo'), today);
  return normalizeRange(compareFrom && compareTo ? { from, to, compareFrom, compareTo } : { from, to });
}

/** A copy of `search` holding `range`; other parameters are kept, compare ones removed when compare is off. */
export function writeRangeToSearch(search: URLSearchParams, range: DateRange): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set('from', range.from);
  next.set('to', range.to);
  if (isCompareOn(range)) {
    next.set('compareFrom', range.compareFrom);
    next.set('compareTo', range.compareTo);
  } else {
    next.delete('compareFrom');
    next.delete('compareTo');
  }
  return next;
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** 'November 2026' for the month holding `day`. */
export function formatMonth(day: string): string {
  return `${MONTH_NAMES[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;
}

/**
 * '22 Nov 2026', or '22 November 2026' with `long`; `year: false` leaves the year out. Spelled out here
 * rather than with Intl so every browser shows the same text ('Sep', not 'Sept').
 */
export function formatDay(day: string, { long = false, year = true }: { long?: boolean; year?: boolean } = {}): string {
  const name = MONTH_NAMES[Number(day.slice(5, 7)) - 1] ?? '';
  const text = `${Number(day.slice(8, 10))} ${long ? name : name.slice(0, 3)}`;
  return year ? `${text} ${day.slice(0, 4)}` : text;
}

function formatPair(pair: DayPair, year: boolean): string {
  const from = formatDay(pair.from, { year });
  return pair.from === pair.to ? from : `${from} – ${formatDay(pair.to, { year })}`;
}

/**
 * '1 Nov 2026 – 22 Nov 2026', and ' · vs 1 Oct – 21 Oct' when comparing (the comparison shows years only
 * when they differ from the range's).
 */
export function formatRangeLabel(range: DateRange): string {
  const main = formatPair(range, true);
  if (!isCompareOn(range)) return main;
  const year = range.to.slice(0, 4);
  const sameYear = range.compareFrom.startsWith(year) && range.compareTo.startsWith(year);
  return `${main} · vs ${formatPair({ from: range.compareFrom, to: range.compareTo }, !sameYear)}`;
}

/**
 * The URL-held range. Each change is a new history entry so back/forward step through the ranges viewed.
 * `today` is for tests; it defaults to the selected brand's day.
 */
export function useDateRange(today?: string): { range: DateRange; setRange: (next: DateRange) => void } {
  const brandToday = useBrandToday();
  const day = today ?? brandToday;
  const [searchParams, setSearchParams] = useSearchParams();
  const range = useMemo(() => readRangeFromSearch(searchParams, day), [searchParams, day]);
  const setRange = useCallback(
    (next: DateRange) => setSearchParams((current) => writeRangeToSearch(current, normalizeRange(next)), { replace: false }),
    [setSearchParams],
  );
  return { range, setRange };
}
