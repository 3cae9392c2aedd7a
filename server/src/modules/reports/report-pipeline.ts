import type { Platform } from '@parallels/contract/brands';
import type { DayRange, OtherCurrencyAccount, SourceStatus } from '@parallels/contract/report-dates';
import { METRICS_NOT_READY_CODE, METRICS_NOT_READY_MESSAGE, TOKEN_EXPIRED_CODE } from '@parallels/contract/summary';
import { AppError } from '../../lib/app-error.js';
import type { AccessibleBrand } from '../auth/auth.sql.js';
import { addDays, todayIn } from '@parallels/contract/days';
import { assertReportDatesInRange } from './report-bounds.js';
import type { ReportDeps } from './report-deps.js';
import { loadSourceConnections } from './reports.sql.js';
import { coversRange, mergedWindows, nothingSyncedYet, reconnectMessage, sourceStatus, type SourceConnection } from './source-status.js';

// The steps every report shares (decision 005): the brand's day and the requested range checked against it,
// the sources' connections with their committed windows, 409 before anything synced, per-day coverage (a
// figure whose days are not all synced is null), and 403 with the stale answer on token problems. The
// dashboard summary and AdMetrics use the same steps (their periods are not one range, so they call the steps
// one by one).

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

/** Checks the range against the brand's today (the schema has checked its shape) and clips it to yesterday. */
export function resolveReportRange(brand: AccessibleBrand, query: ReportRangeQuery, now: Date): ReportRange {
  const today = todayIn(brand.timezone, now);
  assertReportDatesInRange({ startDate: query.startDate, endDate: query.endDate, compareStartDate: query.compareStartDate, compareEndDate: query.compareEndDate }, today);
  const yesterday = addDays(today, -1);
  const clip = (from: string, to: string): DayRange => ({ from, to: to > yesterday && from <= yesterday ? yesterday : to });
  let compare: DayRange | null = null;
  if (query.compareStartDate && query.compareEndDate) {
    compare = clip(query.compareStartDate, query.compareEndDate);
  }
  return { today, range: clip(query.startDate, query.endDate), compare };
}

export type ReportSources<P extends Platform> = Record<P, SourceConnection[]>;

/** One platform's connections of the brand, with the sync windows each has committed. */
export function loadPlatformSources(deps: Pick<ReportDeps, 'db'>, brandId: string, platform: Platform): Promise<SourceConnection[]> {
  return loadSourceConnections(deps.db, brandId, platform);
}

/** Each platform's connections of the brand, with their committed windows. */
export async function loadReportSources<P extends Platform>(deps: ReportDeps, brandId: string, platforms: readonly P[]): Promise<ReportSources<P>> {
  const out = {} as ReportSources<P>;
  for (const p of platforms) out[p] = await loadPlatformSources(deps, brandId, p);
  return out;
}

/** Whether a connection's figures can be added to the brand's: same currency, or none of its own (GA4). */
export function inBrandCurrency(conn: SourceConnection, brandCurrency: string): boolean {
  return !conn.currency || conn.currency === brandCurrency;
}

/**
 * Issue 15: currencies are never added together. The sources keep the connections in the brand's currency;
 * the others are listed apart (no exchange rate is assumed), for the screen to say so.
 */
export function keepBrandCurrency<P extends Platform>(sources: ReportSources<P>, brandCurrency: string): { sources: ReportSources<P>; otherCurrency: OtherCurrencyAccount[] } {
  const kept = {} as ReportSources<P>;
  const otherCurrency: OtherCurrencyAccount[] = [];
  for (const p of Object.keys(sources) as P[]) {
    kept[p] = sources[p].filter((c) => inBrandCurrency(c, brandCurrency));
    for (const c of sources[p]) if (!inBrandCurrency(c, brandCurrency)) otherCurrency.push({ accountId: c.accountId, accountName: c.accountName, currency: c.currency! });
  }
  return { sources: kept, otherCurrency };
}

/** 409 'No metrics data available yet...' when sources are connected but none has committed a window. */
export function assertSomethingSynced(sources: Record<string, SourceConnection[]>): void {
  const all = Object.values(sources).flat();
  if (nothingSyncedYet(all)) throw new AppError('conflict', METRICS_NOT_READY_MESSAGE, { code: METRICS_NOT_READY_CODE });
}

/**
 * Whether every day of `range` is synced by every connection of a source (none after yesterday): the same as every
 * day being in coveredDays, without listing the days. Null when the source has no connection.
 */
export function rangeCovered(conns: SourceConnection[], range: DayRange, today: string): boolean | null {
  if (conns.length === 0) return null;
  return range.from <= range.to && range.to <= addDays(today, -1) && conns.every((c) => coversRange(c.windows, range));
}

/**
 * The days of `days` that every connection of a source has synced (none after yesterday). Null when the
 * source has no connection: it contributes nothing, which is different from a day that is missing.
 */
export function coveredDays(conns: SourceConnection[], days: readonly string[], today: string): Set<string> | null {
  if (conns.length === 0) return null;
  const yesterday = addDays(today, -1);
  // each connection's windows merged once; a day is covered when it lies in one run of every connection
  // (a two-year report asks this of 730 days)
  const runs = conns.map((c) => mergedWindows(c.windows));
  const covered = new Set<string>();
  for (const d of days) {
    if (d > yesterday) continue;
    let inEvery = true;
    for (const r of runs) {
      let inOne = false;
      for (const [from, to] of r) {
        if (from <= d && d <= to) {
          inOne = true;
          break;
        }
      }
      if (!inOne) {
        inEvery = false;
        break;
      }
    }
    if (inEvery) covered.add(d);
  }
  return covered;
}

export function sourceStatuses<P extends Platform>(sources: ReportSources<P>, ranges: DayRange[], today: string): Record<P, SourceStatus> {
  const out = {} as Record<P, SourceStatus>;
  for (const p of Object.keys(sources) as P[]) out[p] = sourceStatus(sources[p], ranges, today);
  return out;
}

/** 403 for the client's token flags, carrying the full answer (`stale`) so the screen keeps showing it. */
export function reconnectNeeded(platform: Platform, answer: unknown): AppError {
  return new AppError('forbidden', reconnectMessage(platform), { code: TOKEN_EXPIRED_CODE, platform, stale: answer });
}

/** Throws `reconnectNeeded` for the first source whose token needs reconnecting. */
export function throwIfReconnectNeeded<P extends Platform>(statuses: Record<P, SourceStatus>, answer: unknown): void {
  const platform = (Object.keys(statuses) as P[]).find((p) => statuses[p].state === 'needs_reconnect');
  if (platform) throw reconnectNeeded(platform, answer);
}

