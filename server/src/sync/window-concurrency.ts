import type { Platform } from '@parallels/contract/brands';
import type { PlatformsConfig } from '../config.js';

// How many of one connection's backfill windows may have platform work in flight at once: each platform's
// documented concurrency (issue 21, decision 021). WindowPulls starts windows newest first up to this many and
// the job still commits them one by one in that order, each with its checkpoint.

/**
 * Shopify: "In API versions 2026-01 and higher, you can run up to five bulk query operations at a time per
 * shop" (shopify.dev/api/usage/bulk-operations/queries); one before. A backfill window is one bulk query.
 */
export function shopifyBulkQueriesPerShop(apiVersion: string): number {
  return apiVersion >= '2026-01' || apiVersion === 'unstable' ? 5 : 1;
}

/**
 * GA4: 10 concurrent requests per property (Data API quotas, platform-apis.md 4.5). A window sends at most
 * GA4_REQUESTS_PER_WINDOW batchRunReports at once (its first batch alone, then the other three side by side).
 */
export const GA4_CONCURRENT_REQUESTS = 10;
export const GA4_REQUESTS_PER_WINDOW = 3;

/**
 * Meta: no fixed count of report runs per ad account; running runs spend the account's ads_insights
 * business-use-case budget (x-business-use-case-usage total_time / total_cputime), and a run created with it
 * spent is refused (80000 / 2446079). MetaInsightsBudget decides from the header; this only caps how many
 * windows' facts one connection may hold in memory.
 */
export const META_MAX_WINDOWS = 4;
/** report runs one Meta window creates: delivery by campaign and by ad set, and the seven breakdowns */
export const META_RUNS_PER_WINDOW = 9;

/**
 * Google Ads: a window is one searchStream per resource, each answering the whole window in one stream, and
 * the API documents no per-customer concurrency to use beyond that: one window at a time, as before.
 */
export const GOOGLE_ADS_WINDOWS = 1;

/** At most this many of a connection's windows have platform work in flight at once. */
export function windowConcurrency(platform: Platform, platforms: Pick<PlatformsConfig, 'shopify'>): number {
  switch (platform) {
    case 'shopify':
      return shopifyBulkQueriesPerShop(platforms.shopify.version);
    case 'ga4':
      return Math.floor(GA4_CONCURRENT_REQUESTS / GA4_REQUESTS_PER_WINDOW);
    case 'meta':
      return META_MAX_WINDOWS;
    case 'google_ads':
      return GOOGLE_ADS_WINDOWS;
    default:
      return 1;
  }
}

/**
 * One ad account's ads_insights budget as Meta reports it, and the report runs our backfill holds on it. A new
 * window (META_RUNS_PER_WINDOW runs) starts only when the runs we hold and its own fit in the budget at the
 * share one run takes. That share is the highest reported load divided by the runs we held then: we hold a
 * run from its window's start until we have seen it done, so at least as long as Meta counts it, and the
 * quotient never exceeds a run's true share (another client's runs only make it larger: we then start fewer).
 * It reaches the true share as soon as a window's runs are all created and none is done yet. Before anything
 * is measured, one window at a time. A run refused anyway is waited out by the Meta client like any throttle.
 */
export class MetaInsightsBudget {
  /** runs held by windows under way: from the window's start until we have seen Meta's part of each done */
  held = 0;
  /** the most runs we have held at once, and the highest ads_insights load Meta reported (tests read them) */
  peakHeld = 0;
  peakLoad = 0;
  /** the share (percent) of the budget one run takes, as measured so far */
  private perRun: number | undefined;

  constructor(readonly runsPerWindow = META_RUNS_PER_WINDOW) {}

  /** A window starts: its runs are held at once (synchronously, so the next check counts them). Close it when its pull ends. */
  open(): MetaWindowRuns {
    let held = this.runsPerWindow;
    this.held += held;
    this.peakHeld = Math.max(this.peakHeld, this.held);
    const end = () => {
      if (held === 0) return;
      held--;
      this.held--;
    };
    return {
      observe: (headers) => this.observe(headers),
      runEnded: end,
      close: () => {
        while (held > 0) end();
      },
    };
  }

  /** Reads the ads_insights entry of an answer's x-business-use-case-usage (the higher of total_time and total_cputime). */
  observe(headers: Headers): void {
    const load = insightsLoadPct(headers.get('x-business-use-case-usage'));
    if (load === undefined) return;
    this.peakLoad = Math.max(this.peakLoad, load);
    if (this.held > 0 && load > 0) this.perRun = Math.max(this.perRun ?? 0, load / this.held);
  }

  /** Whether one more window's runs fit in the budget next to those we hold. */
  roomForWindow(): boolean {
    if (this.held === 0) return true;
    if (this.perRun === undefined) return false;
    return this.perRun * (this.held + this.runsPerWindow) <= 100;
  }
}

/** One window's share of the budget, as its pull reports it (connectors/meta/meta-sync.ts InsightsBudget). */
export interface MetaWindowRuns {
  observe(headers: Headers): void;
  runEnded(): void;
  /** the pull ended (done or failed): whatever it still held is given back */
  close(): void;
}

/** The ads_insights load (percent) in an x-business-use-case-usage header: `{ "<account>": [{ type, total_time, total_cputime, ... }] }`. */
export function insightsLoadPct(header: string | null): number | undefined {
  if (!header) return undefined;
  let load: number | undefined;
  try {
    const parsed = JSON.parse(header) as Record<string, unknown>;
    for (const entries of Object.values(parsed)) {
      if (!Array.isArray(entries)) continue;
      for (const e of entries as Array<{ type?: unknown; total_time?: unknown; total_cputime?: unknown }>) {
        if (e?.type !== 'ads_insights') continue;
        for (const v of [e.total_time, e.total_cputime]) if (typeof v === 'number') load = Math.max(load ?? 0, v);
      }
    }
  } catch {
    return undefined; // a malformed usage header is not worth failing the call for
  }
  return load;
}
