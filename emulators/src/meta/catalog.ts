import { hashSeed } from '../common/rng.js';

// The campaign structures brands actually run, per account role. Names follow the usual
// "FUNNEL | STAGE | Audience" convention; interests use Meta's interest names. Ids are synthetic but
// shaped like Meta's (interests 6003 + 9 digits); the three the reference quotes keep their real ids.

export type Vertical = 'fashion' | 'outdoor';
export type CampaignKind = 'broad' | 'interests' | 'lookalike' | 'asc' | 'rtg' | 'retention' | 'video' | 'awareness' | 'sale';

/** when a campaign spends, relative to the catalog anchor day (fixed, so history never moves) */
export type Lifecycle =
  | { type: 'evergreen' }
  | { type: 'since'; daysBeforeAnchor: [number, number] }
  | { type: 'paused'; startDaysBefore: [number, number]; runDays: [number, number] }
  | { type: 'window'; start: string; end: string; final: 'ARCHIVED' | 'PAUSED'; scheduled: boolean };

export interface AdsetTemplate {
  name: string;
  interests?: string[];
  customAudiences?: string[];
  excluded?: string[];
  advantage?: boolean;
  genders?: number[];
  ageMin?: number;
  ageMax?: number;
  /** ISO-2 countries; '{C}' is the merchant's home country */
  countries?: string[];
  weight: number;
  /** 'late': starts some weeks after the campaign; 'paused': stopped before the campaign did */
  life?: 'full' | 'late' | 'paused';
}

export interface CampaignTemplate {
  name: string;
  objective: string;
  kind: CampaignKind;
  funnel: 'prospecting' | 'retargeting';
  lifecycle: Lifecycle;
  /** share of the account's budget while live */
  weight: number;
  /** ROAS relative to the account's average */
  roas: number;
  optional?: boolean;
  /** campaign budget optimisation: the budget sits on the campaign, not the ad sets */
  cbo: boolean;
  adsets: AdsetTemplate[];
}

/** the day lifecycles are measured from (history never shifts when the clock moves) */
export const CATALOG_ANCHOR = '2026-05-01';
/** evergreen campaigns were set up before any history an account can have */
export const EVERGREEN_START = '2021-02-01';

const KNOWN_INTEREST_IDS: Record<string, string> = {
  Yoga: '6003107902433',
  'Fitness and wellness': '6003384248805',
  Running: '6003139266461',
};

export function interestId(name: string): string {
  return KNOWN_INTEREST_IDS[name] ?? `6003${String(hashSeed('interest', name) % 1_000_000_000).padStart(9, '0')}`;
}

export function audienceId(name: string): string {
  return `2385${String(hashSeed('audience', name)).padStart(10, '0').slice(0, 10)}${String(hashSeed('aud2', name) % 10000).padStart(4, '0')}`;
}

const EVER: Lifecycle = { type: 'evergreen' };

