import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { normaliseShop } from '../../connectors/shopify/shopify-auth.js';
import { eraseShop } from './shopify-compliance.sql.js';

/**
 * Shopify's mandatory compliance webhooks (platform-apis.md 5.5; shopify.dev .../privacy-law-compliance).
 *
 * What we hold about a shop's customers: nothing. store_orders keeps an order's id, name ("#1042"), dates,
 * status, currency and money totals; store_refunds a refund's id, order id, date and amount
 * (db/facts-schema.ts). Neither has a customer id, name, email, phone or address, and we never ask Shopify
 * for them (the sync's ORDER_FIELDS in shopify-sync.ts, and restOrderToNode for order webhooks, keep money
 * and dates only). An order id ties to a person only
 * inside Shopify, and the row is the merchant's sales figure, so customers/redact deletes nothing and
 * customers/data_request has nothing to hand over: both are answered and recorded in the log. If a customer
 * field is ever stored, these two handlers must start deleting and exporting it.
 *
 * shop/redact (48 h after an uninstall) erases everything we hold for the shop (shopify-compliance.sql.ts).
 */
export const COMPLIANCE_TOPICS: ReadonlySet<string> = new Set(['customers/data_request', 'customers/redact', 'shop/redact']);

const idSchema = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]);
const shopDomainSchema = z
  .string()
  .transform((s) => s.toLowerCase())
  .refine((s) => normaliseShop(s) === s, 'not a myshopify.com domain');
// Only the fields we act on are parsed: the customer's email and phone are dropped here, so they cannot
// reach a log line or an error message further on.
const shopPayloadSchema = z.object({ shop_id: idSchema, shop_domain: shopDomainSchema });
const customerSchema = z.object({ id: idSchema });
const customersRedactSchema = shopPayloadSchema.extend({ customer: customerSchema, orders_to_redact: z.array(idSchema) });
const customersDataRequestSchema = shopPayloadSchema.extend({ customer: customerSchema, orders_requested: z.array(idSchema), data_request: z.object({ id: idSchema }) });

export type ComplianceOutcome =
  | { ok: false; message: string }
  /** ok: `log` is the structured record of what was asked and done (ids and counts only, no PII) */
  | { ok: true; log: Record<string, unknown> };

/**
 * One compliance webhook, already HMAC-verified. The shop is taken from the signed body, not from the
 * X-Shopify-Shop-Domain header (which the signature does not cover); a header naming another shop is refused.
 */
export async function handleComplianceWebhook(db: Database, topic: string, payload: unknown, headerShop: string): Promise<ComplianceOutcome> {
  const invalid = { ok: false, message: `Invalid ${topic} payload` } as const;
  const mismatch = { ok: false, message: 'The shop domain header does not match the payload' } as const;
  const sameShop = (shop: string) => !headerShop || headerShop === shop;

  if (topic === 'customers/data_request') {
    const parsed = customersDataRequestSchema.safeParse(payload);
    if (!parsed.success) return invalid;
    const b = parsed.data;
    if (!sameShop(b.shop_domain)) return mismatch;
    return { ok: true, log: { topic, shop: b.shop_domain, shopId: String(b.shop_id), customerId: String(b.customer.id), dataRequestId: String(b.data_request.id), ordersRequested: b.orders_requested.length, customerDataHeld: false } };
  }
  if (topic === 'customers/redact') {
    const parsed = customersRedactSchema.safeParse(payload);
    if (!parsed.success) return invalid;
    const b = parsed.data;
    if (!sameShop(b.shop_domain)) return mismatch;
    return { ok: true, log: { topic, shop: b.shop_domain, shopId: String(b.shop_id), customerId: String(b.customer.id), ordersToRedact: b.orders_to_redact.length, customerDataHeld: false, deleted: 0 } };
  }
  if (topic === 'shop/redact') {
    const parsed = shopPayloadSchema.safeParse(payload);
    if (!parsed.success) return invalid;
    const b = parsed.data;
    if (!sameShop(b.shop_domain)) return mismatch;
    const erased = await eraseShop(db, b.shop_domain);
    return { ok: true, log: { topic, shop: b.shop_domain, shopId: String(b.shop_id), brands: erased.brandIds.length, connectionsDeleted: erased.connections, grantsDeleted: erased.grants } };
  }
  return { ok: false, message: `Not a compliance topic: ${topic}` };
}
