import { createRng, type Rng } from './rng.js';
import { round2, type Ga4Account, type GoogleAdsCustomer, type GoogleIdentity, type Merchant, type MetaAdAccount, type World } from './world.js';

/**
 * Many merchants at once (emulator setting `EMULATOR_MERCHANTS`, mount option `merchants`; issue 23 item 3): the
 * world with `count` generated merchants `scale-001`, `scale-002`, ... beside the usual ones, so a benchmark can
 * connect hundreds of brands at once. Each is a small-to-medium store with its own Shopify shop, Facebook user and
 * ad account, Google user, Google Ads account and GA4 property. Every BIG_BRAND_EVERY-th is a big brand with many
 * accounts (three Meta ad accounts, two Google Ads accounts under its own manager, 5-10x the orders): one brand with
 * many accounts must not starve the small ones.
 *
 * Deterministic from the seed: the same seed and count give the same world, and a merchant's figures and accounts do
 * not depend on how many come after it (only its id's padding, from a thousand merchants on). Ids are drawn at random and never repeat one another's or the usual merchants'. Only the
 * world's lists grow, so building it is cheap: every platform derives a generated merchant's figures from merchantDay
 * on demand, like any other merchant's, and its campaigns, products and site from the closest usual merchant's.
 */
export function withScaleMerchants(world: World, count: number): World {
  if (!Number.isInteger(count) || count < 0 || count > MAX_SCALE_MERCHANTS) throw new Error(`not a number of merchants (0 to ${MAX_SCALE_MERCHANTS}): ${count}`);
  if (count === 0) return world;
  if (world.merchants.some((m) => m.id.startsWith('scale-'))) throw new Error('the world already has generated merchants');
  const used = numbersInUse(world);
  const merchants = [...world.merchants];
  const shops = [...world.shopify.shops];
  const metaIdentities = [...world.meta.identities];
  const adAccounts = [...world.meta.adAccounts];
  const googleIdentities = [...world.google.identities];
  const customers = [...world.google.customers];
  const ga4Accounts = [...world.google.ga4Accounts];
  const width = Math.max(3, String(count).length);
  for (let n = 1; n <= count; n++) {
    const number = String(n).padStart(width, '0');
    const bigBrand = n % BIG_BRAND_EVERY === 0;
    // one stream per merchant, by its number: the merchants before it only matter through the ids they took
    const rng = createRng(world.seed, 'scale-merchant', n);
    const merchant = scaleMerchant(rng, `scale-${number}`, `Scale Store ${number}`, bigBrand);
    const email = `owner@${merchant.id}.example`;
    const owner = `${merchant.name} Owner`;
    merchants.push(merchant);
    shops.push({ domain: `${merchant.id}.myshopify.com`, name: merchant.name, merchantId: merchant.id, email, ownerName: owner });

    const accounts = metaAccounts(rng, used, merchant, bigBrand);
    adAccounts.push(...accounts);
    metaIdentities.push({ id: unused(used, () => digits(rng, 17)), name: owner, email, adAccountIds: accounts.map((a) => a.id) });

    const ads = googleAdsAccounts(rng, used, merchant, bigBrand);
    customers.push(...ads);
    const ga4: Ga4Account = {
      id: `accounts/${unused(used, () => digits(rng, 9))}`,
      displayName: merchant.name,
      properties: [{ id: `properties/${unused(used, () => digits(rng, 9))}`, displayName: `${merchant.name} - GA4`, merchantId: merchant.id, currencyCode: merchant.currency, timeZone: merchant.timezone }],
    };
    ga4Accounts.push(ga4);
    // a big brand's owner reaches its Google Ads accounts through the manager (login-customer-id), as an agency does
    const reachable = ads.filter((c) => c.managerId === null).map((c) => c.id);
    const identity: GoogleIdentity = { sub: unused(used, () => `1${digits(rng, 20)}`), email, name: owner, accessibleCustomerIds: reachable, ga4AccountIds: [ga4.id] };
    googleIdentities.push(identity);
  }
  return {
    ...world,
    merchants,
    shopify: { ...world.shopify, shops },
    meta: { identities: metaIdentities, adAccounts },
    google: { identities: googleIdentities, customers, ga4Accounts },
  };
}

/** every BIG_BRAND_EVERY-th generated merchant (scale-025, scale-050, ...) is a big brand with many accounts */
export const BIG_BRAND_EVERY = 25;

/**
 * The most merchants the setting generates: a shop's order ids are 700 billion apart (shopify/orders.ts), so ten
 * thousand shops keep every order id below 2^53, where JSON numbers stop being exact.
 */
export const MAX_SCALE_MERCHANTS = 10_000;

/** `EMULATOR_MERCHANTS`: how many merchants to generate (unset or empty: none) */
export function parseScaleMerchants(text: string | undefined): number {
  const value = (text ?? '').trim();
  if (value === '') return 0;
  const count = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(count <= MAX_SCALE_MERCHANTS)) throw new Error(`EMULATOR_MERCHANTS: not a number of merchants (a whole number from 0 to ${MAX_SCALE_MERCHANTS}): ${text}`);
  return count;
}

