import { sql } from 'drizzle-orm';
import type { DayRange } from '@parallels/contract/report-dates';
import { queryRows, type Database } from '../../db/client.js';
import type { AdSums } from '../summary/summary.sql.js';

/** Ad totals per account over one range (the AdMetrics cards). Accounts without a row in the range are absent. */
export async function sumAdAccountsByAccount(db: Database, brandId: string, platform: 'meta' | 'google_ads', range: DayRange): Promise<Map<string, AdSums>> {
  const rows = await queryRows<AdSums & { account_id: string }>(
    db,
    sql`select a.account_id, sum(a.spend)::float8 as spend, sum(a.revenue)::float8 as revenue, sum(a.purchases)::float8 as purchases,
          sum(a.clicks)::float8 as clicks, sum(a.impressions)::float8 as impressions
        from ad_account_daily a
        where a.brand_id = ${brandId} and a.platform = ${platform} and a.date between ${range.from} and ${range.to}
        group by a.account_id`,
  );
  return new Map(rows.map(({ account_id, ...sums }) => [account_id, sums]));
}
