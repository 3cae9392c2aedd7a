import { hashSeed } from '../common/rng.js';
import { merchantCountry, type GoogleAdsCustomer, type Merchant, type World } from '../common/world.js';
import { DEMO_CATALOG } from './catalog-demo.js';
import { OTHER_CATALOG } from './catalog-other.js';
import type { AdGroupSpec, MerchantCatalog } from './catalog-types.js';

// The hand-written catalogs, with the words that name their store in keywords and searches.
const DEMO = { catalog: DEMO_CATALOG, brandTerms: /\bparallels\b/g, misspellings: 'Brand - Misspellings' };
const OTHER = { catalog: OTHER_CATALOG, brandTerms: /\bnorthwind outfitters\b|\bnorthwind\b/g, misspellings: null };

/**
 * The account of a merchant without a catalog of its own (the generated ones, common/scale-merchants.ts): the closest
 * hand-written one, the demo store's for an Indian store and Northwind's elsewhere, in the merchant's country, with its
 * name in the brand keywords and searches (the ad group bidding on misspellings of the demo store's name is left out),
 * and ids of its own. A campaign's id is the account's id and the campaign's place: 12 digits, never one of the
 * hand-written 11-digit ids, so no two accounts share a campaign. The Merchant Center is the merchant's first account's
 * id: a big brand's accounts advertise the products of one store feed.
 */
export function borrowedCatalog(world: World, customer: GoogleAdsCustomer, merchant: Merchant): MerchantCatalog {
  const { catalog, brandTerms, misspellings } = merchant.currency === 'INR' ? DEMO : OTHER;
  const brand = merchant.name.toLowerCase();
  const rebrand = (text: string) => text.replace(brandTerms, brand);
  const adGroup = (ag: AdGroupSpec): AdGroupSpec => ({
    ...ag,
    keywords: ag.keywords.map((k) => ({ ...k, text: rebrand(k.text) })),
    nouns: ag.nouns?.map(rebrand),
    suffixes: ag.suffixes?.map(rebrand),
    negatives: ag.negatives?.map(rebrand),
  });
  const feed = world.google.customers.find((c) => c.merchantId === merchant.id && !c.manager) ?? customer;
  return {
    ...catalog,
    merchantCenterId: feed.id,
    country: merchantCountry(merchant),
    brands: [merchant.name, ...catalog.brands.slice(1)],
    // Shopify-style product ids of the store's own
    productIdBase: 6_000_000_000_000 + (hashSeed('merchant-center', feed.id) % 900_000) * 1_000_000,
    campaigns: catalog.campaigns.map((spec, i) => ({
      ...spec,
      id: `${customer.id}${String(i + 1).padStart(2, '0')}`,
      adGroups: spec.adGroups.filter((ag) => ag.name !== misspellings).map(adGroup),
    })),
  };
}
