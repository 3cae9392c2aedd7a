import { addDays, eachDay } from '../common/dates.js';
import { historyStart, type World } from '../common/world.js';
import { acrossDaysKept, unionEstimate, WITHIN_DAY_KEPT } from './alloc.js';
import { cellsFor, orderedDims, splitAtom } from './breakdowns.js';
import { ADDITIVE, finalAtom, restated, type AdditiveKey, type Atom } from './daily.js';
import { adsetStatus, campaignStatus, type AccountModel, type Adset, type Campaign } from './entities.js';
import type { Bucket, Filter, InsightsQuery } from './insights-query.js';

// Aggregation: atoms (ad set x day, split into breakdown cells) are summed into rows per time bucket,
// entity at the requested level and breakdown values. Additive metrics are exact sums; reach and the
// unique counts are unions: across ad sets on a day, then across days (see alloc.ts), so a range's reach
// is between the largest day and the sum of days, as on Meta.

export interface Scope {
  model: AccountModel;
  campaign?: Campaign;
  adset?: Adset;
}

export interface Aggregate {
  bucket: Bucket;
  account: AccountModel;
  campaign?: Campaign;
  adset?: Adset;
  values: Record<string, string>;
  sums: Record<AdditiveKey, number>;
  reach: number;
  uniqueClicks: number;
  uniqueLink: number;
}

interface Group {
  bucket: Bucket;
  campaign?: Campaign;
  adset?: Adset;
  values: Record<string, string>;
  sums: Record<AdditiveKey, number>;
  /** per day: sum and max of the atoms' reach, unique clicks, unique link clicks */
  days: Map<string, number[]>;
}

function matches(f: Filter, actual: string): boolean {
  switch (f.operator) {
    case 'EQUAL': return actual === f.value[0];
    case 'NOT_EQUAL': return actual !== f.value[0];
    case 'IN': return f.value.includes(actual);
    case 'NOT_IN': return !f.value.includes(actual);
    case 'CONTAIN': return actual.toLowerCase().includes((f.value[0] ?? '').toLowerCase());
    default: return !actual.toLowerCase().includes((f.value[0] ?? '').toLowerCase());
  }
}

export function filterValue(field: string, adset: Adset, today: string): string {
  const c = adset.campaign;
  switch (field) {
    case 'campaign.id': return c.id;
    case 'adset.id': return adset.id;
    case 'campaign.name': return c.name;
    case 'adset.name': return adset.name;
    case 'campaign.effective_status': return campaignStatus(c, today);
    case 'adset.effective_status': return adsetStatus(adset, today).effective;
    default: return c.objective;
  }
}

export function scopeAdsets(scope: Scope, filters: Filter[], today: string): Adset[] {
  const all = scope.adset ? [scope.adset] : scope.campaign ? scope.campaign.adsets : scope.model.campaigns.flatMap((c) => c.adsets);
  return all.filter((s) => filters.every((f) => matches(f, filterValue(f.field, s, today))));
}

function emptySums(): Record<AdditiveKey, number> {
  return Object.fromEntries(ADDITIVE.map((k) => [k, 0])) as Record<AdditiveKey, number>;
}

/** the days an account has data for: history start .. yesterday in its timezone */
export function dataWindow(world: World, today: string): { first: string; last: string } {
  const last = addDays(today, -1);
  return { first: historyStart(world, last), last };
}

export function aggregate(world: World, scope: Scope, q: InsightsQuery, today: string): Aggregate[] {
  const { first, last } = dataWindow(world, today);
  const adsets = scopeAdsets(scope, q.filters, today);
  const dims = orderedDims(q.breakdowns);
  const groups = new Map<string, Group>();
  q.buckets.forEach((bucket, b) => {
    const from = bucket.since > first ? bucket.since : first;
    const to = bucket.until < last ? bucket.until : last;
    if (from > to) return;
    for (const day of eachDay(from, to)) {
      for (const adset of adsets) {
        const base = finalAtom(world, adset, day);
        if (!base) continue;
        const atom = restated(base, day, today);
        const parts: Array<{ values: Record<string, string>; atom: Atom }> = dims.length
          ? splitAtom(atom, cellsFor(world, adset, scope.model.vertical, day, dims))
          : [{ values: {}, atom }];
        const entity = q.level === 'adset' ? adset.id : q.level === 'campaign' ? adset.campaign.id : '';
        for (const part of parts) {
          const key = `${b}|${entity}|${dims.map((d) => part.values[d]).join('|')}`;
          let g = groups.get(key);
          if (!g) {
            g = { bucket, values: part.values, sums: emptySums(), days: new Map() };
            if (q.level !== 'account') g.campaign = adset.campaign;
            if (q.level === 'adset') g.adset = adset;
            groups.set(key, g);
          }
          for (const k of ADDITIVE) g.sums[k] += part.atom[k];
          const d = g.days.get(day) ?? [0, 0, 0, 0, 0, 0];
          d[0] = (d[0] ?? 0) + part.atom.reach; d[1] = Math.max(d[1] ?? 0, part.atom.reach);
          d[2] = (d[2] ?? 0) + part.atom.uniqueClicks; d[3] = Math.max(d[3] ?? 0, part.atom.uniqueClicks);
          d[4] = (d[4] ?? 0) + part.atom.uniqueLink; d[5] = Math.max(d[5] ?? 0, part.atom.uniqueLink);
          g.days.set(day, d);
        }
      }
    }
  });
  const out: Aggregate[] = [];
  for (const g of groups.values()) {
    const daily = [...g.days.values()];
    const union = (sumIdx: number): number => {
      const perDay = daily.map((d) => {
        const s = d[sumIdx] ?? 0;
        const m = d[sumIdx + 1] ?? 0;
        return m + (s - m) * WITHIN_DAY_KEPT;
      });
      return Math.round(unionEstimate(perDay, acrossDaysKept(perDay.length)));
    };
    const agg: Aggregate = { bucket: g.bucket, account: scope.model, values: g.values, sums: g.sums, reach: union(0), uniqueClicks: union(2), uniqueLink: union(4) };
    if (g.campaign) agg.campaign = g.campaign;
    if (g.adset) agg.adset = g.adset;
    out.push(agg);
  }
  const entityOf = (a: Aggregate): string => a.adset?.id ?? a.campaign?.id ?? '';
  out.sort((a, b) => (a.bucket.since < b.bucket.since ? -1 : a.bucket.since > b.bucket.since ? 1 : 0)
    || (entityOf(a) < entityOf(b) ? -1 : entityOf(a) > entityOf(b) ? 1 : 0)
    || compareValues(a.values, b.values, dims));
  return out;
}

function compareValues(a: Record<string, string>, b: Record<string, string>, dims: string[]): number {
  for (const d of dims) {
    const x = a[d] ?? '';
    const y = b[d] ?? '';
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}
