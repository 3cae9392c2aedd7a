import { toCents } from '@parallels/contract/money';
import { dayCount } from '@parallels/contract/days';
import { ratio } from '@parallels/contract/metrics';
import type { CampaignGroupReach, CampaignGroupReachRequest, CampaignGroupReachResponse, MetaCampaign, MetaCampaignRequest, MetaCampaignResponse } from '@parallels/contract/meta-campaigns';
import { MAX_GROUP_CAMPAIGNS_PER_CALL } from '../../connectors/meta/meta-range-reach.js';
import { AppError } from '../../lib/app-error.js';
import type { AccessibleBrand } from '../auth/auth.sql.js';
import type { ReportDeps } from '../reports/report-deps.js';
import { assertSomethingSynced, loadReportSources, resolveReportRange, sourceStatuses, throwIfReconnectNeeded } from '../reports/report-pipeline.js';
import { connectionCovers, connectionStatus } from '../reports/source-status.js';
import { campaignSums, type CampaignSums } from './meta-campaigns.sql.js';
import { campaignRangeReach, campaignSetRangeReach, type RangeReachDeps } from './range-reach.js';

// spec/reports.md "Meta campaigns": per ad account its campaigns over the range, and every account's campaigns
// together (blendedSummary). Additive figures are sums of days; ratios come from sums. Reach and Unique Link
// Click are not additive: over one day the synced day is Meta's own figure; over more days Meta's own figure for
// the range is fetched through the connector (cached by range); when it cannot be had, the largest single day's
// (a floor, flagged `estimated`, labelled on screen), and Frequency = impressions / reach (docs/decisions/016).
// An account whose range has not fully synced has its campaigns listed with missing figures (null, never 0).

function campaignOf(s: CampaignSums, accountName: string, complete: boolean, rangeDays: number): MetaCampaign {
  const n = (v: number): number | null => (complete ? Number(v) : null);
  const spend = complete ? toCents(s.spend) / 100 : null;
  const reach = n(s.max_reach);
  const impressions = n(s.impressions);
  const outbound = n(s.outbound_clicks);
  return {
    campaignId: s.campaign_id,
    campaignName: s.name,
    accountName,
    accountId: s.account_id,
    status: s.status,
    'Link Click': n(s.link_clicks),
    Purchases: n(s.purchases),
    Reach: reach,
    'Amount spend': spend,
    'Outbound CTR': outbound === null || impressions === null ? null : ratio(outbound, impressions) * 100,
    Frequency: reach === null || impressions === null ? null : ratio(impressions, reach),
    'Unique Link Click': n(s.max_unique_link_clicks),
    'Add To Cart (ATC)': n(s.add_to_cart),
    'Checkout Initiate (CI)': n(s.initiate_checkout),
    'Landing Page View': n(s.landing_page_views),
    'Three Seconds View': n(s.video_three_second_views),
    Impressions: impressions,
    'Outbound Clicks': outbound,
    'Purchase Value': complete ? toCents(s.revenue) / 100 : null,
    // one day: the day's reach is Meta's figure for the range; more days (with delivery on more than one): a floor
    estimated: rangeDays > 1 && Number(s.days) > 1,
  };
}

/** Meta's own range figures replace the estimates, campaign by campaign. */
function withRangeReach(c: MetaCampaign, platform: { reach: number; uniqueLinkClicks: number } | undefined): MetaCampaign {
  if (!platform || !c.estimated || c.Impressions === null) return c;
  return { ...c, Reach: platform.reach, 'Unique Link Click': platform.uniqueLinkClicks, Frequency: ratio(c.Impressions, platform.reach), estimated: false };
}

