import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { brands, connections } from '../../db/schema.js';
import { storeOrders, storeRefunds } from '../../db/facts-schema.js';
import { mapOrder } from '../../connectors/shopify/shopify-mapping.js';
import { restOrderToNode, verifyWebhook } from '../../connectors/shopify/shopify-webhook.js';
import { ShopifyMappingError } from '../../connectors/shopify/shopify-mapping.js';
import { upsertRows } from '../../sync/upsert.js';
import { COMPLIANCE_TOPICS, handleComplianceWebhook } from './shopify-compliance.service.js';
import { inspectableOrderPayload, restOrderSchema } from './shopify-order-payload.js';
import { keepRejectedWebhook } from './rejected-webhooks.sql.js';
import { applySubscriptionWebhook } from '../pricing/pricing.service.js';

const ORDER_TOPICS = new Set(['orders/create', 'orders/updated', 'orders/paid', 'orders/cancelled']);

/**
 * POST /api/webhooks/shopify: order changes between refreshes, app/uninstalled, and the three mandatory
 * compliance topics (shopify-compliance.service.ts). Verified over the raw body first (401 otherwise, as
 * Shopify requires), answered fast. A retried or out-of-order delivery never overwrites a newer version of an
 * order (updated_at guard, checklist E4/G8).
 */
export async function shopifyWebhookRoutes(app: FastifyInstance, deps: { db: Database; config: Config }): Promise<void> {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.post('/api/webhooks/shopify', { config: { signed: true } }, async (req, reply) => {
    const raw = req.body as Buffer;
    if (!Buffer.isBuffer(raw) || !verifyWebhook(deps.config.platforms.shopify.apiSecret, raw, req.headers['x-shopify-hmac-sha256'] as string | undefined)) {
      return reply.code(401).send({ success: false, message: 'Invalid webhook signature' });
    }
    const topic = String(req.headers['x-shopify-topic'] ?? '');
    const shop = String(req.headers['x-shopify-shop-domain'] ?? '').toLowerCase();
    let payload: unknown;
    try {
      payload = JSON.parse(raw.toString('utf8'));
    } catch {
      return reply.code(400).send({ success: false, message: 'Webhook body is not JSON' });
    }
    if (COMPLIANCE_TOPICS.has(topic)) {
      // Done before the 200, not after it: the erase is one transaction of a few statements, well inside
      // Shopify's 5 s, and a failure answers 500 so Shopify's own retries (8 over 4 h) redo it. A replay is harmless.
      const outcome = await handleComplianceWebhook(deps.db, topic, payload, shop);
      if (!outcome.ok) return reply.code(400).send({ success: false, message: outcome.message });
      req.log.info({ ...outcome.log, webhookId: req.headers['x-shopify-webhook-id'] }, 'shopify compliance webhook');
      return { success: true };
    }
    const targets = await deps.db
      .select({ brandId: connections.brandId, timezone: brands.timezone })
      .from(connections)
      .innerJoin(brands, eq(brands.id, connections.brandId))
      .where(and(eq(connections.platform, 'shopify'), eq(connections.accountId, shop)));

    if (ORDER_TOPICS.has(topic)) {
      // A signed order we cannot read is acknowledged, not refused: Shopify would send the same body again
      // for hours, and the order still arrives with the next refresh. It is logged and kept for inspection.
      const reject = async (problems: Array<{ field: string; message: string }>) => {
        const webhookId = req.headers['x-shopify-webhook-id'] as string | undefined;
        req.log.warn({ topic, shop, webhookId, problems }, 'shopify webhook payload not understood; kept in rejected_webhooks');
        await keepRejectedWebhook(deps.db, { topic, shop, webhookId, problems, payload: inspectableOrderPayload(payload) });
        return { success: true };
      };
      const parsed = restOrderSchema.safeParse(payload);
      if (!parsed.success) return reject(parsed.error.issues.map((i) => ({ field: i.path.join('.') || '(body)', message: i.message })));
      let mapped: Array<{ brandId: string } & ReturnType<typeof mapOrder>>;
      try {
        const node = restOrderToNode(parsed.data);
        mapped = targets.map((t) => ({ brandId: t.brandId, ...mapOrder({ brandId: t.brandId, shop, timezone: t.timezone }, node) }));
      } catch (e) {
        if (!(e instanceof ShopifyMappingError)) throw e;
        return reject([{ field: '(body)', message: e.message }]);
      }
      for (const t of mapped) {
        const { order, refunds } = t;
        await deps.db.transaction(async (tx) => {
          // Only a version at least as new as the stored one is written.
          const stored = await tx.select({ updatedAt: storeOrders.updatedAt }).from(storeOrders).where(and(eq(storeOrders.brandId, t.brandId), eq(storeOrders.shop, shop), eq(storeOrders.orderId, order.orderId))).limit(1);
          if (stored[0] && stored[0].updatedAt > (order.updatedAt as Date)) return;
          await upsertRows(tx, storeOrders, [order]);
          await upsertRows(tx, storeRefunds, refunds);
        });
      }
    } else if (topic === 'app_subscriptions/update') {
      await applySubscriptionWebhook(deps.db, shop, payload);
    } else if (topic === 'app/uninstalled') {
      // Our access is gone: stop syncing the shop and ask the user to reconnect.
      await deps.db
        .update(connections)
        .set({ status: 'reauth_required', statusMessage: 'The Parallels app was uninstalled from this store.', syncState: 'failing', lastError: 'app uninstalled' })
        .where(and(eq(connections.platform, 'shopify'), eq(connections.accountId, shop)));
    }
    req.log.info({ topic, shop, brands: targets.length }, 'shopify webhook');
    return { success: true };
  });
}

