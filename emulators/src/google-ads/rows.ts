import type { World } from '../common/world.js';
import { addInto, emptyBundle, isZero, type Bundle } from './allocate.js';
import { adGroupSplit, campaignDay, demographicSplit, keywordSplit, productSplit, termSplit } from './daily.js';
import { campaignsAsOf, type AccountModel, type Campaign } from './entities.js';
import {
  adGroupRec, campaignRec, customerClientRecs, customerRec, demographicRec, keywordRec, productPerfRec, shoppingProductRec, termRec,
  type Rec,
} from './records.js';

// Where rows come from for each FROM resource: the entities that exist (listed even with zero metrics
// when the query is not segmented) and the daily activity (one atomic row per entity and day).

export type Emit = (rec: Rec, day: string, m: Bundle) => void;

/** the field that identifies one entity of the FROM resource ('' = rows are defined by the selected fields only) */
export const ENTITY_KEY: Record<string, string> = {
  customer: 'customer.id',
  campaign: 'campaign.id',
  ad_group: 'ad_group.id',
  keyword_view: 'keyword_view.resource_name',
  search_term_view: 'search_term_view.resource_name',
  age_range_view: 'age_range_view.resource_name',
  gender_view: 'gender_view.resource_name',
  shopping_performance_view: '',
  customer_client: 'customer_client.resource_name',
  shopping_product: 'shopping_product.resource_name',
};

/** Resources whose rows exist only where there was activity (Google has no row for a term nobody searched). */
export const ACTIVITY_ONLY = new Set(['search_term_view', 'shopping_performance_view']);

export interface Scope {
  /** shopping_product campaign scope: `customers/X/campaigns/Y` */
  campaign?: string;
}

function scopedCampaigns(model: AccountModel, today: string, scope: Scope): Campaign[] {
  const all = campaignsAsOf(model, today);
  if (!scope.campaign) return all;
  return all.filter((c) => `customers/${model.customer.id}/campaigns/${c.id}` === scope.campaign);
}

function hasShopping(c: Campaign): boolean {
  return c.spec.channel === 'SHOPPING' || c.spec.channel === 'PERFORMANCE_MAX';
}

export function entityRecs(world: World, model: AccountModel, from: string, today: string, scope: Scope): Rec[] {
  const campaigns = scopedCampaigns(model, today, scope);
  const adGroups = campaigns.flatMap((c) => c.adGroups);
  switch (from) {
    case 'customer': return [customerRec(model.customer)];
    case 'customer_client': return customerClientRecs(world, model.customer);
    case 'campaign': return campaigns.map((c) => campaignRec(model, c));
    case 'ad_group': return adGroups.map((ag) => adGroupRec(model, ag));
    case 'keyword_view': return adGroups.flatMap((ag) => ag.keywords.map((k) => keywordRec(model, ag, k)));
    case 'age_range_view': return adGroups.flatMap((ag) => model.ages.map((d) => demographicRec(model, ag, d, 'age')));
    case 'gender_view': return adGroups.flatMap((ag) => model.genders.map((d) => demographicRec(model, ag, d, 'gender')));
    case 'shopping_product': {
      const products = scope.campaign ? [...new Set(campaigns.flatMap((c) => c.products))] : model.products;
      return products.map((p) => shoppingProductRec(model, p));
    }
    default: return [];
  }
}

/** Call `emit` for every non-zero atomic row of `from` on each day. */
export function forEachActivity(seed: string, model: AccountModel, from: string, days: readonly string[], today: string, scope: Scope, emit: Emit): void {
  const campaigns = scopedCampaigns(model, today, scope);
  const out = (rec: Rec, day: string, m: Bundle | undefined) => {
    if (m && !isZero(m)) emit(rec, day, m);
  };
  for (const day of days) {
    const byCampaign = campaignDay(seed, model, day, today);
    if (byCampaign.size === 0) continue;
    if (from === 'customer') {
      const total = emptyBundle();
      for (const c of campaigns) {
        const m = byCampaign.get(c.id);
        if (m) addInto(total, m);
      }
      out(customerRec(model.customer), day, total);
      continue;
    }
    for (const c of campaigns) {
      const cm = byCampaign.get(c.id);
      if (!cm) continue;
      if (from === 'campaign') {
        out(campaignRec(model, c), day, cm);
        continue;
      }
      if (from === 'shopping_performance_view' || from === 'shopping_product') {
        if (!hasShopping(c) || c.products.length === 0) continue;
        const split = productSplit(seed, c, day, cm);
        c.products.forEach((p, i) => out(from === 'shopping_product' ? shoppingProductRec(model, p) : productPerfRec(model, c, p), day, split[i]));
        continue;
      }
      if (c.adGroups.length === 0) continue;
      const agSplit = adGroupSplit(seed, c, day, cm);
      c.adGroups.forEach((ag, i) => {
        const am = agSplit[i];
        if (!am || isZero(am)) return;
        if (from === 'ad_group') return out(adGroupRec(model, ag), day, am);
        if (from === 'keyword_view') {
          if (ag.keywords.length === 0) return;
          const split = keywordSplit(seed, ag, day, am);
          return ag.keywords.forEach((k, j) => out(keywordRec(model, ag, k), day, split[j]));
        }
        if (from === 'search_term_view') {
          const split = termSplit(seed, ag, day, am);
          return ag.terms.forEach((t, j) => out(termRec(model, ag, t), day, split[j]));
        }
        if (from === 'age_range_view' || from === 'gender_view') {
          const kind = from === 'age_range_view' ? 'age' : 'gender';
          const list = kind === 'age' ? model.ages : model.genders;
          const split = demographicSplit(seed, kind, ag, day, am, list);
          return list.forEach((d, j) => out(demographicRec(model, ag, d, kind), day, split[j]));
        }
      });
    }
  }
}
