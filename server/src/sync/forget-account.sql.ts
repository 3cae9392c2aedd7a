import { and, eq } from 'drizzle-orm';
import type { Platform } from '@parallels/contract/brands';
import type { Database } from '../db/client.js';
import {
  ga4Daily,
  ga4DimensionDaily,
  googleCampaignDaily,
  googleProducts,
  googleViewDaily,
  metaAdDaily,
  metaAdsetInterests,
  metaBreakdownDaily,
  metaCampaigns,
  storeOrders,
  storeRefunds,
} from '../db/facts-schema.js';

type Executor = Pick<Database, 'delete'>;

/**
 * Disconnecting an account removes everything synced from it for that brand (the privacy policy's promise:
 * "disconnecting a platform ... removes its data"). Deleting a brand removes all of it by cascade.
 */
export async function forgetAccountFacts(db: Executor, brandId: string, platform: Platform, accountId: string): Promise<void> {
  switch (platform) {
    case 'shopify':
      await db.delete(storeRefunds).where(and(eq(storeRefunds.brandId, brandId), eq(storeRefunds.shop, accountId)));
      await db.delete(storeOrders).where(and(eq(storeOrders.brandId, brandId), eq(storeOrders.shop, accountId)));
      return;
    case 'meta':
      for (const t of [metaAdDaily, metaBreakdownDaily, metaCampaigns, metaAdsetInterests]) await db.delete(t).where(and(eq(t.brandId, brandId), eq(t.accountId, accountId)));
      return;
    case 'google_ads':
      for (const t of [googleCampaignDaily, googleViewDaily, googleProducts]) await db.delete(t).where(and(eq(t.brandId, brandId), eq(t.customerId, accountId)));
      return;
    case 'ga4':
      for (const t of [ga4Daily, ga4DimensionDaily]) await db.delete(t).where(and(eq(t.brandId, brandId), eq(t.propertyId, accountId)));
      return;
  }
}
