import type { PlatformsConfig } from '../../config.js';
import type { RetryOptions } from '../retry.js';
import { MetaSession } from './meta-client.js';
import { toCount } from './meta-mapping.js';
import { ADSET_STATUSES, CAMPAIGN_STATUSES } from './meta-sync.js';

// Reach and unique link clicks of every campaign of an ad account over one exact range, as Meta counts them
// (each person once per range): the insights edge at campaign level with a time_range and no time_increment.
// These are not additive, so the synced days cannot give them (ARCHITECTURE principle 2; decision 016).

export interface RangeReach {
  reach: number;
  uniqueLinkClicks: number;
}

/** the same objects the sync reads (archived and deleted included) */
const SYNCED_OBJECTS = [
  { field: 'campaign.effective_status', operator: 'IN', value: CAMPAIGN_STATUSES },
  { field: 'adset.effective_status', operator: 'IN', value: ADSET_STATUSES },
];

/**
 * Most campaign ids one account call names in its `campaign.id IN [...]` filter. The filter travels in the URL
 * (a GET); past this a group's reach is not asked for and stays an estimate (decision 016).
 */
export const MAX_GROUP_CAMPAIGNS_PER_CALL = 250;

const actOf = (accountId: string): string => (/^\d+$/.test(accountId) ? `act_${accountId}` : accountId);

export async function fetchCampaignRangeReach(
  platforms: PlatformsConfig,
  accessToken: string,
  accountId: string,
  range: { from: string; to: string },
  retry?: RetryOptions,
): Promise<Map<string, RangeReach>> {
  const act = actOf(accountId);
  const session = new MetaSession(platforms.meta, accessToken, retry);
  const rows = await session.all<Record<string, unknown>>(
    session.url(`${act}/insights`, {
      level: 'campaign',
      fields: 'campaign_id,reach,unique_inline_link_clicks',
      time_range: JSON.stringify({ since: range.from, until: range.to }),
      filtering: JSON.stringify(SYNCED_OBJECTS),
      limit: '500',
    }),
  );
  const out = new Map<string, RangeReach>();
  for (const r of rows) {
    if (typeof r.campaign_id !== 'string') continue;
    out.set(r.campaign_id, { reach: toCount(r.reach), uniqueLinkClicks: toCount(r.unique_inline_link_clicks) });
  }
  return out;
}

/**
 * Reach and unique link clicks of a set of campaigns of one ad account over one exact range, each person counted
 * once across the set: the account-level insights filtered to `campaign.id IN [...]`. A set that did not deliver
 * in the range has no row (Meta omits it): zero people.
 */
export async function fetchCampaignSetRangeReach(
  platforms: PlatformsConfig,
  accessToken: string,
  accountId: string,
  campaignIds: readonly string[],
  range: { from: string; to: string },
  retry?: RetryOptions,
): Promise<RangeReach> {
  if (campaignIds.length === 0 || campaignIds.length > MAX_GROUP_CAMPAIGNS_PER_CALL) throw new Error(`a campaign set of 1 to ${MAX_GROUP_CAMPAIGNS_PER_CALL} campaigns is asked for, not ${campaignIds.length}`);
  const session = new MetaSession(platforms.meta, accessToken, retry);
  const rows = await session.all<Record<string, unknown>>(
    session.url(`${actOf(accountId)}/insights`, {
      level: 'account',
      fields: 'reach,unique_inline_link_clicks',
      time_range: JSON.stringify({ since: range.from, until: range.to }),
      filtering: JSON.stringify([{ field: 'campaign.id', operator: 'IN', value: campaignIds }, ...SYNCED_OBJECTS]),
    }),
  );
  if (rows.length > 1) throw new Error(`Meta answered ${rows.length} rows for one account-level range`);
  const row = rows[0];
  return row ? { reach: toCount(row.reach), uniqueLinkClicks: toCount(row.unique_inline_link_clicks) } : { reach: 0, uniqueLinkClicks: 0 };
}
