import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/**
 * Rebuilds a brand's daily summary from its facts in one statement: each source summed per day, then
 * joined on the day (full outer joins, so a day one source lacks keeps that source null, never zero).
 * Test and cancelled orders are not sales.
 */
export async function rebuildBrandSummary(db: Database, brandId: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from brand_daily_summary where brand_id = ${brandId}`);
    const result = (await tx.execute(sql`
      insert into brand_daily_summary (brand_id, date, orders, store_sales, store_refunds, meta_spend, meta_revenue, meta_purchases,
        google_spend, google_revenue, google_conversions, sessions, add_to_carts, checkouts, purchases)
      with
        store as (
          select order_date as date, count(*) as orders, sum(total_price) as sales
          from store_orders where brand_id = ${brandId} and test = 0 and cancelled_at is null group by order_date),
        refunds as (select refund_date as date, sum(amount) as refunds from store_refunds where brand_id = ${brandId} group by refund_date),
        meta as (
          select date, sum(spend) as spend, sum(purchase_value) as revenue, sum(purchases) as purchases
          from meta_ad_daily where brand_id = ${brandId} and level = 'campaign' group by date),
        google as (
          select date, sum(cost_micros) / 1000000.0 as spend, sum(conversions_value) as revenue, sum(conversions) as conversions
          from google_campaign_daily where brand_id = ${brandId} group by date),
        ga4 as (
          select date, sum(sessions) as sessions, sum(add_to_carts) as add_to_carts, sum(checkouts) as checkouts, sum(purchases) as purchases
          from ga4_daily where brand_id = ${brandId} group by date),
        days as (
          select date from store union select date from refunds union select date from meta union select date from google union select date from ga4)
      select ${brandId}::uuid, d.date, s.orders, s.sales, r.refunds, m.spend, m.revenue, m.purchases,
        round(g.spend, 2), g.revenue, g.conversions, a.sessions, a.add_to_carts, a.checkouts, a.purchases
      from days d
        left join store s on s.date = d.date
        left join refunds r on r.date = d.date
        left join meta m on m.date = d.date
        left join google g on g.date = d.date
        left join ga4 a on a.date = d.date
    `)) as unknown as { affectedRows?: number; rowCount?: number };
    return result.affectedRows ?? result.rowCount ?? 0;
  });
}

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
