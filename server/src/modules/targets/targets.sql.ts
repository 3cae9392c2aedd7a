import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';
import { brandTargets } from '../../db/schema.js';

export interface TargetRow {
  id: string;
  brandId: string;
  name: string;
  source: string;
  targetSales: number;
  targetSpend: number;
  targetRoas: number;
  targetDate: string;
  timezone: string;
}

const columns = sql`t.id, t.brand_id as "brandId", t.name, t.source, t.target_sales::float8 as "targetSales", t.target_spend::float8 as "targetSpend",
  t.target_roas::float8 as "targetRoas", t.target_date::text as "targetDate", b.timezone`;

/** Every target of the brands on the user's list, newest due date first. */
export async function listUserTargets(db: Database, userId: string): Promise<TargetRow[]> {
  return queryRows<TargetRow>(
    db,
    sql`select ${columns} from brand_targets t join user_brands ub on ub.brand_id = t.brand_id and ub.user_id = ${userId} join brands b on b.id = t.brand_id
        order by t.target_date desc, t.created_at desc`,
  );
}

export async function findTarget(db: Database, brandId: string, targetId: string): Promise<TargetRow | undefined> {
  const [row] = await queryRows<TargetRow>(db, sql`select ${columns} from brand_targets t join brands b on b.id = t.brand_id where t.id = ${targetId} and t.brand_id = ${brandId}`);
  return row;
}

export async function insertTarget(
  db: Database,
  input: { brandId: string; name: string; source: string; targetSales: number; targetSpend: number; targetRoas: number; targetDate: string; createdBy: string },
): Promise<string> {
  const [row] = await db
    .insert(brandTargets)
    .values({ ...input, targetSales: String(input.targetSales), targetSpend: String(input.targetSpend), targetRoas: String(input.targetRoas) })
    .returning({ id: brandTargets.id });
  return row!.id;
}

/** Changes a target of this brand; false when the brand has no such target. */
export async function updateTarget(
  db: Database,
  brandId: string,
  targetId: string,
  changes: { targetSales?: number; targetSpend?: number; targetRoas?: number; targetDate?: string },
): Promise<boolean> {
  const set: Partial<typeof brandTargets.$inferInsert> = { updatedAt: new Date() };
  if (changes.targetSales !== undefined) set.targetSales = String(changes.targetSales);
  if (changes.targetSpend !== undefined) set.targetSpend = String(changes.targetSpend);
  if (changes.targetRoas !== undefined) set.targetRoas = String(changes.targetRoas);
  if (changes.targetDate !== undefined) set.targetDate = changes.targetDate;
  const rows = await db
    .update(brandTargets)
    .set(set)
    .where(and(eq(brandTargets.id, targetId), eq(brandTargets.brandId, brandId)))
    .returning({ id: brandTargets.id });
  return rows.length > 0;
}

export async function deleteTarget(db: Database, brandId: string, targetId: string): Promise<boolean> {
  const rows = await db
    .delete(brandTargets)
    .where(and(eq(brandTargets.id, targetId), eq(brandTargets.brandId, brandId)))
    .returning({ id: brandTargets.id });
  return rows.length > 0;
}

export interface RangeSums {
  key: string;
  spend: number;
  revenue: number;
}

/**
 * Each range's ad spend and revenue of one platform of one brand, summed over the accounts connected to the
 * brand (ad_account_daily: one row per account-day), in one round trip.
 */
export async function sumAdRanges(db: Database, ranges: Array<{ key: string; brandId: string; platform: 'meta' | 'google_ads'; from: string; to: string }>): Promise<Map<string, RangeSums>> {
  if (ranges.length === 0) return new Map();
  const values = sql.join(
    ranges.map((r) => sql`(${r.key}, ${r.brandId}::uuid, ${r.platform}, ${r.from}::date, ${r.to}::date)`),
    sql`, `,
  );
  const rows = await queryRows<RangeSums>(
    db,
    sql`select r.key, coalesce(sum(a.spend), 0)::float8 as spend, coalesce(sum(a.revenue), 0)::float8 as revenue
        from (values ${values}) as r(key, brand_id, platform, day_from, day_to)
        left join ad_account_daily a on a.brand_id = r.brand_id and a.platform = r.platform and a.date between r.day_from and r.day_to
          and exists (select 1 from connections c where c.brand_id = a.brand_id and c.platform = a.platform and c.account_id = a.account_id)
        group by r.key`,
  );
  return new Map(rows.map((r) => [r.key, r]));
}
