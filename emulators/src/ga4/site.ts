/**
 * What a merchant's website looks like to GA4: where visitors come from, what they browse on, where they
 * live, which pages and products exist. Each merchant has a SiteProfile (site-demo.ts, site-other.ts);
 * cohorts.ts samples session cohorts from it. Values use GA4's own spellings ('(direct)', '(not set)',
 * 'Samsung Internet', 'Safari (in-app)', channel group names, ...).
 */

export type PageKind = 'home' | 'collection' | 'product' | 'content' | 'search' | 'account' | 'cart' | 'checkout' | 'thankyou';

export interface PageSpec {
  path: string;
  /** pagePathPlusQueryString, when it differs from the path */
  pathQs?: string;
  title: string;
  kind: PageKind;
  /** relative weight as a landing page */
  land: number;
  /** probability that a session which did not land here visits it */
  browse: number;
  /** page views per session that visits it */
  depth: number;
  /** index into SiteProfile.products for product pages */
  product?: number;
}

export interface ProductSpec {
  id: string;
  name: string;
  category: string;
  price: number;
  popularity: number;
  /** months (1-12) in which the product sells 1.6x */
  peakMonths?: number[];
}

export interface CampaignSpec {
  name: string;
  weight: number;
  /** conversion propensity relative to the channel */
  conv: number;
  /** campaigns run only in these months (festive pushes) */
  months?: number[];
  /** first / last day the campaign ran (campaigns start and end mid-history) */
  from?: string;
  until?: string;
}

export interface TrafficSource {
  source: string;
  medium: string;
  weight: number;
}

export interface ChannelSpec {
  /** sessionDefaultChannelGroup */
  channel: string;
  weight: number;
  /** relative change of the channel's weight per year (Paid Social growing, Organic Search shrinking) */
  drift: number;
  conv: number;
  aov: number;
  engagement: number;
  newShare: number;
  /** share of mobile devices among this channel's sessions */
  mobile: number;
  /** in-app browsers (Facebook/Instagram webviews) are common */
  social: boolean;
  sources: TrafficSource[];
  /** sessionCampaignName values: named campaigns, or GA4's fixed '(organic)', '(direct)', '(referral)', '(not set)' */
  campaigns: CampaignSpec[];
  /** landing-page multipliers by page kind */
  landing: Partial<Record<PageKind, number>>;
  /** how this channel's links are tagged (landingPagePlusQueryString) */
  tag?: 'utm' | 'gad';
}

export interface CountrySpec {
  country: string;
  countryId: string;
  weight: number;
  conv: number;
  aov: number;
  cities: Array<readonly [city: string, region: string, weight: number]>;
}

export type Weighted = ReadonlyArray<readonly [value: string, weight: number, conv: number]>;

export interface SiteProfile {
  merchantId: string;
  brand: string;
  host: string;
  countries: CountrySpec[];
  channels: ChannelSpec[];
  pages: PageSpec[];
  products: ProductSpec[];
  /** device mix outside the mobile share set by the channel */
  nonMobile: { desktop: number; tablet: number; smartTv: number };
  /** iOS share of mobile sessions: base at 2023-01-01 and change per year */
  iosMobile: readonly [base: number, perYear: number];
  iosTablet: number;
  desktopOs: Weighted;
  ages: Weighted;
  genders: Weighted;
  interests: Weighted;
  engagementBase: number;
  /** seconds, for an average session */
  durationBase: number;
  itemsPerOrder: number;
  sessionsPerUser: number;
  /** weekdays (0 = Sunday) on which the newsletter goes out */
  emailDays: number[];
}

export const FIXED_CAMPAIGN = (name: string): CampaignSpec[] => [{ name, weight: 1, conv: 1 }];

// Browser mix by operating system (GA4 names). Webviews get much more weight on social traffic.
const BROWSERS: Record<string, Array<readonly [string, number, boolean]>> = {
  Android: [['Chrome', 74, false], ['Samsung Internet', 9, false], ['Android Webview', 8, true], ['Opera', 2, false], ['Firefox', 1.5, false], ['UC Browser', 1.2, false], ['Edge', 0.5, false]],
  iOS: [['Safari', 63, false], ['Safari (in-app)', 18, true], ['Chrome', 15, false], ['Firefox', 1.2, false], ['Edge', 0.8, false]],
  Windows: [['Chrome', 72, false], ['Edge', 21, false], ['Firefox', 5, false], ['Opera', 2, false]],
  Macintosh: [['Chrome', 52, false], ['Safari', 42, false], ['Firefox', 4, false], ['Edge', 2, false]],
  Linux: [['Chrome', 80, false], ['Firefox', 20, false]],
  'Chrome OS': [['Chrome', 100, false]],
  Tizen: [['Samsung Internet', 100, false]],
  '(not set)': [['(not set)', 100, false]],
};

export function browserWeights(os: string, social: boolean): { names: string[]; weights: number[]; inApp: boolean[] } {
  const list = BROWSERS[os] ?? BROWSERS['(not set)'] ?? [];
  return {
    names: list.map((b) => b[0]),
    weights: list.map((b) => b[1] * (social && b[2] ? 4 : 1)),
    inApp: list.map((b) => b[2]),
  };
}

/** Shared demographic vocabularies (GA4 values); the weights and conversion lifts are per site. */
export const AGE_BRACKETS = ['18-24', '25-34', '35-44', '45-54', '55-64', '65+', 'unknown'] as const;

export function isCampaignActive(c: CampaignSpec, day: string, month: number): boolean {
  if (c.months && !c.months.includes(month)) return false;
  if (c.from && day < c.from) return false;
  if (c.until && day > c.until) return false;
  return true;
}

export function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** Product page for a product, Shopify style: /products/<handle>, title "<name> – <brand>". */
export function productPage(p: ProductSpec, index: number, brand: string): PageSpec {
  return {
    path: `/products/${slug(p.name)}`,
    title: `${p.name} – ${brand}`,
    kind: 'product',
    land: 0.3 * p.popularity,
    browse: 0.008 * p.popularity,
    depth: 1.3,
    product: index,
  };
}

/** The fixed part of a Shopify store's page tree: cart, checkout, thank-you page, search, account. */
export function storePages(brand: string, searchTerm: string): PageSpec[] {
  return [
    { path: '/cart', title: `Your Shopping Cart – ${brand}`, kind: 'cart', land: 0.2, browse: 0, depth: 1.5 },
    { path: '/checkout', title: `Checkout - ${brand}`, kind: 'checkout', land: 0, browse: 0, depth: 1.8 },
    { path: '/checkout/thank-you', title: `Thank you for your purchase! - ${brand}`, kind: 'thankyou', land: 0, browse: 0, depth: 1 },
    { path: '/search', pathQs: `/search?q=${encodeURIComponent(searchTerm)}`, title: `Search: ${searchTerm} – ${brand}`, kind: 'search', land: 0.3, browse: 0.05, depth: 1.4 },
    { path: '/account/login', title: `Account – ${brand}`, kind: 'account', land: 0.5, browse: 0.025, depth: 1.2 },
    { path: '/pages/contact', title: `Contact us – ${brand}`, kind: 'content', land: 0.3, browse: 0.01, depth: 1.1 },
  ];
}
