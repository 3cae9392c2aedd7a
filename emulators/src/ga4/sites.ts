import type { Merchant, World } from '../common/world.js';
import { DEMO_SITE } from './site-demo.js';
import { OTHER_SITE } from './site-other.js';
import type { SiteProfile } from './site.js';

/** per merchant object: a generated merchant's id names a different store under another seed */
const borrowed = new WeakMap<Merchant, SiteProfile>();

/**
 * The site profile behind a merchant. Merchants added to the world later (common/scale-merchants.ts) borrow the
 * closest profile, the demo store's for an Indian store and Northwind's elsewhere, under their own name and shop.
 */
export function siteFor(world: World, merchant: Merchant): SiteProfile {
  if (merchant.id === DEMO_SITE.merchantId) return DEMO_SITE;
  if (merchant.id === OTHER_SITE.merchantId) return OTHER_SITE;
  let site = borrowed.get(merchant);
  if (!site) {
    const base = merchant.currency === 'INR' ? DEMO_SITE : OTHER_SITE;
    const shop = world.shopify.shops.find((s) => s.merchantId === merchant.id);
    site = {
      ...base,
      merchantId: merchant.id,
      brand: merchant.name,
      host: shop?.domain ?? base.host,
      pages: base.pages.map((p) => ({ ...p, title: p.title.replaceAll(base.brand, merchant.name) })),
    };
    borrowed.set(merchant, site);
  }
  return site;
}
