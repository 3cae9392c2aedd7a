import { createRng, type Rng } from '../common/rng.js';
import { addDays, daysBetween, dayInZone } from '../common/dates.js';
import { historyStart, merchantDay, type Merchant, type ShopifyShop, type World } from '../common/world.js';
import { localToUtc } from './time.js';

// Orders of a sandbox store, generated lazily per local day and cached. A day's order totals add up
// EXACTLY to merchantDay().grossSales (largest remainder, in cents/paise), so Shopify agrees with the
// other platforms. Everything that happens after an order is placed (fulfilment, cancellation,
// refunds) is stored with its instant and only shows once the emulator clock has passed it: that is
// what moves `updatedAt` and makes incremental `updated_at` syncs meaningful.

export interface RefundRecord { id: number; createdAt: number; cents: number }

export interface OrderRecord {
  seq: number;
  legacyId: number;
  number: number;
  day: string;
  createdAt: number;
  processedAt: number;
  totalCents: number;
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  taxesIncluded: boolean;
  presentmentCurrency: string;
  presentmentRate: number;
  test: boolean;
  sourceName: string;
  customerId: number;
  fulfilledAt: number | null;
  cancelledAt: number | null;
  cancelReason: string | null;
  refunds: readonly RefundRecord[];
}

export interface OrderState {
  refunds: readonly RefundRecord[];
  refundedCents: number;
  cancelled: boolean;
  financialStatus: 'PAID' | 'PARTIALLY_REFUNDED' | 'REFUNDED' | 'VOIDED';
  fulfillmentStatus: 'FULFILLED' | 'UNFULFILLED';
  updatedAt: number;
  currentTotalCents: number;
}

const ANCHOR = '2020-01-01';
/** most orders are never refunded: they share one empty list (memory: ~350k orders in full history) */
const NO_REFUNDS: readonly RefundRecord[] = Object.freeze([]);
/**
 * Generated days kept per shop, least recently used dropped first and regenerated on demand (it is deterministic
 * and fast): at most MAX_CACHED_DAYS days (a little over three years: the usual stores' whole history stays cached)
 * and at most MAX_CACHED_ORDERS orders (about 140 MB; a large store's, EMULATOR_SHOPIFY_ORDERS, keep a few months).
 */
const MAX_CACHED_DAYS = 1200;
export const MAX_CACHED_ORDERS = 400_000;
const DAY_MS = 86_400_000;
/** how long after creation an order can still change (refund up to 20 days, a second refund a few days later) */
export const MAX_UPDATE_LAG_MS = 27 * DAY_MS;
// Orders by local hour: quiet at night, a lunchtime bump, the evening peak.
const HOURLY = [0.6, 0.35, 0.2, 0.15, 0.15, 0.25, 0.5, 0.9, 1.3, 1.6, 1.8, 1.9, 1.9, 1.8, 1.7, 1.7, 1.8, 1.9, 2.1, 2.3, 2.4, 2.2, 1.7, 1.1];
const HOURLY_TOTAL = HOURLY.reduce((a, b) => a + b, 0);
const PRESENTMENT: Array<[string, number]> = [['CAD', 1.36], ['GBP', 0.79], ['EUR', 0.92], ['AUD', 1.52]];
const SOURCES: Array<[string, number]> = [['web', 0.86], ['iphone', 0.05], ['android', 0.04], ['shopify_draft_order', 0.03], ['pos', 0.02]];
const CANCEL_REASONS = ['CUSTOMER', 'CUSTOMER', 'CUSTOMER', 'INVENTORY', 'DECLINED', 'FRAUD', 'OTHER'];

export class ShopOrders {
  private readonly days = new Map<string, OrderRecord[]>();
  /** orders in `days` */
  private cachedOrders = 0;
  private readonly prefix: number[] = [0];
  readonly live: OrderRecord[] = [];

  constructor(readonly world: World, readonly shop: ShopifyShop, readonly shopIndex: number, readonly merchant: Merchant) {}

  /** days and orders held in the cache (tests: bounded) */
  cacheSize(): { days: number; orders: number } {
    return { days: this.days.size, orders: this.cachedOrders };
  }

  /** first and last day of history as seen at `asOf` (shop's local days) */
  historyRange(asOf: number): { from: string; to: string } {
    const yesterday = addDays(dayInZone(new Date(asOf), this.merchant.timezone), -1);
    return { from: historyStart(this.world, yesterday), to: yesterday };
  }

  /** orders placed before `day` since the anchor: the sequence numbers behind ids and names */
  seqBefore(day: string): number {
    const idx = Math.max(0, daysBetween(ANCHOR, day));
    while (this.prefix.length <= idx) {
      const d = addDays(ANCHOR, this.prefix.length - 1);
      this.prefix.push((this.prefix[this.prefix.length - 1] ?? 0) + merchantDay(this.world.seed, this.merchant, d).orders);
    }
    return this.prefix[idx] ?? 0;
  }

