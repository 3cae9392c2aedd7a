import { createRng } from '../common/rng.js';
import { daysBetween, weekday } from '../common/dates.js';
import { merchantDay, type World } from '../common/world.js';
import { allocate } from './alloc.js';
import { liveOn, worldModel, type AccountModel, type Adset } from './entities.js';

// One ad set on one day is the atom every insights row is built from. The account's day comes from
// the world's merchantDay (spend = metaSpend x account weight, attributed revenue likewise), is split
// over the campaigns live that day and then over their ad sets with largest-remainder rounding, so
// every level sums exactly to the level above and the demo accounts sum to the merchant's Meta spend.

export interface Atom {
  /** cents */
  spend: number;
  impressions: number;
  clicks: number;
  link: number;
  outbound: number;
  lpv: number;
  videoViews: number;
  thruplays: number;
  reactions: number;
  viewContent: number;
  atc: number;
  /** cents */
  atcValue: number;
  ic: number;
  icValue: number;
  purchases: number;
  purchaseValue: number;
  /** people reached that day (not additive) */
  reach: number;
  uniqueClicks: number;
  uniqueLink: number;
}

export const ADDITIVE = ['spend', 'impressions', 'clicks', 'link', 'outbound', 'lpv', 'videoViews', 'thruplays', 'reactions', 'viewContent', 'atc', 'atcValue', 'ic', 'icValue', 'purchases', 'purchaseValue'] as const;
export type AdditiveKey = (typeof ADDITIVE)[number];
export const CONVERSIONS: readonly AdditiveKey[] = ['atc', 'atcValue', 'ic', 'icValue', 'purchases', 'purchaseValue'];

interface Split { spend: number; revenue: number }
interface Caches { accountDays: Map<string, Map<string, Split>>; atoms: Map<string, Atom> }
const caches = new WeakMap<World, Caches>();

function cachesFor(world: World): Caches {
  let c = caches.get(world);
  if (!c) {
    c = { accountDays: new Map(), atoms: new Map() };
    caches.set(world, c);
  }
  return c;
}

function noise(world: World, mean: number, sd: number, ...parts: Array<string | number>): number {
  return Math.max(mean * 0.3, createRng(world.seed, ...parts).normal(mean, sd));
}

function ramp(start: string, day: string): number {
  return Math.min(1, 0.35 + daysBetween(start, day) * 0.13);
}

/** the account's day split into ad sets: adset id -> {spend, final attributed revenue} in cents */
export function accountDay(world: World, model: AccountModel, day: string): Map<string, Split> {
  const c = cachesFor(world);
  const key = `${model.account.id}|${day}`;
  const hit = c.accountDays.get(key);
  if (hit) return hit;
  const md = merchantDay(world.seed, model.merchant, day);
  const spendCents = Math.round(md.metaSpend * model.account.weight * 100);
  const revenueCents = Math.round(md.metaAttributedRevenue * model.account.weight * 100);
  const live = model.campaigns.filter((k) => liveOn(k.start, k.end, day));
  const out = new Map<string, Split>();
  const spendWeights = live.map((k) => k.weight * ramp(k.start, day) * noise(world, 1, 0.12, 'meta-cday', k.id, day));
  const campaignSpend = allocate(spendCents, spendWeights);
  const campaignRevenue = allocate(revenueCents, live.map((k, i) => (spendWeights[i] ?? 0) * k.roas * noise(world, 1, 0.18, 'meta-croas', k.id, day)));
  live.forEach((k, i) => {
    const sets = k.adsets.filter((s) => liveOn(s.start, s.end, day));
    const w = sets.map((s) => s.weight * ramp(s.start, day) * noise(world, 1, 0.15, 'meta-sday', s.id, day));
    const spend = allocate(campaignSpend[i] ?? 0, w);
    const revenue = allocate(campaignRevenue[i] ?? 0, w.map((x, j) => x * noise(world, 1, 0.2, 'meta-sroas', sets[j]?.id ?? '', day)));
    sets.forEach((s, j) => out.set(s.id, { spend: spend[j] ?? 0, revenue: revenue[j] ?? 0 }));
  });
  c.accountDays.set(key, out);
  return out;
}

