import { z } from 'zod';
import { isoDaySchema } from './common.js';

// spec core.md sections 5 and 9: dates selectable from 2023-01-01 up to today, yyyy-MM-dd in requests.

export const EARLIEST_REPORT_DAY = '2023-01-01';

const reportDay = isoDaySchema
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'Not a real date')
  .refine((d) => d >= EARLIEST_REPORT_DAY, `Dates before ${EARLIEST_REPORT_DAY} are not available`);

/** {startDate, endDate}, both yyyy-MM-dd, start not after end. */
export const dateRangeBodySchema = z
  .object({ startDate: reportDay, endDate: reportDay })
  .refine((b) => b.startDate <= b.endDate, { message: 'The start date must not be after the end date', path: ['startDate'] });
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

export const sourceStatusSchema = z.object({
  state: sourceStateSchema,
  /** the newest day every connection of the source has synced, when any */
  syncedThrough: isoDaySchema.nullable(),
  lastSyncedAt: z.string().nullable(),
  /** what to tell the user when the source is not ready (the reason a sync failed, ...) */
  message: z.string().nullable(),
});
export type SourceStatus = z.infer<typeof sourceStatusSchema>;
