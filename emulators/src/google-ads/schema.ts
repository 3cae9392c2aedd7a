import type { Bundle } from './allocate.js';

// The GAQL fields and resources the emulator knows: type (drives JSON encoding: int64 -> string,
// double -> number, enum -> string), enum constants, version gates, and which resources, segments
// and metrics each FROM resource accepts (developers.google.com/google-ads/api/fields/*).

export type FieldType = 'int64' | 'int32' | 'double' | 'string' | 'bool' | 'enum' | 'date' | 'string_list' | 'message_list';

export interface FieldDef {
  name: string;
  type: FieldType;
  enumValues?: readonly string[];
  /** first / last API version that has the field (campaign.start_date became start_date_time in v23) */
  minVersion?: number;
  maxVersion?: number;
}

const e = (...values: string[]): readonly string[] => ['UNSPECIFIED', 'UNKNOWN', ...values];
const STATUS3 = e('ENABLED', 'PAUSED', 'REMOVED');
const QS_BUCKET = e('BELOW_AVERAGE', 'AVERAGE', 'ABOVE_AVERAGE');
export const AGE_RANGES = e('AGE_RANGE_18_24', 'AGE_RANGE_25_34', 'AGE_RANGE_35_44', 'AGE_RANGE_45_54', 'AGE_RANGE_55_64', 'AGE_RANGE_65_UP', 'AGE_RANGE_UNDETERMINED');
export const DAYS_OF_WEEK = e('MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY');

const defs: FieldDef[] = [];
function add(resource: string, type: FieldType, names: string[], extra: Partial<FieldDef> = {}): void {
  for (const n of names) defs.push({ name: `${resource}.${n}`, type, ...extra });
}

add('customer', 'string', ['resource_name', 'descriptive_name', 'currency_code', 'time_zone']);
add('customer', 'int64', ['id']);
add('customer', 'bool', ['manager', 'test_account', 'auto_tagging_enabled']);
add('customer', 'enum', ['status'], { enumValues: e('ENABLED', 'CANCELED', 'SUSPENDED', 'CLOSED') });

add('customer_client', 'string', ['resource_name', 'client_customer', 'descriptive_name', 'currency_code', 'time_zone']);
add('customer_client', 'int64', ['id', 'level']);
add('customer_client', 'bool', ['manager', 'hidden', 'test_account']);
add('customer_client', 'enum', ['status'], { enumValues: e('ENABLED', 'CANCELED', 'SUSPENDED', 'CLOSED') });

add('campaign', 'string', ['resource_name', 'name']);
add('campaign', 'int64', ['id']);
add('campaign', 'enum', ['status'], { enumValues: STATUS3 });
add('campaign', 'enum', ['advertising_channel_type'], { enumValues: e('SEARCH', 'DISPLAY', 'SHOPPING', 'HOTEL', 'VIDEO', 'MULTI_CHANNEL', 'LOCAL', 'SMART', 'PERFORMANCE_MAX', 'LOCAL_SERVICES', 'TRAVEL', 'DEMAND_GEN') });
add('campaign', 'enum', ['bidding_strategy_type'], { enumValues: e('COMMISSION', 'ENHANCED_CPC', 'INVALID', 'MANUAL_CPA', 'MANUAL_CPC', 'MANUAL_CPM', 'MANUAL_CPV', 'MAXIMIZE_CONVERSIONS', 'MAXIMIZE_CONVERSION_VALUE', 'PAGE_ONE_PROMOTED', 'PERCENT_CPC', 'TARGET_CPA', 'TARGET_CPM', 'TARGET_IMPRESSION_SHARE', 'TARGET_OUTRANK_SHARE', 'TARGET_ROAS', 'TARGET_SPEND') });
// v23 replaced start_date/end_date ('YYYY-MM-DD') with start_date_time/end_date_time ('yyyy-MM-dd HH:mm:ss').
add('campaign', 'date', ['start_date', 'end_date'], { maxVersion: 22 });
add('campaign', 'string', ['start_date_time', 'end_date_time'], { minVersion: 23 });

add('ad_group', 'string', ['resource_name', 'name', 'campaign']);
add('ad_group', 'int64', ['id']);
add('ad_group', 'enum', ['status'], { enumValues: STATUS3 });
add('ad_group', 'enum', ['type'], { enumValues: e('SEARCH_STANDARD', 'DISPLAY_STANDARD', 'SHOPPING_PRODUCT_ADS', 'SHOPPING_SMART_ADS', 'HOTEL_ADS', 'VIDEO_RESPONSIVE') });

