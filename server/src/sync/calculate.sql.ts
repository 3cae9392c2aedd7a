import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/**
 * Whether none of the brand's connections is still loading its history (pending or backfilling while active):
 * the moment the brand's history is ready. A connection that failed or needs reconnecting will not finish by
 * waiting and has its own notice.
 */
export async function brandHistoryReady(db: Database, brandId: string): Promise<boolean> {
  const result = (await db.execute(sql`
    select not exists (
      select 1 from connections where brand_id = ${brandId} and status = 'active' and sync_state in ('pending', 'backfilling')
    ) as ready`)) as unknown as { rows: Array<{ ready: boolean }> };
  return result.rows[0]?.ready === true;
}
