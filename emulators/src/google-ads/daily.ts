import { daysBetween } from '../common/dates.js';
import { createRng } from '../common/rng.js';
import { merchantDay } from '../common/world.js';
import { allocate, split, type Bundle, type ChildShape } from './allocate.js';
import { isActive, type AccountModel, type AdGroup, type Campaign, type Demographic } from './entities.js';

// Daily metrics, top-down: the merchant's Google spend and attributed revenue for a day (merchantDay)
// are split across the campaigns active that day, then each campaign-day across its ad groups,
// keywords, search terms, demographics or products. Every split is exact (allocate.ts).

/**
 * Google Ads restates recent conversions as late conversions arrive: a day `age` days old (age < 14)
 * shows final x (1 - 0.06 x (1 - age/14)). Cost, clicks and impressions never restate.
 */
export function restatementFactor(day: string, today: string): number {
  const age = daysBetween(day, today);
  if (age >= 14 || age < 1) return 1;
  return 1 - 0.06 * (1 - age / 14);
}

/** CPCs drift up ~8 % a year (auction inflation), anchored at 2024-01-01. */
function priceLevel(day: string): number {
  return Math.pow(1.08, daysBetween('2024-01-01', day) / 365);
}

const CACHE_LIMIT = 20_000;
const cache = new Map<string, Map<string, Bundle>>();

/** Metrics of every campaign active on `day`, with conversions restated as seen on `today`. */
export function campaignDay(seed: string, model: AccountModel, day: string, today: string): Map<string, Bundle> {
  const key = `${seed}|${model.customer.id}|${day}|${today}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const out = new Map<string, Bundle>();
  const merchant = model.merchant;
  const active = model.campaigns.filter((c) => isActive(c, day));
  if (merchant && active.length > 0) {
    const md = merchantDay(seed, merchant, day);
    const rng = createRng(seed, 'google-ads-day', model.customer.id, day);
    const noise = active.map(() => ({
      w: Math.max(0.3, rng.normal(1, 0.12)), v: Math.max(0.2, rng.normal(1, 0.25)), aov: Math.max(0.5, rng.normal(1, 0.08)),
      cpc: Math.max(0.5, rng.normal(1, 0.1)), ctr: Math.max(0.4, rng.normal(1, 0.1)), is: rng.normal(1, 0.06), all: rng.range(0.05, 0.3),
    }));
    // a merchant with several accounts (a big brand, common/scale-merchants.ts) spreads its Google activity over them
    const accountShare = model.customer.weight ?? 1;
    const cost = split(Math.round(md.googleSpend * accountShare * 100), active.map((c, i) => c.spec.weight * (noise[i]?.w ?? 1)));
    const valueFinal = split(Math.round(md.googleAttributedRevenue * accountShare * 100), active.map((c, i) => (cost[i] ?? 0) * c.spec.roas * (noise[i]?.v ?? 1)));
    const factor = restatementFactor(day, today);
    const level = priceLevel(day);
    active.forEach((c, i) => {
      const n = noise[i]!;
      const spend = cost[i] ?? 0;
      const clicks = spend > 0 ? Math.max(1, Math.round(spend / (c.spec.cpc * level * n.cpc * 100))) : 0;
      const impressions = Math.max(clicks, Math.round(clicks / (c.spec.ctr * n.ctr)));
      const share = Math.min(0.98, Math.max(0.1, c.spec.impressionShare * n.is));
      // conversions x 100 = value in minor units / order value in major units
      const convFinal = Math.round((valueFinal[i] ?? 0) / (merchant.averageOrderValue * c.spec.aovMult * n.aov));
      const conv = Math.round(convFinal * factor);
      const value = Math.round((valueFinal[i] ?? 0) * factor);
      out.set(c.id, {
        cost: spend, clicks, impressions, eligible: Math.max(impressions, Math.round(impressions / share)),
        conv, value, allConv: conv + Math.round(conv * n.all), allValue: value + Math.round(value * n.all * 0.8),
      });
    });
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, out);
  return out;
}

interface Shaped {
  weight: number;
  ctr?: number;
  cvr?: number;
}

/** Children's shapes for a day: their base weights with day-to-day noise, seeded by parent and day. */
function shapes(seed: string, kind: string, parentId: string, day: string, children: readonly Shaped[], volatility = 0.35): ChildShape[] {
  const rng = createRng(seed, kind, parentId, day);
  return children.map((c) => ({
    weight: c.weight * Math.max(0.15, rng.normal(1, volatility)),
    ctr: (c.ctr ?? 1) * Math.max(0.4, rng.normal(1, 0.15)),
    cpc: Math.max(0.5, rng.normal(1, 0.12)),
    cvr: (c.cvr ?? 1) * Math.max(0.2, rng.normal(1, 0.3)),
    aov: Math.max(0.4, rng.normal(1, 0.2)),
  }));
}

export function adGroupSplit(seed: string, campaign: Campaign, day: string, parent: Bundle): Bundle[] {
  return allocate(parent, shapes(seed, 'ad-groups', campaign.id, day, campaign.adGroups, 0.15));
}

export function keywordSplit(seed: string, ag: AdGroup, day: string, parent: Bundle): Bundle[] {
  const children = ag.keywords.map((k) => ({ weight: k.status === 'PAUSED' ? 0 : k.weight, ctr: k.ctr, cvr: k.cvr }));
  return allocate(parent, shapes(seed, 'keywords', ag.id, day, children));
}

export function termSplit(seed: string, ag: AdGroup, day: string, parent: Bundle): Bundle[] {
  return allocate(parent, shapes(seed, 'search-terms', ag.id, day, ag.terms, 0.6));
}

export function demographicSplit(seed: string, kind: 'age' | 'gender', ag: AdGroup, day: string, parent: Bundle, list: readonly Demographic[]): Bundle[] {
  return allocate(parent, shapes(seed, kind, ag.id, day, list, 0.1));
}

export function productSplit(seed: string, campaign: Campaign, day: string, parent: Bundle): Bundle[] {
  return allocate(parent, shapes(seed, 'products', campaign.id, day, campaign.products, 0.5));
}
