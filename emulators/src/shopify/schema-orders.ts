import type { TypeDef } from './graphql/types.js';
import { checkPageArgs, connection, paginate } from './connection.js';
import { gid, requireScope, type ShopifyExec } from './exec-context.js';
import { lineItems, type LineItemRecord } from './line-items.js';
import { cursorText, listOrders, ORDER_SORT_KEYS, parseCursorValue, sortKeyOf, type ListedOrder, type OrderSortKey } from './order-query.js';
import { decimal, gqlTime } from './time.js';

// Order, its money bags, refunds and line items; the `orders` connection.

type Types = Record<string, TypeDef<ShopifyExec>>;
type P = ListedOrder;

const o = (p: unknown): P => p as P;

function money(ctx: ShopifyExec, p: P, cents: number): Record<string, unknown> {
  const shop = ctx.rt.merchant.currency;
  return {
    shopMoney: { amount: decimal(cents), currencyCode: shop },
    presentmentMoney: { amount: decimal(Math.round(cents * p.o.presentmentRate)), currencyCode: p.o.presentmentCurrency },
  };
}

const moneyField = (cents: (p: P) => number) => ({ type: 'MoneyBag!', resolve: (p: unknown, _a: Record<string, unknown>, ctx: ShopifyExec) => money(ctx, o(p), cents(o(p))) });

export function ordersField(): { type: string; args: Record<string, string>; resolve: (p: unknown, a: Record<string, unknown>, ctx: ShopifyExec, info: { path: Array<string | number> }) => unknown } {
  return {
    type: 'OrderConnection!',
    args: { first: 'Int', last: 'Int', after: 'String', before: 'String', query: 'String', sortKey: 'OrderSortKeys', reverse: 'Boolean', savedSearchId: 'ID' },
    resolve: (_p, args, ctx, info) => {
      requireScope(ctx, 'read_orders', 'orders');
      const size = ctx.bulk ? {} : checkPageArgs(args, 'orders');
      const sortKey = (typeof args.sortKey === 'string' ? args.sortKey : 'ID') as OrderSortKey;
      const query = typeof args.query === 'string' ? args.query : undefined;
      const listing = listOrders(ctx.rt.orders, ctx.asOf, query, sortKey, args.reverse === true, ctx.scopes.has('read_all_orders'));
      if (listing.warnings.length && query) ctx.search.push({ path: info.path, query, warnings: listing.warnings });
      const key = sortKeyOf(sortKey);
      const page = paginate(listing.items, key, (x) => cursorText(sortKey, key(x)), args, size, args.reverse === true, parseCursorValue(sortKey), !ctx.bulk);
      return connection(page);
    },
  };
}

