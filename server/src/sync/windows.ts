// Which days a backfill reads, in which order (ARCHITECTURE "Data flow"): the newest 60 days first, so the
// dashboard is usable within a minute, then back two years in calendar quarters. Quarters (not "90 days from
// today") keep window boundaries stable from one day to the next, so a resumed backfill finds its checkpoints.

export interface DayWindow {
  from: string; // YYYY-MM-DD, inclusive
  to: string; // YYYY-MM-DD, inclusive
}

export const RECENT_DAYS = 60;
export const HISTORY_DAYS = 730;

const DAY_MS = 86_400_000;
export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

// One formatter per timezone: building an Intl.DateTimeFormat costs far more than formatting with it, and
// every report request asks what day it is in its brand's timezone.
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day it is in a timezone at an instant (YYYY-MM-DD). Throws RangeError for an unknown timezone. */
export function dayIn(timeZone: string, at: Date): string {
  let f = dayFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }); // en-CA writes YYYY-MM-DD
    dayFormatters.set(timeZone, f);
  }
  return f.format(at);
}

function quarterStart(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const q = Math.floor((m - 1) / 3) * 3 + 1;
  return `${y}-${String(q).padStart(2, '0')}-01`;
}

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
