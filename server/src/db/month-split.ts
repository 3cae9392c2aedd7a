import type { DayRange } from '@parallels/contract/report-dates';
import { monthStart, splitWholeMonths } from '@parallels/contract/days';

/**
 * The range as whole calendar months (read from a monthly rollup: meta_breakdown_monthly, meta_ad_monthly) and
 * the partial months at its edges (read from the daily rows): a two-year range reads 24 monthly rows per key
 * instead of 730 daily ones.
 */
export function splitByMonth(range: DayRange): { months: { first: string; last: string } | null; days: DayRange[] } {
  const { months, edges } = splitWholeMonths(range);
  return { months: months && { first: months.from, last: monthStart(months.to) }, days: edges };
}
