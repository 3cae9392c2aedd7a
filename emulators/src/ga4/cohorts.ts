import { createRng, hashSeed } from '../common/rng.js';
import { daysBetween, weekday } from '../common/dates.js';
import type { Merchant } from '../common/world.js';
import * as alloc from './allocate.js';
import { dayTotals } from './day-totals.js';
import { F as FIELDS, newSums, type Sums } from './fields.js';
import { expandPages } from './pages.js';
import { browserWeights, isCampaignActive, type SiteProfile } from './site.js';

// plain local copies: imported bindings are getters under tsx and the test runner, and this is the hot path
const F = { ...FIELDS };
const { apportion, clamp, makePicker } = alloc;
type Picker = (u: number) => number;

/**
 * A day of a property is modelled as K session cohorts (K = 120): groups of sessions that share every
 * session- and user-scoped dimension value (channel, source, campaign, device, OS, browser, age, gender,
 * interest, country/region/city, landing page). Any report is a group-by over cohorts, so every
 * projection is consistent: rows of any one-dimension report sum exactly to the day's totals, and a
 * two-dimension report sums to either one-dimension report.
 *
 * Attributes are drawn by Latin hypercube sampling (each dimension has its own stratified permutation),
 * so each value's share of cohorts is close to its target share every day; day totals from
 * day-totals.ts are then split over cohorts by largest remainder with weights that carry conversion
 * propensity (desktop, email, retargeting and returning visitors convert better).
 */
export interface Cohort {
  index: number;
  day: string;
  channel: string;
  source: string;
  medium: string;
  campaign: string;
  device: string;
  os: string;
  browser: string;
  age: string;
  gender: string;
  interest: string;
  country: string;
  countryId: string;
  region: string;
  city: string;
  /** index into site.pages; -1 = '(not set)' */
  landing: number;
  landingQs: string;
  sums: Sums;
  /** views, events and item views are filled in by page expansion, on first need (ensurePageTotals) */
  pagesExpanded: boolean;
}

const COHORTS_PER_DAY = 120;

function strata(seed: string, propertyId: string, day: string, name: string, k: number): (i: number) => number {
  const rng = createRng(seed, 'ga4-lhs', propertyId, day, name);
  const perm = Array.from({ length: k }, (_, i) => i);
  for (let i = k - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    const t = perm[i] ?? 0;
    perm[i] = perm[j] ?? 0;
    perm[j] = t;
  }
  const jitter = perm.map(() => rng.next());
  return (i) => ((perm[i] ?? 0) + (jitter[i] ?? 0)) / k;
}

/** Weight vectors of a site, computed once (the sampling loop runs 160 times per day of history). */
interface SiteWeights {
  sources: Picker[];
  ages: Picker;
  genders: Picker;
  interests: Picker;
  countries: Picker;
  cities: Picker[];
  desktopOs: Picker;
  nonMobile: Picker;
  browsers: Map<string, { names: string[]; inApp: boolean[]; pick: Picker }>;
}
const siteWeights = new WeakMap<SiteProfile, SiteWeights>();
function weightsOf(site: SiteProfile): SiteWeights {
  let w = siteWeights.get(site);
  if (!w) {
    w = {
      sources: site.channels.map((c) => makePicker(c.sources.map((x) => x.weight))),
      ages: makePicker(site.ages.map((x) => x[1])),
      genders: makePicker(site.genders.map((x) => x[1])),
      interests: makePicker(site.interests.map((x) => x[1])),
      countries: makePicker(site.countries.map((x) => x.weight)),
      cities: site.countries.map((c) => makePicker(c.cities.map((x) => x[2]))),
      desktopOs: makePicker(site.desktopOs.map((x) => x[1])),
      nonMobile: makePicker([site.nonMobile.desktop, site.nonMobile.tablet, site.nonMobile.smartTv]),
      browsers: new Map(),
    };
    siteWeights.set(site, w);
  }
  return w;
}

const DEVICE_CONV: Record<string, number> = { mobile: 0.92, desktop: 1.35, tablet: 1.05, 'smart tv': 0.15 };
const LANDING_CONV: Record<string, number> = { product: 1.1, collection: 1.05, home: 1, content: 0.4, cart: 2.5, account: 1.6, search: 1.2 };

