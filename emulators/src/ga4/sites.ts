import type { Merchant } from '../common/world.js';
import { DEMO_SITE } from './site-demo.js';
import { OTHER_SITE } from './site-other.js';
import type { SiteProfile } from './site.js';

/** The site profile behind a merchant; merchants added to the world later borrow the closest profile. */
export function siteFor(merchant: Merchant): SiteProfile {
  if (merchant.id === DEMO_SITE.merchantId) return DEMO_SITE;
  if (merchant.id === OTHER_SITE.merchantId) return OTHER_SITE;
  return merchant.currency === 'INR' ? DEMO_SITE : OTHER_SITE;
}
