import { createRng } from '../common/rng.js';
import { merchantDay, type Merchant } from '../common/world.js';
import { clamp } from './allocate.js';

/**
 * What GA4 measures for a property on one day, derived from the store's own day (merchantDay) so that
 * sources agree: GA4 sees ~97 % of sessions (consent banners, ad blockers) and 90-97 % of orders (checkout
 * tags that did not fire), with a few duplicate purchase events (thank-you page reloads) on top. The
 * funnel (add to cart -> checkout -> purchase) is built backwards from purchases with plausible step rates.
 */
export interface DayTotals {
  sessions: number;
  /** purchases with a transaction id, deduplicated */
  transactions: number;
  /** purchase events, including the odd duplicate */
  purchases: number;
  revenueMinor: number;
  checkouts: number;
  addToCarts: number;
  /** store orders that day (the truth GA4 undercounts) */
  orders: number;
}

export function dayTotals(seed: string, merchant: Merchant, propertyId: string, day: string): DayTotals {
  const md = merchantDay(seed, merchant, day);
  const rng = createRng(seed, 'ga4-day', propertyId, day);
  const consent = clamp(rng.normal(0.97, 0.006), 0.95, 0.985);
  const capture = clamp(rng.normal(0.935, 0.012), 0.9, 0.97);
  const duplicateRate = clamp(rng.normal(0.008, 0.004), 0, 0.02);
  const revenueNoise = rng.normal(1, 0.008);
  const purchaseToCheckout = clamp(rng.normal(0.6, 0.03), 0.55, 0.7);
  const checkoutToCart = clamp(rng.normal(0.47, 0.03), 0.42, 0.6);

  const sessions = Math.round(md.sessions * consent);
  const transactions = Math.min(md.orders, Math.round(md.orders * capture));
  const purchases = transactions + (transactions > 0 ? Math.round(transactions * duplicateRate) : 0);
  const revenueMinor = md.orders > 0 ? Math.round(md.grossSales * (transactions / md.orders) * revenueNoise * 100) : 0;
  const checkouts = Math.max(purchases, Math.round(purchases / purchaseToCheckout));
  const addToCarts = Math.max(checkouts, Math.round(checkouts / checkoutToCart));
  return { sessions, transactions, purchases, revenueMinor, checkouts, addToCarts, orders: md.orders };
}
