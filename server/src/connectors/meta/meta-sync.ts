import type { PlatformsConfig } from '../../config.js';
import { PlatformError } from '../platform-error.js';
import type { RetryOptions } from '../retry.js';
import type { QuotaGate } from '../quota-gate.js';
import { RowSpool, type Rows } from '../../lib/row-spool.js';
import { BREAKDOWN_RUNS, collapseBreakdownRows } from './meta-breakdowns.js';
import { MetaSession, type UsageObserver } from './meta-client.js';
import {
  mapAdsetInterests, mapCampaign, mapDeliveryRow,
  type MapContext, type MetaAdDailyRow, type MetaAdsetInterestRow, type MetaBreakdownRow, type MetaCampaignRow,
} from './meta-mapping.js';
import { runInsightsReport, type InsightRow } from './meta-report-run.js';

// One Meta ad account over one date window (ARCHITECTURE "Data flow"): campaigns and ad sets (with their
// interests) from the edges, delivery and breakdowns from async insight report runs over the whole
// window with time_increment=1 (one row per day per entity), never one call per day. The runs are
// created together and polled side by side, so a window costs about as long as its slowest run.

export interface MetaWindowInput {
  platforms: PlatformsConfig;
  accessToken: string;
  brandId: string;
  /**
   * accountId: act_<digits> (bare digits are accepted). timezone is not needed to place rows on days:
   * Meta already reports each day in the ad account's own timezone (date_start), which is what we store.
   */
  account: { accountId: string; timezone: string };
  window: { from: string; to: string };
  retry?: RetryOptions;
  /** the fleet's quota ledger: the app's and the ad account's hourly budgets (decision 022) */
  quota?: QuotaGate;
  /** called once every report run of the window has completed on Meta's side and only paging is left */
  onRemoteDone?: () => void;
  /**
   * The ad account's ads_insights budget a backfill shares between its windows (sync/window-concurrency.ts):
   * told of every answer's usage header, and of each report run once Meta's part of it is done.
   */
  insightsBudget?: InsightsBudget;
}

/** what a pull tells the account's insights budget: every answer's headers, and each run Meta has done with */
export interface InsightsBudget extends UsageObserver {
  runEnded(): void;
}

export interface MetaWindowFacts {
  campaigns: MetaCampaignRow[];
  /**
   * Campaign and ad set rows by day, on disk (decision 019) a results page per batch as the pages arrived
   * (campaign run first, then ad set): one row per entity and day. Rows in memory are taken too (test seeds).
   */
  adDaily: Rows<MetaAdDailyRow>;
  adsetInterests: MetaAdsetInterestRow[];
  /**
   * On disk too, a page per batch, each page folded by (breakdown, value, day) on its own: a cell may come
   * again on a later page (values Meta leaves empty all become 'unknown'), so the writer adds such rows up
   * (upsert with summed metrics) after it has deleted the window's days, which gives the run's exact sums.
   * Discard both spools once written (releaseWindowFacts).
   */
  breakdowns: Rows<MetaBreakdownRow>;
  /** Graph HTTP calls made, retries and polls included */
  calls: number;
}

/** Every status, so paused, archived and deleted objects are listed too (the edges hide ARCHIVED/DELETED by default). */
export const CAMPAIGN_STATUSES = ['ACTIVE', 'PAUSED', 'DELETED', 'ARCHIVED', 'IN_PROCESS', 'WITH_ISSUES'];
export const ADSET_STATUSES = [...CAMPAIGN_STATUSES, 'CAMPAIGN_PAUSED'];
const EDGE_PAGE_SIZE = '200';

/** What meta_ad_daily needs; the 3-second video view is actions[video_view] (video_3_sec_watched_actions is gone). */
export const DELIVERY_FIELDS = [
  'campaign_id', 'campaign_name', 'spend', 'impressions', 'clicks', 'reach', 'inline_link_clicks', 'unique_inline_link_clicks',
  'outbound_clicks', 'actions', 'action_values',
];
export const BREAKDOWN_FIELDS = ['spend', 'impressions', 'clicks', 'inline_link_clicks', 'actions', 'action_values'];

function checkWindow(w: { from: string; to: string }): void {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  if (!day.test(w.from) || !day.test(w.to) || w.from > w.to) {
    throw new PlatformError('meta', 'bad_request', `Bad Meta sync window ${w.from}..${w.to}`);
  }
}

