import type { storeOrders, storeRefunds } from '../../db/facts-schema.js';
import { addDays, dayStartIn, todayIn } from '@parallels/contract/days';
import { MoneyFormatError, toAmount } from '@parallels/contract/money';

// Shopify Admin GraphQL orders -> our store_orders / store_refunds rows. Pure functions only.
// Wire facts (platform-apis.md 5.2, 0): money is a Decimal *string* in `shopMoney.amount` written like
// BigDecimal ("120.0", "80.5", "19.99"), in the shop's currency; timestamps are ISO-8601 UTC; ids are
// GIDs. Our day is the shop's local day (ianaTimezone), never the UTC day.

export type StoreOrderRow = typeof storeOrders.$inferInsert;
export type StoreRefundRow = typeof storeRefunds.$inferInsert;

export interface ShopifyMoneyBag {
  shopMoney: { amount: string; currencyCode?: string };
}

export interface ShopifyRefundNode {
  id: string;
  /** nullable in the schema (very old refunds) */
  createdAt: string | null;
  totalRefundedSet: ShopifyMoneyBag;
}

/** The Order fields both pulls select (ORDER_FIELDS in shopify-sync.ts). */
export interface ShopifyOrderNode {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  processedAt: string;
  cancelledAt: string | null;
  test: boolean;
  displayFinancialStatus: string | null;
  currencyCode: string;
  totalPriceSet: ShopifyMoneyBag;
  subtotalPriceSet: ShopifyMoneyBag | null;
  totalDiscountsSet: ShopifyMoneyBag | null;
  totalTaxSet: ShopifyMoneyBag | null;
  totalShippingPriceSet: ShopifyMoneyBag | null;
  totalRefundedSet: ShopifyMoneyBag | null;
  /** a list, not a connection: inline in bulk JSONL too (platform-apis.md 5.2) */
  refunds?: ShopifyRefundNode[];
}

export interface ShopContext {
  brandId: string;
  /** 'name.myshopify.com' */
  shop: string;
  /** the shop's ianaTimezone */
  timezone: string;
}

export class ShopifyMappingError extends Error {}

/** 'gid://shopify/Order/5123456789' -> '5123456789': the numeric id is what order webhooks carry, so both upsert one row. */
export function legacyId(gid: string): string {
  const m = /^gid:\/\/shopify\/[A-Za-z]+\/(\d+)(?:\?.*)?$/.exec(gid);
  if (!m?.[1]) throw new ShopifyMappingError(`not a Shopify global id: ${gid}`);
  return m[1];
}

/**
 * A Shopify Decimal ("120.0", "80.5", "19.99") as stored: rounded to cents by the one money rule
 * (contract/money.ts), never through a float. Shopify writes plain decimals only, so anything else (an
 * exponent, a comma) is a payload we do not understand.
 */
export function decimalAmount(amount: string | null | undefined): string {
  if (amount === null || amount === undefined) return '0.00';
  // what Shopify writes nearly always ("120.0", "80.5", "19.99"): already whole cents, so only the second decimal is
  // written out (toAmount gives the same; a large store maps millions of these)
  const plain = PLAIN_CENTS.exec(amount);
  if (plain) return `${plain[1]}.${(plain[2] ?? '').padEnd(2, '0')}`;
  if (!/^-?\d+(?:\.\d+)?$/.test(amount.trim())) throw new ShopifyMappingError(`not a decimal amount: ${amount}`);
  try {
    return toAmount(amount);
  } catch (err) {
    if (err instanceof MoneyFormatError) throw new ShopifyMappingError(err.message);
    throw err;
  }
}

/** a non-negative amount in whole cents without leading zeros: "0.5", "120.0", "19.99", "7" */
const PLAIN_CENTS = /^(0|[1-9]\d{0,12})(?:\.(\d{1,2}))?$/;

/** a nullable money bag (subtotalPriceSet is nullable in the schema): absent reads as zero */
function money(bag: ShopifyMoneyBag | null | undefined): string {
  return decimalAmount(bag?.shopMoney?.amount);
}

/** a non-null one (totalPriceSet, a refund's totalRefundedSet): absent means a payload we do not understand */
function requiredMoney(bag: ShopifyMoneyBag | null | undefined, what: string): string {
  if (typeof bag?.shopMoney?.amount !== 'string') throw new ShopifyMappingError(`no ${what}`);
  return decimalAmount(bag.shopMoney.amount);
}

function instant(iso: string): Date {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) throw new ShopifyMappingError(`not a timestamp: ${iso}`);
  return d;
}

/**
 * The local days last asked for, per time zone, with the instants they span: a window's orders come in created
 * order, so nearly every order falls in a day already known, without asking Intl (a large store maps millions).
 * A few are kept, since refunds (on later days) come between the orders.
 */
