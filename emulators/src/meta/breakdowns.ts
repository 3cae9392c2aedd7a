import { createRng } from '../common/rng.js';
import type { World } from '../common/world.js';
import { allocate } from './alloc.js';
import { ADDITIVE, type Atom } from './daily.js';
import type { Vertical } from './catalog.js';
import type { Adset } from './entities.js';
import { errors } from './errors.js';

// Breakdowns split each ad-set day (the atom) into cells with realistic shares; every additive metric is
// allocated with largest remainder, so breakdown rows always sum back to the unbroken totals. Shares
// differ per metric (stories are cheaper per impression, iPhones convert better, ...), through tilts.

export const BREAKDOWNS = ['age', 'gender', 'country', 'publisher_platform', 'platform_position', 'impression_device', 'user_segment_key'] as const;
export type Breakdown = (typeof BREAKDOWNS)[number];

/** share of impressions, and how cost / click rate / conversion rate differ from the average */
interface Value { v: string; w: number; cpm?: number; ctr?: number; cvr?: number }

const AGES_FASHION: Value[] = [
  { v: '18-24', w: 0.22, cpm: 0.85, ctr: 1.1, cvr: 0.7 }, { v: '25-34', w: 0.38, cvr: 1.05 }, { v: '35-44', w: 0.22, cpm: 1.1, ctr: 0.95, cvr: 1.15 },
  { v: '45-54', w: 0.1, cpm: 1.15, ctr: 0.9, cvr: 1.1 }, { v: '55-64', w: 0.05, cpm: 1.1, ctr: 0.85, cvr: 0.9 }, { v: '65+', w: 0.02, ctr: 0.8, cvr: 0.8 }, { v: 'Unknown', w: 0.01 },
];
const AGES_OUTDOOR: Value[] = [
  { v: '18-24', w: 0.09, cpm: 0.85, ctr: 1.1, cvr: 0.7 }, { v: '25-34', w: 0.24 }, { v: '35-44', w: 0.25, cpm: 1.1, cvr: 1.15 },
  { v: '45-54', w: 0.2, cpm: 1.15, ctr: 0.95, cvr: 1.2 }, { v: '55-64', w: 0.14, cpm: 1.1, ctr: 0.9, cvr: 1.1 }, { v: '65+', w: 0.07, ctr: 0.85, cvr: 0.9 }, { v: 'Unknown', w: 0.01 },
];
const AGE_BOUNDS: Record<string, [number, number]> = { '18-24': [18, 24], '25-34': [25, 34], '35-44': [35, 44], '45-54': [45, 54], '55-64': [55, 64], '65+': [65, 80] };

const PLATFORMS: Record<Vertical, Value[]> = {
  fashion: [{ v: 'facebook', w: 0.36, cpm: 0.9, ctr: 1.05 }, { v: 'instagram', w: 0.58, cpm: 1.1 }, { v: 'audience_network', w: 0.04, cpm: 0.4, ctr: 0.6, cvr: 0.3 }, { v: 'messenger', w: 0.02, cpm: 0.6, ctr: 0.7, cvr: 0.6 }],
  outdoor: [{ v: 'facebook', w: 0.52, cpm: 0.95, ctr: 1.05 }, { v: 'instagram', w: 0.42, cpm: 1.1 }, { v: 'audience_network', w: 0.04, cpm: 0.4, ctr: 0.6, cvr: 0.3 }, { v: 'messenger', w: 0.02, cpm: 0.6, ctr: 0.7, cvr: 0.6 }],
};

const POSITIONS: Record<string, Value[]> = {
  facebook: [
    { v: 'feed', w: 0.56, cpm: 1.1, ctr: 1.1 }, { v: 'facebook_reels', w: 0.13, cpm: 0.8, ctr: 0.75 }, { v: 'facebook_stories', w: 0.09, cpm: 0.8, ctr: 0.75 },
    { v: 'marketplace', w: 0.08, cpm: 0.9 }, { v: 'video_feeds', w: 0.05, cpm: 0.7, ctr: 0.6 }, { v: 'right_hand_column', w: 0.04, cpm: 0.3, ctr: 0.4, cvr: 0.8 },
    { v: 'instream_video', w: 0.03, cpm: 0.9, ctr: 0.5 }, { v: 'search', w: 0.02, cpm: 1.2, ctr: 1.4 },
  ],
  instagram: [
    { v: 'feed', w: 0.44, cpm: 1.15, ctr: 1.1 }, { v: 'instagram_reels', w: 0.27, cpm: 0.85, ctr: 0.8 }, { v: 'instagram_stories', w: 0.24, cpm: 0.85, ctr: 0.8 },
    { v: 'instagram_explore', w: 0.04 }, { v: 'instagram_profile_feed', w: 0.01 },
  ],
  audience_network: [{ v: 'an_classic', w: 0.75 }, { v: 'rewarded_video', w: 0.25, ctr: 0.7 }],
  messenger: [{ v: 'messenger_inbox', w: 0.55, ctr: 1.1 }, { v: 'messenger_stories', w: 0.45, ctr: 0.85 }],
};

