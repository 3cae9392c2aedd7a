import { createRng } from './rng.js';
import { addDays, daysBetween, parseDay, weekday } from './dates.js';

/**
 * The world the emulators describe: merchants (the businesses behind the accounts), the platform
 * identities that can sign in, and the accounts each identity can reach. Every platform derives its
 * numbers from `merchantDay`, so the sources agree the way real ones do: GA4 purchases sit near Shopify
 * orders, and Meta and Google attributed revenue is a share of store sales.
 */

export interface Merchant {
  id: string;
  name: string;
  currency: string;
  timezone: string;
  /** orders on an average day at the start of history */
  baseDailyOrders: number;
  /** average order value in the merchant's currency */
  averageOrderValue: number;
  /** yearly growth of demand, e.g. 0.25 = +25 % a year */
  yearlyGrowth: number;
  /** share of store revenue that Meta claims (its attribution overlaps Google's, as in life) */
  metaRevenueShare: number;
  /** share of store revenue that Google Ads claims */
  googleRevenueShare: number;
  /** ROAS the merchant's Meta spend runs at on average (spend = attributed revenue / roas) */
  metaRoas: number;
  googleRoas: number;
  /** store conversion rate: orders / sessions */
  conversionRate: number;
}

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
  /** customer ids this user can reach directly (listAccessibleCustomers) */
  accessibleCustomerIds: string[];
  /** GA4 account resource names this user can see */
  ga4AccountIds: string[];
}

export interface GoogleAdsCustomer {
  id: string; // 10 digits, no hyphens
  descriptiveName: string;
  manager: boolean;
  /** manager that links this client, if any */
  managerId: string | null;
  hidden: boolean;
  merchantId: string | null;
  currencyCode: string;
  timeZone: string;
  /** the share of the merchant's Google Ads activity this account carries, when the merchant has several (default 1) */
  weight?: number;
}

export interface Ga4Account {
  id: string; // 'accounts/NNN'
  displayName: string;
  properties: Ga4Property[];
}

export interface Ga4Property {
  id: string; // 'properties/NNN'
  displayName: string;
  merchantId: string;
  currencyCode: string;
  timeZone: string;
}

export interface MetaIdentity {
  id: string; // app-scoped user id
  name: string;
  email: string;
  adAccountIds: string[]; // 'act_NNN'
}

export interface MetaAdAccount {
  id: string; // 'act_NNN'
  accountId: string; // 'NNN'
  name: string;
  merchantId: string;
  currency: string;
  timezoneName: string;
  /** the share of the merchant's Meta activity this account carries */
  weight: number;
  /** the account's role in the brand's funnel; drives campaign names */
  focus: 'prospecting' | 'retargeting' | 'mixed';
}

export interface ShopifyShop {
  domain: string; // 'name.myshopify.com'
  name: string;
  merchantId: string;
  email: string;
  ownerName: string;
}

export interface ZohoOrg {
  id: string;
  name: string;
  departments: Array<{ id: string; name: string }>;
}

export interface AppCredentials {
  clientId: string;
  clientSecret: string;
}

export interface World {
  seed: string;
  merchants: Merchant[];
  google: { identities: GoogleIdentity[]; customers: GoogleAdsCustomer[]; ga4Accounts: Ga4Account[] };
  meta: { identities: MetaIdentity[]; adAccounts: MetaAdAccount[] };
  shopify: { shops: ShopifyShop[] };
  zoho: { orgs: ZohoOrg[]; users: Array<{ id: string; email: string; orgIds: string[] }> };
  apps: { meta: AppCredentials; google: AppCredentials; shopify: AppCredentials; zoho: AppCredentials; googleAdsDeveloperToken: string };
  /** how many years of history each account has before yesterday */
  historyYears: number;
}

export const DEFAULT_SEED = 'parallels';

/** Sandbox app credentials: the app's config uses the same values in sandbox mode. */
export const SANDBOX_APPS: World['apps'] = {
  meta: { clientId: '100200300400500', clientSecret: 'sandbox-meta-app-secret' },
  google: { clientId: 'sandbox-client.apps.googleusercontent.com', clientSecret: 'sandbox-google-client-secret' },
  shopify: { clientId: 'sandbox-shopify-api-key', clientSecret: 'sandbox-shopify-api-secret' },
  zoho: { clientId: '1000.SANDBOXZOHOCLIENT', clientSecret: 'sandbox-zoho-client-secret' },
  googleAdsDeveloperToken: 'sandbox-developer-token',
};

