import type { DayRange, SourceStatus } from '@parallels/contract/report-dates';
import { PLATFORM_LABELS, type Platform } from '@parallels/contract/brands';
import { addDays } from '@parallels/contract/days';

// Whether a report may show a source's figures for a range: only when every day of it (up to yesterday,
// the newest day a sync reads) is inside a window the source's connections have committed. Otherwise the
// figure is missing (null), never a sum of the days that happen to be there (ARCHITECTURE principle 3).

export interface SourceConnection {
  id: string;
  platform: Platform;
  accountId: string;
  accountName: string;
  managerId: string | null;
  status: string; // active | reauth_required | error
  statusMessage: string | null;
  syncState: string; // pending | backfilling | fresh | failing
  lastSyncedAt: string | null;
  lastError: string | null;
  /** committed sync windows, [from, to] days inclusive */
  windows: Array<[string, string]>;
  /** the currency the account reports in (null where the platform has none, as GA4, or it is not known) */
  currency?: string | null;
}

/** True when every day of `range` lies in the union of `windows`. */
export function coversRange(windows: ReadonlyArray<readonly [string, string]>, range: DayRange): boolean {
  if (range.from > range.to) return false;
  return mergedWindows(windows).some(([from, to]) => from <= range.from && to >= range.to);
}

// A report checks several ranges against the same windows: merge them once (per windows array, so per request).
const merged = new WeakMap<ReadonlyArray<readonly [string, string]>, Array<[string, string]>>();

/** The windows as disjoint runs of days, oldest first: overlapping and back-to-back windows joined. */
export function mergedWindows(windows: ReadonlyArray<readonly [string, string]>): Array<[string, string]> {
  const hit = merged.get(windows);
  if (hit) return hit;
  const runs: Array<[string, string]> = [];
  for (const [from, to] of [...windows].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    const last = runs[runs.length - 1];
    if (last && from <= addDays(last[1], 1)) {
      if (to > last[1]) last[1] = to;
    } else runs.push([from, to]);
  }
  merged.set(windows, runs);
  return runs;
}

/** The newest day synced, when anything has been. */
export function syncedThrough(windows: ReadonlyArray<readonly [string, string]>): string | null {
  let newest: string | null = null;
  for (const [, to] of windows) if (newest === null || to > newest) newest = to;
  return newest;
}

/** A range clipped to the days a sync can have read (nothing after yesterday); null when none are left. */
export function syncableDays(range: DayRange, today: string): DayRange | null {
  const yesterday = addDays(today, -1);
  const to = range.to < yesterday ? range.to : yesterday;
  return range.from <= to ? { from: range.from, to } : null;
}

/** Whether one connection's figures for every range are complete. */
export function connectionCovers(conn: SourceConnection, ranges: DayRange[], today: string): boolean {
  return ranges.every((r) => {
    const days = syncableDays(r, today);
    return days !== null && coversRange(conn.windows, days);
  });
}

const SYNCING = 'Still loading this account\'s history: these dates appear when it has synced.';
const TODAY_PENDING = 'Figures for today are synced after the day ends.';

export function reconnectMessage(platform: Platform): string {
  return `Your ${PLATFORM_LABELS[platform]} access has expired. Reconnect to keep this brand's data up to date.`;
}

/** One connection's status for the ranges a report asks about. */
export function connectionStatus(conn: SourceConnection, ranges: DayRange[], today: string): SourceStatus {
  const base = { syncedThrough: syncedThrough(conn.windows), lastSyncedAt: conn.lastSyncedAt };
  if (conn.status === 'reauth_required') return { ...base, state: 'needs_reconnect', message: conn.statusMessage ?? reconnectMessage(conn.platform) };
  if (connectionCovers(conn, ranges, today)) return { ...base, state: 'ready', message: null };
  if (ranges.every((r) => syncableDays(r, today) === null)) return { ...base, state: 'syncing', message: TODAY_PENDING };
  if (conn.syncState === 'failing') return { ...base, state: 'failing', message: conn.lastError ? `The last sync failed: ${conn.lastError}` : 'The last sync failed.' };
  return { ...base, state: 'syncing', message: SYNCING };
}

const STATE_WEIGHT: Record<SourceStatus['state'], number> = { ready: 0, syncing: 1, failing: 2, needs_reconnect: 3, not_connected: 4 };

/** A source's status: its worst connection's (a reconnect prompt outranks a failure, which outranks syncing). */
export function sourceStatus(conns: SourceConnection[], ranges: DayRange[], today: string): SourceStatus {
  if (conns.length === 0) return { state: 'not_connected', syncedThrough: null, lastSyncedAt: null, message: null };
  const statuses = conns.map((c) => connectionStatus(c, ranges, today));
  const worst = statuses.reduce((a, b) => (STATE_WEIGHT[b.state] > STATE_WEIGHT[a.state] ? b : a));
  const oldest = <T extends string | null>(values: T[]): string | null => (values.some((v) => v === null) ? null : (values as string[]).reduce((a, b) => (b < a ? b : a)));
  return { ...worst, syncedThrough: oldest(statuses.map((s) => s.syncedThrough)), lastSyncedAt: oldest(statuses.map((s) => s.lastSyncedAt)) };
}

/** Nothing of the source has synced yet: the report answers 'No metrics data available yet...'. */
export function nothingSyncedYet(conns: SourceConnection[]): boolean {
  return conns.length > 0 && conns.every((c) => c.windows.length === 0);
}
