import { sql } from 'drizzle-orm';
import type { FunnelCounts } from '@parallels/contract/analytics';
import type { DayRange } from '@parallels/contract/report-dates';
import { queryRows, type Database } from '../../db/client.js';

export interface FunnelDay extends FunnelCounts {
  date: string;
}

/**
 * The GA4 funnel per day (ga4_daily: one row per property and day) over some ranges, in one round trip.
 * Days without a row are absent; the service decides whether that is a zero (the day synced) or missing.
 */
export async function funnelDays(db: Database, brandId: string, propertyIds: string[], ranges: DayRange[]): Promise<FunnelDay[]> {
  if (propertyIds.length === 0 || ranges.length === 0) return [];
  const inRanges = sql.join(ranges.map((r) => sql`g.date between ${r.from} and ${r.to}`), sql` or `);
  return queryRows<FunnelDay>(
    db,
    sql`select g.date::text as date, sum(g.sessions)::float8 as sessions, sum(g.add_to_carts)::float8 as "addToCarts",
          sum(g.checkouts)::float8 as checkouts, sum(g.purchases)::float8 as purchases
        from ga4_daily g
        where g.brand_id = ${brandId} and g.property_id in (${sql.join(propertyIds.map((p) => sql`${p}`), sql`, `)}) and (${inRanges})
        group by g.date`,
  );
}