export function orderTypes(): Types {
  return {
    OrderSortKeys: { kind: 'ENUM', values: ORDER_SORT_KEYS },
    OrderDisplayFinancialStatus: { kind: 'ENUM', values: ['PENDING', 'AUTHORIZED', 'PARTIALLY_PAID', 'PARTIALLY_REFUNDED', 'VOIDED', 'PAID', 'REFUNDED', 'EXPIRED'] },
    OrderDisplayFulfillmentStatus: { kind: 'ENUM', values: ['UNFULFILLED', 'PARTIALLY_FULFILLED', 'FULFILLED', 'RESTOCKED', 'PENDING_FULFILLMENT', 'OPEN', 'IN_PROGRESS', 'ON_HOLD', 'SCHEDULED', 'REQUEST_DECLINED'] },
    OrderCancelReason: { kind: 'ENUM', values: ['CUSTOMER', 'DECLINED', 'FRAUD', 'INVENTORY', 'STAFF', 'OTHER'] },
    OrderConnection: { kind: 'OBJECT', fields: { edges: { type: '[OrderEdge!]!' }, nodes: { type: '[Order!]!' }, pageInfo: { type: 'PageInfo!' } } },
    OrderEdge: { kind: 'OBJECT', fields: { cursor: { type: 'String!' }, node: { type: 'Order!' } } },
    PageInfo: { kind: 'OBJECT', fields: { hasNextPage: { type: 'Boolean!' }, hasPreviousPage: { type: 'Boolean!' }, startCursor: { type: 'String' }, endCursor: { type: 'String' } } },
    MoneyBag: { kind: 'OBJECT', fields: { shopMoney: { type: 'MoneyV2!' }, presentmentMoney: { type: 'MoneyV2!' } } },
    MoneyV2: { kind: 'OBJECT', fields: { amount: { type: 'Decimal!' }, currencyCode: { type: 'CurrencyCode!' } } },
    Order: {
      kind: 'OBJECT',
      interfaces: ['Node'],
      fields: {
        id: { type: 'ID!', resolve: (p) => gid('Order', o(p).o.legacyId) },
        legacyResourceId: { type: 'UnsignedInt64!', resolve: (p) => String(o(p).o.legacyId) },
        name: { type: 'String!', resolve: (p) => `#${o(p).o.number}` },
        createdAt: { type: 'DateTime!', resolve: (p) => gqlTime(o(p).o.createdAt) },
        processedAt: { type: 'DateTime!', resolve: (p) => gqlTime(o(p).o.processedAt) },
        updatedAt: { type: 'DateTime!', resolve: (p) => gqlTime(o(p).s.updatedAt) },
        cancelledAt: { type: 'DateTime', resolve: (p) => (o(p).s.cancelled && o(p).o.cancelledAt !== null ? gqlTime(o(p).o.cancelledAt as number) : null) },
        cancelReason: { type: 'OrderCancelReason', resolve: (p) => (o(p).s.cancelled ? o(p).o.cancelReason : null) },
        closed: { type: 'Boolean!', resolve: (p) => o(p).s.cancelled || o(p).s.fulfillmentStatus === 'FULFILLED' },
        closedAt: { type: 'DateTime', resolve: (p) => { const x = o(p); const at = x.s.cancelled ? x.o.cancelledAt : x.s.fulfillmentStatus === 'FULFILLED' ? x.o.fulfilledAt : null; return at === null ? null : gqlTime(at); } },
        confirmed: { type: 'Boolean!', resolve: () => true },
        test: { type: 'Boolean!', resolve: (p) => o(p).o.test },
        sourceName: { type: 'String', resolve: (p) => o(p).o.sourceName },
        tags: { type: '[String!]!', resolve: (p) => (o(p).o.sourceName === 'shopify_draft_order' ? ['wholesale'] : []) },
        displayFinancialStatus: { type: 'OrderDisplayFinancialStatus', resolve: (p) => o(p).s.financialStatus },
        displayFulfillmentStatus: { type: 'OrderDisplayFulfillmentStatus!', resolve: (p) => o(p).s.fulfillmentStatus },
        currencyCode: { type: 'CurrencyCode!', resolve: (_p, _a, ctx) => ctx.rt.merchant.currency },
        presentmentCurrencyCode: { type: 'CurrencyCode!', resolve: (p) => o(p).o.presentmentCurrency },
        taxesIncluded: { type: 'Boolean!', resolve: (p) => o(p).o.taxesIncluded },
        subtotalPriceSet: moneyField((p) => p.o.subtotalCents),
        totalPriceSet: moneyField((p) => p.o.totalCents),
        totalDiscountsSet: moneyField((p) => p.o.discountCents),
        totalTaxSet: moneyField((p) => p.o.taxCents),
        totalShippingPriceSet: moneyField((p) => p.o.shippingCents),
        totalRefundedSet: moneyField((p) => p.s.refundedCents),
        currentTotalPriceSet: moneyField((p) => p.s.currentTotalCents),
        currentSubtotalPriceSet: moneyField((p) => (p.s.cancelled ? 0 : Math.max(0, p.o.subtotalCents - p.s.refundedCents))),
        netPaymentSet: moneyField((p) => (p.s.cancelled ? 0 : p.o.totalCents - p.s.refundedCents)),
        refunds: { type: '[Refund!]!', args: { first: 'Int' }, resolve: (p, args) => { const x = o(p); const list = x.s.refunds.map((r) => ({ r, x })); return typeof args.first === 'number' ? list.slice(0, args.first) : list; } },
        lineItems: {
          type: 'LineItemConnection!',
          args: { first: 'Int', last: 'Int', after: 'String', before: 'String', reverse: 'Boolean' },
          resolve: (p, args, ctx) => {
            const size = ctx.bulk ? {} : checkPageArgs(args, 'lineItems');
            const items = lineItems(ctx.state.ctx.world.seed, ctx.rt.merchant, o(p).o).map((li) => ({ li, x: o(p) }));
            if (args.reverse === true) items.reverse();
            const page = paginate(items, (it) => ({ value: it.li.id, id: it.li.id }), (it) => it.li.id, args, size, args.reverse === true, Number, !ctx.bulk);
            return connection(page);
          },
        },
        customer: { type: 'Customer', resolve: (p) => ({ id: o(p).o.customerId }) },
      },
    },
    Refund: {
      kind: 'OBJECT',
      fields: {
        id: { type: 'ID!', resolve: (p) => gid('Refund', (p as { r: { id: number } }).r.id) },
        legacyResourceId: { type: 'UnsignedInt64!', resolve: (p) => String((p as { r: { id: number } }).r.id) },
        createdAt: { type: 'DateTime', resolve: (p) => gqlTime((p as { r: { createdAt: number } }).r.createdAt) },
        updatedAt: { type: 'DateTime!', resolve: (p) => gqlTime((p as { r: { createdAt: number } }).r.createdAt) },
        note: { type: 'String', resolve: () => null },
        totalRefundedSet: { type: 'MoneyBag!', resolve: (p, _a, ctx) => { const v = p as { r: { cents: number }; x: P }; return money(ctx, v.x, v.r.cents); } },
      },
    },
    LineItemConnection: { kind: 'OBJECT', fields: { edges: { type: '[LineItemEdge!]!' }, nodes: { type: '[LineItem!]!' }, pageInfo: { type: 'PageInfo!' } } },
    LineItemEdge: { kind: 'OBJECT', fields: { cursor: { type: 'String!' }, node: { type: 'LineItem!' } } },
    LineItem: {
      kind: 'OBJECT',
      fields: {
        id: { type: 'ID!', resolve: (p) => gid('LineItem', li(p).id) },
        title: { type: 'String!', resolve: (p) => li(p).product.title },
        name: { type: 'String!', resolve: (p) => (li(p).product.variantTitle === 'Default Title' ? li(p).product.title : `${li(p).product.title} - ${li(p).product.variantTitle}`) },
        variantTitle: { type: 'String', resolve: (p) => (li(p).product.variantTitle === 'Default Title' ? null : li(p).product.variantTitle) },
        quantity: { type: 'Int!', resolve: (p) => li(p).quantity },
        currentQuantity: { type: 'Int!', resolve: (p) => li(p).quantity },
        sku: { type: 'String', resolve: (p) => li(p).product.sku },
        vendor: { type: 'String', resolve: (p) => li(p).product.vendor },
        originalUnitPriceSet: { type: 'MoneyBag!', resolve: (p, _a, ctx) => money(ctx, lx(p), li(p).unitCents) },
        originalTotalSet: { type: 'MoneyBag!', resolve: (p, _a, ctx) => money(ctx, lx(p), li(p).unitCents * li(p).quantity) },
        totalDiscountSet: { type: 'MoneyBag!', resolve: (p, _a, ctx) => money(ctx, lx(p), li(p).discountCents) },
        discountedTotalSet: { type: 'MoneyBag!', resolve: (p, _a, ctx) => money(ctx, lx(p), li(p).unitCents * li(p).quantity - li(p).discountCents) },
        product: { type: 'Product', resolve: (p) => li(p).product },
        variant: { type: 'ProductVariant', resolve: (p) => li(p).product },
      },
    },
    Product: {
      kind: 'OBJECT',
      fields: {
        id: { type: 'ID!', resolve: (p) => gid('Product', (p as { productId: number }).productId) },
        title: { type: 'String!' },
        productType: { type: 'String!' },
        vendor: { type: 'String!' },
      },
    },
    ProductVariant: {
      kind: 'OBJECT',
      fields: {
        id: { type: 'ID!', resolve: (p) => gid('ProductVariant', (p as { variantId: number }).variantId) },
        title: { type: 'String!', resolve: (p) => (p as { variantTitle: string }).variantTitle },
        sku: { type: 'String' },
      },
    },
    Customer: {
      kind: 'OBJECT',
      fields: {
        id: { type: 'ID!', resolve: (p) => gid('Customer', (p as { id: number }).id) },
        legacyResourceId: { type: 'UnsignedInt64!', resolve: (p) => String((p as { id: number }).id) },
      },
    },
  };
}

function li(p: unknown): LineItemRecord {
  return (p as { li: LineItemRecord }).li;
}
function lx(p: unknown): P {
  return (p as { x: P }).x;
}