/** POST /api/meta/campaign/{brandId}. */
export async function buildMetaCampaigns(deps: ReportDeps & { rangeReach?: RangeReachDeps }, brand: AccessibleBrand, query: MetaCampaignRequest): Promise<MetaCampaignResponse> {
  const { today, range } = resolveReportRange(brand, query, deps.now());
  const sources = await loadReportSources(deps, brand.id, ['meta'] as const);
  assertSomethingSynced(sources);
  const conns = sources.meta;
  const sums = await campaignSums(deps.db, brand.id, conns.map((c) => c.accountId), range);
  const rangeDays = dayCount(range);

  const accountData = await Promise.all(
    conns.map(async (conn) => {
      const complete = connectionCovers(conn, [range], today);
      const campaigns = sums.filter((s) => s.account_id === conn.accountId).map((s) => campaignOf(s, conn.accountName, complete, rangeDays));
      const platform = complete && campaigns.some((c) => c.estimated) && deps.rangeReach ? await campaignRangeReach(deps.rangeReach, { brandId: brand.id, connectionId: conn.id }, conn.accountId, range) : null;
      return {
        account_name: conn.accountName,
        account_id: conn.accountId,
        status: connectionStatus(conn, [range], today),
        campaigns: platform ? campaigns.map((c) => withRangeReach(c, platform.get(c.campaignId))) : campaigns,
      };
    }),
  );
  const status = sourceStatuses(sources, [range], today);
  const answer: MetaCampaignResponse = {
    success: true,
    accountData,
    blendedSummary: accountData.flatMap((a) => a.campaigns),
    range,
    status: status.meta,
    currency: brand.currency,
  };
  throwIfReconnectNeeded(status, answer);
  return answer;
}

/**
 * POST /api/meta/campaign-groups/{brandId}: each label group's own Reach and Unique Link Click over the range from
 * Meta (the account's insights filtered to the group's campaign ids), one call per account and group, cached.
 * Within one account the figure is Meta's (exact); across accounts it is the sum of the accounts' figures (Meta
 * cannot count a person once across ad accounts: an estimate); without Meta's answer it is null and says why, and
 * the screen sums the campaigns' (an estimate). Never a silent sum (decision 016).
 */
export async function buildCampaignGroupReach(deps: ReportDeps & { rangeReach?: RangeReachDeps }, brand: AccessibleBrand, query: CampaignGroupReachRequest): Promise<CampaignGroupReachResponse> {
  const { range } = resolveReportRange(brand, query, deps.now());
  const sources = await loadReportSources(deps, brand.id, ['meta'] as const);
  const connectionOf = new Map(sources.meta.map((c) => [c.accountId, c]));
  for (const g of query.groups) {
    for (const c of g.campaigns) {
      if (!connectionOf.has(c.accountId)) throw new AppError('invalid', `The ad account ${c.accountId} is not connected to this brand`);
    }
  }
  const groups = await Promise.all(
    query.groups.map(async (g): Promise<CampaignGroupReach> => {
      const byAccount = new Map<string, string[]>();
      for (const c of g.campaigns) byAccount.set(c.accountId, [...(byAccount.get(c.accountId) ?? []), c.campaignId]);
      const missing = (reachSource: CampaignGroupReach['reachSource']): CampaignGroupReach => ({ id: g.id, Reach: null, 'Unique Link Click': null, reachSource });
      if ([...byAccount.values()].some((ids) => new Set(ids).size > MAX_GROUP_CAMPAIGNS_PER_CALL)) return missing('too-many-campaigns');
      const rangeReach = deps.rangeReach;
      if (!rangeReach) return missing('meta-unavailable');
      const parts = await Promise.all(
        [...byAccount].map(([accountId, ids]) => campaignSetRangeReach(rangeReach, { brandId: brand.id, connectionId: connectionOf.get(accountId)!.id }, accountId, ids, range)),
      );
      if (parts.some((p) => p === null)) return missing('meta-unavailable');
      const answered = parts as Array<{ reach: number; uniqueLinkClicks: number }>;
      return {
        id: g.id,
        Reach: answered.reduce((s, p) => s + p.reach, 0),
        'Unique Link Click': answered.reduce((s, p) => s + p.uniqueLinkClicks, 0),
        reachSource: answered.length === 1 ? 'meta' : 'accounts-summed',
      };
    }),
  );
  return { success: true, range, groups };
}