/** final (fully attributed) metrics of an ad set on a day, or null when it did not deliver */
export function finalAtom(world: World, adset: Adset, day: string): Atom | null {
  const c = cachesFor(world);
  const key = `${adset.id}|${day}`;
  const hit = c.atoms.get(key);
  if (hit !== undefined) return hit;
  const model = worldModel(world).accounts.get(adset.campaign.account.id);
  const split = model ? accountDay(world, model, day).get(adset.id) : undefined;
  const atom = split && (split.spend > 0 || split.revenue > 0) && model ? deliver(world, model, adset, day, split) : null;
  if (atom) c.atoms.set(key, atom);
  return atom;
}

function deliver(world: World, model: AccountModel, adset: Adset, day: string, split: Split): Atom {
  const r = createRng(world.seed, 'meta-atom', adset.id, day);
  const p = adset.profile;
  const weekend = weekday(day) === 0 || weekday(day) === 6 ? 0.96 : 1;
  const cpm = p.cpm * Math.max(0.6, r.normal(1, 0.07)) * weekend;
  const impressions = split.spend > 0 ? Math.max(1, Math.round((split.spend / 100 / cpm) * 1000)) : 0;
  const clicks = Math.round(impressions * p.ctr * Math.max(0.5, r.normal(1, 0.08)));
  const link = Math.min(clicks, Math.round(clicks * p.linkShare * r.normal(1, 0.04)));
  const outbound = Math.round(link * r.range(0.9, 0.97));
  const lpv = Math.min(link, Math.round(link * p.lpvRate * r.normal(1, 0.05)));
  const videoViews = Math.round(impressions * p.videoRate * r.normal(1, 0.06));
  const thruplays = Math.round(videoViews * r.range(0.22, 0.35));
  const reactions = Math.round(impressions * r.range(0.0015, 0.004));
  const aov = model.merchant.averageOrderValue * Math.max(0.7, r.normal(1, 0.06));
  const purchases = split.revenue > 0 ? Math.max(1, Math.round(split.revenue / 100 / aov)) : 0;
  const viewContent = Math.round(lpv * r.range(1.2, 1.6)) + purchases * 2;
  const atc = Math.max(purchases, Math.round(purchases * p.atcPerPurchase * Math.max(0.5, r.normal(1, 0.08))));
  const ic = Math.min(atc, Math.max(purchases, Math.round(purchases * p.icPerPurchase * Math.max(0.5, r.normal(1, 0.06)))));
  const frequency = Math.max(1.01, p.frequency * r.normal(1, 0.04));
  const reach = impressions > 0 ? Math.max(1, Math.min(impressions, Math.round(impressions / frequency))) : 0;
  return {
    spend: split.spend,
    impressions,
    clicks,
    link,
    outbound,
    lpv,
    videoViews,
    thruplays,
    reactions,
    viewContent,
    atc,
    atcValue: Math.round(atc * aov * r.range(0.85, 1) * 100),
    ic,
    icValue: Math.round(ic * aov * r.range(0.92, 1.02) * 100),
    purchases,
    purchaseValue: split.revenue,
    reach,
    uniqueClicks: Math.round(clicks * r.range(0.86, 0.93)),
    uniqueLink: Math.round(link * r.range(0.88, 0.95)),
  };
}

/**
 * Meta keeps attributing conversions to recent days (reference 1.6: revised for ~28 days): a day `age`
 * days old shows final x (1 - 0.06 x (1 - age/28)). Delivery (spend, impressions, clicks) never moves.
 */
export function restatementFactor(day: string, today: string): number {
  const age = daysBetween(day, today);
  if (age >= 28 || age < 0) return 1;
  return 1 - 0.06 * (1 - age / 28);
}

export function restated(atom: Atom, day: string, today: string): Atom {
  const f = restatementFactor(day, today);
  if (f === 1) return atom;
  const out = { ...atom };
  for (const k of CONVERSIONS) out[k] = Math.round(atom[k] * f);
  if (atom.purchases > 0 && out.purchases === 0) out.purchases = 1;
  return out;
}