/** Parameters shared by every report run of a window. */
export function insightParams(window: { from: string; to: string }, extra: Record<string, string>): Record<string, string> {
  return {
    time_range: JSON.stringify({ since: window.from, until: window.to }),
    time_increment: '1',
    action_breakdowns: 'action_type',
    // Insights leave out archived and deleted objects unless asked for (Airbyte's include_deleted does
    // this); naming every status keeps campaign and ad set rows summing to the account's totals.
    filtering: JSON.stringify([
      { field: 'campaign.effective_status', operator: 'IN', value: CAMPAIGN_STATUSES },
      { field: 'adset.effective_status', operator: 'IN', value: ADSET_STATUSES },
    ]),
    ...extra,
  };
}

/**
 * Pulls one window of one Meta ad account. Throws PlatformError: 'auth' at once on an expired or revoked
 * token (190), 'unavailable' when report runs keep failing or outages outlast the retries.
 */
export async function pullMetaWindow(input: MetaWindowInput): Promise<MetaWindowFacts> {
  checkWindow(input.window);
  // paths need act_<digits> (reference 1.2); rows keep the id as the connection names it
  const accountId = /^\d+$/.test(input.account.accountId) ? `act_${input.account.accountId}` : input.account.accountId;
  if (!/^act_\d+$/.test(accountId)) throw new PlatformError('meta', 'bad_request', `Meta ad account id must look like act_<digits>, not ${accountId}`);
  const budget = input.insightsBudget;
  const session = new MetaSession(input.platforms.meta, input.accessToken, input.retry, input.quota && { gate: input.quota, accountId }, budget);
  const ctx: MapContext = { brandId: input.brandId, accountId: input.account.accountId };
  const runs = 2 + BREAKDOWN_RUNS.length;
  let runsDone = 0;
  const runDone = () => {
    if (runsDone >= runs) return;
    budget?.runEnded();
    if (++runsDone === runs) input.onRemoteDone?.();
  };
  // The report runs' results (delivery by entity and day, breakdown cells by day) go to the spools a page at a
  // time as they are read; each run writes its own part, removed if the run fails, read back in run order.
  const adDaily = new RowSpool<MetaAdDailyRow>();
  const breakdowns = new RowSpool<MetaBreakdownRow>();
  const report = <T>(spool: RowSpool<T>, slot: number, extra: Record<string, string>, map: (rows: InsightRow[]) => T[]): Promise<void> =>
    spool.part(slot, async (append) => {
      await runInsightsReport(session, accountId, insightParams(input.window, extra), runDone, (rows) => append(map(rows)));
    });

  const results = await Promise.allSettled([
    session.all<Record<string, unknown>>(session.url(`${accountId}/campaigns`, {
      fields: 'id,name,status,effective_status,objective', effective_status: JSON.stringify(CAMPAIGN_STATUSES), limit: EDGE_PAGE_SIZE,
    })),
    session.all<Record<string, unknown>>(session.url(`${accountId}/adsets`, {
      fields: 'id,name,campaign_id,effective_status,targeting', effective_status: JSON.stringify(ADSET_STATUSES), limit: EDGE_PAGE_SIZE,
    })),
    report(adDaily, 0, { level: 'campaign', fields: DELIVERY_FIELDS.join(',') }, (rows) => rows.map((r) => mapDeliveryRow(r, 'campaign', ctx))),
    report(adDaily, 1, { level: 'adset', fields: [...DELIVERY_FIELDS, 'adset_id', 'adset_name'].join(',') }, (rows) => rows.map((r) => mapDeliveryRow(r, 'adset', ctx))),
    ...BREAKDOWN_RUNS.map((run, i) =>
      report(breakdowns, i, { level: 'account', fields: BREAKDOWN_FIELDS.join(','), breakdowns: run.breakdowns.join(',') }, (rows) => collapseBreakdownRows(rows, run, ctx))),
  ]);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    // every branch has settled, so no part is still being written: the pull leaves nothing behind
    await Promise.all([adDaily.discard(), breakdowns.discard()]);
    throw firstFailure(results, failed.reason);
  }
  const [campaigns, adsets] = results.map((r) => (r as PromiseFulfilledResult<Array<Record<string, unknown>> | undefined>).value);

  return {
    campaigns: (campaigns ?? []).map((c) => mapCampaign(c, ctx)),
    adsetInterests: (adsets ?? []).flatMap((s) => mapAdsetInterests(s, ctx)),
    adDaily,
    breakdowns,
    calls: session.calls,
  };
}

/** An auth failure wins over whatever it made the sibling branches throw (the job reconnects on 'auth'). */
function firstFailure(results: PromiseSettledResult<unknown>[], fallback: unknown): unknown {
  const reasons = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as unknown);
  return reasons.find((e) => e instanceof PlatformError && e.kind === 'auth') ?? fallback;
}