  day(day: string): OrderRecord[] {
    let orders = this.days.get(day);
    if (orders) {
      this.days.delete(day); // most recently used last
    } else {
      orders = this.generate(day);
      this.cachedOrders += orders.length;
      while (this.days.size > 0 && (this.days.size >= MAX_CACHED_DAYS || this.cachedOrders > MAX_CACHED_ORDERS)) {
        const oldest = this.days.keys().next().value as string;
        this.cachedOrders -= this.days.get(oldest)?.length ?? 0;
        this.days.delete(oldest);
      }
    }
    this.days.set(day, orders);
    return orders;
  }

  /** an order by its numeric id, if it exists at `asOf` (inside history, or a live order already placed) */
  find(legacyId: number, asOf: number): OrderRecord | undefined {
    const live = this.live.find((o) => o.legacyId === legacyId && o.createdAt <= asOf);
    if (live) return live;
    const seq = Math.floor((legacyId - 5_000_000_000_000 - this.shopIndex * 700_000_000_000) / 1000);
    const { from, to } = this.historyRange(asOf);
    if (seq < this.seqBefore(from) || seq >= this.seqBefore(addDays(to, 1))) return undefined;
    let lo = Math.max(0, daysBetween(ANCHOR, from));
    let hi = daysBetween(ANCHOR, to);
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.prefix[mid] ?? 0) <= seq) lo = mid;
      else hi = mid - 1;
    }
    return this.day(addDays(ANCHOR, lo)).find((o) => o.legacyId === legacyId);
  }

  private generate(day: string): OrderRecord[] {
    const md = merchantDay(this.world.seed, this.merchant, day);
    const n = md.orders;
    if (n <= 0) return [];
    const tz = this.merchant.timezone;
    const rng = createRng(this.world.seed, 'shopify-orders', this.shop.domain, day);
    const seconds = Array.from({ length: n }, () => sampleSecondOfDay(rng)).sort((a, b) => a - b);
    const cents = allocate(Math.round(md.grossSales * 100), Array.from({ length: n }, () => Math.exp(rng.normal(0, 0.55))));
    const start = localToUtc(day, 0, tz);
    const constantOffset = localToUtc(addDays(day, 1), 0, tz) - start === DAY_MS;
    const base = this.seqBefore(day);
    return seconds.map((s, i) => {
      const createdAt = constantOffset ? start + s * 1000 : localToUtc(day, s, tz);
      const seq = base + i;
      return this.makeOrder(rng, seq, day, createdAt, cents[i] ?? 0, 5_000_000_000_000 + this.shopIndex * 700_000_000_000 + seq * 1000);
    });
  }

  /** an order placed right now (admin endpoint, for webhook tests) */
  createLive(asOf: number, totalCents?: number): OrderRecord {
    const today = dayInZone(new Date(asOf), this.merchant.timezone);
    const rng = createRng(this.world.seed, 'shopify-live-order', this.shop.domain, this.live.length);
    const cents = totalCents ?? Math.max(100, Math.round(this.merchant.averageOrderValue * 100 * Math.exp(rng.normal(0, 0.5))));
    const seq = this.seqBefore(today) + this.live.length;
    // ids above every generated one of the shop (ids grow with time, as Shopify's do): past the top of its generated
    // range once there are many shops (EMULATOR_MERCHANTS)
    const liveBase = Math.max(9_000_000_000_000 + this.shopIndex * 100_000_000_000, 5_000_000_000_000 + (this.shopIndex + 1) * 700_000_000_000);
    const order = this.makeOrder(rng, seq, today, Math.floor(asOf / 1000) * 1000, cents, liveBase + this.live.length * 1000);
    // a fresh order: nothing has happened to it yet
    order.fulfilledAt = null;
    order.cancelledAt = null;
    order.cancelReason = null;
    order.refunds = NO_REFUNDS;
    order.test = false;
    this.live.push(order);
    return order;
  }

  private makeOrder(rng: Rng, seq: number, day: string, createdAt: number, totalCents: number, idStem: number): OrderRecord {
    const m = this.merchant;
    const legacyId = idStem + rng.int(0, 999);
    const test = rng.chance(0.004);
    const cancelled = !test && rng.chance(0.012);
    const refundRoll = rng.next();
    const taxesIncluded = m.currency === 'INR'; // Indian prices include GST; US prices add sales tax
    let presentmentCurrency = m.currency;
    let presentmentRate = 1;
    if (m.currency === 'USD' && rng.chance(0.09)) [presentmentCurrency, presentmentRate] = rng.pick(PRESENTMENT);
    const freeShippingOver = m.currency === 'INR' ? 99_900 : 7_500;
    let shippingCents = totalCents >= freeShippingOver ? 0 : m.currency === 'INR' ? 7_900 : 695;
    if (shippingCents * 3 > totalCents) shippingCents = 0;
    let taxCents: number;
    let subtotalCents: number;
    if (taxesIncluded) {
      subtotalCents = totalCents - shippingCents;
      taxCents = Math.round((subtotalCents * 18) / 118);
    } else {
      const base = Math.round(totalCents / 1.07);
      taxCents = totalCents - base;
      subtotalCents = base - shippingCents;
    }
    const discountRate = rng.chance(0.25) ? rng.pick([0.1, 0.15, 0.2]) : 0;
    const discountCents = Math.round((subtotalCents * discountRate) / (1 - discountRate));
    const sourceName = weighted(rng, SOURCES);
    const returning = rng.chance(0.35) && seq > 10;
    const customerSeq = returning ? rng.int(0, Math.floor(seq * 0.6)) : seq;
    const customerId = 6_500_000_000_000 + this.shopIndex * 100_000_000_000 + customerSeq * 7;
    const fulfilledAt = cancelled ? null : createdAt + rng.int(2 * 3600, 72 * 3600) * 1000;
    const cancelledAt = cancelled ? createdAt + rng.int(1800, 30 * 3600) * 1000 : null;
    const cancelReason = cancelled ? rng.pick(CANCEL_REASONS) : null;
    let refunds: readonly RefundRecord[] = NO_REFUNDS;
    const refundRate = m.id === 'demo' ? 0.062 : 0.045;
    if (!cancelled && !test && refundRoll < refundRate) {
      const refundBase = 800_000_000_000 + this.shopIndex * 90_000_000_000 + seq * 2;
      const full = rng.chance(0.35);
      const at = createdAt + rng.int(86_400, 20 * 86_400) * 1000;
      const cents = full ? totalCents : Math.max(1, Math.round(totalCents * rng.range(0.15, 0.7)));
      const list: RefundRecord[] = [{ id: refundBase, createdAt: at, cents }];
      if (!full && rng.chance(0.15)) {
        const rest = totalCents - cents;
        list.push({ id: refundBase + 1, createdAt: at + rng.int(3600, 5 * 86_400) * 1000, cents: Math.max(1, Math.round(rest * rng.range(0.3, 1))) });
      }
      refunds = list;
    }
    return {
      seq, legacyId, number: 1001 + seq, day, createdAt, processedAt: createdAt - rng.int(0, 2) * 1000,
      totalCents, subtotalCents, discountCents, shippingCents, taxCents, taxesIncluded, presentmentCurrency, presentmentRate,
      test, sourceName, customerId, fulfilledAt, cancelledAt, cancelReason, refunds,
    };
  }
}