add('ad_group_criterion', 'string', ['resource_name', 'ad_group', 'keyword.text']);
add('ad_group_criterion', 'int64', ['criterion_id']);
add('ad_group_criterion', 'bool', ['negative']);
add('ad_group_criterion', 'enum', ['status'], { enumValues: STATUS3 });
add('ad_group_criterion', 'enum', ['type'], { enumValues: e('KEYWORD', 'PLACEMENT', 'AGE_RANGE', 'GENDER', 'USER_LIST', 'LISTING_GROUP', 'TOPIC', 'WEBPAGE') });
add('ad_group_criterion', 'enum', ['keyword.match_type'], { enumValues: e('EXACT', 'PHRASE', 'BROAD') });
add('ad_group_criterion', 'int32', ['quality_info.quality_score']);
add('ad_group_criterion', 'enum', ['quality_info.creative_quality_score', 'quality_info.post_click_quality_score', 'quality_info.search_predicted_ctr'], { enumValues: QS_BUCKET });
add('ad_group_criterion', 'enum', ['age_range.type'], { enumValues: AGE_RANGES });
add('ad_group_criterion', 'enum', ['gender.type'], { enumValues: e('MALE', 'FEMALE', 'UNDETERMINED') });

add('keyword_view', 'string', ['resource_name']);
add('age_range_view', 'string', ['resource_name']);
add('gender_view', 'string', ['resource_name']);
add('shopping_performance_view', 'string', ['resource_name']);
add('search_term_view', 'string', ['resource_name', 'search_term', 'ad_group']);
add('search_term_view', 'enum', ['status'], { enumValues: e('ADDED', 'EXCLUDED', 'ADDED_EXCLUDED', 'NONE') });

add('shopping_product', 'string', ['resource_name', 'language_code', 'feed_label', 'item_id', 'title', 'brand', 'currency_code', 'campaign',
  'category_level1', 'category_level2', 'category_level3', 'category_level4', 'category_level5',
  'product_type_level1', 'product_type_level2', 'product_type_level3', 'product_type_level4', 'product_type_level5']);
add('shopping_product', 'int64', ['merchant_center_id', 'price_micros']);
add('shopping_product', 'enum', ['channel'], { enumValues: e('ONLINE', 'LOCAL') });
add('shopping_product', 'enum', ['condition'], { enumValues: e('NEW', 'REFURBISHED', 'USED') });
add('shopping_product', 'enum', ['availability'], { enumValues: e('IN_STOCK', 'OUT_OF_STOCK', 'PREORDER') });
add('shopping_product', 'enum', ['status'], { enumValues: e('NOT_ELIGIBLE', 'ELIGIBLE_LIMITED', 'ELIGIBLE') });
add('shopping_product', 'string_list', ['target_countries']);
add('shopping_product', 'message_list', ['issues']);

add('segments', 'date', ['date', 'week', 'month', 'quarter']);
add('segments', 'int32', ['year']);
add('segments', 'enum', ['day_of_week'], { enumValues: DAYS_OF_WEEK });
add('segments', 'enum', ['search_term_match_type'], { enumValues: e('BROAD', 'EXACT', 'PHRASE', 'NEAR_EXACT', 'NEAR_PHRASE') });
add('segments', 'string', ['product_item_id', 'product_title', 'product_brand', 'product_country', 'product_language',
  'product_type_l1', 'product_type_l2', 'product_type_l3', 'product_type_l4', 'product_type_l5',
  'product_category_level1', 'product_category_level2', 'product_category_level3', 'product_category_level4', 'product_category_level5']);
add('segments', 'int64', ['product_merchant_id']);
add('segments', 'enum', ['product_channel'], { enumValues: e('ONLINE', 'LOCAL') });
add('segments', 'enum', ['product_condition'], { enumValues: e('NEW', 'REFURBISHED', 'USED') });

type MetricFn = (b: Bundle) => number;
const ratio = (a: number, b: number): number => (b > 0 ? a / b : 0);
const micros = (b: Bundle): number => b.cost * 10_000;