const PROSPECTING_FASHION: CampaignTemplate[] = [
  { name: 'PROS | TOFU | Broad | Advantage+ audience | {C}', objective: 'OUTCOME_SALES', kind: 'broad', funnel: 'prospecting', lifecycle: EVER, weight: 0.3, roas: 0.95, cbo: true, adsets: [
    { name: 'Broad | F 18-44 | {C}', advantage: true, genders: [2], ageMin: 18, ageMax: 44, weight: 0.6 },
    { name: 'Broad | All 18-54 | {C}', advantage: true, ageMin: 18, ageMax: 54, weight: 0.4, life: 'late' },
  ] },
  { name: 'PROS | TOFU | Interests - Fashion', objective: 'OUTCOME_SALES', kind: 'interests', funnel: 'prospecting', lifecycle: EVER, weight: 0.22, roas: 0.9, cbo: false, adsets: [
    { name: 'Interests | Online shopping + Fashion accessories', interests: ['Online shopping', 'Fashion accessories'], genders: [2], ageMin: 21, ageMax: 45, weight: 0.45 },
    { name: 'Interests | Dresses + Handbags + Jewelry', interests: ['Dresses', 'Handbags', 'Jewelry'], genders: [2], ageMin: 22, ageMax: 45, weight: 0.3 },
    { name: 'Interests | Ethnic wear + Kurta + Sari', interests: ['Kurta', 'Sari', 'Clothing'], ageMin: 24, ageMax: 55, weight: 0.25, life: 'paused' },
  ] },
  { name: 'Advantage+ Shopping | All products | {C}', objective: 'OUTCOME_SALES', kind: 'asc', funnel: 'prospecting', lifecycle: { type: 'since', daysBeforeAnchor: [420, 620] }, weight: 0.28, roas: 1.15, cbo: true, adsets: [
    { name: 'Advantage+ Shopping | All products', advantage: true, ageMin: 18, ageMax: 65, weight: 1 },
  ] },
  { name: 'PROS | TOFU | Lookalike 1% - Purchasers 180d', objective: 'OUTCOME_SALES', kind: 'lookalike', funnel: 'prospecting', lifecycle: EVER, weight: 0.14, roas: 1.05, cbo: false, adsets: [
    { name: 'LAL 1% | Purchasers 180d | {C}', customAudiences: ['Lookalike ({C}, 1%) - Purchasers 180d'], excluded: ['Purchasers 180d'], ageMin: 21, ageMax: 50, weight: 0.7 },
    { name: 'LAL 1-3% | High AOV purchasers | {C}', customAudiences: ['Lookalike ({C}, 1% to 3%) - High AOV purchasers'], excluded: ['Purchasers 180d'], ageMin: 21, ageMax: 55, weight: 0.3, life: 'late' },
  ] },
  { name: 'PROS | MOFU | Video viewers 50% 30d', objective: 'OUTCOME_SALES', kind: 'video', funnel: 'prospecting', lifecycle: { type: 'since', daysBeforeAnchor: [150, 300] }, weight: 0.08, roas: 1.1, optional: true, cbo: false, adsets: [
    { name: 'Video viewers 50% 30d | Excl. purchasers', customAudiences: ['Video viewers 50% - 30d'], excluded: ['Purchasers 30d'], ageMin: 18, ageMax: 55, weight: 1 },
  ] },
  { name: 'PROS | TOFU | Reels - UGC creators', objective: 'OUTCOME_TRAFFIC', kind: 'video', funnel: 'prospecting', lifecycle: { type: 'paused', startDaysBefore: [300, 420], runDays: [60, 140] }, weight: 0.06, roas: 0.55, optional: true, cbo: false, adsets: [
    { name: 'Reels | F 18-34 | Interests - Beauty + Cosmetics', interests: ['Beauty', 'Cosmetics'], genders: [2], ageMin: 18, ageMax: 34, weight: 1 },
  ] },
  { name: 'Brand Awareness | Reach | Women 18-34', objective: 'OUTCOME_AWARENESS', kind: 'awareness', funnel: 'prospecting', lifecycle: { type: 'paused', startDaysBefore: [700, 900], runDays: [45, 90] }, weight: 0.05, roas: 0.2, optional: true, cbo: true, adsets: [
    { name: 'Reach | F 18-34 | {C}', genders: [2], ageMin: 18, ageMax: 34, weight: 1 },
  ] },
  { name: 'PROS | TOFU | Lookalike 3% - ATC 30d', objective: 'OUTCOME_SALES', kind: 'lookalike', funnel: 'prospecting', lifecycle: { type: 'window', start: '2023-08-01', end: '2024-06-30', final: 'ARCHIVED', scheduled: false }, weight: 0.12, roas: 0.85, optional: true, cbo: false, adsets: [
    { name: 'LAL 3% | Add to cart 30d', customAudiences: ['Lookalike ({C}, 3%) - Add to cart 30d'], ageMin: 18, ageMax: 54, weight: 1 },
  ] },
  { name: 'Sale | Diwali 2024 | Broad', objective: 'OUTCOME_SALES', kind: 'sale', funnel: 'prospecting', lifecycle: { type: 'window', start: '2024-10-12', end: '2024-11-03', final: 'ARCHIVED', scheduled: true }, weight: 0.35, roas: 1.2, cbo: true, adsets: [
    { name: 'Diwali | Broad | Festive shoppers', interests: ['Online shopping', 'Jewelry', 'Diwali'], ageMin: 21, ageMax: 55, weight: 1 },
  ] },
  { name: 'Sale | End of Season Sale | Jun 2025', objective: 'OUTCOME_SALES', kind: 'sale', funnel: 'prospecting', lifecycle: { type: 'window', start: '2025-06-12', end: '2025-07-06', final: 'ARCHIVED', scheduled: true }, weight: 0.25, roas: 1.1, optional: true, cbo: true, adsets: [
    { name: 'EOSS | Broad | {C}', advantage: true, ageMin: 18, ageMax: 54, weight: 1 },
  ] },
  { name: 'Sale | Diwali 2025 | Broad', objective: 'OUTCOME_SALES', kind: 'sale', funnel: 'prospecting', lifecycle: { type: 'window', start: '2025-10-01', end: '2025-10-23', final: 'ARCHIVED', scheduled: true }, weight: 0.35, roas: 1.2, cbo: true, adsets: [
    { name: 'Diwali | Broad | Festive shoppers', interests: ['Online shopping', 'Jewelry', 'Diwali'], ageMin: 21, ageMax: 55, weight: 1 },
  ] },
  { name: 'Sale | Diwali 2026 | Broad', objective: 'OUTCOME_SALES', kind: 'sale', funnel: 'prospecting', lifecycle: { type: 'window', start: '2026-10-18', end: '2026-11-10', final: 'PAUSED', scheduled: true }, weight: 0.35, roas: 1.2, cbo: true, adsets: [
    { name: 'Diwali | Broad | Festive shoppers', interests: ['Online shopping', 'Jewelry', 'Diwali'], ageMin: 21, ageMax: 55, weight: 1 },
  ] },
];

