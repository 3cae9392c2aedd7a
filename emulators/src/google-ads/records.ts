import type { GoogleAdsCustomer, World } from '../common/world.js';
import type { AccountModel, AdGroup, Campaign, Demographic, Keyword, SearchTerm } from './entities.js';
import type { Product } from './products.js';

// Attribute values of each entity, keyed by GAQL field name. One record carries its own fields and
// those of every attributed resource (a keyword record also has ad_group.*, campaign.*, customer.*),
// so a row needs nothing else to be filtered or rendered.

export type FieldValue = string | number | boolean | string[] | Array<Record<string, unknown>> | undefined;
export type Rec = Readonly<Record<string, FieldValue>>;

const memo = new WeakMap<object, Rec>();
function once(key: object, build: () => Rec): Rec {
  let rec = memo.get(key);
  if (!rec) {
    rec = build();
    memo.set(key, rec);
  }
  return rec;
}

/** Accounts have no status in the world: a client with no business behind it is a cancelled account. */
export function customerStatus(c: GoogleAdsCustomer): string {
  return !c.manager && c.merchantId === null ? 'CANCELED' : 'ENABLED';
}

export function customerRec(c: GoogleAdsCustomer): Rec {
  return once(c, () => ({
    'customer.resource_name': `customers/${c.id}`,
    'customer.id': c.id,
    'customer.descriptive_name': c.descriptiveName,
    'customer.currency_code': c.currencyCode,
    'customer.time_zone': c.timeZone,
    'customer.manager': c.manager,
    'customer.test_account': false,
    'customer.auto_tagging_enabled': !c.manager,
    'customer.status': customerStatus(c),
  }));
}

/** customer_client rows of a manager: level 0 is the manager itself, then its tree. */
export function customerClientRecs(world: World, root: GoogleAdsCustomer): Rec[] {
  const out: Rec[] = [];
  const visit = (c: GoogleAdsCustomer, level: number) => {
    out.push({
      ...customerRec(root),
      'customer_client.resource_name': `customers/${root.id}/customerClients/${c.id}`,
      'customer_client.client_customer': `customers/${c.id}`,
      'customer_client.level': String(level),
      'customer_client.manager': c.manager,
      'customer_client.descriptive_name': c.descriptiveName,
      'customer_client.id': c.id,
      'customer_client.hidden': level === 0 ? false : c.hidden,
      'customer_client.status': customerStatus(c),
      'customer_client.currency_code': c.currencyCode,
      'customer_client.time_zone': c.timeZone,
      'customer_client.test_account': false,
    });
    if (c.manager) for (const child of world.google.customers.filter((x) => x.managerId === c.id)) visit(child, level + 1);
  };
  visit(root, 0);
  return out;
}

export function campaignRec(model: AccountModel, c: Campaign): Rec {
  return once(c, () => {
    const s = c.spec;
    return {
      ...customerRec(model.customer),
      'campaign.resource_name': `customers/${model.customer.id}/campaigns/${c.id}`,
      'campaign.id': c.id,
      'campaign.name': s.name,
      'campaign.status': s.status,
      'campaign.advertising_channel_type': s.channel,
      'campaign.bidding_strategy_type': s.bidding,
      'campaign.start_date': s.start,
      // Before v23 an open-ended campaign reported end_date 2037-12-30 ("runs indefinitely").
      'campaign.end_date': s.endDate ?? '2037-12-30',
      'campaign.start_date_time': `${s.start} 00:00:00`,
      'campaign.end_date_time': s.endDate ? `${s.endDate} 23:59:59` : undefined,
    };
  });
}

export function adGroupRec(model: AccountModel, ag: AdGroup): Rec {
  return once(ag, () => ({
    ...campaignRec(model, ag.campaign),
    'ad_group.resource_name': `customers/${model.customer.id}/adGroups/${ag.id}`,
    'ad_group.id': ag.id,
    'ad_group.name': ag.name,
    'ad_group.status': 'ENABLED',
    'ad_group.type': ag.type,
    'ad_group.campaign': `customers/${model.customer.id}/campaigns/${ag.campaign.id}`,
  }));
}

function criterionBase(model: AccountModel, ag: AdGroup, criterionId: string, type: string, status: string): Record<string, FieldValue> {
  return {
    ...adGroupRec(model, ag),
    'ad_group_criterion.resource_name': `customers/${model.customer.id}/adGroupCriteria/${ag.id}~${criterionId}`,
    'ad_group_criterion.criterion_id': criterionId,
    'ad_group_criterion.status': status,
    'ad_group_criterion.type': type,
    'ad_group_criterion.negative': false,
    'ad_group_criterion.ad_group': `customers/${model.customer.id}/adGroups/${ag.id}`,
  };
}

export function keywordRec(model: AccountModel, ag: AdGroup, k: Keyword): Rec {
  return once(k, () => ({
    ...criterionBase(model, ag, k.criterionId, 'KEYWORD', k.status),
    'ad_group_criterion.keyword.text': k.text,
    'ad_group_criterion.keyword.match_type': k.match,
    'ad_group_criterion.quality_info.quality_score': k.qualityScore,
    'ad_group_criterion.quality_info.creative_quality_score': k.creativeQuality,
    'ad_group_criterion.quality_info.post_click_quality_score': k.landingPage,
    'ad_group_criterion.quality_info.search_predicted_ctr': k.predictedCtr,
    'keyword_view.resource_name': `customers/${model.customer.id}/keywordViews/${ag.id}~${k.criterionId}`,
  }));
}

