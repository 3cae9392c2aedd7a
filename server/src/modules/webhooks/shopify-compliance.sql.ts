import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { connections, platformGrants, rejectedWebhooks } from '../../db/schema.js';
import { ACCOUNT_FACT_TABLES } from '../../db/fact-tables.js';

export interface ShopErasure {
  /** brands that held the shop; their daily summaries were rebuilt without it */
  brandIds: string[];
  connections: number;
  grants: number;
}

/**
 * Everything we hold for a shop, for every brand and user that connected it: its orders and refunds, its
 * connections (their sync checkpoints go by cascade), the Shopify grants (sealed tokens) for it and any
 * webhook from it we could not read (rejected_webhooks); then
 * the summaries of those brands are rebuilt so no total still counts its sales. One transaction: a failure
 * leaves it all in place for Shopify's retry, and a replay finds nothing left to do.
 */
export async function eraseShop(db: Database, shop: string): Promise<ShopErasure> {
  return db.transaction(async (tx) => {
    const brandIds = new Set<string>();
    const removed = await tx
      .delete(connections)
      .where(and(eq(connections.platform, 'shopify'), eq(connections.accountId, shop)))
      .returning({ brandId: connections.brandId });
    for (const c of removed) brandIds.add(c.brandId);
    // facts can outlive a connection row (a sync that finished after a disconnect): look in the tables too
    for (const t of ACCOUNT_FACT_TABLES.shopify) {
      for (const row of await tx.selectDistinct({ brandId: t.brand }).from(t.table).where(eq(t.account, shop))) brandIds.add(String(row.brandId));
      await tx.delete(t.table).where(eq(t.account, shop));
    }
    const grants = await tx
      .delete(platformGrants)
      .where(and(eq(platformGrants.provider, 'shopify'), eq(platformGrants.subject, shop)))
      .returning({ id: platformGrants.id });
    await tx.delete(rejectedWebhooks).where(eq(rejectedWebhooks.shop, shop));
    return { brandIds: [...brandIds].sort(), connections: removed.length, grants: grants.length };
  });
}
