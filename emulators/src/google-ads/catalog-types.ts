// Shapes of the static catalogs (catalog-demo.ts, catalog-other.ts): what a merchant's Google Ads
// account contains. Numbers are relative (weights, multipliers); absolute money comes from merchantDay.

export type Channel = 'SEARCH' | 'SHOPPING' | 'PERFORMANCE_MAX';
export type MatchType = 'EXACT' | 'PHRASE' | 'BROAD';

export interface KeywordSpec {
  text: string;
  match: MatchType;
  paused?: boolean;
}

export interface AdGroupSpec {
  name: string;
  weight: number;
  keywords: KeywordSpec[];
  /** search-term vocabulary: `prefix noun suffix` combinations people type */
  nouns?: string[];
  prefixes?: string[];
  suffixes?: string[];
  /** how many generated search terms (besides the keywords themselves) */
  termCount?: number;
  /** terms that got impressions and were then added as negatives (status EXCLUDED) */
  negatives?: string[];
}

export interface CampaignSpec {
  id: string;
  name: string;
  channel: Channel;
  bidding: string;
  status: 'ENABLED' | 'PAUSED' | 'REMOVED';
  /** first day with delivery */
  start: string;
  /** last day with delivery (paused/removed/ended campaigns) */
  last?: string;
  /** the campaign's configured end date, when one is set (seasonal campaigns) */
  endDate?: string;
  /** share of the account's spend while active */
  weight: number;
  /** relative return: value share = cost share x roas */
  roas: number;
  /** average CPC in the account currency at the start of 2024 */
  cpc: number;
  ctr: number;
  /** search impression share (Search and Shopping) */
  impressionShare: number;
  /** order value relative to the store's average */
  aovMult: number;
  adGroups: AdGroupSpec[];
  /** Shopping / PMax: which products the campaign advertises */
  products?: 'all' | 'bestsellers' | 'clearance';
}

export interface ProductFamily {
  count: number;
  /** product type path as the merchant's feed gives it */
  types: string[];
  /** Google product taxonomy path */
  category: string;
  colors: string[];
  materials: string[];
  nouns: string[];
  suffixes: string[];
  price: [number, number];
}

export interface MerchantCatalog {
  merchantCenterId: string;
  country: string;
  brands: string[];
  /** share of products carrying the first (house) brand */
  houseBrandShare: number;
  families: ProductFamily[];
  campaigns: CampaignSpec[];
  /** AGE_RANGE_* -> share of delivery, conversion-rate multiplier */
  ages: Array<[string, number, number]>;
  genders: Array<[string, number, number]>;
  /** Shopify-style offer ids: `shopify_{country}_{productId}_{variantId}` */
  productIdBase: number;
  /** 'color-first': "Maroon Banarasi Silk Saree ..."; 'brand-first': "Summit Ridge Men's Rain Jacket - Navy" */
  titleStyle: 'color-first' | 'brand-first';
}
