import type { DayRange } from '@parallels/contract/report-dates';
import type { PeriodDays } from '@parallels/contract/summary';
import { addDays, dayCount } from '@parallels/contract/days';

// Report dates are the brand's calendar days (its store's timezone), like the platforms report them: "today"
// is `todayIn(brand.timezone, now)` from contract/days, the one definition the web and the sync use too.

/** The equally long range right before `range`: what "previous" means when no compare range is given. */
export function previousRange(range: DayRange): DayRange {
  const n = dayCount(range);
  return { from: addDays(range.from, -n), to: addDays(range.from, -1) };
}

function withPrevious(range: DayRange, compare?: DayRange): PeriodDays {
  const previous = compare ?? previousRange(range);
  return { from: range.from, to: range.to, previousFrom: previous.from, previousTo: previous.to };
}

/** spec core.md section 9: yesterday, the last 7 and the last 30 days, all ending yesterday (today is not over). */
export function summaryPeriods(today: string): Record<'yesterday' | 'last7Days' | 'last30Days', PeriodDays> {
  const yesterday = addDays(today, -1);
  return {
    yesterday: withPrevious({ from: yesterday, to: yesterday }),
    last7Days: withPrevious({ from: addDays(today, -7), to: yesterday }),
    last30Days: withPrevious({ from: addDays(today, -30), to: yesterday }),
  };
}

/**
 * A chosen range against the compare range, or the days right before it. A comparison is of equal lengths: the
 * compare range keeps its first day and is cut or extended to the range's length (a change between 23 days
 * and 24 says nothing).
 */
export function customPeriod(range: DayRange, compare?: DayRange): PeriodDays {
  return withPrevious(range, compare && { from: compare.from, to: addDays(compare.from, dayCount(range) - 1) });
}
