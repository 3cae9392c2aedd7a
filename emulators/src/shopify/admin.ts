import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../common/context.js';
import type { Schema } from './graphql/types.js';
import type { ShopifyExec } from './exec-context.js';
import { bulkFileStream, bulkLines, signatureValid } from './bulk.js';
import { issueOfflineTokens, type IssuedTokens } from './oauth.js';
import type { ShopifyState } from './state.js';
import { deliver, defaultPayload, orderPayload, WEBHOOK_TOPICS } from './webhooks.js';
import { gqlTime } from './time.js';
import { eachDay } from '../common/dates.js';
import { merchantDay } from '../common/world.js';

// The bulk result file endpoint (stand-in for the signed storage URL) and Shopify's admin extras.

const DEFAULT_WEBHOOK_VERSION = '2025-10';

function gcsError(code: string, message: string, details?: string): string {
  return `<?xml version='1.0' encoding='UTF-8'?><Error><Code>${code}</Code><Message>${message}</Message>${details ? `<Details>${details}</Details>` : ''}</Error>`;
}

export function registerBulkFileRoute(app: FastifyInstance, ctx: EmulatorContext, state: ShopifyState, schema: Schema<ShopifyExec>): void {
  app.get<{ Params: { shop: string; file: string }; Querystring: { Expires?: string; Signature?: string } }>('/:shop/bulk-results/:file', async (req, reply) => {
    const rt = state.runtime(req.params.shop);
    const id = Number(req.params.file.replace(/\.jsonl$/, ''));
    const op = rt?.bulkOps.find((b) => b.id === id);
    const expires = Number(req.query.Expires);
    const xml = (status: number, body: string) => reply.code(status).type('application/xml; charset=UTF-8').send(body);
    if (!rt || !op || !op.counts || !req.query.Signature || !signatureValid(ctx.world.apps.shopify.clientSecret, rt.shop.domain, id, expires, req.query.Signature)) {
      return xml(403, gcsError('SignatureDoesNotMatch', 'Access denied.', 'The request signature we calculated does not match the signature you provided.'));
    }
    if (ctx.clock.now().getTime() > expires * 1000) {
      return xml(400, gcsError('ExpiredToken', 'The provided token has expired.', `Request signature expired at: ${gqlTime(expires * 1000)}`));
    }
    const exec: ShopifyExec = { schema, state, rt, asOf: op.asOf, scopes: new Set(), apiVersion: '', bulk: true, search: [] };
    const rendered = bulkFileStream(op);
    if (rendered) return reply.type('application/jsonl').send(rendered);
    function* chunks(): Generator<string> {
      let buf = '';
      for (const { line } of bulkLines(op as NonNullable<typeof op>, exec)) {
        buf += `${line}\n`;
        if (buf.length > 65_536) {
          yield buf;
          buf = '';
        }
      }
      if (buf) yield buf;
    }
    return reply.type('application/jsonl').send(Readable.from(chunks()));
  });
}

export function mintShopifyToken(ctx: EmulatorContext, state: ShopifyState, body: Record<string, unknown>): IssuedTokens {
  const shop = typeof body.shop === 'string' ? body.shop : ctx.world.shopify.shops[0]?.domain ?? '';
  if (!state.runtime(shop)) throw new Error(`unknown shop ${shop}`);
  const scope = typeof body.scope === 'string' ? body.scope : 'read_orders,read_all_orders,read_products';
  return issueOfflineTokens(ctx, shop, scope, body.expiring === true || body.expiring === 1 || body.expiring === '1');
}