const DEVICES: Record<Vertical, Value[]> = {
  // India is an Android market; the US an iPhone one
  fashion: [{ v: 'android_smartphone', w: 0.79, cpm: 0.9 }, { v: 'iphone', w: 0.13, cpm: 1.6, cvr: 1.5 }, { v: 'desktop', w: 0.04, cpm: 1.3, ctr: 0.8, cvr: 1.3 }, { v: 'android_tablet', w: 0.02, cvr: 0.8 }, { v: 'ipad', w: 0.01, cpm: 1.3, cvr: 1.2 }, { v: 'other', w: 0.01, cvr: 0.5 }],
  outdoor: [{ v: 'iphone', w: 0.56, cpm: 1.1, cvr: 1.1 }, { v: 'android_smartphone', w: 0.27, cpm: 0.85, cvr: 0.85 }, { v: 'desktop', w: 0.1, cpm: 1.2, ctr: 0.8, cvr: 1.3 }, { v: 'ipad', w: 0.04, cvr: 1.1 }, { v: 'android_tablet', w: 0.02, cvr: 0.8 }, { v: 'other', w: 0.01, cvr: 0.5 }],
};

// Values seen in public code mapping this breakdown (reference 1.7: exact strings unconfirmed)
const SEGMENTS_ASC: Value[] = [{ v: 'prospecting', w: 0.64, cvr: 0.8 }, { v: 'engaged', w: 0.22, cpm: 1.1, cvr: 1.3 }, { v: 'existing', w: 0.14, cpm: 1.2, cvr: 1.6 }];
const SEGMENTS_OTHER: Value[] = [{ v: 'unknown', w: 1 }];

const GROUPS: Record<Breakdown, string> = { age: 'demo', gender: 'demo', country: 'geo', publisher_platform: 'delivery', platform_position: 'delivery', impression_device: 'delivery', user_segment_key: 'segment' };

/** reject names Meta does not know and combinations it refuses (reference 1.7) */
export function validateBreakdowns(list: string[], actionBreakdowns: string[]): Breakdown[] {
  list.forEach((b, i) => {
    if (!(BREAKDOWNS as readonly string[]).includes(b)) {
      throw errors.invalidParam(`breakdowns[${i}] must be one of the following values: ${BREAKDOWNS.join(', ')}`);
    }
  });
  const dims = list as Breakdown[];
  const groups = new Set(dims.map((d) => GROUPS[d]));
  const positionAlone = dims.includes('platform_position') && !dims.includes('publisher_platform');
  if (groups.size > 1 || positionAlone) throw errors.breakdownCombo([...actionBreakdowns, ...dims]);
  return dims;
}

/** canonical order of breakdown keys in a row */
export function orderedDims(dims: Breakdown[]): Breakdown[] {
  return BREAKDOWNS.filter((b) => dims.includes(b));
}

interface Cell { values: Record<string, string>; w: number; cpm: number; ctr: number; cvr: number }

function jitter(world: World, adset: Adset, day: string, dim: string, values: Value[]): Value[] {
  const r = createRng(world.seed, 'meta-bd', adset.id, day, dim);
  return values.map((x) => ({ ...x, w: x.w * Math.exp(r.normal(0, 0.06)) }));
}

function ageValues(adset: Adset, vertical: Vertical): Value[] {
  return (vertical === 'fashion' ? AGES_FASHION : AGES_OUTDOOR).map((x) => {
    const b = AGE_BOUNDS[x.v];
    if (!b) return x;
    const overlap = Math.max(0, Math.min(b[1], adset.ageMax) - Math.max(b[0], adset.ageMin) + 1) / (b[1] - b[0] + 1);
    // Advantage+ audience may deliver outside the suggested ages
    return { ...x, w: x.w * (adset.advantage ? Math.max(overlap, 0.15) : overlap) };
  });
}

function genderValues(adset: Adset, vertical: Vertical): Value[] {
  const g = adset.genders;
  if (g && g.length === 1) {
    const female = g[0] === 2;
    const leak = adset.advantage ? 0.06 : 0.015;
    return [{ v: 'female', w: female ? 1 - leak : leak, cvr: 1.05 }, { v: 'male', w: female ? leak : 1 - leak }, { v: 'unknown', w: 0.01 }];
  }
  return vertical === 'fashion'
    ? [{ v: 'female', w: 0.62, cvr: 1.1 }, { v: 'male', w: 0.36, cpm: 0.95, cvr: 0.85 }, { v: 'unknown', w: 0.02 }]
    : [{ v: 'female', w: 0.46, cvr: 1.05 }, { v: 'male', w: 0.52, cvr: 0.97 }, { v: 'unknown', w: 0.02 }];
}