export function generateCohorts(seed: string, merchant: Merchant, site: SiteProfile, propertyId: string, day: string): Cohort[] {
  const totals = dayTotals(seed, merchant, propertyId, day);
  if (totals.sessions <= 0) return [];
  const k = Math.min(COHORTS_PER_DAY, totals.sessions);
  const years = daysBetween('2023-01-01', day) / 365;
  const month = Number(day.slice(5, 7));
  const wd = weekday(day);
  const u = (name: string) => strata(seed, propertyId, day, name, k);
  const uChannel = u('channel');
  const uSource = u('source');
  const uCampaign = u('campaign');
  const uDevice = u('device');
  const uOs = u('os');
  const uBrowser = u('browser');
  const uAge = u('age');
  const uGender = u('gender');
  const uInterest = u('interest');
  const uCountry = u('country');
  const uCity = u('city');
  const uLanding = u('landing');

  const mix = createRng(seed, 'ga4-channel-mix', propertyId, day);
  const channelWeights = site.channels.map((c) => c.weight * Math.max(0.2, 1 + c.drift * years)
    * (c.channel === 'Email' && site.emailDays.includes(wd) ? 2.2 : 1) * Math.exp(mix.normal(0, 0.08)));
  const campaigns = site.channels.map((c) => {
    const active = c.campaigns.filter((x) => isCampaignActive(x, day, month));
    return active.length > 0 ? active : c.campaigns.slice(0, 1);
  });
  const landingWeights = site.channels.map((c) => {
    const w = site.pages.map((p) => {
      const product = p.product === undefined ? undefined : site.products[p.product];
      const season = product?.peakMonths?.includes(month) ? 1.6 : 1;
      return p.land * (c.landing[p.kind] ?? 1) * season;
    });
    const sum = w.reduce((a, b) => a + b, 0);
    return [...w, sum * 0.015]; // the last slot is '(not set)'
  });
  const sw = weightsOf(site);
  const campaignPick = campaigns.map((list) => makePicker(list.map((x) => x.weight)));
  const landingPick = landingWeights.map(makePicker);
  const channelPick = makePicker(channelWeights);
  const iosMobile = clamp(site.iosMobile[0] + site.iosMobile[1] * years, 0.02, 0.95);

  const rng = createRng(seed, 'ga4-cohort', propertyId, day);
  const cohorts: Cohort[] = [];
  const sessionWeight: number[] = [];
  const conv: number[] = [];
  const aov: number[] = [];
  const traits: Array<{ engagement: number; newShare: number; sessionsPerUser: number; itemsPerOrder: number }> = [];
  for (let i = 0; i < k; i++) {
    const ci = channelPick(uChannel(i));
    const ch = site.channels[ci]!;
    const src = ch.sources[sw.sources[ci]!(uSource(i))]!;
    const campList = campaigns[ci]!;
    const camp = campList[campaignPick[ci]!(uCampaign(i))]!;

    const ud = uDevice(i);
    let device = 'mobile';
    if (ud >= ch.mobile) {
      const rest = (ud - ch.mobile) / (1 - ch.mobile);
      device = ['desktop', 'tablet', 'smart tv'][sw.nonMobile(rest)] ?? 'desktop';
    }
    const uo = uOs(i);
    let os: string;
    if (device === 'mobile') os = uo < iosMobile ? 'iOS' : 'Android';
    else if (device === 'tablet') os = uo < site.iosTablet ? 'iOS' : 'Android';
    else if (device === 'smart tv') os = uo < 0.6 ? 'Android' : 'Tizen';
    else os = site.desktopOs[sw.desktopOs(uo)]?.[0] ?? 'Windows';
    const brKey = `${os}|${ch.social}`;
    let br = sw.browsers.get(brKey);
    if (!br) {
      const b = browserWeights(os, ch.social);
      br = { names: b.names, inApp: b.inApp, pick: makePicker(b.weights) };
      sw.browsers.set(brKey, br);
    }
    const bi = br.pick(uBrowser(i));
    const inApp = br.inApp[bi] ?? false;
    const age = site.ages[sw.ages(uAge(i))]!;
    const gender = site.genders[sw.genders(uGender(i))]!;
    const interest = site.interests[sw.interests(uInterest(i))]!;
    const countryIndex = sw.countries(uCountry(i));
    const country = site.countries[countryIndex]!;
    const city = country.cities[sw.cities[countryIndex]!(uCity(i))]!;
    const li = landingPick[ci]!(uLanding(i));
    const landing = li >= site.pages.length ? -1 : li;
    const landingPage = site.pages[landing];
    let landingQs = landingPage ? landingPage.pathQs ?? landingPage.path : '(not set)';
    if (landingPage && ch.tag === 'utm') landingQs = `${landingPage.path}?utm_source=${src.source}&utm_medium=${src.medium}&utm_campaign=${encodeURIComponent(camp.name)}`;
    if (landingPage && ch.tag === 'gad') landingQs = `${landingPage.path}?gad_source=1`;

    const isHome = country.countryId === site.countries[0]?.countryId;
    sessionWeight.push(Math.exp(rng.normal(0, 0.3)));
    conv.push(ch.conv * camp.conv * (DEVICE_CONV[device] ?? 1) * (inApp ? 0.75 : 1) * age[2] * gender[2] * interest[2] * country.conv
      * (landingPage ? LANDING_CONV[landingPage.kind] ?? 1 : 0.8) * Math.exp(rng.normal(0, 0.15)));
    aov.push(ch.aov * country.aov * (device === 'desktop' ? 1.08 : 1) * (age[0] === '35-44' || age[0] === '45-54' ? 1.06 : 1) * Math.exp(rng.normal(0, 0.1)));
    traits.push({
      engagement: clamp(site.engagementBase * ch.engagement * (inApp ? 0.85 : 1) * (device === 'desktop' ? 1.06 : 1)
        * (landingPage?.kind === 'content' ? 0.85 : 1) * Math.exp(rng.normal(0, 0.08)), 0.1, 0.95),
      newShare: clamp(ch.newShare * (isHome ? 1 : 1.1) * Math.exp(rng.normal(0, 0.08)), 0.02, 0.97),
      sessionsPerUser: Math.max(1, site.sessionsPerUser * (ch.newShare < 0.5 ? 1.1 : 1) * Math.exp(rng.normal(0, 0.04))),
      itemsPerOrder: Math.max(1, site.itemsPerOrder * Math.exp(rng.normal(0, 0.08))),
    });
    cohorts.push({
      index: i, day, channel: ch.channel, source: src.source, medium: src.medium, campaign: camp.name,
      device, os, browser: br.names[bi] ?? '(not set)', age: age[0], gender: gender[0], interest: interest[0],
      country: country.country, countryId: country.countryId, region: city[1], city: city[0],
      landing, landingQs, sums: newSums(), pagesExpanded: false,
    });
  }

  const sessions = apportion(totals.sessions, sessionWeight);
  const convWeights = sessions.map((s, i) => s * (conv[i] ?? 1));
  const transactions = apportion(totals.transactions, convWeights);
  const duplicates = apportion(totals.purchases - totals.transactions, transactions);
  const checkouts = apportion(totals.checkouts, sessions.map((s, i) => s * Math.pow(conv[i] ?? 1, 0.7)));
  const addToCarts = apportion(totals.addToCarts, sessions.map((s, i) => s * Math.pow(conv[i] ?? 1, 0.5)));
  const revenue = apportion(totals.revenueMinor, transactions.map((t, i) => t * (aov[i] ?? 1)));

  cohorts.forEach((cohort, i) => {
    const s = cohort.sums;
    const t = traits[i]!;
    const n = sessions[i] ?? 0;
    const purchases = (transactions[i] ?? 0) + (duplicates[i] ?? 0);
    const users = n > 0 ? Math.max(1, Math.round(n / t.sessionsPerUser)) : 0;
    s[F.sessions] = n;
    s[F.engagedSessions] = Math.round(n * t.engagement);
    s[F.keyEventSessions] = purchases > 0 ? clamp(Math.round(purchases * 0.97), 1, n) : 0;
    s[F.purchasers] = s[F.keyEventSessions] ?? 0;
    s[F.users] = users;
    s[F.newUsers] = Math.round(users * t.newShare);
    s[F.activeUsers] = Math.round(users * (0.9 + 0.1 * t.engagement));
    s[F.addToCarts] = addToCarts[i] ?? 0;
    s[F.checkouts] = checkouts[i] ?? 0;
    s[F.purchases] = purchases;
    s[F.transactions] = transactions[i] ?? 0;
    s[F.revenueMinor] = revenue[i] ?? 0;
    s[F.durationSeconds] = Math.round(n * site.durationBase * (0.35 + t.engagement));
    s[F.itemsAddedToCart] = (addToCarts[i] ?? 0) + Math.round((addToCarts[i] ?? 0) * 0.06);
    s[F.itemsCheckedOut] = Math.round((checkouts[i] ?? 0) * t.itemsPerOrder);
    s[F.itemsPurchased] = purchases > 0 ? Math.max(purchases, Math.round(purchases * t.itemsPerOrder)) : 0;
    s[F.itemRevenueMinor] = Math.round((revenue[i] ?? 0) * 0.95); // item revenue excludes shipping and tax
  });
  return cohorts;
}

