import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { mapOrder } from '../../connectors/shopify/shopify-mapping.js';
import { restOrderToNode, verifyWebhook } from '../../connectors/shopify/shopify-webhook.js';
import { ShopifyMappingError } from '../../connectors/shopify/shopify-mapping.js';
import { findShopTargets, markShopUninstalled, writeWebhookOrder } from './shopify-webhooks.sql.js';
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
    const targets = await findShopTargets(deps.db, shop);

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
      for (const t of mapped) await writeWebhookOrder(deps.db, t.order, t.refunds);
    } else if (topic === 'app_subscriptions/update') {
      await applySubscriptionWebhook(deps.db, shop, payload);
    } else if (topic === 'app/uninstalled') {
      // Our access is gone: stop syncing the shop and ask the user to reconnect.
      await markShopUninstalled(deps.db, shop, 'The Parallels app was uninstalled from this store.');
    }
    req.log.info({ topic, shop, brands: targets.length }, 'shopify webhook');
    return { success: true };
  });
}

