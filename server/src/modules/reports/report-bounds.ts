import type { ErrorResponse } from '@parallels/contract/common';
import { REPORT_DATE_MESSAGE, reportDayBounds } from '@parallels/contract/report-dates';
import { AppError } from '../../lib/app-error.js';

/**
 * The bounds of a report's dates that depend on the brand's today: not after today, not before the first of
 * the month 24 months back (spec core.md section 9). The contract's schema has already refused anything that
 * is not a real day from 2023-01-01; every report route calls this with its body's dates, so an out-of-range
 * date is the same 400, with the same message, wherever it is sent.
 */
export function assertReportDatesInRange(dates: Readonly<Record<string, string | null | undefined>>, today: string): void {
  const { earliest, latest } = reportDayBounds(today);
  const errors: NonNullable<ErrorResponse['errors']> = [];
  for (const [field, day] of Object.entries(dates)) {
    if (typeof day === 'string' && (day < earliest || day > latest)) errors.push({ field, message: REPORT_DATE_MESSAGE });
  }
  if (errors.length > 0) throw new AppError('invalid', REPORT_DATE_MESSAGE, { errors });
}
