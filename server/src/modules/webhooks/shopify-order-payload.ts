import { z } from 'zod';
import type { RestOrder } from '../../connectors/shopify/shopify-webhook.js';

// The REST order JSON of the orders/* webhooks, as far as we read it (restOrderToNode). Shopify signs what it
// sends, but a signed body can still be one we do not understand (an API version change, a bug on either
// side): it is checked here, before any of it is converted or stored.

const idSchema = z.union([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^\d{1,20}$/)]);
const gidSchema = z.string().max(200);
/** Money as Shopify writes it ("12.50"); at most what store_orders' numeric(16,2) holds. */
const amountSchema = z.string().max(20, { abort: true }).regex(/^-?\d{1,13}(\.\d{1,4})?$/, 'not a decimal amount');
/** An instant ("2026-03-14T10:00:00-05:00"); mapOrder reads it with the brand's timezone. */
const instantSchema = z
  .string()
  .max(40, { abort: true })
  .refine((s) => !Number.isNaN(Date.parse(s)), 'not a timestamp');
const moneySetSchema = z.object({ shop_money: z.object({ amount: amountSchema.optional(), currency_code: z.string().max(10).optional() }).optional() });

const refundSchema = z.object({
  id: idSchema,
  admin_graphql_api_id: gidSchema.optional(),
  created_at: instantSchema.nullable(),
  transactions: z.array(z.object({ amount: amountSchema, kind: z.string().max(40).optional(), status: z.string().max(40).optional() })).max(1000).optional(),
});

export const restOrderSchema = z.object({
  id: idSchema,
  admin_graphql_api_id: gidSchema.optional(),
  name: z.string().max(255),
  created_at: instantSchema,
  updated_at: instantSchema,
  processed_at: instantSchema.nullish().transform((v) => v ?? undefined),
  cancelled_at: instantSchema.nullable(),
  test: z.boolean(),
  financial_status: z.string().max(60).nullable(),
  currency: z.string().max(10),
  total_price: amountSchema,
  total_price_set: moneySetSchema.optional(),
  subtotal_price_set: moneySetSchema.optional(),
  total_discounts_set: moneySetSchema.optional(),
  total_tax_set: moneySetSchema.optional(),
  total_shipping_price_set: moneySetSchema.optional(),
  refunds: z.array(refundSchema).max(1000).optional(),
}) satisfies z.ZodType<RestOrder, unknown>;

/** The fields of an order payload we read: a rejected payload is kept with these only (no customer's name, email or address). */
const KEPT_FIELDS = Object.keys(restOrderSchema.shape);

/**
 * What is kept of a payload we could not read, for someone to look at: the order fields we read, as sent
 * (whatever their types), and nothing else a customer could be identified by.
 */
export function inspectableOrderPayload(payload: unknown): unknown {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return payload;
  const record = payload as Record<string, unknown>;
  return Object.fromEntries(KEPT_FIELDS.filter((k) => k in record).map((k) => [k, record[k]]));
}
