import { addDays, addMonths, monthStart, quarterStart, weekStart, yearStart } from './days.js';
import { reportDayBounds } from './report-dates.js';

// The date picker's quick selects (spec section 9), shared by the picker (web/src/lib/date-range.ts) and the
// server, which keeps precomputed sums for the ones that end yesterday or today (docs/decisions/015, "Scale").

export interface DayPair {
  from: string;
  to: string;
}

export interface QuickSelect {
  label: string;
  range: (today: string) => DayPair;
}

/** Keeps a pair inside what can be reported on: from not before the earliest day, to not before from. */
export function clampToEarliest(pair: DayPair, today: string): DayPair {
  const earliest = reportDayBounds(today).earliest;
  const from = pair.from < earliest ? earliest : pair.from;
  return { from, to: pair.to < from ? from : pair.to };
}

const quick = (label: string, range: (t: string) => DayPair): QuickSelect => ({ label, range: (t) => clampToEarliest(range(t), t) });

/**
 * Spec section 9, in the spec's order and wording. What a preset covers follows the platforms' own convention,
 * decided here once: the rolling ones ('Last 7 Days', 'Last 30 Days', 'Last 3 Months', ...) are whole days
 * ending yesterday, the same days as the dashboard's cards of those names, since today is not over and has not
 * synced. 'Today' and the calendar ones ('This Week', 'This Month', ...) run to today, which the reports show
 * as partial (figures through yesterday, today's after the day ends).
 */
export const QUICK_SELECTS: readonly QuickSelect[] = [
  quick('Today', (t) => ({ from: t, to: t })),
  quick('Yesterday', (t) => ({ from: addDays(t, -1), to: addDays(t, -1) })),
  quick('This Week', (t) => ({ from: weekStart(t), to: t })),
  quick('Last 7 Days', (t) => ({ from: addDays(t, -7), to: addDays(t, -1) })),
  quick('Last week', (t) => ({ from: addDays(weekStart(t), -7), to: addDays(weekStart(t), -1) })),
  quick('Last 30 Days', (t) => ({ from: addDays(t, -30), to: addDays(t, -1) })),
  quick('This Month', (t) => ({ from: monthStart(t), to: t })),
  quick('Last 3 Months', (t) => ({ from: addMonths(t, -3), to: addDays(t, -1) })),
  quick('Last 6 Months', (t) => ({ from: addMonths(t, -6), to: addDays(t, -1) })),
  quick('This Quarter', (t) => ({ from: quarterStart(t), to: t })),
  quick('Last Quarter', (t) => {
    const from = addMonths(quarterStart(t), -3);
    return { from, to: addDays(quarterStart(t), -1) };
  }),
  quick('This Year', (t) => ({ from: yearStart(t), to: t })),
  quick('Last 365 Days', (t) => ({ from: addDays(t, -365), to: addDays(t, -1) })),
  quick('Last Year', (t) => {
    const lastYear = addMonths(yearStart(t), -12);
    return { from: lastYear, to: addDays(yearStart(t), -1) };
  }),
];

/**
 * The ranges worth keeping sums for as of `today`: every quick select that ends yesterday or today (they slide
 * with the day; the others are asked rarely), which include the default range (this month), and the synced
 * history (`historyDays` ending yesterday: the two years a backfill holds), each once.
 */
export function presetRanges(today: string, historyDays: number): DayPair[] {
  const yesterday = addDays(today, -1);
  const all = [...QUICK_SELECTS.map((q) => q.range(today)), clampToEarliest({ from: addDays(yesterday, -(historyDays - 1)), to: yesterday }, today)];
  const seen = new Set<string>();
  return all.filter((r) => {
    const id = `${r.from}/${r.to}`;
    if ((r.to !== today && r.to !== yesterday) || seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