/** what an order looks like at instant `asOf` */
export function orderState(o: OrderRecord, asOf: number): OrderState {
  const refunds = o.refunds.length === 0 ? NO_REFUNDS : o.refunds.filter((r) => r.createdAt <= asOf);
  const refundedCents = refunds.reduce((s, r) => s + r.cents, 0);
  const cancelled = o.cancelledAt !== null && o.cancelledAt <= asOf;
  let updatedAt = o.createdAt;
  if (o.fulfilledAt !== null && o.fulfilledAt <= asOf) updatedAt = Math.max(updatedAt, o.fulfilledAt);
  if (cancelled && o.cancelledAt !== null) updatedAt = Math.max(updatedAt, o.cancelledAt);
  for (const r of refunds) updatedAt = Math.max(updatedAt, r.createdAt);
  const financialStatus = cancelled ? 'VOIDED' : refundedCents >= o.totalCents ? 'REFUNDED' : refundedCents > 0 ? 'PARTIALLY_REFUNDED' : 'PAID';
  const fulfillmentStatus = !cancelled && o.fulfilledAt !== null && o.fulfilledAt <= asOf ? 'FULFILLED' : 'UNFULFILLED';
  return { refunds, refundedCents, cancelled, financialStatus, fulfillmentStatus, updatedAt, currentTotalCents: cancelled ? 0 : o.totalCents - refundedCents };
}

function sampleSecondOfDay(rng: Rng): number {
  let x = rng.next() * HOURLY_TOTAL;
  let hour = 0;
  for (; hour < 23; hour++) {
    x -= HOURLY[hour] ?? 0;
    if (x < 0) break;
  }
  return hour * 3600 + rng.int(0, 3599);
}

function weighted(rng: Rng, items: Array<[string, number]>): string {
  let x = rng.next();
  for (const [v, w] of items) {
    x -= w;
    if (x < 0) return v;
  }
  return items[0]?.[0] ?? '';
}

/** split `total` into integer parts proportional to `weights`, summing exactly (largest remainder) */
export function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map(() => 0);
  const raw = weights.map((w) => (total * w) / sum);
  const parts = raw.map((r) => Math.floor(r));
  let rest = total - parts.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; rest > 0 && k < order.length; k++, rest--) {
    const idx = order[k]?.[1] ?? 0;
    parts[idx] = (parts[idx] ?? 0) + 1;
  }
  return parts;
}
