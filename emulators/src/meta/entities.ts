import { createRng, hashSeed, type Rng } from '../common/rng.js';
import { addDays, daysBetween } from '../common/dates.js';
import { findMerchant, merchantCountry, type MetaAdAccount, type Merchant, type World } from '../common/world.js';
import {
  adNames, audienceId, CATALOG_ANCHOR, EVERGREEN_START, interestId, templatesFor,
  type AdsetTemplate, type CampaignKind, type CampaignTemplate, type Vertical,
} from './catalog.js';

// The ad account structure (campaigns > ad sets > ads) generated from the seed. Dates are absolute
// (measured from CATALOG_ANCHOR), so moving the clock never rewrites history; an object appears once
// its start day has come and its status follows from the clock (a paused campaign was active before).

export interface DeliveryProfile {
  /** cost per 1,000 impressions, account currency */
  cpm: number;
  /** all clicks / impressions */
  ctr: number;
  /** link clicks / all clicks */
  linkShare: number;
  /** landing page views / link clicks */
  lpvRate: number;
  /** impressions per person on a day */
  frequency: number;
  /** 3-second video views / impressions */
  videoRate: number;
  atcPerPurchase: number;
  icPerPurchase: number;
}

export interface Ad { id: string; name: string; adset: Adset; start: string; end: string | null }

export interface Adset {
  id: string;
  name: string;
  campaign: Campaign;
  start: string;
  /** last day it spends; null = still running */
  end: string | null;
  weight: number;
  targeting: Record<string, unknown>;
  countries: string[];
  genders: number[] | null;
  ageMin: number;
  ageMax: number;
  advantage: boolean;
  dailyBudget: number | null;
  profile: DeliveryProfile;
  ads: Ad[];
}

export interface Campaign {
  id: string;
  name: string;
  account: MetaAdAccount;
  kind: CampaignKind;
  funnel: 'prospecting' | 'retargeting';
  objective: string;
  start: string;
  end: string | null;
  /** status once it has stopped */
  finalStatus: 'PAUSED' | 'ARCHIVED';
  /** stop_time set up front (a sale with an end date) */
  scheduled: boolean;
  weight: number;
  roas: number;
  dailyBudget: number | null;
  /** created a few days before it first spent */
  created: string;
  adsets: Adset[];
}

export interface AccountModel {
  account: MetaAdAccount;
  merchant: Merchant;
  vertical: Vertical;
  home: string;
  campaigns: Campaign[];
}

export interface WorldModel {
  accounts: Map<string, AccountModel>;
  campaigns: Map<string, Campaign>;
  adsets: Map<string, Adset>;
  ads: Map<string, Ad>;
}

const cache = new WeakMap<World, WorldModel>();

export function worldModel(world: World): WorldModel {
  let model = cache.get(world);
  if (!model) {
    model = build(world);
    cache.set(world, model);
  }
  return model;
}

function objectId(prefix: string, ...parts: Array<string | number>): string {
  const a = String(hashSeed(...parts, 'a') % 10_000_000).padStart(7, '0');
  const b = String(hashSeed(...parts, 'b') % 1_000_000).padStart(6, '0');
  return `${prefix}${a}${b}`;
}

// Where a broad campaign's first ad set reaches besides home: the diaspora of an Indian brand, the neighbours of others.
const REACH: Record<string, string[]> = {
  IN: ['IN', 'AE', 'US', 'GB', 'SG'], US: ['US', 'CA'], GB: ['GB', 'IE'], DE: ['DE', 'AT', 'CH'], AU: ['AU', 'NZ'],
};

function build(world: World): WorldModel {
  const model: WorldModel = { accounts: new Map(), campaigns: new Map(), adsets: new Map(), ads: new Map() };
  for (const account of world.meta.adAccounts) {
    const merchant = findMerchant(world, account.merchantId);
    const vertical: Vertical = account.focus === 'mixed' ? 'outdoor' : 'fashion';
    const home = merchantCountry(merchant);
    const rng = createRng(world.seed, 'meta-structure', account.id);
    const templates = pickTemplates(templatesFor(account.focus), rng);
    const campaigns = templates.map((t, i) => buildCampaign(world, account, merchant, home, t, i));
    model.accounts.set(account.id, { account, merchant, vertical, home, campaigns });
    for (const c of campaigns) {
      model.campaigns.set(c.id, c);
      for (const s of c.adsets) {
        model.adsets.set(s.id, s);
        for (const ad of s.ads) model.ads.set(ad.id, ad);
      }
    }
  }
  return model;
}

/** core templates always, optional ones by the seed; between 6 and 12 campaigns */
function pickTemplates(all: CampaignTemplate[], rng: Rng): CampaignTemplate[] {
  const chosen = all.filter((t) => !t.optional || rng.chance(0.65));
  for (const t of all) if (chosen.length < 6 && !chosen.includes(t)) chosen.push(t);
  return all.filter((t) => chosen.includes(t)).slice(0, 12);
}