/**
 * Page views, events and item views of a cohort are whatever its page expansion says (so page reports
 * agree with totals). Expansion is the costly part of a day, so it runs only for reports that need it.
 */
export function ensurePageTotals(site: SiteProfile, cohort: Cohort, salt: number): void {
  if (cohort.pagesExpanded) return;
  const s = cohort.sums;
  for (const page of expandPages(site, cohort, salt)) {
    s[F.views] = (s[F.views] ?? 0) + (page.sums[F.views] ?? 0);
    s[F.events] = (s[F.events] ?? 0) + (page.sums[F.events] ?? 0);
    s[F.itemsViewed] = (s[F.itemsViewed] ?? 0) + (page.sums[F.itemsViewed] ?? 0);
  }
  cohort.pagesExpanded = true;
}

export function pageSalt(seed: string, propertyId: string, day: string): number {
  return hashSeed(seed, propertyId, day);
}

// Recently used days, so that paging through a report or re-running it does not regenerate history.
const cache = new Map<string, Cohort[]>();
const CACHE_DAYS = 1200;

export function cohortsFor(seed: string, merchant: Merchant, site: SiteProfile, propertyId: string, day: string): Cohort[] {
  const key = `${seed}\u241f${propertyId}\u241f${merchant.id}\u241f${day}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const cohorts = generateCohorts(seed, merchant, site, propertyId, day);
  cache.set(key, cohorts);
  if (cache.size > CACHE_DAYS) cache.delete(cache.keys().next().value as string);
  return cohorts;
}
