import { PREDEFINED_LABELS, type CampaignLabelsResponse, type SetCampaignLabels } from '@parallels/contract/meta-campaigns';
import type { Database } from '../../db/client.js';
import type { RealtimePublisher } from '../../realtime/realtime.js';
import { brandLabels, replaceCampaignLabels } from './campaign-labels.sql.js';

// Campaign labels are the brand's, not a browser's (issue 19 item 3, goal G6): every user of the brand reads and
// edits the same labels, and a change reaches the brand's other open screens through its realtime room.

export async function listCampaignLabels(db: Database, brandId: string): Promise<CampaignLabelsResponse> {
  const rows = await brandLabels(db, brandId);
  const labels: CampaignLabelsResponse['labels'] = {};
  const custom = new Set<string>();
  for (const r of rows) {
    const account = (labels[r.account_id] ??= {});
    (account[r.campaign_id] ??= []).push(r.label);
    if (!(PREDEFINED_LABELS as readonly string[]).includes(r.label)) custom.add(r.label);
  }
  return { success: true, labels, customLabels: [...custom].sort((a, b) => a.localeCompare(b)) };
}

export async function setCampaignLabels(deps: { db: Database; realtime: RealtimePublisher }, brandId: string, userId: string, input: SetCampaignLabels): Promise<CampaignLabelsResponse> {
  await deps.db.transaction(async (tx) => replaceCampaignLabels(tx, brandId, input.accountId, input.campaignId, input.labels, userId));
  await deps.realtime.publish({ brandId }, { type: 'campaign-labels-changed', data: { brandId, accountId: input.accountId, campaignId: input.campaignId, labels: input.labels } });
  return listCampaignLabels(deps.db, brandId);
}