/** Metrics computed from the summed integers, so range ratios are always recomputed, never averaged. */
export const METRICS: Record<string, { type: 'int64' | 'double'; get: MetricFn }> = {
  'metrics.impressions': { type: 'int64', get: (b) => b.impressions },
  'metrics.clicks': { type: 'int64', get: (b) => b.clicks },
  'metrics.cost_micros': { type: 'int64', get: micros },
  'metrics.interactions': { type: 'int64', get: (b) => b.clicks },
  'metrics.conversions': { type: 'double', get: (b) => b.conv / 100 },
  'metrics.conversions_value': { type: 'double', get: (b) => b.value / 100 },
  'metrics.all_conversions': { type: 'double', get: (b) => b.allConv / 100 },
  'metrics.all_conversions_value': { type: 'double', get: (b) => b.allValue / 100 },
  'metrics.ctr': { type: 'double', get: (b) => ratio(b.clicks, b.impressions) },
  'metrics.interaction_rate': { type: 'double', get: (b) => ratio(b.clicks, b.impressions) },
  'metrics.average_cpc': { type: 'double', get: (b) => ratio(micros(b), b.clicks) },
  'metrics.average_cost': { type: 'double', get: (b) => ratio(micros(b), b.clicks) },
  'metrics.average_cpm': { type: 'double', get: (b) => ratio(micros(b) * 1000, b.impressions) },
  'metrics.cost_per_conversion': { type: 'double', get: (b) => ratio(micros(b), b.conv / 100) },
  'metrics.cost_per_all_conversions': { type: 'double', get: (b) => ratio(micros(b), b.allConv / 100) },
  'metrics.conversions_from_interactions_rate': { type: 'double', get: (b) => ratio(b.conv / 100, b.clicks) },
  'metrics.value_per_conversion': { type: 'double', get: (b) => ratio(b.value, b.conv) },
  // Google reports shares under 10 % as 0.0999 ("< 10%").
  'metrics.search_impression_share': { type: 'double', get: (b) => { const s = ratio(b.impressions, b.eligible); return s > 0 && s < 0.1 ? 0.0999 : s; } },
};

for (const [name, m] of Object.entries(METRICS)) defs.push({ name, type: m.type });

export const FIELDS: ReadonlyMap<string, FieldDef> = new Map(defs.map((d) => [d.name, d]));

export function fieldFor(name: string, version: number): FieldDef | undefined {
  const def = FIELDS.get(name);
  if (!def) return undefined;
  if (def.minVersion !== undefined && version < def.minVersion) return undefined;
  if (def.maxVersion !== undefined && version > def.maxVersion) return undefined;
  return def;
}

/** the resource a field belongs to: 'campaign', 'ad_group_criterion', 'metrics', 'segments' (per row: no allocation) */
export function resourceOf(field: string): string {
  const dot = field.indexOf('.');
  return dot < 0 ? field : field.slice(0, dot);
}

export const DATE_SEGMENTS = ['segments.date', 'segments.week', 'segments.month', 'segments.quarter', 'segments.year', 'segments.day_of_week'];
/** the "core date segments" that need a finite date range when selected */
export const CORE_DATE_SEGMENTS = ['segments.date', 'segments.week', 'segments.month', 'segments.quarter', 'segments.year'];
const PRODUCT_SEGMENTS = defs.filter((d) => d.name.startsWith('segments.product_')).map((d) => d.name);

export interface ResourceSpec {
  attributed: readonly string[];
  segments: readonly string[];
  metrics: boolean;
  /** metrics this view does not offer */
  withoutMetrics?: readonly string[];
}

const VIEW_METRICS_EXCLUDED = ['metrics.search_impression_share'];

export const RESOURCES: Record<string, ResourceSpec> = {
  customer: { attributed: [], segments: DATE_SEGMENTS, metrics: true },
  campaign: { attributed: ['customer'], segments: DATE_SEGMENTS, metrics: true },
  ad_group: { attributed: ['campaign', 'customer'], segments: DATE_SEGMENTS, metrics: true },
  keyword_view: { attributed: ['ad_group_criterion', 'ad_group', 'campaign', 'customer'], segments: DATE_SEGMENTS, metrics: true },
  search_term_view: { attributed: ['ad_group', 'campaign', 'customer'], segments: [...DATE_SEGMENTS, 'segments.search_term_match_type'], metrics: true, withoutMetrics: VIEW_METRICS_EXCLUDED },
  age_range_view: { attributed: ['ad_group_criterion', 'ad_group', 'campaign', 'customer'], segments: DATE_SEGMENTS, metrics: true, withoutMetrics: VIEW_METRICS_EXCLUDED },
  gender_view: { attributed: ['ad_group_criterion', 'ad_group', 'campaign', 'customer'], segments: DATE_SEGMENTS, metrics: true, withoutMetrics: VIEW_METRICS_EXCLUDED },
  shopping_performance_view: { attributed: ['ad_group', 'campaign', 'customer'], segments: [...DATE_SEGMENTS, ...PRODUCT_SEGMENTS], metrics: true, withoutMetrics: VIEW_METRICS_EXCLUDED },
  customer_client: { attributed: ['customer'], segments: [], metrics: false },
  // Date segments may filter shopping_product but not be selected (ShoppingProductError.UNSUPPORTED_DATE_SEGMENTATION).
  shopping_product: { attributed: ['customer'], segments: DATE_SEGMENTS, metrics: true, withoutMetrics: VIEW_METRICS_EXCLUDED },
};

/** lower_snake path -> lowerCamel JSON path (ad_group_criterion.keyword.match_type -> adGroupCriterion.keyword.matchType) */
export function camelPath(field: string): string {
  return field.split('.').map((p) => p.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())).join('.');
}