function countryValues(adset: Adset): Value[] {
  return adset.countries.map((c, i) => (i === 0 ? { v: c, w: adset.countries.length === 1 ? 1 : 0.93 } : { v: c, w: 0.07 / (adset.countries.length - 1) / (1 + i * 0.3), cpm: 2.6, cvr: 0.8 }));
}

function dimValues(dim: Breakdown, adset: Adset, vertical: Vertical): Value[] {
  switch (dim) {
    case 'age': return ageValues(adset, vertical);
    case 'gender': return genderValues(adset, vertical);
    case 'country': return countryValues(adset);
    case 'publisher_platform': return PLATFORMS[vertical];
    case 'impression_device': return DEVICES[vertical];
    case 'user_segment_key': return adset.campaign.kind === 'asc' ? SEGMENTS_ASC : SEGMENTS_OTHER;
    case 'platform_position': return [];
  }
}

/** the joint cells of a breakdown combination for one ad set on one day */
export function cellsFor(world: World, adset: Adset, vertical: Vertical, day: string, dims: Breakdown[]): Cell[] {
  let cells: Cell[] = [{ values: {}, w: 1, cpm: 1, ctr: 1, cvr: 1 }];
  for (const dim of orderedDims(dims)) {
    if (dim === 'platform_position') {
      // conditional on the publisher platform already in the cell
      cells = cells.flatMap((c) => jitter(world, adset, day, `position:${c.values.publisher_platform}`, POSITIONS[c.values.publisher_platform ?? ''] ?? [])
        .map((x) => combine(c, dim, x)));
      continue;
    }
    const values = jitter(world, adset, day, dim, dimValues(dim, adset, vertical)).filter((x) => x.w > 0);
    cells = cells.flatMap((c) => values.map((x) => combine(c, dim, x)));
  }
  const total = cells.reduce((s, c) => s + c.w, 0);
  return cells.map((c) => ({ ...c, w: c.w / total }));
}

function combine(c: Cell, dim: string, x: Value): Cell {
  return { values: { ...c.values, [dim]: x.v }, w: c.w * x.w, cpm: c.cpm * (x.cpm ?? 1), ctr: c.ctr * (x.ctr ?? 1), cvr: c.cvr * (x.cvr ?? 1) };
}

const SHARE_OF: Record<(typeof ADDITIVE)[number], 'spend' | 'impr' | 'click' | 'conv'> = {
  spend: 'spend', impressions: 'impr', videoViews: 'impr', thruplays: 'impr', reactions: 'impr',
  clicks: 'click', link: 'click', outbound: 'click', lpv: 'click', viewContent: 'click',
  atc: 'conv', atcValue: 'conv', ic: 'conv', icValue: 'conv', purchases: 'conv', purchaseValue: 'conv',
};

/** split one atom over cells; uniques (reach, unique clicks) follow each cell's own volume */
export function splitAtom(atom: Atom, cells: Cell[]): Array<{ values: Record<string, string>; atom: Atom }> {
  const weights = {
    spend: cells.map((c) => c.w * c.cpm),
    impr: cells.map((c) => c.w),
    click: cells.map((c) => c.w * c.ctr),
    conv: cells.map((c) => c.w * c.ctr * c.cvr),
  };
  const parts = cells.map(() => ({}) as Atom);
  for (const key of ADDITIVE) {
    const split = allocate(atom[key], weights[SHARE_OF[key]]);
    parts.forEach((p, i) => { p[key] = split[i] ?? 0; });
  }
  const frequency = atom.reach > 0 ? atom.impressions / atom.reach : 1;
  const uc = atom.clicks > 0 ? atom.uniqueClicks / atom.clicks : 0;
  const ul = atom.link > 0 ? atom.uniqueLink / atom.link : 0;
  const out: Array<{ values: Record<string, string>; atom: Atom }> = [];
  parts.forEach((p, i) => {
    if (ADDITIVE.every((k) => p[k] === 0)) return;
    p.reach = p.impressions > 0 ? Math.max(1, Math.min(p.impressions, Math.round(p.impressions / frequency))) : 0;
    p.uniqueClicks = Math.round(p.clicks * uc);
    p.uniqueLink = Math.round(p.link * ul);
    out.push({ values: cells[i]?.values ?? {}, atom: p });
  });
  return out;
}