const RETARGETING_FASHION: CampaignTemplate[] = [
  { name: 'RTG | BOFU | Cart abandoners 7d', objective: 'OUTCOME_SALES', kind: 'rtg', funnel: 'retargeting', lifecycle: EVER, weight: 0.3, roas: 1.3, cbo: false, adsets: [
    { name: 'ATC 7d | Excl. purchasers 7d', customAudiences: ['Add to cart - 7d'], excluded: ['Purchasers 7d'], weight: 0.7 },
    { name: 'Checkout abandoners 3d', customAudiences: ['Initiate checkout - 3d'], excluded: ['Purchasers 7d'], weight: 0.3, life: 'late' },
  ] },
  { name: 'RTG | BOFU | Website visitors 30d - DPA', objective: 'OUTCOME_SALES', kind: 'rtg', funnel: 'retargeting', lifecycle: EVER, weight: 0.3, roas: 1.1, cbo: true, adsets: [
    { name: 'DPA | Viewed or added 30d', customAudiences: ['Website visitors - 30d'], excluded: ['Purchasers 30d'], weight: 1 },
  ] },
  { name: 'RTG | MOFU | IG + FB engagers 90d', objective: 'OUTCOME_SALES', kind: 'rtg', funnel: 'retargeting', lifecycle: EVER, weight: 0.16, roas: 0.9, cbo: false, adsets: [
    { name: 'IG engagers 90d', customAudiences: ['Instagram account engagers - 90d'], excluded: ['Purchasers 180d', 'Website visitors - 30d'], weight: 0.6 },
    { name: 'FB page engagers 90d', customAudiences: ['Facebook page engagers - 90d'], excluded: ['Purchasers 180d'], weight: 0.4, life: 'paused' },
  ] },
  { name: 'Retention | Past purchasers 180d - Cross-sell', objective: 'OUTCOME_SALES', kind: 'retention', funnel: 'retargeting', lifecycle: { type: 'since', daysBeforeAnchor: [200, 400] }, weight: 0.14, roas: 1.25, cbo: true, adsets: [
    { name: 'Purchasers 180d | Excl. last 30d', customAudiences: ['Purchasers 180d'], excluded: ['Purchasers 30d'], weight: 1 },
  ] },
  { name: 'RTG | MOFU | Video viewers 75% 14d', objective: 'OUTCOME_SALES', kind: 'video', funnel: 'retargeting', lifecycle: { type: 'paused', startDaysBefore: [250, 380], runDays: [70, 160] }, weight: 0.1, roas: 0.85, optional: true, cbo: false, adsets: [
    { name: 'Video viewers 75% 14d', customAudiences: ['Video viewers 75% - 14d'], excluded: ['Purchasers 30d'], weight: 1 },
  ] },
  { name: 'RTG | BOFU | Checkout abandoners 3d - Offer', objective: 'OUTCOME_SALES', kind: 'rtg', funnel: 'retargeting', lifecycle: { type: 'since', daysBeforeAnchor: [30, 80] }, weight: 0.1, roas: 1.4, optional: true, cbo: false, adsets: [
    { name: 'IC 3d | 10% off code', customAudiences: ['Initiate checkout - 3d'], excluded: ['Purchasers 7d'], weight: 1 },
  ] },
  { name: 'RTG | Diwali 2025 | Cart + Viewers 14d', objective: 'OUTCOME_SALES', kind: 'sale', funnel: 'retargeting', lifecycle: { type: 'window', start: '2025-10-05', end: '2025-10-24', final: 'ARCHIVED', scheduled: true }, weight: 0.3, roas: 1.35, cbo: true, adsets: [
    { name: 'Festive | ATC + Viewers 14d', customAudiences: ['Add to cart - 14d', 'Website visitors - 14d'], excluded: ['Purchasers 7d'], weight: 1 },
  ] },
  { name: 'RTG | BOFU | Abandoned browse 14d (old)', objective: 'CONVERSIONS', kind: 'rtg', funnel: 'retargeting', lifecycle: { type: 'window', start: '2022-09-01', end: '2024-02-29', final: 'ARCHIVED', scheduled: false }, weight: 0.2, roas: 1, optional: true, cbo: false, adsets: [
    { name: 'Viewed product 14d', customAudiences: ['ViewContent - 14d'], excluded: ['Purchasers 14d'], weight: 1 },
  ] },
];