export function createWorld(seed: string = DEFAULT_SEED, apps: World['apps'] = SANDBOX_APPS): World {
  const merchants: Merchant[] = [
    {
      id: 'demo', name: 'Parallels Demo Store', currency: 'INR', timezone: 'Asia/Kolkata',
      baseDailyOrders: 140, averageOrderValue: 1850, yearlyGrowth: 0.3,
      metaRevenueShare: 0.38, googleRevenueShare: 0.22, metaRoas: 3.1, googleRoas: 4.2, conversionRate: 0.021,
    },
    {
      id: 'other', name: 'Northwind Outfitters', currency: 'USD', timezone: 'America/New_York',
      baseDailyOrders: 35, averageOrderValue: 72, yearlyGrowth: 0.12,
      metaRevenueShare: 0.3, googleRevenueShare: 0.28, metaRoas: 2.6, googleRoas: 3.8, conversionRate: 0.017,
    },
  ];
  return {
    seed,
    merchants,
    historyYears: 3,
    apps,
    google: {
      identities: [
        { sub: '100000000000000000001', email: 'demo@parallels.dev', name: 'Demo Marketer', accessibleCustomerIds: ['1234567890', '2345678901'], ga4AccountIds: ['accounts/200000001'] },
        { sub: '100000000000000000002', email: 'owner@northwind.example', name: 'Northwind Owner', accessibleCustomerIds: ['5678901234'], ga4AccountIds: ['accounts/200000002'] },
        // a Google user with no Ads access at all: NOT_ADS_USER
        { sub: '100000000000000000003', email: 'no-ads@parallels.dev', name: 'No Ads User', accessibleCustomerIds: [], ga4AccountIds: [] },
      ],
      customers: [
        { id: '1234567890', descriptiveName: 'Parallels Demo Agency (MCC)', manager: true, managerId: null, hidden: false, merchantId: null, currencyCode: 'INR', timeZone: 'Asia/Kolkata' },
        { id: '2345678901', descriptiveName: 'Parallels Demo Store - Search & Shopping', manager: false, managerId: '1234567890', hidden: false, merchantId: 'demo', currencyCode: 'INR', timeZone: 'Asia/Kolkata' },
        { id: '3456789012', descriptiveName: 'Parallels Demo Store - Old (closed)', manager: false, managerId: '1234567890', hidden: true, merchantId: null, currencyCode: 'INR', timeZone: 'Asia/Kolkata' },
        { id: '5678901234', descriptiveName: 'Northwind Outfitters - Google Ads', manager: false, managerId: null, hidden: false, merchantId: 'other', currencyCode: 'USD', timeZone: 'America/New_York' },
      ],
      ga4Accounts: [
        { id: 'accounts/200000001', displayName: 'Parallels Demo', properties: [{ id: 'properties/300000001', displayName: 'Parallels Demo Store - GA4', merchantId: 'demo', currencyCode: 'INR', timeZone: 'Asia/Kolkata' }] },
        { id: 'accounts/200000002', displayName: 'Northwind', properties: [{ id: 'properties/300000002', displayName: 'northwind.example - GA4', merchantId: 'other', currencyCode: 'USD', timeZone: 'America/New_York' }] },
      ],
    },
    meta: {
      identities: [
        { id: '10000000000000001', name: 'Demo Marketer', email: 'demo@parallels.dev', adAccountIds: ['act_100000000000001', 'act_100000000000002'] },
        { id: '10000000000000002', name: 'Northwind Owner', email: 'owner@northwind.example', adAccountIds: ['act_200000000000001'] },
      ],
      adAccounts: [
        { id: 'act_100000000000001', accountId: '100000000000001', name: 'Parallels Demo - Prospecting', merchantId: 'demo', currency: 'INR', timezoneName: 'Asia/Kolkata', weight: 0.65, focus: 'prospecting' },
        { id: 'act_100000000000002', accountId: '100000000000002', name: 'Parallels Demo - Retargeting', merchantId: 'demo', currency: 'INR', timezoneName: 'Asia/Kolkata', weight: 0.35, focus: 'retargeting' },
        { id: 'act_200000000000001', accountId: '200000000000001', name: 'Northwind Outfitters', merchantId: 'other', currency: 'USD', timezoneName: 'America/New_York', weight: 1, focus: 'mixed' },
      ],
    },
    shopify: {
      shops: [
        { domain: 'parallels-demo.myshopify.com', name: 'Parallels Demo Store', merchantId: 'demo', email: 'demo@parallels.dev', ownerName: 'Demo Marketer' },
        { domain: 'northwind-outfitters.myshopify.com', name: 'Northwind Outfitters', merchantId: 'other', email: 'owner@northwind.example', ownerName: 'Northwind Owner' },
      ],
    },
    zoho: {
      orgs: [{ id: '60012345678', name: 'Parallels Support', departments: [
        { id: '1142108000000006907', name: 'Customer Support' },
        { id: '1142108000000006908', name: 'Billing' },
        { id: '1142108000000006909', name: 'Technical' },
      ] }],
      users: [{ id: '1142108000000012001', email: 'demo@parallels.dev', orgIds: ['60012345678'] }],
    },
  };
}

