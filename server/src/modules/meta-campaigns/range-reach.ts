import { createHash } from 'node:crypto';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { TokenKeyring } from '../../lib/token-crypto.js';
import { fetchCampaignRangeReach, fetchCampaignSetRangeReach, type RangeReach } from '../../connectors/meta/meta-range-reach.js';
import { connectionAccessTokenById } from '../../sync/pull.js';
import { freshRangeReach, storeRangeReach } from './range-reach.sql.js';

// Meta's own reach over the exact range a screen asks for (issue 19 item 5), for a campaign or for a label
// group's set of campaigns in one ad account: fetched through the connector on first view and kept for the
// refresh period (3 hours) in two levels: this process's memory, then meta_range_reach, which every API process
// shares (decision 026), so a screen asks Meta once per account, range and campaign set every 3 hours at most,
// whichever process serves it. When Meta cannot be asked (no token, an outage, a rate limit, a slow answer) the
// screen keeps its estimate: the figure stays labelled, never silently a sum (decision 016).

export interface RangeReachDeps {
  db: Database;
  config: Config;
  keyring: TokenKeyring;
  now: () => Date;
}

export interface ReachConnection {
  brandId: string;
  connectionId: string;
}

const TTL_MS = 3 * 60 * 60 * 1000;
/** a failed fetch (no token, an outage) is asked again after this long, not on every view */
const RETRY_AFTER_MS = 5 * 60 * 1000;
const MAX_ENTRIES = 500;
/** a page view waits this long at most for Meta; past it the estimate is shown (the answer still fills the cache) */
const WAIT_MS = 4000;

interface Entry {
  /** when this process stops trusting the entry: 3 hours after Meta answered, 5 minutes after a failure */
  expires: number;
  value: Promise<unknown>;
}
const memory = new Map<string, Entry>();

/** First level: one entry per key in this process (an answer in flight is shared); second level: `load`. */
function cached<T>(key: string, now: number, load: () => Promise<{ value: T; fetchedAt: number }>): Promise<T | null> {
  const hit = memory.get(key);
  if (hit && now < hit.expires) return hit.value as Promise<T | null>;
  const entry: Entry = { expires: now + RETRY_AFTER_MS, value: Promise.resolve(null) };
  entry.value = load().then(
    (answer) => {
      entry.expires = answer.fetchedAt + TTL_MS;
      return answer.value;
    },
    () => {
      entry.expires = now + RETRY_AFTER_MS;
      return null;
    },
  );
  memory.delete(key);
  memory.set(key, entry);
  if (memory.size > MAX_ENTRIES) memory.delete(memory.keys().next().value!);
  return entry.value as Promise<T | null>;
}

async function withinWait<T>(fetching: Promise<T | null>): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), WAIT_MS);
  });
  try {
    return await Promise.race([fetching, late]);
  } finally {
    clearTimeout(timer);
  }
}

const CAMPAIGN = 'campaign:';

/** Meta's reach per campaign of one connection over a range, or null when it cannot be had in time. */
export async function campaignRangeReach(deps: RangeReachDeps, connection: ReachConnection, accountId: string, range: { from: string; to: string }): Promise<Map<string, RangeReach> | null> {
  const at = { ...connection, range };
  const now = deps.now();
  const key = `${connection.connectionId}|${range.from}|${range.to}|campaigns`;
  return withinWait(
    cached(key, now.getTime(), async () => {
      const stored = await freshRangeReach(deps.db, at, { startingWith: CAMPAIGN }, new Date(now.getTime() - TTL_MS));
      if (stored.length > 0) {
        const value = new Map(stored.map((r) => [r.subject.slice(CAMPAIGN.length), { reach: r.reach, uniqueLinkClicks: r.unique_link_clicks }]));
        return { value, fetchedAt: Math.min(...stored.map((r) => r.fetched_at.getTime())) };
      }
      const token = await connectionAccessTokenById(deps, connection.connectionId, connection.brandId);
      const value = await fetchCampaignRangeReach(deps.config.platforms, token, accountId, range, { maxAttempts: 2 });
      const rows = [...value].map(([campaignId, r]) => ({ subject: `${CAMPAIGN}${campaignId}`, ...r }));
      await storeRangeReach(deps.db, at, rows, now, new Date(now.getTime() - TTL_MS));
      return { value, fetchedAt: now.getTime() };
    }),
  );
}

/** The cache key of a set of campaigns: the same campaigns in any order are one set; another set another key. */
export function campaignSetSubject(campaignIds: readonly string[]): string {
  const ids = [...new Set(campaignIds)].sort();
  return `group:${createHash('sha256').update(ids.join(',')).digest('hex')}`;
}

/**
 * Meta's reach of a set of campaigns of one ad account over a range (people reached by several of them counted
 * once), or null when it cannot be had in time.
 */
export async function campaignSetRangeReach(
  deps: RangeReachDeps,
  connection: ReachConnection,
  accountId: string,
  campaignIds: readonly string[],
  range: { from: string; to: string },
): Promise<RangeReach | null> {
  const ids = [...new Set(campaignIds)].sort();
  const subject = campaignSetSubject(ids);
  const at = { ...connection, range };
  const now = deps.now();
  const key = `${connection.connectionId}|${range.from}|${range.to}|${subject}`;
  return withinWait(
    cached(key, now.getTime(), async () => {
      const [stored] = await freshRangeReach(deps.db, at, { exactly: subject }, new Date(now.getTime() - TTL_MS));
      if (stored) return { value: { reach: stored.reach, uniqueLinkClicks: stored.unique_link_clicks }, fetchedAt: stored.fetched_at.getTime() };
      const token = await connectionAccessTokenById(deps, connection.connectionId, connection.brandId);
      const value = await fetchCampaignSetRangeReach(deps.config.platforms, token, accountId, ids, range, { maxAttempts: 2 });
      await storeRangeReach(deps.db, at, [{ subject, ...value }], now, new Date(now.getTime() - TTL_MS));
      return { value, fetchedAt: now.getTime() };
    }),
  );
}

/** Tests and benchmarks: forget what this process fetched (as a process that has just started). */
export function clearRangeReachCache(): void {
  memory.clear();
}