const MIXED_OUTDOOR: CampaignTemplate[] = [
  { name: 'PROS | TOFU | Broad | Advantage+ audience | {C}', objective: 'OUTCOME_SALES', kind: 'broad', funnel: 'prospecting', lifecycle: EVER, weight: 0.22, roas: 0.95, cbo: true, adsets: [
    { name: 'Broad | All 25-64 | {C}', advantage: true, ageMin: 25, ageMax: 64, weight: 1 },
  ] },
  { name: 'Advantage+ Shopping | Evergreen', objective: 'OUTCOME_SALES', kind: 'asc', funnel: 'prospecting', lifecycle: { type: 'since', daysBeforeAnchor: [380, 560] }, weight: 0.25, roas: 1.1, cbo: true, adsets: [
    { name: 'Advantage+ Shopping | All products', advantage: true, ageMin: 18, ageMax: 65, weight: 1 },
  ] },
  { name: 'PROS | TOFU | Interests - Hiking & Camping', objective: 'OUTCOME_SALES', kind: 'interests', funnel: 'prospecting', lifecycle: EVER, weight: 0.16, roas: 0.9, cbo: false, adsets: [
    { name: 'Interests | Hiking + Backpacking', interests: ['Hiking', 'Backpacking'], ageMin: 25, ageMax: 60, weight: 0.45 },
    { name: 'Interests | Camping + National park', interests: ['Camping', 'National park'], ageMin: 25, ageMax: 64, weight: 0.35 },
    { name: 'Interests | Competitors - Patagonia + REI', interests: ['Patagonia (clothing)', 'REI', 'The North Face'], ageMin: 25, ageMax: 55, weight: 0.2, life: 'late' },
  ] },
  { name: 'PROS | TOFU | Lookalike 1% - Purchasers', objective: 'OUTCOME_SALES', kind: 'lookalike', funnel: 'prospecting', lifecycle: EVER, weight: 0.12, roas: 1.05, cbo: false, adsets: [
    { name: 'LAL 1% | Purchasers 180d | {C}', customAudiences: ['Lookalike ({C}, 1%) - Purchasers 180d'], excluded: ['Purchasers 180d'], ageMin: 25, ageMax: 60, weight: 1 },
  ] },
  { name: 'RTG | BOFU | ATC 14d - DPA', objective: 'OUTCOME_SALES', kind: 'rtg', funnel: 'retargeting', lifecycle: EVER, weight: 0.13, roas: 1.3, cbo: false, adsets: [
    { name: 'DPA | Add to cart 14d', customAudiences: ['Add to cart - 14d'], excluded: ['Purchasers 14d'], weight: 1 },
  ] },
  { name: 'RTG | MOFU | Site visitors 30d', objective: 'OUTCOME_SALES', kind: 'rtg', funnel: 'retargeting', lifecycle: EVER, weight: 0.08, roas: 1.1, cbo: false, adsets: [
    { name: 'Visitors 30d | Excl. ATC 14d', customAudiences: ['Website visitors - 30d'], excluded: ['Add to cart - 14d', 'Purchasers 30d'], weight: 1 },
  ] },
  { name: 'Retention | Repeat buyers 365d', objective: 'OUTCOME_SALES', kind: 'retention', funnel: 'retargeting', lifecycle: { type: 'since', daysBeforeAnchor: [100, 260] }, weight: 0.06, roas: 1.25, optional: true, cbo: true, adsets: [
    { name: 'Purchasers 365d | New arrivals', customAudiences: ['Purchasers 365d'], excluded: ['Purchasers 30d'], weight: 1 },
  ] },
  { name: 'PROS | TOFU | Interests - Running (test)', objective: 'OUTCOME_SALES', kind: 'interests', funnel: 'prospecting', lifecycle: { type: 'paused', startDaysBefore: [200, 330], runDays: [21, 60] }, weight: 0.06, roas: 0.7, optional: true, cbo: false, adsets: [
    { name: 'Interests | Running + Trail running', interests: ['Running', 'Trail running'], ageMin: 22, ageMax: 50, weight: 0.6 },
    { name: 'Interests | Yoga + Fitness and wellness', interests: ['Yoga', 'Fitness and wellness'], genders: [2], ageMin: 25, ageMax: 50, weight: 0.4 },
  ] },
  { name: 'BFCM 2024 | Broad | Sitewide 25% off', objective: 'OUTCOME_SALES', kind: 'sale', funnel: 'prospecting', lifecycle: { type: 'window', start: '2024-11-22', end: '2024-12-03', final: 'ARCHIVED', scheduled: true }, weight: 0.4, roas: 1.3, cbo: true, adsets: [
    { name: 'BFCM | Broad | {C}', advantage: true, ageMin: 18, ageMax: 65, weight: 1 },
  ] },
  { name: 'BFCM 2025 | Broad | Sitewide 25% off', objective: 'OUTCOME_SALES', kind: 'sale', funnel: 'prospecting', lifecycle: { type: 'window', start: '2025-11-21', end: '2025-12-02', final: 'ARCHIVED', scheduled: true }, weight: 0.4, roas: 1.3, cbo: true, adsets: [
    { name: 'BFCM | Broad | {C}', advantage: true, ageMin: 18, ageMax: 65, weight: 1 },
  ] },
  { name: 'BFCM 2026 | Broad | Sitewide 25% off', objective: 'OUTCOME_SALES', kind: 'sale', funnel: 'prospecting', lifecycle: { type: 'window', start: '2026-11-20', end: '2026-12-01', final: 'PAUSED', scheduled: true }, weight: 0.4, roas: 1.3, cbo: true, adsets: [
    { name: 'BFCM | Broad | {C}', advantage: true, ageMin: 18, ageMax: 65, weight: 1 },
  ] },
];

