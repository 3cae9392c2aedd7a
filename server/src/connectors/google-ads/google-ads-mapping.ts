import type { googleCampaignDaily, googleProducts, googleViewDaily } from '../../db/facts-schema.js';
import { toAmount } from '@parallels/contract/money';

// GoogleAdsRow (REST JSON) -> fact rows. Wire format (platform-apis.md 3.3): lowerCamelCase keys, int64 as
// strings (costMicros, impressions, clicks), doubles as numbers (conversions, conversionsValue), enums as
// strings, and zero or default fields omitted (missing = 0). segments.date is already the account's own
// day (its time zone), so dates pass through. Cost stays in micros; ratios (ctr, averages) are never read.

export type CampaignDailyRow = typeof googleCampaignDaily.$inferInsert;
export type ViewDailyRow = typeof googleViewDaily.$inferInsert;
export type ProductRow = typeof googleProducts.$inferInsert;

export interface AdsMetrics {
  costMicros?: string;
  impressions?: string;
  clicks?: string;
  conversions?: number;
  conversionsValue?: number;
}

export interface AdsRow {
  campaign?: { id?: string; name?: string; status?: string; advertisingChannelType?: string };
  adGroup?: { id?: string; name?: string };
  adGroupCriterion?: {
    criterionId?: string;
    status?: string;
    keyword?: { text?: string; matchType?: string };
    ageRange?: { type?: string };
    gender?: { type?: string };
  };
  searchTermView?: { searchTerm?: string; status?: string };
  shoppingProduct?: ShoppingProductJson;
  metrics?: AdsMetrics;
  segments?: {
    date?: string;
    searchTermMatchType?: string;
    productItemId?: string;
    productTitle?: string;
    productBrand?: string;
    productTypeL1?: string;
    productTypeL2?: string;
    productTypeL3?: string;
    productTypeL4?: string;
    productTypeL5?: string;
    productCategoryLevel1?: string;
    productCategoryLevel2?: string;
    productCategoryLevel3?: string;
    productCategoryLevel4?: string;
    productCategoryLevel5?: string;
  };
}

export interface ShoppingProductJson {
  itemId?: string;
  title?: string;
  brand?: string;
  status?: string;
  issues?: Array<{ description?: string; adsSeverity?: string; errorCode?: string }>;
  categoryLevel1?: string;
  categoryLevel2?: string;
  categoryLevel3?: string;
  categoryLevel4?: string;
  categoryLevel5?: string;
  productTypeLevel1?: string;
  productTypeLevel2?: string;
  productTypeLevel3?: string;
  productTypeLevel4?: string;
  productTypeLevel5?: string;
}

export interface MappingContext {
  brandId: string;
  customerId: string;
}

/** int64 on the wire is a decimal string; absent means 0. Beyond 2^53 a number would silently round. */
export function int64(value: string | number | undefined): number {
  if (value === undefined || value === '') return 0;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`Google Ads sent an int64 that is not a safe integer: ${String(value)}`);
  return n;
}

/**
 * A double as the decimal string a numeric column takes (conversions). Summed doubles carry binary noise
 * (0.1 + 0.2); 15 significant digits drop it. Rounding to the column's scale is left to PostgreSQL, which
 * rounds the decimal text exactly (JS toFixed would round 1.005 down). Money (conversionsValue) goes through
 * the one money rule instead (contract/money.ts), which rounds to cents the same way.
 */
export function decimal(value: number | undefined): string {
  if (value === undefined) return '0';
  if (!Number.isFinite(value)) throw new Error(`Google Ads sent a non-finite number: ${value}`);
  return String(Number(value.toPrecision(15)));
}

function day(row: AdsRow): string {
  const d = row.segments?.date;
  if (!d || !/^\d{4}-\d{2}-\d{2}$/.test(d)) throw new Error(`Google Ads row without a segments.date: ${JSON.stringify(row).slice(0, 200)}`);
  return d;
}

/** the additive metrics, parsed, as a sum that rows sharing a natural key can be folded into */
interface Sums {
  costMicros: number;
  impressions: number;
  clicks: number;
  conversions: number;
  conversionsValue: number;
}

