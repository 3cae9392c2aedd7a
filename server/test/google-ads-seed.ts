import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import type { ProductRow, ViewDailyRow } from '../src/connectors/google-ads/google-ads-mapping.js';
import { writeWindowFacts } from '../src/sync/facts-writer.sql.js';
import { recordWindow } from '../src/sync/sync.sql.js';

// Seeds Google Ads view facts (search terms, keywords, age, gender, products) and Merchant Center products the
// way a sync writes them: the window writer with its checkpoint, in one transaction.

export type ViewSeed = Omit<ViewDailyRow, 'brandId' | 'customerId' | 'conversions' | 'conversionsValue'> & { conversions?: number; conversionsValue?: number };
export type ProductSeed = Omit<ProductRow, 'brandId' | 'customerId'>;

export async function seedGoogleViews(
  db: Database,
  brandId: string,
  customerId: string,
  window: { from: string; to: string },
  rows: ViewSeed[],
  products: ProductSeed[] = [],
): Promise<void> {
  const r = (await db.execute(sql`select id from connections where brand_id = ${brandId} and account_id = ${customerId}`)) as unknown as { rows: Array<{ id: string }> };
  const connectionId = r.rows[0]?.id;
  if (!connectionId) throw new Error(`no connection ${customerId}`);
  const viewDaily: ViewDailyRow[] = rows.map((v) => ({
    ...v,
    brandId,
    customerId,
    conversions: String(v.conversions ?? 0),
    conversionsValue: (v.conversionsValue ?? 0).toFixed(2),
  }));
  await db.transaction(async (tx) => {
    const written = await writeWindowFacts(tx, brandId, customerId, window, {
      platform: 'google_ads',
      campaignDaily: [],
      viewDaily,
      products: products.map((p) => ({ ...p, brandId, customerId })),
      calls: 1,
    });
    await recordWindow(tx, { brandId, connectionId, stream: 'backfill', from: window.from, to: window.to, rows: written, calls: 1 });
  });
}
