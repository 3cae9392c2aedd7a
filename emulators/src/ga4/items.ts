import { apportion } from './allocate.js';
import { F as FIELDS, FIELD_COUNT, type Sums } from './fields.js';
import type { SiteProfile } from './site.js';

/**
 * Item expansion of a session cohort, for the item-scoped dimensions (itemName, itemId, itemCategory,
 * itemBrand). Only item-scoped metrics exist at this grain (GA4 rejects sessions by itemName as
 * incompatible); each cohort's item counters are split over the catalogue by popularity, season and the
 * product it landed on, and item revenue follows quantity x price.
 */
const F = { ...FIELDS };

export interface ItemUnit {
  item: number;
  sums: Sums;
}

export interface ItemSource {
  landing: number;
  sums: Sums;
}

// pooled like page units: the result is only valid until the next call
const pool: ItemUnit[] = [];
const out: ItemUnit[] = [];

export function expandItems(site: SiteProfile, cohort: ItemSource, month: number): ItemUnit[] {
  const c = cohort.sums;
  const landingProduct = site.pages[cohort.landing]?.product;
  const meanPrice = site.products.reduce((a, p) => a + p.price, 0) / Math.max(1, site.products.length);
  const base = site.products.map((p, j) => p.popularity * (p.peakMonths?.includes(month) ? 1.6 : 1) * (j === landingProduct ? 4 : 1));
  // cheaper items convert better from view to purchase
  const buyLift = site.products.map((p, j) => (base[j] ?? 0) * Math.pow(meanPrice / p.price, 0.3));
  const viewed = apportion(c[F.itemsViewed] ?? 0, base);
  const added = apportion(c[F.itemsAddedToCart] ?? 0, site.products.map((p, j) => Math.sqrt((base[j] ?? 0) * (buyLift[j] ?? 0))));
  const checkedOut = apportion(c[F.itemsCheckedOut] ?? 0, buyLift);
  const purchased = apportion(c[F.itemsPurchased] ?? 0, buyLift);
  const revenue = apportion(c[F.itemRevenueMinor] ?? 0, site.products.map((p, j) => (purchased[j] ?? 0) * p.price));
  out.length = 0;
  site.products.forEach((_, j) => {
    if (!viewed[j] && !added[j] && !checkedOut[j] && !purchased[j]) return;
    let unit = pool[j];
    if (!unit) {
      unit = { item: j, sums: new Float64Array(FIELD_COUNT) };
      pool[j] = unit;
    }
    const s = unit.sums;
    s.fill(0);
    s[F.itemsViewed] = viewed[j] ?? 0;
    s[F.itemsAddedToCart] = added[j] ?? 0;
    s[F.itemsCheckedOut] = checkedOut[j] ?? 0;
    s[F.itemsPurchased] = purchased[j] ?? 0;
    s[F.itemRevenueMinor] = revenue[j] ?? 0;
    out.push(unit);
  });
  return out;
}