export function templatesFor(focus: 'prospecting' | 'retargeting' | 'mixed'): CampaignTemplate[] {
  if (focus === 'prospecting') return PROSPECTING_FASHION;
  if (focus === 'retargeting') return RETARGETING_FASHION;
  return MIXED_OUTDOOR;
}

const AD_NAMES: Record<CampaignKind, string[]> = {
  broad: ['UGC video - Try-on haul', 'Static - Bestsellers grid', 'Carousel - New arrivals'],
  interests: ['Carousel - Bestsellers', 'Video - Lookbook 15s', 'Static - Free shipping'],
  lookalike: ['Video - Founder story 30s', 'Carousel - Top rated'],
  asc: ['Catalog - All products', 'UGC video - Customer reviews', 'Static - Offer banner'],
  rtg: ['DPA - Catalog carousel', 'Static - Still thinking about it?', 'Reviews - 4.8 stars'],
  retention: ['Carousel - Complete the look', 'Static - Loyalty points'],
  video: ['Reels - Creator try-on', 'Video - Behind the scenes'],
  awareness: ['Video - Brand film 30s', 'Static - Brand hero'],
  sale: ['Static - Sale up to 40% off', 'Carousel - Festive picks', 'Video - Countdown'],
};

export function adNames(kind: CampaignKind): string[] {
  return AD_NAMES[kind];
}
