import { createRng } from '../common/rng.js';
import type { MerchantCatalog } from './catalog-types.js';

// The Merchant Center products linked to an account, with Google Ads eligibility (resource
// shopping_product: status ELIGIBLE / ELIGIBLE_LIMITED / NOT_ELIGIBLE and ProductIssue entries with
// error_code, ads_severity, attribute_name, description, detail, documentation, affected_regions;
// source: google-ads-python v23 resources/types/shopping_product.py).

export interface ProductIssue {
  errorCode: string;
  adsSeverity: 'ERROR' | 'WARNING';
  attributeName: string;
  description: string;
  detail: string;
  documentation: string;
  affectedRegions: string[];
}

export interface Product {
  /** Merchant Center offer id as the feed has it (Shopify: shopify_{country}_{product}_{variant}) */
  offerId: string;
  title: string;
  brand: string;
  types: string[];
  categories: string[];
  status: 'ELIGIBLE' | 'ELIGIBLE_LIMITED' | 'NOT_ELIGIBLE';
  issues: ProductIssue[];
  priceMicros: number;
  currency: string;
  availability: 'IN_STOCK' | 'OUT_OF_STOCK';
  weight: number;
  cvr: number;
  bestseller: boolean;
  clearance: boolean;
}

type IssueText = Omit<ProductIssue, 'adsSeverity' | 'affectedRegions'>;

const DISAPPROVALS: IssueText[] = [
  { errorCode: 'image_too_small', attributeName: 'image link', description: 'Image too small', detail: 'Use a larger image (at least 100 x 100 pixels; 250 x 250 pixels for apparel).', documentation: 'https://support.google.com/merchants/answer/6098289' },
  { errorCode: 'price_mismatch', attributeName: 'price', description: 'Mismatched value (page crawl) [price]', detail: 'Make sure the price in your product data matches the price on your landing page and at checkout.', documentation: 'https://support.google.com/merchants/answer/6098334' },
  { errorCode: 'landing_page_error', attributeName: 'link', description: 'Unavailable desktop landing page', detail: 'Update your landing page so that it can be reached from desktop devices.', documentation: 'https://support.google.com/merchants/answer/6098155' },
];

const LIMITATIONS: IssueText[] = [
  { errorCode: 'missing_gtin', attributeName: 'gtin', description: 'Missing value [gtin]', detail: 'Add the GTIN (barcode) of the product so it can show in more places.', documentation: 'https://support.google.com/merchants/answer/6324461' },
  { errorCode: 'missing_color', attributeName: 'color', description: 'Missing value [color]', detail: 'Add the colour attribute; apparel products need it to show in all surfaces.', documentation: 'https://support.google.com/merchants/answer/6324487' },
  { errorCode: 'image_low_quality', attributeName: 'image link', description: 'Low image quality', detail: 'Use a higher-resolution image without watermarks or promotional overlays.', documentation: 'https://support.google.com/merchants/answer/6098289' },
];

function price(rng: ReturnType<typeof createRng>, [min, max]: [number, number], currency: string): number {
  const raw = rng.range(min, max);
  // INR prices end in 99 (₹2,499); USD prices end in .95 ($129.95)
  return currency === 'INR' ? Math.max(min, Math.round(raw / 100) * 100 - 1) : Math.floor(raw) + 0.95;
}

/** per catalog: a generated merchant's catalog (catalog-borrowed.ts) is its own object */
const cache = new WeakMap<MerchantCatalog, Product[]>();

export function productsFor(catalog: MerchantCatalog, currency: string): Product[] {
  const hit = cache.get(catalog);
  if (hit) return hit;
  const out: Product[] = [];
  let n = 0;
  for (const family of catalog.families) {
    for (let j = 0; j < family.count; j++, n++) {
      const rng = createRng('product', catalog.merchantCenterId, n);
      const color = rng.pick(family.colors);
      const material = rng.pick(family.materials);
      const noun = rng.pick(family.nouns);
      const suffix = rng.pick(family.suffixes);
      const brand = rng.chance(catalog.houseBrandShare) ? (catalog.brands[0] ?? '') : rng.pick(catalog.brands.slice(1));
      const title = catalog.titleStyle === 'color-first'
        ? [color, material, noun, suffix].filter(Boolean).join(' ')
        : `${brand} ${[material, noun, suffix].filter(Boolean).join(' ')} - ${color}`;
      const productId = catalog.productIdBase + n * 7919;
      const variantId = 41_000_000_000_000 + n * 104_729;
      const roll = rng.next();
      const status: Product['status'] = roll < 0.07 ? 'NOT_ELIGIBLE' : roll < 0.18 ? 'ELIGIBLE_LIMITED' : 'ELIGIBLE';
      const issues: ProductIssue[] = [];
      if (status === 'NOT_ELIGIBLE') issues.push({ ...rng.pick(DISAPPROVALS), adsSeverity: 'ERROR', affectedRegions: [catalog.country] });
      if (status !== 'ELIGIBLE') issues.push({ ...rng.pick(LIMITATIONS), adsSeverity: 'WARNING', affectedRegions: [catalog.country] });
      const amount = price(rng, family.price, currency);
      out.push({
        offerId: `shopify_${catalog.country}_${productId}_${variantId}`,
        title,
        brand,
        types: family.types.map((t) => t.replace('{material}', material)),
        categories: family.category.split(' > '),
        status,
        issues,
        priceMicros: Math.round(amount * 1_000_000),
        currency,
        availability: rng.chance(0.04) ? 'OUT_OF_STOCK' : 'IN_STOCK',
        weight: Math.pow(rng.range(0.05, 1), 3),
        cvr: Math.max(0.2, rng.normal(1, 0.3)),
        bestseller: false,
        clearance: rng.chance(0.25),
      });
    }
  }
  const ranked = out.filter((p) => p.status !== 'NOT_ELIGIBLE' && p.availability === 'IN_STOCK').sort((a, b) => b.weight - a.weight);
  for (const p of ranked.slice(0, 20)) p.bestseller = true;
  cache.set(catalog, out);
  return out;
}