export function registerShopifyAdmin(app: FastifyInstance, ctx: EmulatorContext, state: ShopifyState, webhookUrl: string | undefined): void {
  const target = (body: Record<string, unknown>): string | undefined => (typeof body.url === 'string' ? body.url : webhookUrl);

  app.put<{ Body: { enabled?: boolean } }>('/__admin/http-429', async (req) => {
    state.http429 = req.body?.enabled === true;
    return { http429: state.http429 };
  });

  app.put<{ Body: { shop?: string; available?: number } }>('/__admin/bucket', async (req, reply) => {
    const rt = state.runtime(String(req.body?.shop));
    if (!rt) return reply.code(404).send({ error: 'unknown shop' });
    if (typeof req.body?.available === 'number') rt.bucket.available = Math.max(0, Math.min(rt.plan.maximumAvailable, req.body.available));
    return { shop: rt.shop.domain, available: rt.bucket.available, maximumAvailable: rt.plan.maximumAvailable, restoreRate: rt.plan.restoreRate };
  });

  // the shop's bulk query operations as the emulator counts them (tests assert a client stays within the limit)
  app.get<{ Querystring: { shop?: string } }>('/__admin/bulk-operations', async (req, reply) => {
    const rt = state.runtime(String(req.query.shop));
    if (!rt) return reply.code(404).send({ error: 'unknown shop' });
    return { shop: rt.shop.domain, ...rt.bulkConcurrency, operations: rt.bulkOps.map((b) => ({ id: b.id, query: b.query, canceled: b.canceled })) };
  });

  // orders placed in the shop's local days from..to (both included) and the merchant's daily base (a large store:
  // EMULATOR_SHOPIFY_ORDERS), from merchantDay() without generating them: what a backfill of those days must hold
  app.get<{ Querystring: { shop?: string; from?: string; to?: string } }>('/__admin/orders/count', async (req, reply) => {
    const rt = state.runtime(String(req.query.shop));
    const day = /^\d{4}-\d{2}-\d{2}$/;
    if (!rt) return reply.code(404).send({ error: 'unknown shop' });
    const { from = '', to = '' } = req.query;
    if (!day.test(from) || !day.test(to) || from > to) return reply.code(400).send({ error: 'from and to: YYYY-MM-DD, from <= to' });
    const range = rt.orders.historyRange(ctx.clock.now().getTime());
    let orders = 0;
    for (const d of eachDay(from < range.from ? range.from : from, to > range.to ? range.to : to)) orders += merchantDay(ctx.world.seed, rt.merchant, d).orders;
    return { shop: rt.shop.domain, from, to, history: range, orders, baseDailyOrders: rt.merchant.baseDailyOrders };
  });

  app.post<{ Body: Record<string, unknown> }>('/__admin/orders', async (req, reply) => {
    const body = req.body ?? {};
    const rt = state.runtime(String(body.shop));
    if (!rt) return reply.code(404).send({ error: 'unknown shop' });
    const now = ctx.clock.now().getTime();
    const cents = typeof body.totalPrice === 'string' || typeof body.totalPrice === 'number' ? Math.round(Number(body.totalPrice) * 100) : undefined;
    const order = rt.orders.createLive(now, cents);
    const payload = orderPayload(ctx, rt, order, now);
    const url = target(body);
    const delivery = url ? await deliver(ctx, url, rt, 'orders/create', payload, String(body.apiVersion ?? DEFAULT_WEBHOOK_VERSION)) : null;
    return { order: payload, delivery };
  });

  app.post<{ Body: Record<string, unknown> }>('/__admin/webhooks', async (req, reply) => {
    const body = req.body ?? {};
    const rt = state.runtime(String(body.shop));
    if (!rt) return reply.code(404).send({ error: 'unknown shop' });
    const topic = String(body.topic);
    if (!(WEBHOOK_TOPICS as readonly string[]).includes(topic)) return reply.code(400).send({ error: `topic must be one of ${WEBHOOK_TOPICS.join(', ')}` });
    const url = target(body);
    if (!url) return reply.code(400).send({ error: 'no webhookUrl configured (shopifyEmulator option or body.url)' });
    const payload = body.payload ?? defaultPayload(ctx, rt, topic, ctx.clock.now().getTime());
    return deliver(ctx, url, rt, topic, payload, String(body.apiVersion ?? DEFAULT_WEBHOOK_VERSION));
  });

  app.post<{ Body: Record<string, unknown> }>('/__admin/uninstall', async (req, reply) => {
    const body = req.body ?? {};
    const rt = state.runtime(String(body.shop));
    if (!rt) return reply.code(404).send({ error: 'unknown shop' });
    const revoked = ctx.tokens.revokeSubject(rt.shop.domain);
    for (const s of rt.subscriptions) if (s.status === 'ACTIVE' || s.status === 'PENDING') s.status = 'CANCELLED';
    const url = target(body);
    const delivery = url ? await deliver(ctx, url, rt, 'app/uninstalled', defaultPayload(ctx, rt, 'app/uninstalled', ctx.clock.now().getTime()), DEFAULT_WEBHOOK_VERSION) : null;
    return { revoked, delivery };
  });
}
