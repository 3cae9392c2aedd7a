import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { EmulatorContext } from '../common/context.js';
import { lineItems } from './line-items.js';
import { orderState, type OrderRecord } from './orders.js';
import type { ShopRuntime } from './state.js';
import { restMoney, restTime } from './time.js';

// Webhook deliveries (reference 5.5): POST JSON with X-Shopify-* headers, signed with
// base64(HMAC-SHA256(client secret, raw body)). Order topics carry the REST Admin order shape
// (snake_case, money as "120.00" strings, timestamps in the shop's zone with offset).

export const WEBHOOK_TOPICS = ['orders/create', 'orders/updated', 'orders/paid', 'orders/cancelled', 'app/uninstalled', 'customers/data_request', 'customers/redact', 'shop/redact'] as const;
export type WebhookTopic = (typeof WEBHOOK_TOPICS)[number];

export interface Delivery {
  delivered: boolean;
  status: number | null;
  topic: string;
  shop: string;
  webhookId: string;
  eventId: string;
  triggeredAt: string;
  error?: string;
}

export async function deliver(ctx: EmulatorContext, url: string, rt: ShopRuntime, topic: string, payload: unknown, apiVersion: string): Promise<Delivery> {
  const body = JSON.stringify(payload);
  const hmac = createHmac('sha256', ctx.world.apps.shopify.clientSecret).update(body, 'utf8').digest('base64');
  const webhookId = randomUUID();
  const eventId = randomUUID();
  const triggeredAt = ctx.clock.now().toISOString();
  const result: Delivery = { delivered: false, status: null, topic, shop: rt.shop.domain, webhookId, eventId, triggeredAt };
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Shopify-Captain-Hook',
        'x-shopify-topic': topic,
        'x-shopify-hmac-sha256': hmac,
        'x-shopify-shop-domain': rt.shop.domain,
        'x-shopify-api-version': apiVersion,
        'x-shopify-webhook-id': webhookId,
        'x-shopify-event-id': eventId,
        'x-shopify-triggered-at': triggeredAt,
      },
      body,
      signal: AbortSignal.timeout(5000), // Shopify gives up after ~5 s
    });
    await res.arrayBuffer();
    result.status = res.status;
    result.delivered = res.status >= 200 && res.status < 300;
  } catch (e) {
    result.error = (e as Error).message;
  }
  return result;
}

function moneySet(cents: number, o: OrderRecord, shopCurrency: string): Record<string, unknown> {
  return {
    shop_money: { amount: restMoney(cents), currency_code: shopCurrency },
    presentment_money: { amount: restMoney(Math.round(cents * o.presentmentRate)), currency_code: o.presentmentCurrency },
  };
}