function lifecycleDays(t: CampaignTemplate, rng: Rng): { start: string; end: string | null } {
  const l = t.lifecycle;
  switch (l.type) {
    case 'evergreen': return { start: addDays(EVERGREEN_START, rng.int(0, 90)), end: null };
    case 'since': return { start: addDays(CATALOG_ANCHOR, -rng.int(l.daysBeforeAnchor[0], l.daysBeforeAnchor[1])), end: null };
    case 'paused': {
      const start = addDays(CATALOG_ANCHOR, -rng.int(l.startDaysBefore[0], l.startDaysBefore[1]));
      return { start, end: addDays(start, rng.int(l.runDays[0], l.runDays[1])) };
    }
    case 'window': return { start: l.start, end: l.end };
  }
}

const BASE_CPM_USD: Record<CampaignKind, number> = { broad: 11, interests: 12, lookalike: 12.5, asc: 11.5, rtg: 22, retention: 18, video: 8.5, awareness: 4.8, sale: 13 };
const BASE_CTR: Record<CampaignKind, number> = { broad: 0.016, interests: 0.015, lookalike: 0.017, asc: 0.019, rtg: 0.026, retention: 0.022, video: 0.011, awareness: 0.007, sale: 0.02 };

function profileFor(kind: CampaignKind, currency: string, rng: Rng): DeliveryProfile {
  // Indian CPMs run about a ninth of US ones in dollar terms: ~Rs 120 against ~$11
  const currencyCpm = currency === 'INR' ? 11 : 1;
  const retarget = kind === 'rtg' || kind === 'retention';
  return {
    cpm: BASE_CPM_USD[kind] * currencyCpm * rng.range(0.85, 1.2),
    ctr: BASE_CTR[kind] * (currency === 'INR' ? 1.15 : 1) * rng.range(0.85, 1.15),
    linkShare: kind === 'awareness' ? rng.range(0.35, 0.45) : rng.range(0.55, 0.7),
    lpvRate: rng.range(0.62, 0.8),
    frequency: retarget ? rng.range(1.4, 1.9) : kind === 'awareness' ? rng.range(1.25, 1.4) : rng.range(1.05, 1.2),
    videoRate: kind === 'video' ? rng.range(0.24, 0.32) : kind === 'awareness' ? rng.range(0.18, 0.24) : rng.range(0.08, 0.14),
    atcPerPurchase: retarget ? rng.range(2.6, 3.4) : rng.range(3.8, 5.8),
    icPerPurchase: rng.range(1.6, 2.3),
  };
}

function niceBudget(amount: number, currency: string): number {
  const step = currency === 'INR' ? 500 : 10;
  return Math.max(step, Math.round(amount / step) * step) * 100;
}

function buildCampaign(world: World, account: MetaAdAccount, merchant: Merchant, home: string, t: CampaignTemplate, index: number): Campaign {
  const rng = createRng(world.seed, 'meta-campaign', account.id, index);
  const { start, end } = lifecycleDays(t, rng);
  const typicalAccountSpend = (merchant.baseDailyOrders * merchant.averageOrderValue * merchant.metaRevenueShare / merchant.metaRoas) * account.weight * 1.3;
  const campaign: Campaign = {
    id: objectId('12021', world.seed, account.id, 'campaign', index),
    name: t.name.replaceAll('{C}', home),
    account,
    kind: t.kind,
    funnel: t.funnel,
    objective: t.objective,
    start,
    end,
    finalStatus: t.lifecycle.type === 'window' ? t.lifecycle.final : 'PAUSED',
    scheduled: t.lifecycle.type === 'window' && t.lifecycle.scheduled,
    weight: t.weight,
    roas: t.roas,
    dailyBudget: t.cbo ? niceBudget(typicalAccountSpend * t.weight * 1.25, account.currency) : null,
    created: addDays(start, -rng.int(1, 6)),
    adsets: [],
  };
  campaign.adsets = t.adsets.map((a, i) => buildAdset(world, campaign, home, a, i, typicalAccountSpend * t.weight));
  return campaign;
}

function adsetDays(campaign: Campaign, life: AdsetTemplate['life'], rng: Rng): { start: string; end: string | null } {
  const campaignEnd = campaign.end ?? CATALOG_ANCHOR;
  const span = daysBetween(campaign.start, campaignEnd);
  if (life === 'late' && span > 40) return { start: addDays(campaign.start, rng.int(14, Math.min(60, span - 20))), end: campaign.end };
  if (life === 'paused' && span > 60) return { start: campaign.start, end: addDays(campaign.start, rng.int(30, span - 20)) };
  return { start: campaign.start, end: campaign.end };
}

