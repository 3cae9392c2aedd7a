import type { DayRange } from '@parallels/contract/report-dates';
import { addDays, monthEnd, monthStart, splitWholeMonths } from '@parallels/contract/days';

/**
 * The range as whole calendar months (read from a monthly rollup: meta_breakdown_monthly, meta_ad_monthly) and
 * the partial months at its edges (read from the daily rows): a two-year range reads 24 monthly rows per key
 * instead of 730 daily ones.
 */
export function splitByMonth(range: DayRange): { months: { first: string; last: string } | null; days: DayRange[] } {
  const { months, edges } = splitWholeMonths(range);
  return { months: months && { first: months.from, last: monthStart(months.to) }, days: edges };
}

/**
 * A partial month of a range read from month-to-date rows (meta_campaign_month_to_date,
 * meta_interest_month_to_date): the row of `plus` (the piece's last day) minus the row of `minus` (the day before
 * its first day; null when it starts on the month's first day). `kind` says which single-day-maximum columns
 * apply: `start` begins on the month's first day (the maxima to date of `plus`), `end` runs to the month's last
 * day (the maxima after `minus`), `inside` neither (no row holds its maxima).
 */
export interface MonthToDatePiece extends DayRange {
  plus: string;
  minus: string | null;
  kind: 'start' | 'end' | 'inside';
}

/**
 * The range as whole calendar months (from the monthly rollup) and its partial months, each within one month, as
 * month-to-date pieces: a two-year range reads 24 monthly rows and at most three month-to-date rows per key.
 */
export function splitMonthToDate(range: DayRange): { months: { first: string; last: string } | null; pieces: MonthToDatePiece[] } {
  const { months, days } = splitByMonth(range);
  const pieces: MonthToDatePiece[] = [];
  for (const edge of days) {
    // an edge holds no whole month but may cross one month's end (20 January to 10 February)
    for (let from = edge.from; from <= edge.to; ) {
      const to = monthEnd(from) < edge.to ? monthEnd(from) : edge.to;
      const starts = from === monthStart(from);
      pieces.push({ from, to, plus: to, minus: starts ? null : addDays(from, -1), kind: starts ? 'start' : to === monthEnd(to) ? 'end' : 'inside' });
      from = addDays(to, 1);
    }
  }
  return { months, pieces };
}