const COUNTRY_OF_ZONE: Record<string, string> = {
  'Asia/Kolkata': 'IN', 'America/New_York': 'US', 'America/Los_Angeles': 'US', 'Europe/London': 'GB', 'Europe/Berlin': 'DE', 'Australia/Sydney': 'AU',
};

/** the country a merchant sells from (ISO 3166-1 alpha-2), from its timezone: where its ads aim and its visitors live */
export function merchantCountry(merchant: Merchant): string {
  return COUNTRY_OF_ZONE[merchant.timezone] ?? 'US';
}

export function findMerchant(world: World, merchantId: string): Merchant {
  const m = world.merchants.find((x) => x.id === merchantId);
  if (!m) throw new Error(`unknown merchant ${merchantId}`);
  return m;
}

// Festive peaks (day, strength). Diwali moves every year; Black Friday is the day after US Thanksgiving.
const FESTIVALS: Array<{ day: string; boost: number; spread: number }> = [
  { day: '2023-11-12', boost: 1.6, spread: 6 }, { day: '2024-11-01', boost: 1.6, spread: 6 },
  { day: '2025-10-20', boost: 1.6, spread: 6 }, { day: '2026-11-08', boost: 1.6, spread: 6 },
  { day: '2023-11-24', boost: 1.2, spread: 3 }, { day: '2024-11-29', boost: 1.2, spread: 3 },
  { day: '2025-11-28', boost: 1.2, spread: 3 }, { day: '2026-11-27', boost: 1.2, spread: 3 },
  { day: '2024-03-25', boost: 0.4, spread: 2 }, { day: '2025-03-14', boost: 0.4, spread: 2 }, { day: '2026-03-04', boost: 0.4, spread: 2 }, // Holi
];

const WEEKDAY_FACTOR = [1.12, 0.95, 0.93, 0.96, 0.98, 1.02, 1.1]; // Sun..Sat

/** The merchant's demand on a day relative to its base: trend x weekday x season x festivals x noise. */
export function demandIndex(seed: string, merchant: Merchant, day: string): number {
  const years = daysBetween('2023-01-01', day) / 365;
  const trend = Math.pow(1 + merchant.yearlyGrowth, years);
  const month = parseDay(day).getUTCMonth();
  const season = 1 + 0.12 * Math.cos(((month - 10) / 12) * 2 * Math.PI); // peaks around November
  let festive = 1;
  for (const f of FESTIVALS) {
    const distance = Math.abs(daysBetween(f.day, day));
    if (distance <= f.spread * 3) festive += f.boost * Math.exp(-(distance * distance) / (2 * f.spread * f.spread));
  }
  const noise = Math.max(0.6, createRng(seed, 'demand', merchant.id, day).normal(1, 0.08));
  return trend * (WEEKDAY_FACTOR[weekday(day)] ?? 1) * season * festive * noise;
}

export interface MerchantDay {
  day: string;
  demand: number;
  /** orders placed that day (store's own count: Shopify is the truth) */
  orders: number;
  /** gross sales before refunds, in the merchant's currency */
  grossSales: number;
  /** sessions on the store's site that day (GA4 sees about this many) */
  sessions: number;
  /** revenue Meta's attribution claims for the day (all accounts together) */
  metaAttributedRevenue: number;
  /** Meta spend for the day (all accounts together) */
  metaSpend: number;
  googleAttributedRevenue: number;
  googleSpend: number;
}

