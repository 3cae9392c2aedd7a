import { createRng, hashSeed } from '../common/rng.js';
import type { Merchant } from '../common/world.js';

// The products each sandbox store sells (line items are drawn from these). Prices are list prices in
// the store's currency; an order's line items are scaled so they add up to the order's subtotal.

export interface Product {
  productId: number;
  variantId: number;
  title: string;
  variantTitle: string;
  sku: string;
  vendor: string;
  productType: string;
  price: number;
}

const DEMO: Array<[string, string, string, number, string[]]> = [
  // title, sku stem, product type, price (INR), variants
  ['Handblock Print Cotton Kurta', 'KRT-HBP', 'Kurtas', 1499, ['S / Indigo', 'M / Indigo', 'L / Indigo', 'M / Rust']],
  ['Linen Relaxed Shirt', 'SHT-LIN', 'Shirts', 1799, ['M / Sage', 'L / Sage', 'XL / Ecru']],
  ['Chanderi Silk Dupatta', 'DUP-CHS', 'Dupattas', 1199, ['Mustard', 'Teal', 'Blush']],
  ['Mulmul Palazzo Pants', 'PLZ-MUL', 'Bottoms', 999, ['S / Ivory', 'M / Ivory', 'L / Black']],
  ['Kalamkari A-line Dress', 'DRS-KLM', 'Dresses', 2299, ['S', 'M', 'L']],
  ['Oxidised Jhumka Earrings', 'JWL-JHM', 'Jewellery', 649, ['Default Title']],
  ['Jute Tote Bag', 'BAG-JUT', 'Bags', 799, ['Natural', 'Printed']],
  ['Cotton Nehru Jacket', 'JKT-NHR', 'Jackets', 2499, ['M / Charcoal', 'L / Charcoal', 'XL / Navy']],
  ['Kolhapuri Leather Chappals', 'FTW-KOL', 'Footwear', 1299, ['6', '7', '8', '9']],
  ['Festive Gift Hamper', 'GFT-FST', 'Gifting', 2999, ['Default Title']],
  ['Block Print Scrunchie Set', 'ACC-SCR', 'Accessories', 349, ['Default Title']],
  ['Cotton Cloth Mask (Pack of 3)', 'ACC-MSK', 'Accessories', 249, ['Default Title']],
  ['Embroidered Potli Bag', 'BAG-PTL', 'Bags', 599, ['Maroon', 'Gold']],
];

const OTHER: Array<[string, string, string, number, string[]]> = [
  ['Trailhead Merino Crew Sock', 'SOCK-MER', 'Socks', 24, ['M / Charcoal', 'L / Charcoal', 'M / Olive']],
  ['Ridgeline Packable Down Jacket', 'JKT-RDG', 'Outerwear', 189, ['S / Black', 'M / Black', 'L / Rust']],
  ['Basecamp Flannel Shirt', 'SHT-BCF', 'Shirts', 68, ['M / Red Plaid', 'L / Red Plaid', 'XL / Green Plaid']],
  ['Summit 28L Daypack', 'BAG-S28', 'Packs', 129, ['Slate', 'Moss']],
  ['Canyon Trail Runner', 'FTW-CTR', 'Footwear', 139, ['9', '10', '11']],
  ['Lakeside Organic Tee', 'TEE-LAK', 'T-Shirts', 32, ['S / White', 'M / White', 'L / Navy']],
  ['Portage Insulated Bottle 32oz', 'BTL-P32', 'Accessories', 38, ['Default Title']],
  ['Timberline Beanie', 'HAT-TMB', 'Headwear', 29, ['Default Title']],
  ['Trail Map Bandana', 'ACC-BND', 'Accessories', 14, ['Default Title']],
  ['Northwind Sticker Pack', 'ACC-STK', 'Accessories', 6, ['Default Title']],
  ['Beeswax Lip Balm', 'ACC-LIP', 'Accessories', 5, ['Default Title']],
];

// The hand-written stores' catalogues. Any other merchant (common/scale-merchants.ts) borrows the closest one, the
// demo store's for an Indian store and Northwind's elsewhere, under its own name and product ids.
interface Store { source: typeof DEMO; firstProductId: number; vendor: string; brand: string }
const DEMO_STORE: Store = { source: DEMO, firstProductId: 8_012_345_600_000, vendor: 'Parallels Demo Store', brand: 'Parallels' };
const OTHER_STORE: Store = { source: OTHER, firstProductId: 7_123_456_700_000, vendor: 'Northwind Outfitters', brand: 'Northwind' };
const STORES: Record<string, Store> = { demo: DEMO_STORE, other: OTHER_STORE };

/** per merchant object: a generated merchant's id names a different store under another seed */
const cache = new WeakMap<Merchant, Product[]>();

export function catalog(merchant: Merchant): Product[] {
  const hit = cache.get(merchant);
  if (hit) return hit;
  const own = STORES[merchant.id];
  const store = own ?? (merchant.currency === 'INR' ? DEMO_STORE : OTHER_STORE);
  const vendor = own ? store.vendor : merchant.name;
  const rng = createRng('catalog', merchant.id);
  const out: Product[] = [];
  let productId = own ? store.firstProductId : 6_000_000_000_000 + (hashSeed('catalog', merchant.id) % 900_000) * 1_000_000;
  let variantId = productId * 5;
  for (const [name, sku, productType, price, variants] of store.source) {
    const title = own ? name : name.replaceAll(store.brand, merchant.name);
    productId += rng.int(11, 97);
    for (const v of variants) {
      variantId += rng.int(101, 997);
      const code = v === 'Default Title' ? '' : `-${v.replace(/[^A-Za-z0-9]+/g, '').toUpperCase().slice(0, 6)}`;
      out.push({ productId, variantId, title, variantTitle: v, sku: `${sku}${code}`, vendor, productType, price });
    }
  }
  cache.set(merchant, out);
  return out;
}
