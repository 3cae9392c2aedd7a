// The GAQL of one pull (platform-apis.md 3.4): one query per resource for the whole window, segmented by
// segments.date so the answer has daily rows. Only additive metrics are selected: ratios (ctr, average
// cpc) are derived from sums by the reports, never stored. `omit_unselected_resource_names` drops the
// resourceName Google adds to every resource object, which would otherwise be most of the bytes.

export type DailyResource = 'campaign' | 'search_term' | 'keyword' | 'age' | 'gender' | 'product';

const METRICS = 'metrics.cost_micros, metrics.impressions, metrics.clicks, metrics.conversions, metrics.conversions_value';
const PARAMS = 'PARAMETERS omit_unselected_resource_names = true';
const levels = (prefix: string) => [1, 2, 3, 4, 5].map((n) => `${prefix}${n}`).join(', ');

const SELECT: Record<DailyResource, { fields: string; from: string }> = {
  campaign: { fields: 'campaign.id, campaign.name, campaign.status, campaign.advertising_channel_type', from: 'campaign' },
  search_term: {
    fields: 'search_term_view.search_term, search_term_view.status, segments.search_term_match_type, campaign.id, campaign.name, ad_group.id, ad_group.name',
    from: 'search_term_view',
  },
  keyword: {
    fields: 'ad_group_criterion.criterion_id, ad_group_criterion.keyword.text, ad_group_criterion.keyword.match_type, ad_group_criterion.status, campaign.id, campaign.name, ad_group.id, ad_group.name',
    from: 'keyword_view',
  },
  age: { fields: 'ad_group_criterion.age_range.type', from: 'age_range_view' },
  gender: { fields: 'ad_group_criterion.gender.type', from: 'gender_view' },
  // No campaign fields: Google then sums each item over its campaigns, which is the product view's grain.
  product: {
    fields: `segments.product_item_id, segments.product_title, segments.product_brand, ${levels('segments.product_type_l')}, ${levels('segments.product_category_level')}`,
    from: 'shopping_performance_view',
  },
};

export const DAILY_RESOURCES = Object.keys(SELECT) as DailyResource[];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function dailyQuery(resource: DailyResource, from: string, to: string): string {
  if (!DAY.test(from) || !DAY.test(to) || from > to) throw new Error(`invalid Google Ads window ${from}..${to}`);
  const s = SELECT[resource];
  return `SELECT ${s.fields}, segments.date, ${METRICS} FROM ${s.from} WHERE segments.date BETWEEN '${from}' AND '${to}' ${PARAMS}`;
}

/** Products as they are now: shopping_product takes no date segment (UNSUPPORTED_DATE_SEGMENTATION). */
export const PRODUCTS_QUERY = `SELECT shopping_product.item_id, shopping_product.title, shopping_product.brand, shopping_product.status, shopping_product.issues, ${levels('shopping_product.category_level')}, ${levels('shopping_product.product_type_level')} FROM shopping_product ${PARAMS}`;