/** the REST Admin API order JSON as order webhooks carry it */
export function orderPayload(ctx: EmulatorContext, rt: ShopRuntime, o: OrderRecord, asOf: number): Record<string, unknown> {
  const s = orderState(o, asOf);
  const tz = rt.merchant.timezone;
  const cur = rt.merchant.currency;
  const token = createHash('md5').update(`order-token:${o.legacyId}`).digest('hex');
  const items = lineItems(ctx.world.seed, rt.merchant, o);
  const lineTotal = items.reduce((a, li) => a + li.unitCents * li.quantity, 0);
  return {
    id: o.legacyId,
    admin_graphql_api_id: `gid://shopify/Order/${o.legacyId}`,
    app_id: 580111,
    browser_ip: null,
    buyer_accepts_marketing: false,
    cancel_reason: s.cancelled ? o.cancelReason?.toLowerCase() ?? null : null,
    cancelled_at: s.cancelled && o.cancelledAt !== null ? restTime(o.cancelledAt, tz) : null,
    checkout_token: token.slice(0, 32),
    closed_at: null,
    confirmation_number: token.slice(0, 9).toUpperCase(),
    confirmed: true,
    contact_email: null,
    created_at: restTime(o.createdAt, tz),
    currency: cur,
    current_subtotal_price: restMoney(s.cancelled ? 0 : Math.max(0, o.subtotalCents - s.refundedCents)),
    current_total_discounts: restMoney(o.discountCents),
    current_total_price: restMoney(s.currentTotalCents),
    current_total_price_set: moneySet(s.currentTotalCents, o, cur),
    current_total_tax: restMoney(o.taxCents),
    customer_locale: cur === 'INR' ? 'en-IN' : 'en-US',
    discount_codes: [],
    email: null,
    financial_status: s.financialStatus.toLowerCase(),
    fulfillment_status: s.fulfillmentStatus === 'FULFILLED' ? 'fulfilled' : null,
    name: `#${o.number}`,
    note: null,
    number: o.number - 1000,
    order_number: o.number,
    presentment_currency: o.presentmentCurrency,
    processed_at: restTime(o.processedAt, tz),
    source_name: o.sourceName,
    subtotal_price: restMoney(o.subtotalCents),
    subtotal_price_set: moneySet(o.subtotalCents, o, cur),
    tags: '',
    taxes_included: o.taxesIncluded,
    test: o.test,
    token,
    total_discounts: restMoney(o.discountCents),
    total_discounts_set: moneySet(o.discountCents, o, cur),
    total_line_items_price: restMoney(lineTotal),
    total_line_items_price_set: moneySet(lineTotal, o, cur),
    total_price: restMoney(o.totalCents),
    total_price_set: moneySet(o.totalCents, o, cur),
    total_shipping_price_set: moneySet(o.shippingCents, o, cur),
    total_tax: restMoney(o.taxCents),
    total_tax_set: moneySet(o.taxCents, o, cur),
    updated_at: restTime(s.updatedAt, tz),
    user_id: null,
    customer: { id: o.customerId, admin_graphql_api_id: `gid://shopify/Customer/${o.customerId}` },
    line_items: items.map((li) => ({
      id: li.id,
      admin_graphql_api_id: `gid://shopify/LineItem/${li.id}`,
      name: li.product.variantTitle === 'Default Title' ? li.product.title : `${li.product.title} - ${li.product.variantTitle}`,
      price: restMoney(li.unitCents),
      price_set: moneySet(li.unitCents, o, cur),
      product_id: li.product.productId,
      quantity: li.quantity,
      sku: li.product.sku,
      title: li.product.title,
      total_discount: restMoney(li.discountCents),
      variant_id: li.product.variantId,
      variant_title: li.product.variantTitle === 'Default Title' ? null : li.product.variantTitle,
      vendor: li.product.vendor,
    })),
    refunds: s.refunds.map((r) => ({
      id: r.id,
      admin_graphql_api_id: `gid://shopify/Refund/${r.id}`,
      created_at: restTime(r.createdAt, tz),
      note: null,
      order_id: o.legacyId,
      processed_at: restTime(r.createdAt, tz),
      transactions: [{ id: r.id + 1_000_000_000, amount: restMoney(r.cents), currency: cur, kind: 'refund', status: 'success' }],
    })),
  };
}

/** default bodies of the mandatory compliance topics and app/uninstalled (reference 5.5) */
export function defaultPayload(ctx: EmulatorContext, rt: ShopRuntime, topic: string, asOf: number): Record<string, unknown> {
  const base = { shop_id: rt.shopId, shop_domain: rt.shop.domain };
  const some = rt.orders.day(rt.orders.historyRange(asOf).to).slice(0, 2).map((o) => o.legacyId);
  const customer = { id: 6_500_000_000_007 + rt.index, email: `customer${rt.index + 1}@example.com`, phone: '555-625-1199' };
  switch (topic) {
    case 'customers/data_request': return { ...base, orders_requested: some, customer, data_request: { id: 9999 } };
    case 'customers/redact': return { ...base, customer, orders_to_redact: some };
    case 'shop/redact': return base;
    case 'app/uninstalled': return { id: rt.shopId, name: rt.shop.name, email: rt.shop.email, domain: rt.shop.domain, myshopify_domain: rt.shop.domain, currency: rt.merchant.currency, iana_timezone: rt.merchant.timezone };
    default: {
      const latest = rt.orders.live[rt.orders.live.length - 1] ?? rt.orders.day(rt.orders.historyRange(asOf).to)[0];
      return latest ? orderPayload(ctx, rt, latest, asOf) : base;
    }
  }
}
