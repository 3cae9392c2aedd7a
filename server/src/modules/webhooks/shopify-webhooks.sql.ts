import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { brands, connections } from '../../db/schema.js';
import { storeOrders, storeRefunds } from '../../db/facts-schema.js';
import { upsertRows } from '../../db/upsert.sql.js';

/** The brands a shop is connected to, with the timezone each counts its days in. */
export function findShopTargets(db: Database, shop: string): Promise<Array<{ brandId: string; timezone: string }>> {
  return db
    .select({ brandId: connections.brandId, timezone: brands.timezone })
    .from(connections)
    .innerJoin(brands, eq(brands.id, connections.brandId))
    .where(and(eq(connections.platform, 'shopify'), eq(connections.accountId, shop)));
}

/**
 * An order from a webhook, with its refunds. One conditional upsert (`... where store_orders.updated_at <=
 * excluded.updated_at`): a delivery older than the stored version changes nothing, even when two race.
 */
export async function writeWebhookOrder(db: Database, order: typeof storeOrders.$inferInsert, refunds: Array<typeof storeRefunds.$inferInsert>): Promise<void> {
  await db.transaction(async (tx) => {
    await upsertRows(tx, storeOrders, [order], { newerBy: 'updatedAt' });
    await upsertRows(tx, storeRefunds, refunds);
  });
}

/** The app was uninstalled: the shop's connections stop syncing until reconnected. */
export async function markShopUninstalled(db: Database, shop: string, message: string): Promise<void> {
  await db
    .update(connections)
    .set({ status: 'reauth_required', statusMessage: message, syncState: 'failing', lastError: message })
    .where(and(eq(connections.platform, 'shopify'), eq(connections.accountId, shop)));
}
