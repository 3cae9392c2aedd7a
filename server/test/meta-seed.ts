import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { writeWindowFacts } from '../src/sync/facts-writer.sql.js';
import type { WindowFacts } from '../src/sync/pull.js';
import { recordWindow } from '../src/sync/sync.sql.js';

// Seeds one synced Meta window with any of its fact tables (campaigns, ad and ad set days, interests,
// breakdowns) through the window writer and its checkpoint, as a sync writes them.

export type MetaWindowFacts = Omit<Extract<WindowFacts, { platform: 'meta' }>, 'platform' | 'calls'>;

export async function seedMetaFacts(db: Database, brandId: string, accountId: string, window: { from: string; to: string }, facts: Partial<MetaWindowFacts>): Promise<void> {
  const r = (await db.execute(sql`select id from connections where brand_id = ${brandId} and account_id = ${accountId}`)) as unknown as { rows: Array<{ id: string }> };
  const id = r.rows[0]?.id;
  if (!id) throw new Error(`no connection ${accountId}`);
  const all: WindowFacts = { platform: 'meta', campaigns: [], adDaily: [], adsetInterests: [], breakdowns: [], calls: 1, ...facts };
  await db.transaction(async (tx) => {
    const rows = await writeWindowFacts(tx, brandId, accountId, window, all);
    await recordWindow(tx, { brandId, connectionId: id, stream: 'backfill', from: window.from, to: window.to, rows, calls: 1 });
  });
}

export interface BreakdownCell {
  breakdown: string;
  value: string;
  spend: number;
  revenue: number;
  purchases: number;
  impressions?: number;
  clicks?: number;
  linkClicks?: number;
}

/** meta_breakdown_daily rows for every day of `days`, `cells(date)` giving that day's cells. */
export function breakdownRows(brandId: string, accountId: string, days: string[], cells: (date: string) => BreakdownCell[]): MetaWindowFacts['breakdowns'] {
  return days.flatMap((date) =>
    cells(date).map((c) => ({
      brandId,
      accountId,
      breakdown: c.breakdown,
      value: c.value,
      date,
      spend: c.spend.toFixed(2),
      impressions: c.impressions ?? 0,
      clicks: c.clicks ?? 0,
      linkClicks: c.linkClicks ?? 0,
      purchases: c.purchases,
      purchaseValue: c.revenue.toFixed(2),
    })),
  );
}
