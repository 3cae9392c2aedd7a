import { addDays, quarterStart } from '@parallels/contract/days';

// Which days a backfill reads, in which order (ARCHITECTURE "Data flow"): the newest 60 days first, so the
// dashboard is usable within a minute, then back two years in calendar quarters. Quarters (not "90 days from
// today") keep window boundaries stable from one day to the next, so a resumed backfill finds its checkpoints.

export interface DayWindow {
  from: string; // YYYY-MM-DD, inclusive
  to: string; // YYYY-MM-DD, inclusive
}

export const RECENT_DAYS = 60;
export const HISTORY_DAYS = 730;

/** Every window of a two-year backfill ending yesterday (in the account's timezone), newest first. */
export function backfillWindows(yesterday: string, historyDays = HISTORY_DAYS): DayWindow[] {
  const recentFrom = addDays(yesterday, -(Math.min(RECENT_DAYS, historyDays) - 1));
  const earliest = addDays(yesterday, -(historyDays - 1));
  const windows: DayWindow[] = [{ from: recentFrom, to: yesterday }];
  let to = addDays(recentFrom, -1);
  while (to >= earliest) {
    const qs = quarterStart(to);
    const from = qs < earliest ? earliest : qs;
    windows.push({ from, to });
    to = addDays(from, -1);
  }
  return windows;
}

/** The lookback a refresh re-reads, per platform: platforms restate recent days (ARCHITECTURE "Data flow"). */
export const LOOKBACK_DAYS: Record<'meta' | 'google_ads' | 'ga4' | 'shopify', number> = {
  meta: 28,
  google_ads: 14,
  ga4: 3,
  shopify: 3,
};

/** The most a refresh re-reads after a long pause (a longer gap is a backfill's job). */
export const MAX_REFRESH_DAYS = 120;

/**
 * The lookback a refresh re-reads, ending yesterday. After a pause (refreshes stopped for a few days) it also
 * starts no later than the lookback of the newest day synced before, so a day still being restated when the
 * last sync read it is read again, and days never synced in between are filled: otherwise a day that aged
 * out of the lookback during the pause would keep its stale figures for good.
 */
export function refreshWindow(platform: keyof typeof LOOKBACK_DAYS, yesterday: string, syncedThrough?: string | null): DayWindow {
  const lookback = LOOKBACK_DAYS[platform] - 1;
  let from = addDays(yesterday, -lookback);
  if (syncedThrough && syncedThrough < yesterday) {
    const sincePause = addDays(syncedThrough, -lookback);
    if (sincePause < from) from = sincePause;
  }
  const earliest = addDays(yesterday, -(MAX_REFRESH_DAYS - 1));
  return { from: from < earliest ? earliest : from, to: yesterday };
}

/**
 * The backfill windows whose days are not all held yet. Held means inside the windows committed so far, of
 * any stream (a refresh's lookback holds its days as well as a backfill's window does). Days after the newest
 * day held are the refresh's to read (it fills a pause's gap itself), so a window counts only up to there
 * (otherwise every connection would look unfinished each morning, when "yesterday" moves on), once that day
 * is inside the newest window: history fetched before the newest window leaves it missing. Deciding from the
 * windows, not from a state flag, is what brings history back after an expired token or a crash, whatever
 * later refreshes set the state to.
 */
export function missingWindows(wanted: readonly DayWindow[], synced: readonly DayWindow[]): DayWindow[] {
  if (synced.length === 0) return [...wanted];
  const held: DayWindow[] = [];
  for (const w of [...synced].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0))) {
    const last = held[held.length - 1];
    if (last && w.from <= addDays(last.to, 1)) {
      if (w.to > last.to) last.to = w.to;
    } else held.push({ ...w });
  }
  // ...but only once the newest window has begun: history fetched before it leaves it a backfill's to read
  const newest = held[held.length - 1]!.to;
  const latest = wanted.reduce<DayWindow | undefined>((a, w) => (!a || w.from > a.from ? w : a), undefined);
  const until = latest && newest < latest.from ? latest.to : newest;
  return wanted.filter((w) => {
    const to = w.to < until ? w.to : until;
    if (w.from > to) return false;
    return !held.some((h) => h.from <= w.from && to <= h.to);
  });
}