function sums(m: AdsMetrics | undefined): Sums {
  return {
    costMicros: int64(m?.costMicros),
    impressions: int64(m?.impressions),
    clicks: int64(m?.clicks),
    conversions: m?.conversions ?? 0,
    conversionsValue: m?.conversionsValue ?? 0,
  };
}

function addSums(a: Sums, b: Sums): void {
  a.costMicros += b.costMicros;
  a.impressions += b.impressions;
  a.clicks += b.clicks;
  a.conversions += b.conversions;
  a.conversionsValue += b.conversionsValue;
}

function metricColumns(s: Sums): Pick<CampaignDailyRow, 'costMicros' | 'impressions' | 'clicks' | 'conversions' | 'conversionsValue'> {
  return { costMicros: s.costMicros, impressions: s.impressions, clicks: s.clicks, conversions: decimal(s.conversions), conversionsValue: toAmount(s.conversionsValue) };
}

/**
 * Rows are folded by their natural key: the fact tables are upserted on it and one statement cannot
 * touch the same key twice; views whose key is coarser than Google's row (age over ad groups, a product
 * over campaigns) are summed here on purpose.
 */
function fold<T>(rows: readonly AdsRow[], keyed: (r: AdsRow) => { key: string; make: () => T }): Array<{ first: T; sums: Sums }> {
  const byKey = new Map<string, { first: T; sums: Sums }>();
  for (const r of rows) {
    const { key, make } = keyed(r);
    const hit = byKey.get(key);
    if (hit) addSums(hit.sums, sums(r.metrics));
    else byKey.set(key, { first: make(), sums: sums(r.metrics) });
  }
  return [...byKey.values()];
}

function compact(attrs: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(attrs).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''));
}

/** 'a > b > c' from the non-empty levels (Google's own separator in product types and the taxonomy) */
export function path(levels: ReadonlyArray<string | undefined>): string | undefined {
  const parts = levels.filter((l): l is string => l !== undefined && l !== '');
  return parts.length > 0 ? parts.join(' > ') : undefined;
}

export function mapCampaignRows(ctx: MappingContext, rows: readonly AdsRow[]): CampaignDailyRow[] {
  return fold(rows, (r) => ({ key: `${r.campaign?.id}|${day(r)}`, make: () => r })).map(({ first: r, sums: s }) => {
    if (!r.campaign?.id) throw new Error('Google Ads campaign row without campaign.id');
    return {
      brandId: ctx.brandId,
      customerId: ctx.customerId,
      campaignId: r.campaign.id,
      date: day(r),
      campaignName: r.campaign.name ?? '',
      status: r.campaign.status ?? 'UNKNOWN',
      channelType: r.campaign.advertisingChannelType ?? null,
      ...metricColumns(s),
    };
  });
}

type ViewName = 'search_term' | 'keyword' | 'age' | 'gender' | 'product';

interface ViewIdentity {
  key: string;
  label: string;
  attributes: Record<string, string>;
  /** false for views summed over campaigns or ad groups: their rows belong to none */
  placed: boolean;
}

function viewRows(ctx: MappingContext, view: ViewName, rows: readonly AdsRow[], identify: (r: AdsRow) => ViewIdentity): ViewDailyRow[] {
  return fold(rows, (r) => {
    const id = identify(r);
    return { key: `${id.key}\u0001${day(r)}`, make: () => ({ r, id }) };
  }).map(({ first: { r, id }, sums: s }) => ({
    brandId: ctx.brandId,
    customerId: ctx.customerId,
    view,
    key: id.key,
    date: day(r),
    label: id.label,
    campaignId: id.placed ? (r.campaign?.id ?? null) : null,
    campaignName: id.placed ? (r.campaign?.name ?? null) : null,
    adGroupId: id.placed ? (r.adGroup?.id ?? null) : null,
    adGroupName: id.placed ? (r.adGroup?.name ?? null) : null,
    attributes: id.attributes,
    ...metricColumns(s),
  }));
}

