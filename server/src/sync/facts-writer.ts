import { and, between, eq } from 'drizzle-orm';
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
import type { DayWindow } from './windows.js';
import { upsertRows } from './upsert.js';
import { ACCOUNT_FACT_TABLES } from './fact-tables.js';
import type { WindowFacts } from './pull.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * A window's daily facts REPLACE what we held for that account and those days: a row the platform no
 * longer reports (a restated search term, say) must go, or totals would drift from the source. Entity
 * tables (campaigns, products, interests) and Shopify orders (keyed by order, changed by updated_at) are
 * upserted. Runs inside the window's transaction, with its checkpoint.
 */
export async function writeWindowFacts(tx: Tx, brandId: string, accountId: string, window: DayWindow, facts: WindowFacts): Promise<number> {
  for (const t of ACCOUNT_FACT_TABLES[facts.platform]) {
    if (t.date) await tx.delete(t.table).where(and(eq(t.brand, brandId), eq(t.account, accountId), between(t.date, window.from, window.to)));
  }
  switch (facts.platform) {
    case 'meta':
      return (
        (await upsertRows(tx, metaCampaigns, facts.campaigns)) +
        (await upsertRows(tx, metaAdsetInterests, facts.adsetInterests)) +
        (await upsertRows(tx, metaAdDaily, facts.adDaily)) +
        (await upsertRows(tx, metaBreakdownDaily, facts.breakdowns))
      );
    case 'google_ads':
      return (await upsertRows(tx, googleProducts, facts.products)) + (await upsertRows(tx, googleCampaignDaily, facts.campaignDaily)) + (await upsertRows(tx, googleViewDaily, facts.viewDaily));
    case 'ga4':
      return (await upsertRows(tx, ga4Daily, facts.daily)) + (await upsertRows(tx, ga4DimensionDaily, facts.dimensionDaily));
    case 'shopify':
      return (await upsertRows(tx, storeOrders, facts.orders)) + (await upsertRows(tx, storeRefunds, facts.refunds));
  }
}
