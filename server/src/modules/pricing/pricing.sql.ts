import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { brandSubscriptions, connections, userBrands } from '../../db/schema.js';

export type SubscriptionRow = typeof brandSubscriptions.$inferSelect;

export async function findSubscription(db: Database, brandId: string): Promise<SubscriptionRow | undefined> {
  const rows = await db.select().from(brandSubscriptions).where(eq(brandSubscriptions.brandId, brandId)).limit(1);
  return rows[0];
}

/** The brand's store and the grant that reaches it. */
export async function findBrandStore(db: Database, brandId: string): Promise<{ shop: string; grantId: string | null } | undefined> {
  const rows = await db.select({ shop: connections.accountId, grantId: connections.grantId }).from(connections).where(and(eq(connections.brandId, brandId), eq(connections.platform, 'shopify'))).limit(1);
  return rows[0];
}

/** The user's brands connected to a store (the callback names the store, not the brand). */
export async function findUserBrandsOfStore(db: Database, userId: string, shop: string): Promise<Array<{ brandId: string; grantId: string | null }>> {
  return db
    .select({ brandId: connections.brandId, grantId: connections.grantId })
    .from(connections)
    .innerJoin(userBrands, and(eq(userBrands.brandId, connections.brandId), eq(userBrands.userId, userId)))
    .where(and(eq(connections.platform, 'shopify'), eq(connections.accountId, shop)));
}

export async function saveSubscription(db: Database, row: Omit<SubscriptionRow, 'updatedAt'>): Promise<void> {
  const values = { ...row, updatedAt: new Date() };
  await db.insert(brandSubscriptions).values(values).onConflictDoUpdate({ target: brandSubscriptions.brandId, set: values });
}

/** Shopify's app_subscriptions/update: the new state of a charge, on every brand billed through it. */
export async function updateSubscriptionStatus(db: Database, shop: string, chargeId: string, status: string): Promise<number> {
  const rows = await db
    .update(brandSubscriptions)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(brandSubscriptions.shop, shop), eq(brandSubscriptions.chargeId, chargeId)))
    .returning({ brandId: brandSubscriptions.brandId });
  return rows.length;
}

/** The plans of the brands a user has (active subscriptions only), and how many brands. */
export async function userPlanFacts(db: Database, userId: string): Promise<{ brands: number; plans: string[] }> {
  const rows = await db
    .select({ brandId: userBrands.brandId, plan: brandSubscriptions.plan, status: brandSubscriptions.status })
    .from(userBrands)
    .leftJoin(brandSubscriptions, eq(brandSubscriptions.brandId, userBrands.brandId))
    .where(eq(userBrands.userId, userId));
  return { brands: rows.length, plans: rows.filter((r) => r.status === 'active' && r.plan).map((r) => r.plan!) };
}