/**
 * search_term_view: Google keeps one row per term, match type and ad group (the same words typed can
 * match two ways), so all three make the key. Shopping ad groups have no match type (no keywords).
 */
export function mapSearchTermRows(ctx: MappingContext, rows: readonly AdsRow[]): ViewDailyRow[] {
  return viewRows(ctx, 'search_term', rows, (r) => {
    const term = r.searchTermView?.searchTerm ?? '';
    const matchType = r.segments?.searchTermMatchType;
    return { key: `${term}|${matchType ?? ''}|${r.adGroup?.id ?? ''}`, label: term, attributes: compact({ matchType, status: r.searchTermView?.status }), placed: true };
  });
}

/**
 * keyword_view: keyed `adGroupId~criterionId` like Google's own ad_group_criterion resource name, since
 * a criterion id alone is shared by the same keyword (text + match type) in different ad groups.
 */
export function mapKeywordRows(ctx: MappingContext, rows: readonly AdsRow[]): ViewDailyRow[] {
  return viewRows(ctx, 'keyword', rows, (r) => {
    const c = r.adGroupCriterion;
    return {
      key: `${r.adGroup?.id ?? ''}~${c?.criterionId ?? ''}`,
      label: c?.keyword?.text ?? '',
      attributes: compact({ matchType: c?.keyword?.matchType, status: c?.status }),
      placed: true,
    };
  });
}

/** age_range_view / gender_view come per ad group criterion; the reports want one row per range a day. */
export function mapDemographicRows(ctx: MappingContext, view: 'age' | 'gender', rows: readonly AdsRow[]): ViewDailyRow[] {
  return viewRows(ctx, view, rows, (r) => {
    const type = (view === 'age' ? r.adGroupCriterion?.ageRange?.type : r.adGroupCriterion?.gender?.type) ?? 'UNKNOWN';
    return { key: type, label: type, attributes: {}, placed: false };
  });
}

/**
 * shopping_performance_view without campaign fields: one row per item a day over every Shopping and
 * Performance Max campaign. Item ids and product types come lower-cased here (reference 3.4).
 */
export function mapProductViewRows(ctx: MappingContext, rows: readonly AdsRow[]): ViewDailyRow[] {
  return viewRows(ctx, 'product', rows, (r) => {
    const s = r.segments;
    const itemId = (s?.productItemId ?? '').toLowerCase();
    return {
      key: itemId,
      label: s?.productTitle || itemId,
      attributes: compact({
        title: s?.productTitle,
        brand: s?.productBrand,
        productType: path([s?.productTypeL1, s?.productTypeL2, s?.productTypeL3, s?.productTypeL4, s?.productTypeL5]),
        category: path([s?.productCategoryLevel1, s?.productCategoryLevel2, s?.productCategoryLevel3, s?.productCategoryLevel4, s?.productCategoryLevel5]),
      }),
      placed: false,
    };
  });
}

/**
 * shopping_product: the products' eligibility now (not daily). The item id is stored lower-cased, the
 * way shopping_performance_view reports it, so the product view joins on equality.
 */
export function mapShoppingProducts(ctx: MappingContext, rows: readonly AdsRow[]): ProductRow[] {
  const byId = new Map<string, ProductRow>();
  for (const { shoppingProduct: p } of rows) {
    if (!p?.itemId) continue;
    const itemId = p.itemId.toLowerCase();
    byId.set(itemId, {
      brandId: ctx.brandId,
      customerId: ctx.customerId,
      itemId,
      title: p.title ?? itemId,
      brand: p.brand ?? null,
      productType: path([p.productTypeLevel1, p.productTypeLevel2, p.productTypeLevel3, p.productTypeLevel4, p.productTypeLevel5]) ?? null,
      category: path([p.categoryLevel1, p.categoryLevel2, p.categoryLevel3, p.categoryLevel4, p.categoryLevel5]) ?? null,
      status: p.status ?? 'UNKNOWN',
      issues: (p.issues ?? []).map((i) => ({ description: i.description ?? i.errorCode ?? '', ...(i.adsSeverity ? { severity: i.adsSeverity } : {}) })),
    });
  }
  return [...byId.values()];
}