const demographicMemo = new WeakMap<AdGroup, Map<Demographic, Rec>>();
export function demographicRec(model: AccountModel, ag: AdGroup, d: Demographic, kind: 'age' | 'gender'): Rec {
  let byAg = demographicMemo.get(ag);
  if (!byAg) {
    byAg = new Map();
    demographicMemo.set(ag, byAg);
  }
  let rec = byAg.get(d);
  if (!rec) {
    const base = criterionBase(model, ag, d.criterionId, kind === 'age' ? 'AGE_RANGE' : 'GENDER', 'ENABLED');
    rec = kind === 'age'
      ? { ...base, 'ad_group_criterion.age_range.type': d.type, 'age_range_view.resource_name': `customers/${model.customer.id}/ageRangeViews/${ag.id}~${d.criterionId}` }
      : { ...base, 'ad_group_criterion.gender.type': d.type, 'gender_view.resource_name': `customers/${model.customer.id}/genderViews/${ag.id}~${d.criterionId}` };
    byAg.set(d, rec);
  }
  return rec;
}

export function termRec(model: AccountModel, ag: AdGroup, t: SearchTerm): Rec {
  return once(t, () => ({
    ...adGroupRec(model, ag),
    'search_term_view.resource_name': `customers/${model.customer.id}/searchTermViews/${ag.campaign.id}~${ag.id}~${Buffer.from(t.text).toString('base64url')}`,
    'search_term_view.search_term': t.text,
    'search_term_view.status': t.status,
    'search_term_view.ad_group': `customers/${model.customer.id}/adGroups/${ag.id}`,
    'segments.search_term_match_type': t.matchType,
  }));
}

const COUNTRY_CONSTANTS: Record<string, string> = { IN: 'geoTargetConstants/2356', US: 'geoTargetConstants/2840' };

/** Product segments as shopping_performance_view reports them: item ids and product types lower-cased. */
export function productSegments(model: AccountModel, p: Product): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = {
    'segments.product_item_id': p.offerId.toLowerCase(),
    'segments.product_title': p.title,
    'segments.product_brand': p.brand,
    'segments.product_channel': 'ONLINE',
    'segments.product_condition': 'NEW',
    'segments.product_merchant_id': model.catalog?.merchantCenterId,
    'segments.product_country': COUNTRY_CONSTANTS[model.catalog?.country ?? ''],
    'segments.product_language': 'languageConstants/1000',
    'shopping_performance_view.resource_name': `customers/${model.customer.id}/shoppingPerformanceView`,
  };
  p.types.forEach((t, i) => (out[`segments.product_type_l${i + 1}`] = t.toLowerCase()));
  p.categories.forEach((c, i) => (out[`segments.product_category_level${i + 1}`] = c));
  return out;
}

const productPerfMemo = new WeakMap<Campaign, Map<Product, Rec>>();
export function productPerfRec(model: AccountModel, c: Campaign, p: Product): Rec {
  let byCampaign = productPerfMemo.get(c);
  if (!byCampaign) {
    byCampaign = new Map();
    productPerfMemo.set(c, byCampaign);
  }
  let rec = byCampaign.get(p);
  if (!rec) {
    // Standard Shopping rows carry their (single) ad group; Performance Max has none.
    const ag = c.adGroups[0];
    rec = { ...(ag ? adGroupRec(model, ag) : campaignRec(model, c)), ...productSegments(model, p) };
    byCampaign.set(p, rec);
  }
  return rec;
}

const shoppingProductMemo = new WeakMap<AccountModel, Map<Product, Rec>>();
export function shoppingProductRec(model: AccountModel, p: Product): Rec {
  let byModel = shoppingProductMemo.get(model);
  if (!byModel) {
    byModel = new Map();
    shoppingProductMemo.set(model, byModel);
  }
  const hit = byModel.get(p);
  if (hit) return hit;
  const rec = ((): Rec => {
    const cat = model.catalog;
    const out: Record<string, FieldValue> = {
      ...customerRec(model.customer),
      'shopping_product.resource_name': `customers/${model.customer.id}/shoppingProducts/${cat?.merchantCenterId}~ONLINE~en~${cat?.country}~${p.offerId}`,
      'shopping_product.merchant_center_id': cat?.merchantCenterId,
      'shopping_product.channel': 'ONLINE',
      'shopping_product.language_code': 'en',
      'shopping_product.feed_label': cat?.country,
      'shopping_product.item_id': p.offerId,
      'shopping_product.title': p.title,
      'shopping_product.brand': p.brand,
      'shopping_product.price_micros': String(p.priceMicros),
      'shopping_product.currency_code': p.currency,
      'shopping_product.condition': 'NEW',
      'shopping_product.availability': p.availability,
      'shopping_product.target_countries': cat ? [cat.country] : [],
      'shopping_product.status': p.status,
      // ProductIssue in proto field order
      'shopping_product.issues': p.issues.map((i) => ({
        errorCode: i.errorCode, adsSeverity: i.adsSeverity, attributeName: i.attributeName, description: i.description,
        detail: i.detail, documentation: i.documentation, affectedRegions: [...i.affectedRegions],
      })),
    };
    p.categories.forEach((c, i) => (out[`shopping_product.category_level${i + 1}`] = c));
    p.types.forEach((t, i) => (out[`shopping_product.product_type_level${i + 1}`] = t));
    return out;
  })();
  byModel.set(p, rec);
  return rec;
}