function buildAdset(world: World, campaign: Campaign, home: string, a: AdsetTemplate, index: number, campaignSpend: number): Adset {
  const rng = createRng(world.seed, 'meta-adset', campaign.id, index);
  const { start, end } = adsetDays(campaign, a.life, rng);
  const diaspora = REACH[home] ?? [home];
  const countries = a.countries?.map((c) => c.replaceAll('{C}', home))
    ?? ((campaign.kind === 'asc' || campaign.kind === 'broad') && index === 0 ? diaspora : [home]);
  const ageMin = a.ageMin ?? 18;
  const ageMax = a.ageMax ?? 65;
  const targeting: Record<string, unknown> = { age_min: ageMin, age_max: ageMax };
  if (a.genders) targeting.genders = a.genders;
  targeting.geo_locations = { countries, location_types: ['home', 'recent'] };
  if (a.customAudiences) targeting.custom_audiences = a.customAudiences.map((n) => ({ id: audienceId(n), name: n.replaceAll('{C}', home) }));
  if (a.excluded) targeting.excluded_custom_audiences = a.excluded.map((n) => ({ id: audienceId(n), name: n }));
  if (a.interests) targeting.flexible_spec = [{ interests: a.interests.map((n) => ({ id: interestId(n), name: n })) }];
  targeting.publisher_platforms = ['facebook', 'instagram', 'audience_network', 'messenger'];
  targeting.targeting_automation = { advantage_audience: a.advantage ? 1 : 0 };
  const adset: Adset = {
    id: objectId('12022', world.seed, campaign.id, 'adset', index),
    name: a.name.replaceAll('{C}', home),
    campaign,
    start,
    end,
    weight: a.weight,
    targeting,
    countries,
    genders: a.genders ?? null,
    ageMin,
    ageMax,
    advantage: a.advantage ?? false,
    dailyBudget: campaign.dailyBudget === null ? niceBudget(campaignSpend * a.weight * 1.25, campaign.account.currency) : null,
    profile: profileFor(campaign.kind, campaign.account.currency, rng),
    ads: [],
  };
  const names = adNames(campaign.kind);
  const count = Math.min(names.length, rng.int(2, 3));
  for (let i = 0; i < count; i++) {
    const span = daysBetween(start, end ?? CATALOG_ANCHOR);
    const adEnd = i === count - 1 && count > 2 && span > 30 ? addDays(start, rng.int(10, span - 10)) : end;
    adset.ads.push({ id: objectId('12023', world.seed, adset.id, 'ad', i), name: names[i] ?? `Ad ${i + 1}`, adset, start, end: adEnd });
  }
  return adset;
}

// ---- status as of a day (the account's today) ----

/** objects appear once created (ad sets a couple of days before their first delivery) */
export function campaignVisible(c: Campaign, today: string): boolean {
  return c.created <= today;
}

export function adsetVisible(s: Adset, today: string): boolean {
  return campaignVisible(s.campaign, today) && addDays(s.start, -2) <= today;
}

export function campaignStatus(c: Campaign, today: string): 'ACTIVE' | 'PAUSED' | 'ARCHIVED' {
  return c.end !== null && c.end < today ? c.finalStatus : 'ACTIVE';
}

export function adsetStatus(s: Adset, today: string): { status: string; effective: string } {
  const cs = campaignStatus(s.campaign, today);
  const own = s.end !== null && s.end < today ? (cs === 'ARCHIVED' ? 'ARCHIVED' : 'PAUSED') : 'ACTIVE';
  if (own !== 'ACTIVE') return { status: own, effective: own };
  if (cs === 'PAUSED') return { status: 'ACTIVE', effective: 'CAMPAIGN_PAUSED' };
  if (cs === 'ARCHIVED') return { status: 'ARCHIVED', effective: 'ARCHIVED' };
  return { status: 'ACTIVE', effective: 'ACTIVE' };
}

export function adStatus(ad: Ad, today: string): { status: string; effective: string } {
  const parent = adsetStatus(ad.adset, today);
  const own = ad.end !== null && ad.end < today ? (parent.status === 'ARCHIVED' ? 'ARCHIVED' : 'PAUSED') : 'ACTIVE';
  if (own !== 'ACTIVE') return { status: own, effective: own };
  if (parent.effective === 'CAMPAIGN_PAUSED') return { status: 'ACTIVE', effective: 'CAMPAIGN_PAUSED' };
  if (parent.effective !== 'ACTIVE') return { status: 'ACTIVE', effective: parent.effective === 'ARCHIVED' ? 'ARCHIVED' : 'ADSET_PAUSED' };
  return { status: 'ACTIVE', effective: 'ACTIVE' };
}

export function liveOn(start: string, end: string | null, day: string): boolean {
  return start <= day && (end === null || day <= end);
}

export function activeAdsCount(model: AccountModel, today: string): number {
  let n = 0;
  for (const c of model.campaigns) for (const s of c.adsets) for (const ad of s.ads) if (adsetVisible(s, today) && adStatus(ad, today).effective === 'ACTIVE') n++;
  return n;
}
