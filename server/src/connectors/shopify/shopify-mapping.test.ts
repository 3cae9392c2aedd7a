import { describe, it, expect } from 'vitest';
import {
  createdWindowQuery, decimalAmount, legacyId, localDay, mapBulkLine, mapOrder, ShopifyMappingError, type ShopifyOrderNode,
} from './shopify-mapping.js';

const ctx = { brandId: 'brand-1', shop: 'acme.myshopify.com', timezone: 'America/New_York' };

// platform-apis.md 5.2: an order node as Admin GraphQL returns it (BigDecimal-style amounts, UTC times)
const node: ShopifyOrderNode = {
  id: 'gid://shopify/Order/5123456789',
  name: '#1042',
  createdAt: '2026-01-05T14:03:11Z',
  updatedAt: '2026-01-09T10:00:00Z',
  processedAt: '2026-01-05T14:03:10Z',
  cancelledAt: null,
  test: false,
  displayFinancialStatus: 'PARTIALLY_REFUNDED',
  currencyCode: 'USD',
  totalPriceSet: { shopMoney: { amount: '120.0', currencyCode: 'USD' } },
  subtotalPriceSet: { shopMoney: { amount: '104.5' } },
  totalDiscountsSet: { shopMoney: { amount: '0.0' } },
  totalTaxSet: { shopMoney: { amount: '7.85' } },
  totalShippingPriceSet: { shopMoney: { amount: '7.65' } },
  totalRefundedSet: { shopMoney: { amount: '40.00', currencyCode: 'USD' } },
  refunds: [{ id: 'gid://shopify/Refund/987654', createdAt: '2026-01-09T10:00:00Z', totalRefundedSet: { shopMoney: { amount: '40.00', currencyCode: 'USD' } } }],
};

describe('mapOrder', () => {
  it('given an order node from Admin GraphQL, when mapped, then it gives one order row and its refund rows in shop money', () => {
    const { order, refunds } = mapOrder(ctx, node);
    expect(order).toEqual({
      brandId: 'brand-1',
      shop: 'acme.myshopify.com',
      orderId: '5123456789',
      orderName: '#1042',
      createdAt: new Date('2026-01-05T14:03:11Z'),
      orderDate: '2026-01-05',
      updatedAt: new Date('2026-01-09T10:00:00Z'),
      cancelledAt: null,
      test: 0,
      financialStatus: 'PARTIALLY_REFUNDED',
      currency: 'USD',
      totalPrice: '120.00',
      subtotalPrice: '104.50',
      totalDiscounts: '0.00',
      totalTax: '7.85',
      totalShipping: '7.65',
      totalRefunded: '40.00',
    });
    expect(refunds).toEqual([
      { brandId: 'brand-1', shop: 'acme.myshopify.com', refundId: '987654', orderId: '5123456789', refundedAt: new Date('2026-01-09T10:00:00Z'), refundDate: '2026-01-09', amount: '40.00' },
    ]);
  });

  it('given an order created at 02:00 UTC, when mapped for a New York shop, then its day is the previous local day', () => {
    expect(mapOrder(ctx, { ...node, createdAt: '2026-01-06T02:00:00Z' }).order.orderDate).toBe('2026-01-05');
    expect(mapOrder({ ...ctx, timezone: 'Asia/Kolkata' }, { ...node, createdAt: '2026-01-05T18:30:00Z' }).order.orderDate).toBe('2026-01-06');
  });

  it('given a cancelled test order, when mapped, then it is kept with its flags (reports exclude it in SQL)', () => {
    const { order } = mapOrder(ctx, { ...node, test: true, cancelledAt: '2026-01-05T20:00:00Z', displayFinancialStatus: 'VOIDED', refunds: [] });
    expect(order).toMatchObject({ test: 1, cancelledAt: new Date('2026-01-05T20:00:00Z'), financialStatus: 'VOIDED' });
  });

  it('given a refund without createdAt, when mapped, then it is left out rather than put on a made-up day', () => {
    expect(mapOrder(ctx, { ...node, refunds: [{ ...node.refunds![0]!, createdAt: null }] }).refunds).toEqual([]);
  });

  it('given a null subtotal but no total price, when mapped, then the first reads as zero and the second is an error', () => {
    expect(mapOrder(ctx, { ...node, subtotalPriceSet: null }).order.subtotalPrice).toBe('0.00');
    expect(() => mapOrder(ctx, { ...node, totalPriceSet: null as unknown as ShopifyOrderNode['totalPriceSet'] })).toThrow(ShopifyMappingError);
  });
});

