import type { Platform } from '@parallels/contract/brands';
import { EARLIEST_REPORT_DAY, type DayRange, type SourceStatus } from '@parallels/contract/report-dates';
import { METRICS_NOT_READY_CODE, METRICS_NOT_READY_MESSAGE, TOKEN_EXPIRED_CODE } from '@parallels/contract/summary';
import { HttpError } from '../../plugins/error-handler.js';
import type { AccessibleBrand } from '../auth/auth.sql.js';
import { addDays } from '../../sync/windows.js';
import { brandToday } from './report-days.js';
import type { ReportDeps } from './report-deps.js';
import { loadSourceConnections } from './reports.sql.js';
import { coversRange, nothingSyncedYet, reconnectMessage, sourceStatus, type SourceConnection } from './source-status.js';

// The steps every report shares (decision 005): the brand's day and the requested range checked against it,
// the sources' connections with their committed windows, 409 before anything synced, per-day coverage (a
// figure whose days are not all synced is null), and 403 with the stale answer on token problems. The
// dashboard summary and AdMetrics still carry their own copies of these steps; they can move onto this file
// without changing their answers.

export interface ReportRangeQuery {
  startDate: string;
  endDate: string;
  compareStartDate?: string;
  compareEndDate?: string;
}

export interface ReportRange {
  today: string;
  /** the days asked for, ending yesterday when the request runs into today (today is never synced) */
  range: DayRange;
  compare: DayRange | null;
}

/** The first day a report may ask for: the first of the month 24 months before the brand's current month. */
export function earliestReportDay(today: string): string {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const monthIndex = y * 12 + (m - 1) - 24;
  const first = `${String(Math.floor(monthIndex / 12)).padStart(4, '0')}-${String((monthIndex % 12) + 1).padStart(2, '0')}-01`;
  return first > EARLIEST_REPORT_DAY ? first : EARLIEST_REPORT_DAY;
}

/** A 400 in the shape schema validation answers: a message per field. */
function badDate(field: string, message: string): HttpError {
  return new HttpError(400, message, { errors: [{ field, message }] });
}

function checkDays(from: string, to: string, today: string, fromField: string, toField: string): void {
  if (to > today) throw badDate(toField, `Dates after today (${today}) are not available`);
  const earliest = earliestReportDay(today);
  if (from < earliest) throw badDate(fromField, `Dates before ${earliest} are not available (the last 24 months and the current month)`);
}

/** Checks the range against the brand's today (the schema has checked its shape) and clips it to yesterday. */
export function resolveReportRange(brand: AccessibleBrand, query: ReportRangeQuery, now: Date): ReportRange {
  const today = brandToday(brand.timezone, now);
  checkDays(query.startDate, query.endDate, today, 'startDate', 'endDate');
  const yesterday = addDays(today, -1);
  const clip = (from: string, to: string): DayRange => ({ from, to: to > yesterday && from <= yesterday ? yesterday : to });
  let compare: DayRange | null = null;
  if (query.compareStartDate && query.compareEndDate) {
    checkDays(query.compareStartDate, query.compareEndDate, today, 'compareStartDate', 'compareEndDate');
    compare = clip(query.compareStartDate, query.compareEndDate);
  }
  return { today, range: clip(query.startDate, query.endDate), compare };
}

export type ReportSources<P extends Platform> = Record<P, SourceConnection[]>;

/** Each platform's connections of the brand, with their committed windows. */
export async function loadReportSources<P extends Platform>(deps: ReportDeps, brandId: string, platforms: readonly P[]): Promise<ReportSources<P>> {
  const out = {} as ReportSources<P>;
  for (const p of platforms) out[p] = await loadSourceConnections(deps.db, brandId, p);
  return out;
}

/** 409 'No metrics data available yet...' when sources are connected but none has committed a window. */
export function assertSomethingSynced(sources: Record<string, SourceConnection[]>): void {
  const all = Object.values(sources).flat();
  if (nothingSyncedYet(all)) throw new HttpError(409, METRICS_NOT_READY_MESSAGE, { code: METRICS_NOT_READY_CODE });
}

/**
 * The days of `days` that every connection of a source has synced (none after yesterday). Null when the
 * source has no connection: it contributes nothing, which is different from a day that is missing.
 */
export function coveredDays(conns: SourceConnection[], days: readonly string[], today: string): Set<string> | null {
  if (conns.length === 0) return null;
  const yesterday = addDays(today, -1);
  return new Set(days.filter((d) => d <= yesterday && conns.every((c) => coversRange(c.windows, { from: d, to: d }))));
}

export function sourceStatuses<P extends Platform>(sources: ReportSources<P>, ranges: DayRange[], today: string): Record<P, SourceStatus> {
  const out = {} as Record<P, SourceStatus>;
  for (const p of Object.keys(sources) as P[]) out[p] = sourceStatus(sources[p], ranges, today);
  return out;
}

/** 403 for the client's token flags, carrying the full answer so the screen keeps showing it. */
export function throwIfReconnectNeeded<P extends Platform>(statuses: Record<P, SourceStatus>, answer: unknown): void {
  const platform = (Object.keys(statuses) as P[]).find((p) => statuses[p].state === 'needs_reconnect');
  if (platform) throw new HttpError(403, reconnectMessage(platform), { code: TOKEN_EXPIRED_CODE, platform, stale: answer });
}

/** Every day of a range, oldest first. */
export function daysOfRange(range: DayRange): string[] {
  const out: string[] = [];
  for (let d = range.from; d <= range.to; d = addDays(d, 1)) out.push(d);
  return out;
}