/** One merchant's day, final values (restatement of recent days is each ad platform's business). */
export function merchantDay(seed: string, merchant: Merchant, day: string): MerchantDay {
  const demand = demandIndex(seed, merchant, day);
  const rng = createRng(seed, 'merchant-day', merchant.id, day);
  const orders = Math.max(0, Math.round(merchant.baseDailyOrders * demand * rng.normal(1, 0.05)));
  const aov = merchant.averageOrderValue * rng.normal(1, 0.04);
  const grossSales = round2(orders * aov);
  const sessions = Math.round(orders / (merchant.conversionRate * rng.normal(1, 0.06)));
  const metaAttributedRevenue = round2(grossSales * merchant.metaRevenueShare * rng.normal(1, 0.1));
  const googleAttributedRevenue = round2(grossSales * merchant.googleRevenueShare * rng.normal(1, 0.1));
  // Spend follows budget (smoother than revenue), with ROAS varying day to day.
  const metaSpend = round2((merchant.baseDailyOrders * merchant.averageOrderValue * merchant.metaRevenueShare / merchant.metaRoas) * Math.sqrt(demand) * rng.normal(1, 0.05));
  const googleSpend = round2((merchant.baseDailyOrders * merchant.averageOrderValue * merchant.googleRevenueShare / merchant.googleRoas) * Math.sqrt(demand) * rng.normal(1, 0.05));
  return { day, demand, orders, grossSales, sessions, metaAttributedRevenue, metaSpend, googleAttributedRevenue, googleSpend };
}

/** the days a store's order volume is set over (`withShopOrderVolume`): two years, what the app backfills */
export const ORDER_VOLUME_DAYS = 730;

/**
 * A large store (emulator setting `EMULATOR_SHOPIFY_ORDERS`, mount option `shopifyOrders`): the world with each
 * named shop's merchant scaled so that its orders over the ORDER_VOLUME_DAYS days ending `yesterday` (the shop's
 * local day) add up to about `volumes[domain]` (within rounding of each day's count: a few in a million). Only the
 * merchant's `baseDailyOrders` changes, so every platform follows (GA4 purchases, Meta and Google revenue, spend)
 * and the figures reconcile as they do for the usual merchants; rates (refunds, cancellations, test orders), order
 * values and the shape of demand are the same. Deterministic from the seed and `yesterday`.
 */
export function withShopOrderVolume(world: World, volumes: Readonly<Record<string, number>>, yesterday: (timezone: string) => string): World {
  const scaled = new Map<string, number>();
  for (const [domain, orders] of Object.entries(volumes)) {
    const shop = world.shopify.shops.find((s) => s.domain === domain);
    if (!shop) throw new Error(`unknown shop ${domain}`);
    if (!Number.isFinite(orders) || orders <= 0) throw new Error(`not an order volume: ${orders}`);
    const merchant = findMerchant(world, shop.merchantId);
    // orders(day) = round(base x demand x noise): the days' demand x noise at a base of one, to six decimals
    const unit = 1_000_000;
    const last = yesterday(merchant.timezone);
    let perBase = 0;
    for (let i = 0; i < ORDER_VOLUME_DAYS; i++) perBase += merchantDay(world.seed, { ...merchant, baseDailyOrders: unit }, addDays(last, -i)).orders / unit;
    scaled.set(merchant.id, orders / perBase);
  }
  if (scaled.size === 0) return world;
  return { ...world, merchants: world.merchants.map((m) => (scaled.has(m.id) ? { ...m, baseDailyOrders: scaled.get(m.id)! } : m)) };
}

/** `EMULATOR_SHOPIFY_ORDERS`: `2000000` (the demo store) or `shop.myshopify.com=2000000,other.myshopify.com=50000` */
export function parseShopOrderVolumes(world: World, text: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (text ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
    const [a, b] = part.includes('=') ? part.split('=') : [undefined, part];
    const domain = a?.trim() || world.shopify.shops.find((s) => s.merchantId === 'demo')?.domain || '';
    const orders = Number(b?.replace(/_/g, ''));
    if (!Number.isFinite(orders) || orders <= 0) throw new Error(`EMULATOR_SHOPIFY_ORDERS: not an order volume: ${part}`);
    out[domain] = orders;
  }
  return out;
}

/** First day of history for an account whose yesterday is `yesterday`. */
export function historyStart(world: World, yesterday: string): string {
  return addDays(yesterday, -Math.round(world.historyYears * 365) + 1);
}

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
