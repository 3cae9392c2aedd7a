import { createRng, hashSeed } from '../common/rng.js';
import { findMerchant, type GoogleAdsCustomer, type Merchant, type World } from '../common/world.js';
import { DEMO_CATALOG } from './catalog-demo.js';
import { OTHER_CATALOG } from './catalog-other.js';
import { borrowedCatalog } from './catalog-borrowed.js';
import type { AdGroupSpec, CampaignSpec, MatchType, MerchantCatalog } from './catalog-types.js';
import { productsFor, type Product } from './products.js';

// The structure of each Google Ads account (campaigns, ad groups, keywords, search terms, products).
// Ids and names depend only on the catalog, so they are stable across seeds; daily numbers come from
// merchantDay (seeded) in daily.ts.

export interface Keyword {
  criterionId: string;
  text: string;
  match: MatchType;
  status: 'ENABLED' | 'PAUSED';
  qualityScore: number;
  predictedCtr: string;
  creativeQuality: string;
  landingPage: string;
  weight: number;
  ctr: number;
  cvr: number;
}

export interface SearchTerm {
  text: string;
  /** absent for Shopping: search-term match types describe keyword matching only */
  matchType?: string;
  status: 'ADDED' | 'EXCLUDED' | 'ADDED_EXCLUDED' | 'NONE';
  weight: number;
  ctr: number;
  cvr: number;
}

export interface AdGroup {
  id: string;
  name: string;
  type: 'SEARCH_STANDARD' | 'SHOPPING_PRODUCT_ADS';
  campaign: Campaign;
  weight: number;
  keywords: Keyword[];
  terms: SearchTerm[];
}

export interface Campaign {
  spec: CampaignSpec;
  id: string;
  adGroups: AdGroup[];
  products: Product[];
}

export interface Demographic {
  type: string;
  criterionId: string;
  weight: number;
  cvr: number;
}

export interface AccountModel {
  customer: GoogleAdsCustomer;
  merchant: Merchant | null;
  catalog: MerchantCatalog | null;
  campaigns: Campaign[];
  adGroups: AdGroup[];
  products: Product[];
  ages: Demographic[];
  genders: Demographic[];
}

const CATALOGS: Record<string, MerchantCatalog> = { demo: DEMO_CATALOG, other: OTHER_CATALOG };

// Google's fixed criterion ids for demographics.
const AGE_IDS: Record<string, string> = {
  AGE_RANGE_18_24: '503001', AGE_RANGE_25_34: '503002', AGE_RANGE_35_44: '503003', AGE_RANGE_45_54: '503004',
  AGE_RANGE_55_64: '503005', AGE_RANGE_65_UP: '503006', AGE_RANGE_UNDETERMINED: '503999',
};
const GENDER_IDS: Record<string, string> = { MALE: '10', FEMALE: '11', UNDETERMINED: '20' };

function termMatchType(spec: AdGroupSpec, text: string): string | undefined {
  const first = spec.keywords[0];
  if (!first) return undefined;
  if (first.match === 'BROAD') return 'BROAD';
  if (first.match === 'EXACT') return spec.keywords.some((k) => k.text === text) ? 'EXACT' : 'NEAR_EXACT';
  return spec.keywords.some((k) => text.includes(k.text)) ? 'PHRASE' : 'NEAR_PHRASE';
}

function buildTerms(agId: string, spec: AdGroupSpec, isBrand: boolean): SearchTerm[] {
  const rng = createRng('search-terms', agId);
  const terms = new Map<string, SearchTerm>();
  const add = (text: string, status: SearchTerm['status'], weight: number) => {
    if (!terms.has(text)) terms.set(text, { text, matchType: termMatchType(spec, text), status, weight, ctr: Math.max(0.3, rng.normal(1, 0.25)), cvr: Math.max(0.1, rng.normal(1, 0.35)) });
  };
  spec.keywords.forEach((k, i) => add(k.text, k.paused ? 'ADDED_EXCLUDED' : 'ADDED', (isBrand ? 4 : 2) / (i + 1)));
  const want = spec.termCount ?? 0;
  for (let attempts = 0; terms.size < spec.keywords.length + want && attempts < want * 30; attempts++) {
    const text = [rng.pick(spec.prefixes ?? ['']), rng.pick(spec.nouns ?? ['']), rng.pick(spec.suffixes ?? [''])].filter(Boolean).join(' ').trim();
    if (text) add(text, 'NONE', Math.pow(rng.range(0.08, 1), 2.2));
  }
  for (const neg of spec.negatives ?? []) add(neg, 'EXCLUDED', 0.03);
  return [...terms.values()];
}

