import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ShopifyMoneyBag, ShopifyOrderNode } from './shopify-mapping.js';
import { sumAmounts } from '@parallels/contract/money';

/**
 * Shopify signs a webhook with base64 HMAC-SHA256 of the RAW body (platform-apis.md 5.5; checklist E3): the
 * body must be verified before it is parsed, and a re-serialized JSON would not match.
 */
export function verifyWebhook(secret: string, rawBody: Buffer, hmacHeader: string | undefined): boolean {
  if (!hmacHeader) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = Buffer.from(hmacHeader, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface RestMoneySet {
  shop_money?: { amount?: string; currency_code?: string };
}

/** The REST order JSON of orders/* webhooks (the fields we keep). */
export interface RestOrder {
  id: number | string;
  admin_graphql_api_id?: string;
  name: string;
  created_at: string;
  updated_at: string;
  processed_at?: string;
  cancelled_at: string | null;
  test: boolean;
  financial_status: string | null;
  currency: string;
  total_price: string;
  total_price_set?: RestMoneySet;
  subtotal_price_set?: RestMoneySet;
  total_discounts_set?: RestMoneySet;
  total_tax_set?: RestMoneySet;
  total_shipping_price_set?: RestMoneySet;
  refunds?: Array<{ id: number | string; admin_graphql_api_id?: string; created_at: string | null; transactions?: Array<{ amount: string; kind?: string; status?: string }> }>;
}

const bag = (set: RestMoneySet | undefined): ShopifyMoneyBag | null => (set?.shop_money?.amount !== undefined ? { shopMoney: { amount: set.shop_money.amount } } : null);

/**
 * A webhook's REST order in the GraphQL node shape the sync maps (shopify-mapping.ts), so one mapping serves
 * both: the same ids (the numeric part of the GID), days and amounts whichever way an order arrives.
 */
export function restOrderToNode(o: RestOrder): ShopifyOrderNode {
  const refunds = (o.refunds ?? []).map((r) => {
    const amounts = (r.transactions ?? []).filter((t) => (t.kind ?? 'refund') === 'refund' && (t.status ?? 'success') === 'success').map((t) => t.amount);
    return { id: r.admin_graphql_api_id ?? `gid://shopify/Refund/${r.id}`, createdAt: r.created_at, totalRefundedSet: { shopMoney: { amount: sumAmounts(amounts) } } };
  });
  return {
    id: o.admin_graphql_api_id ?? `gid://shopify/Order/${o.id}`,
    name: o.name,
    createdAt: o.created_at,
    updatedAt: o.updated_at,
    processedAt: o.processed_at ?? o.created_at,
    cancelledAt: o.cancelled_at,
    test: o.test,
    displayFinancialStatus: o.financial_status ? o.financial_status.toUpperCase() : null,
    currencyCode: o.currency,
    totalPriceSet: bag(o.total_price_set) ?? { shopMoney: { amount: o.total_price } },
    subtotalPriceSet: bag(o.subtotal_price_set),
    totalDiscountsSet: bag(o.total_discounts_set),
    totalTaxSet: bag(o.total_tax_set),
    totalShippingPriceSet: bag(o.total_shipping_price_set),
    totalRefundedSet: { shopMoney: { amount: sumAmounts(refunds.map((r) => r.totalRefundedSet.shopMoney.amount)) } },
    refunds,
  };
}
