import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { TokenKeyring } from '../../lib/token-crypto.js';
import { fetchCampaignRangeReach, type RangeReach } from '../../connectors/meta/meta-range-reach.js';
import { connectionAccessTokenById } from '../../sync/pull.js';

// Meta's own reach for a campaign over the exact range a screen asks for (issue 19 item 5): fetched through the
// connector on first view and cached by connection and range for the refresh period, so a screen asks Meta
// once per range every 3 hours at most. When Meta cannot be asked (no token, an outage, a slow answer) the
// screen keeps its estimate: the figure stays labelled, never silently a sum (decision 016).

export interface RangeReachDeps {
  db: Database;
  config: Config;
  keyring: TokenKeyring;
  now: () => Date;
}

const TTL_MS = 3 * 60 * 60 * 1000;
/** a failed fetch (no token, an outage) is asked again after this long, not on every view */
const RETRY_AFTER_MS = 5 * 60 * 1000;
const MAX_ENTRIES = 500;
/** a page view waits this long at most for Meta; past it the estimate is shown (the answer still fills the cache) */
const WAIT_MS = 4000;

interface Entry {
  at: number;
  value: Promise<Map<string, RangeReach> | null>;
  failed: boolean;
}
const cache = new Map<string, Entry>();

function cached(key: string, now: number, load: () => Promise<Map<string, RangeReach>>): Promise<Map<string, RangeReach> | null> {
  const hit = cache.get(key);
  if (hit && now - hit.at < (hit.failed ? RETRY_AFTER_MS : TTL_MS)) return hit.value;
  const entry: Entry = { at: now, failed: false, value: Promise.resolve(null) };
  entry.value = load().catch(() => {
    entry.failed = true;
    return null;
  });
  cache.delete(key);
  cache.set(key, entry);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return entry.value;
}

/** Meta's reach per campaign of one connection over a range, or null when it cannot be had in time. */
export async function campaignRangeReach(deps: RangeReachDeps, connection: { brandId: string; connectionId: string }, accountId: string, range: { from: string; to: string }): Promise<Map<string, RangeReach> | null> {
  const { brandId, connectionId } = connection;
  const key = `${connectionId}|${range.from}|${range.to}`;
  const fetching = cached(key, deps.now().getTime(), async () => {
    const token = await connectionAccessTokenById(deps, connectionId, brandId);
    return fetchCampaignRangeReach(deps.config.platforms, token, accountId, range, { maxAttempts: 2 });
  });
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

/** Tests only: forget what was fetched. */
export function clearRangeReachCache(): void {
  cache.clear();
}
