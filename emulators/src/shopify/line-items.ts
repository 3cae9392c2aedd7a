import { hashSeed } from '../common/rng.js';
import type { Merchant } from '../common/world.js';
import { catalog, type Product } from './catalog.js';
import { allocate, type OrderRecord } from './orders.js';

// An order's line items, derived on demand from the order (not cached: few queries ask for them).
// Their pre-discount prices add up to subtotal + discounts, so the order's money always reconciles.

export interface LineItemRecord {
  id: number;
  product: Product;
  quantity: number;
  unitCents: number;
  discountCents: number;
}

const groupCache = new WeakMap<Merchant, Product[][]>();

// common/rng's mulberry32, without building closures per call: bulk exports draw line items for
// every order, and a fresh createRng() per order dominated the profile.
interface Stream { state: number }
function next(st: Stream): number {
  st.state = (st.state + 0x6d2b79f5) >>> 0;
  let t = st.state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
function int(st: Stream, min: number, max: number): number {
  return min + Math.floor(next(st) * (max - min + 1));
}

/** the catalogue grouped by product (variants of one product together) */
function productGroups(merchant: Merchant): Product[][] {
  let groups = groupCache.get(merchant);
  if (!groups) {
    const byProduct = new Map<number, Product[]>();
    for (const p of catalog(merchant)) byProduct.set(p.productId, [...(byProduct.get(p.productId) ?? []), p]);
    groups = [...byProduct.values()];
    groupCache.set(merchant, groups);
  }
  return groups;
}

export function lineItems(seed: string, merchant: Merchant, o: OrderRecord): LineItemRecord[] {
  const rng: Stream = { state: hashSeed(seed, 'shopify-line-items', o.legacyId) };
  const groups = productGroups(merchant);
  const gross = o.subtotalCents + o.discountCents;
  const target = Math.max(gross, 1) / 100;
  // Consider single-product baskets and a dozen random mixed ones at list prices and keep the one
  // closest to the order's value, so unit prices stay near the catalogue's; the small rest is
  // spread over the lines so everything reconciles to the cent.
  // single-product baskets first (no allocation: this runs for every exported order)
  let bestScore = Infinity;
  let bestSingle = 0;
  let bestQty = 1;
  for (let g = 0; g < groups.length; g++) {
    const price = groups[g]?.[0]?.price ?? 0;
    for (let q = 1; q <= 2; q++) {
      const score = Math.abs(Math.log((price * q) / target)) + 0.01 + next(rng) * 0.04;
      if (score < bestScore) {
        bestScore = score;
        bestSingle = g;
        bestQty = q;
      }
    }
  }
  let best: number[] = [bestSingle, bestQty]; // flat [group, quantity, group, quantity, ...]
  for (let attempt = 0; attempt < 12; attempt++) {
    const k = int(rng, 2, 4);
    const basket: number[] = [];
    let list = 0;
    for (let i = 0; i < k; i++) {
      const g = int(rng, 0, groups.length - 1);
      const q = next(rng) < 0.15 ? 2 : 1;
      let dup = false;
      for (let j = 0; j < basket.length; j += 2) if (basket[j] === g) dup = true;
      if (dup) continue;
      basket.push(g, q);
      list += (groups[g]?.[0]?.price ?? 0) * q;
    }
    const score = Math.abs(Math.log(list / target)) + (basket.length / 2) * 0.01 + next(rng) * 0.04;
    if (score < bestScore) {
      bestScore = score;
      best = basket;
    }
  }
  const chosen: Array<{ product: Product; quantity: number }> = [];
  for (let i = 0; i < best.length; i += 2) {
    const group = groups[best[i] ?? 0] ?? [];
    chosen.push({ product: group[int(rng, 0, group.length - 1)] as Product, quantity: best[i + 1] ?? 1 });
  }
  const parts = allocate(gross, chosen.map((b) => b.product.price * b.quantity));
  // a line with quantity 2 needs an even amount: move a cent to or from another line
  chosen.forEach((b, i) => {
    if (b.quantity !== 2 || (parts[i] ?? 0) % 2 === 0) return;
    const j = chosen.findIndex((c, k) => k !== i && (c.quantity === 1 || (parts[k] ?? 0) % 2 === 1));
    if (j < 0) return;
    parts[i] = (parts[i] ?? 0) + 1;
    parts[j] = (parts[j] ?? 0) - 1;
  });
  const discounts = allocate(o.discountCents, parts.map((p) => Math.max(p, 1)));
  return chosen.map((b, i) => {
    const part = parts[i] ?? 0;
    const quantity = part % b.quantity === 0 ? b.quantity : 1;
    return { id: o.legacyId * 10 + i + 1, product: b.product, quantity, unitCents: part / quantity, discountCents: discounts[i] ?? 0 };
  });
}
