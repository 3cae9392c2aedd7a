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

export async function fetchCampaignRangeReach(
  platforms: PlatformsConfig,
  accessToken: string,
  accountId: string,
  range: { from: string; to: string },
  retry?: RetryOptions,
): Promise<Map<string, RangeReach>> {
  const act = /^\d+$/.test(accountId) ? `act_${accountId}` : accountId;
  const session = new MetaSession(platforms.meta, accessToken, retry);
  const rows = await session.all<Record<string, unknown>>(
    session.url(`${act}/insights`, {
      level: 'campaign',
      fields: 'campaign_id,reach,unique_inline_link_clicks',
      time_range: JSON.stringify({ since: range.from, until: range.to }),
      // the same objects the sync reads (archived and deleted included)
      filtering: JSON.stringify([
        { field: 'campaign.effective_status', operator: 'IN', value: CAMPAIGN_STATUSES },
        { field: 'adset.effective_status', operator: 'IN', value: ADSET_STATUSES },
      ]),
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