describe('mapBulkLine', () => {
  it('given JSONL lines of a bulk export, when mapped, then orders map with inline refunds, Refund child lines by __parentId, line items are skipped', () => {
    const orderLine = JSON.parse(JSON.stringify(node)) as Record<string, unknown>;
    expect(mapBulkLine(ctx, orderLine).order?.orderId).toBe('5123456789');
    expect(mapBulkLine(ctx, orderLine).refunds).toHaveLength(1);
    expect(mapBulkLine(ctx, { id: 'gid://shopify/LineItem/13579', quantity: 2, sku: 'TEE-BLK-M', __parentId: 'gid://shopify/Order/5123456789' })).toEqual({ refunds: [] });
    const child = mapBulkLine(ctx, { id: 'gid://shopify/Refund/1', createdAt: '2026-01-10T03:00:00Z', totalRefundedSet: { shopMoney: { amount: '5.5' } }, __parentId: 'gid://shopify/Order/77' });
    expect(child).toEqual({ refunds: [expect.objectContaining({ refundId: '1', orderId: '77', refundDate: '2026-01-09', amount: '5.50' })] });
  });
});

describe('decimalAmount', () => {
  it('given Shopify Decimal strings, when normalised, then they are the cents numeric(16,2) stores, rounded on the digits', () => {
    expect(['120.0', '80.5', '19.99', '0.0', '7', '-3.1', '1.234', '1.005', '0012.30', '99999999999999.99'].map(decimalAmount)).toEqual(['120.00', '80.50', '19.99', '0.00', '7.00', '-3.10', '1.23', '1.01', '12.30', '99999999999999.99']);
  });

  it('given something that is not a decimal, when normalised, then it is refused (no float guessing)', () => {
    for (const bad of ['1e3', 'NaN', '', '1,5', '12.']) expect(() => decimalAmount(bad)).toThrow(ShopifyMappingError);
  });
});

describe('ids and days', () => {
  it('given a GID, when read, then the numeric id order webhooks carry comes out', () => {
    expect(legacyId('gid://shopify/Order/5123456789')).toBe('5123456789');
    expect(legacyId('gid://shopify/Refund/987654?x=1')).toBe('987654');
    expect(() => legacyId('5123456789')).toThrow(ShopifyMappingError);
  });

  it('given local days around DST changes, when converted, then midnight is the right UTC instant', () => {
    expect(createdWindowQuery({ from: '2026-03-08', to: '2026-03-08' }, 'America/New_York')).toBe("created_at:>='2026-03-08T05:00:00Z' created_at:<'2026-03-09T04:00:00Z'"); // EST to EDT
    expect(localDay('2026-03-09T03:59:59Z', 'America/New_York')).toBe('2026-03-08');
    expect(localDay('2026-03-09T04:00:00Z', 'America/New_York')).toBe('2026-03-09');
  });

  it('given a window of local days, when turned into a search, then it bounds created_at by exact UTC instants', () => {
    expect(createdWindowQuery({ from: '2026-05-01', to: '2026-05-31' }, 'Asia/Kolkata')).toBe("created_at:>='2026-04-30T18:30:00Z' created_at:<'2026-05-31T18:30:00Z'");
    expect(createdWindowQuery({ from: '2026-11-01', to: '2026-11-01' }, 'America/New_York')).toBe("created_at:>='2026-11-01T04:00:00Z' created_at:<'2026-11-02T05:00:00Z'");
  });
});
