import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface LabelRow {
  account_id: string;
  campaign_id: string;
  label: string;
}

/** Every campaign label of a brand, in a stable order. */
export async function brandLabels(db: Database, brandId: string): Promise<LabelRow[]> {
  return queryRows<LabelRow>(
    db,
    sql`select account_id, campaign_id, label from meta_campaign_labels where brand_id = ${brandId} order by account_id, campaign_id, position, label`,
  );
}

/** Replaces one campaign's labels, keeping the order given. */
export async function replaceCampaignLabels(tx: Tx | Database, brandId: string, accountId: string, campaignId: string, labels: string[], userId: string): Promise<void> {
  await tx.execute(sql`delete from meta_campaign_labels where brand_id = ${brandId} and account_id = ${accountId} and campaign_id = ${campaignId}`);
  for (const [i, label] of labels.entries()) {
    await tx.execute(
      sql`insert into meta_campaign_labels (brand_id, account_id, campaign_id, label, position, updated_by)
          values (${brandId}, ${accountId}, ${campaignId}, ${label}, ${i}, ${userId})`,
    );
  }
}