// Where the generated stores sell, with their currency and the usual order value there. Most are Indian, as the
// product's merchants are; the rest sell in the US, the UK, Germany and Australia.
const LOCALES: ReadonlyArray<{ currency: string; timezone: string; aov: readonly [number, number]; weight: number }> = [
  { currency: 'INR', timezone: 'Asia/Kolkata', aov: [700, 2800], weight: 0.35 },
  { currency: 'USD', timezone: 'America/New_York', aov: [45, 140], weight: 0.2 },
  { currency: 'USD', timezone: 'America/Los_Angeles', aov: [45, 140], weight: 0.15 },
  { currency: 'GBP', timezone: 'Europe/London', aov: [35, 110], weight: 0.12 },
  { currency: 'EUR', timezone: 'Europe/Berlin', aov: [40, 120], weight: 0.1 },
  { currency: 'AUD', timezone: 'Australia/Sydney', aov: [60, 180], weight: 0.08 },
];

/** a store's figures: mostly a few orders a day, a handful of larger stores; rates near the usual merchants' */
function scaleMerchant(rng: Rng, id: string, name: string, bigBrand: boolean): Merchant {
  const locale = weighted(rng, LOCALES);
  // squaring a uniform draw skews toward small stores: half sell fewer than 12 orders a day, one in twenty 41 to 120;
  // a big brand sells 5 to 10 times what a mid-sized store does (15 to 30 a day), like the demo store
  const typical = rng.chance(0.05) ? rng.int(41, 120) : Math.round(2 + 38 * rng.next() ** 2);
  const baseDailyOrders = bigBrand ? Math.round(rng.range(15, 30) * rng.range(5, 10)) : typical;
  return {
    id, name, currency: locale.currency, timezone: locale.timezone,
    baseDailyOrders, averageOrderValue: Math.round(rng.range(locale.aov[0], locale.aov[1])), yearlyGrowth: round2(rng.range(0.05, 0.4)),
    metaRevenueShare: round2(rng.range(0.26, 0.42)), googleRevenueShare: round2(rng.range(0.18, 0.3)),
    metaRoas: round2(rng.range(2.3, 3.4)), googleRoas: round2(rng.range(3.3, 4.6)), conversionRate: Math.round(rng.range(0.014, 0.026) * 1000) / 1000,
  };
}

/** one account doing everything, or a big brand's split by funnel stage (the demo store's way) plus an always-on one */
function metaAccounts(rng: Rng, used: Set<string>, merchant: Merchant, bigBrand: boolean): MetaAdAccount[] {
  const plan: Array<{ suffix: string; weight: number; focus: MetaAdAccount['focus'] }> = bigBrand
    ? [{ suffix: ' - Prospecting', weight: 0.5, focus: 'prospecting' }, { suffix: ' - Retargeting', weight: 0.3, focus: 'retargeting' }, { suffix: ' - Always-on', weight: 0.2, focus: 'mixed' }]
    : [{ suffix: '', weight: 1, focus: 'mixed' }];
  return plan.map(({ suffix, weight, focus }) => {
    const accountId = unused(used, () => digits(rng, 15));
    return { id: `act_${accountId}`, accountId, name: `${merchant.name}${suffix}`, merchantId: merchant.id, currency: merchant.currency, timezoneName: merchant.timezone, weight, focus };
  });
}

/** one account of its own, or a big brand's manager (MCC) with two client accounts sharing its Google activity */
function googleAdsAccounts(rng: Rng, used: Set<string>, merchant: Merchant, bigBrand: boolean): GoogleAdsCustomer[] {
  const customer = (descriptiveName: string, fields: Partial<GoogleAdsCustomer>): GoogleAdsCustomer => ({
    id: unused(used, () => digits(rng, 10)), descriptiveName, manager: false, managerId: null, hidden: false, merchantId: merchant.id,
    currencyCode: merchant.currency, timeZone: merchant.timezone, ...fields,
  });
  if (!bigBrand) return [customer(`${merchant.name} - Google Ads`, {})];
  const manager = customer(`${merchant.name} (MCC)`, { manager: true, merchantId: null });
  return [
    manager,
    customer(`${merchant.name} - Search & Shopping`, { managerId: manager.id, weight: 0.6 }),
    customer(`${merchant.name} - Performance Max`, { managerId: manager.id, weight: 0.4 }),
  ];
}

/** the numeric ids the world's accounts already use, without their prefixes (act_, accounts/, properties/) */
function numbersInUse(world: World): Set<string> {
  const bare = (id: string) => id.replace(/^(act_|accounts\/|properties\/)/, '');
  return new Set([
    ...world.meta.identities.map((i) => i.id),
    ...world.meta.adAccounts.map((a) => bare(a.id)),
    ...world.google.identities.map((i) => i.sub),
    ...world.google.customers.map((c) => c.id),
    ...world.google.ga4Accounts.flatMap((a) => [bare(a.id), ...a.properties.map((p) => bare(p.id))]),
  ]);
}

/** a random number of `n` digits, without a leading zero */
function digits(rng: Rng, n: number): string {
  let out = String(rng.int(1, 9));
  while (out.length < n) out += String(rng.int(0, 9));
  return out;
}

/** draw until the id is one nobody uses, and take it */
function unused(used: Set<string>, draw: () => string): string {
  for (;;) {
    const id = draw();
    if (!used.has(id)) {
      used.add(id);
      return id;
    }
  }
}

function weighted<T extends { weight: number }>(rng: Rng, items: readonly T[]): T {
  let x = rng.next() * items.reduce((s, i) => s + i.weight, 0);
  for (const item of items) {
    x -= item.weight;
    if (x < 0) return item;
  }
  return items[items.length - 1] as T;
}