const knownDays = new Map<string, Array<{ start: number; end: number; day: string }>>();
const KNOWN_DAYS = 4;

/** the shop's calendar day at an instant */
export function localDay(at: Date | string, timeZone: string): string {
  const date = typeof at === 'string' ? instant(at) : at;
  const ms = date.getTime();
  let known = knownDays.get(timeZone);
  if (!known) knownDays.set(timeZone, (known = []));
  for (const k of known) if (ms >= k.start && ms < k.end) return k.day;
  const day = todayIn(timeZone, date);
  known.unshift({ start: dayStartIn(day, timeZone).getTime(), end: dayStartIn(addDays(day, 1), timeZone).getTime(), day });
  if (known.length > KNOWN_DAYS) known.pop();
  return day;
}

/** ISO-8601 UTC to the second, as Shopify writes DateTime ("2026-01-05T14:03:11Z") */
export function searchTime(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * The `query:` of a window of local days [from, to]: `created_at:>=` local midnight of `from` and `<` local
 * midnight after `to`, written as exact UTC instants so no one has to guess which zone a bare date means.
 */
export function createdWindowQuery(window: { from: string; to: string }, timeZone: string): string {
  const start = searchTime(dayStartIn(window.from, timeZone));
  const end = searchTime(dayStartIn(addDays(window.to, 1), timeZone));
  return `created_at:>='${start}' created_at:<'${end}'`;
}

export function mapRefund(ctx: ShopContext, refund: ShopifyRefundNode, orderGid: string): StoreRefundRow | undefined {
  // A refund without createdAt cannot be put on a day; missing is not zero, so it is left out.
  if (!refund.createdAt) return undefined;
  const refundedAt = instant(refund.createdAt);
  return {
    brandId: ctx.brandId,
    shop: ctx.shop,
    refundId: legacyId(refund.id),
    orderId: legacyId(orderGid),
    refundedAt,
    refundDate: localDay(refundedAt, ctx.timezone),
    amount: requiredMoney(refund.totalRefundedSet, 'refund amount'),
  };
}

/**
 * One order and its refunds. The order's day is its createdAt in the shop's zone, the same instant the
 * window query selects on, so every order lands in the window that fetched it (processedAt can be
 * back-dated for imported orders and sits up to seconds before createdAt, across midnight at times).
 * Test and cancelled orders are kept with their flags: reports exclude them in SQL.
 */
export function mapOrder(ctx: ShopContext, node: ShopifyOrderNode): { order: StoreOrderRow; refunds: StoreRefundRow[] } {
  const createdAt = instant(node.createdAt);
  const order: StoreOrderRow = {
    brandId: ctx.brandId,
    shop: ctx.shop,
    orderId: legacyId(node.id),
    orderName: node.name,
    createdAt,
    orderDate: localDay(createdAt, ctx.timezone),
    updatedAt: instant(node.updatedAt),
    cancelledAt: node.cancelledAt ? instant(node.cancelledAt) : null,
    test: node.test ? 1 : 0,
    financialStatus: node.displayFinancialStatus ?? 'UNKNOWN',
    currency: node.currencyCode,
    totalPrice: requiredMoney(node.totalPriceSet, 'order total'),
    subtotalPrice: money(node.subtotalPriceSet),
    totalDiscounts: money(node.totalDiscountsSet),
    totalTax: money(node.totalTaxSet),
    totalShipping: money(node.totalShippingPriceSet),
    totalRefunded: money(node.totalRefundedSet),
  };
  const refunds: StoreRefundRow[] = [];
  for (const r of node.refunds ?? []) {
    const row = mapRefund(ctx, r, node.id);
    if (row) refunds.push(row);
  }
  return { order, refunds };
}

/**
 * One line of a bulk export's JSONL (platform-apis.md 5.3): an order, or a child line of a nested
 * connection carrying `__parentId`, which may come anywhere after its parent. Our query's only nested
 * data, refunds, is a list and so inline in the order's line; a Refund child line (should Shopify ever
 * make it a connection) maps the same way, and other children (line items) are not facts of ours.
 */
export function mapBulkLine(ctx: ShopContext, line: Record<string, unknown>): { order?: StoreOrderRow; refunds: StoreRefundRow[] } {
  const parent = line.__parentId;
  if (typeof parent === 'string') {
    if (typeof line.id !== 'string' || !line.id.startsWith('gid://shopify/Refund/')) return { refunds: [] };
    const row = mapRefund(ctx, line as unknown as ShopifyRefundNode, parent);
    return { refunds: row ? [row] : [] };
  }
  return mapOrder(ctx, line as unknown as ShopifyOrderNode);
}