function buildKeywords(agId: string, spec: AdGroupSpec, isBrand: boolean): Keyword[] {
  return spec.keywords.map((k, i) => {
    const rng = createRng('keyword', agId, k.text);
    const qs = isBrand ? rng.int(8, 10) : rng.int(3, 9);
    const band = (x: number) => (x >= 8 ? 'ABOVE_AVERAGE' : x >= 5 ? 'AVERAGE' : 'BELOW_AVERAGE');
    return {
      criterionId: String(300_000_000_000 + (hashSeed('criterion', agId, k.text) % 600_000_000_000)),
      text: k.text,
      match: k.match,
      status: k.paused ? 'PAUSED' : 'ENABLED',
      qualityScore: qs,
      predictedCtr: band(qs + rng.int(-2, 1)),
      creativeQuality: band(qs + rng.int(-1, 2)),
      landingPage: band(qs + rng.int(-2, 2)),
      weight: 1 / (i + 1),
      ctr: Math.max(0.3, rng.normal(1, 0.2)),
      cvr: Math.max(0.2, rng.normal(1, 0.3)),
    };
  });
}

function buildModel(world: World, customer: GoogleAdsCustomer): AccountModel {
  const merchant = customer.merchantId ? findMerchant(world, customer.merchantId) : null;
  const catalog = merchant ? (CATALOGS[merchant.id] ?? borrowedCatalog(world, customer, merchant)) : null;
  const model: AccountModel = { customer, merchant, catalog, campaigns: [], adGroups: [], products: [], ages: [], genders: [] };
  if (!merchant || !catalog || customer.manager) return model;
  model.products = productsFor(catalog, merchant.currency);
  const eligible = model.products.filter((p) => p.status !== 'NOT_ELIGIBLE' && p.availability === 'IN_STOCK');
  for (const spec of catalog.campaigns) {
    const campaign: Campaign = { spec, id: spec.id, adGroups: [], products: [] };
    if (spec.products === 'all') campaign.products = eligible;
    else if (spec.products === 'bestsellers') campaign.products = eligible.filter((p) => p.bestseller);
    else if (spec.products === 'clearance') campaign.products = eligible.filter((p) => p.clearance);
    const isBrand = spec.name.startsWith('Brand');
    for (const ag of spec.adGroups) {
      const id = String(150_000_000_000 + (hashSeed('ad-group', spec.id, ag.name) % 9_000_000_000));
      const adGroup: AdGroup = {
        id, name: ag.name, type: spec.channel === 'SHOPPING' ? 'SHOPPING_PRODUCT_ADS' : 'SEARCH_STANDARD', campaign, weight: ag.weight,
        keywords: buildKeywords(id, ag, isBrand), terms: buildTerms(id, ag, isBrand),
      };
      campaign.adGroups.push(adGroup);
      model.adGroups.push(adGroup);
    }
    model.campaigns.push(campaign);
  }
  model.ages = catalog.ages.map(([type, weight, cvr]) => ({ type, criterionId: AGE_IDS[type] ?? '503999', weight, cvr }));
  model.genders = catalog.genders.map(([type, weight, cvr]) => ({ type, criterionId: GENDER_IDS[type] ?? '20', weight, cvr }));
  return model;
}

const models = new WeakMap<World, Map<string, AccountModel>>();

export function accountModel(world: World, customerId: string): AccountModel | undefined {
  const customer = world.google.customers.find((c) => c.id === customerId);
  if (!customer) return undefined;
  let cache = models.get(world);
  if (!cache) {
    cache = new Map();
    models.set(world, cache);
  }
  let model = cache.get(customerId);
  if (!model) {
    model = buildModel(world, customer);
    cache.set(customerId, model);
  }
  return model;
}

/** Campaigns exist from their start day on (a campaign created "tomorrow" is not listed today). */
export function campaignsAsOf(model: AccountModel, today: string): Campaign[] {
  return model.campaigns.filter((c) => c.spec.start <= today);
}

export function isActive(c: Campaign, day: string): boolean {
  return c.spec.start <= day && (c.spec.last === undefined || day <= c.spec.last);
}
