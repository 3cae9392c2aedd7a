import { z } from 'zod';
import { isoDaySchema } from './common.js';
import { addMonths, isCalendarDay, monthStart } from './days.js';

// spec core.md sections 5 and 9: dates selectable from 2023-01-01 up to today, the last 24 months available for
// reports, yyyy-MM-dd in requests. Every report route reads its dates through the schemas below, so a date is
// refused the same way (and with the same message) wherever it is sent. The bounds that depend on the brand's
// today are checked on the server (modules/reports/report-bounds.ts) with `reportDayBounds`.

export const EARLIEST_REPORT_DAY = '2023-01-01';
/** Reports reach back this many whole months before the current one. */
export const REPORT_HISTORY_MONTHS = 24;
export const REPORT_DATE_MESSAGE = `Choose a real date from the last ${REPORT_HISTORY_MONTHS} months up to today, written YYYY-MM-DD`;
export const REPORT_RANGE_ORDER_MESSAGE = 'The start date must not be after the end date';
export const COMPARE_RANGE_ORDER_MESSAGE = 'The compare start date must not be after the compare end date';

/** The first and last day a report may ask for, given the brand's today. */
export function reportDayBounds(today: string): { earliest: string; latest: string } {
  const first = monthStart(addMonths(today, -REPORT_HISTORY_MONTHS));
  return { earliest: first > EARLIEST_REPORT_DAY ? first : EARLIEST_REPORT_DAY, latest: today };
}

/**
 * One report day: a string of at most 10 characters (checked first, and aborting, so nothing else ever looks
 * at a long value), a real calendar day, not before 2023-01-01.
 */
export const reportDaySchema = z
  .string({ error: REPORT_DATE_MESSAGE })
  .max(10, { error: REPORT_DATE_MESSAGE, abort: true })
  .refine((d) => isCalendarDay(d) && d >= EARLIEST_REPORT_DAY, { error: REPORT_DATE_MESSAGE });

/** {startDate, endDate}, both report days, start not after end: the body of every report route. */
export const dateRangeBodySchema = z
  .object({ startDate: reportDaySchema, endDate: reportDaySchema })
  .refine((b) => b.startDate <= b.endDate, { message: REPORT_RANGE_ORDER_MESSAGE, path: ['startDate'] });
export type DateRangeBody = z.infer<typeof dateRangeBodySchema>;

/** The days a figure covers: `from` to `to`, both included. */
export const dayRangeSchema = z.object({ from: isoDaySchema, to: isoDaySchema });
export type DayRange = z.infer<typeof dayRangeSchema>;

/**
 * How far a source's data can be trusted for a range: `complete` when every day of it up to yesterday has
 * synced; otherwise its figures are null (missing, never zero) and `state` says why.
 */
export const sourceStateSchema = z.enum(['ready', 'syncing', 'not_connected', 'needs_reconnect', 'failing']);
export type SourceState = z.infer<typeof sourceStateSchema>;

/**
 * An ad account that reports in another currency than the brand's: its figures are never added to the
 * brand's (no exchange rate is assumed); reports list it so the screen can say it is shown apart.
 */
export const otherCurrencyAccountSchema = z.object({ accountId: z.string(), accountName: z.string(), currency: z.string() });
export type OtherCurrencyAccount = z.infer<typeof otherCurrencyAccountSchema>;

export const sourceStatusSchema = z.object({
  state: sourceStateSchema,
  /** the newest day every connection of the source has synced, when any */
  syncedThrough: isoDaySchema.nullable(),
  lastSyncedAt: z.string().nullable(),
  /** what to tell the user when the source is not ready (the reason a sync failed, ...) */
  message: z.string().nullable(),
});
export type SourceStatus = z.infer<typeof sourceStatusSchema>;
