// Integer bookkeeping for metrics. Every additive metric is an integer in its smallest unit (cost in
// minor currency units, conversions in hundredths), split top-down with the largest-remainder method,
// so children always sum exactly to their parent and range totals are exact sums of daily rows.

export interface Bundle {
  /** cost in minor units (paise, cents); costMicros = cost * 10_000 */
  cost: number;
  clicks: number;
  impressions: number;
  /** impressions the ads were eligible for (search impression share = impressions / eligible) */
  eligible: number;
  /** conversions x 100 (data-driven attribution gives fractional conversions) */
  conv: number;
  /** conversion value in minor units */
  value: number;
  allConv: number;
  allValue: number;
}

export const BUNDLE_KEYS = ['cost', 'clicks', 'impressions', 'eligible', 'conv', 'value', 'allConv', 'allValue'] as const;

export function emptyBundle(): Bundle {
  return { cost: 0, clicks: 0, impressions: 0, eligible: 0, conv: 0, value: 0, allConv: 0, allValue: 0 };
}

export function addInto(target: Bundle, b: Bundle): Bundle {
  for (const k of BUNDLE_KEYS) target[k] += b[k];
  return target;
}

export function isZero(b: Bundle): boolean {
  return b.impressions === 0 && b.clicks === 0 && b.cost === 0 && b.conv === 0 && b.value === 0 && b.allConv === 0;
}

/** Split a non-negative integer by weights; ties go to the lower index. Zero weights fall back to uniform. */
export function split(total: number, weights: readonly number[]): number[] {
  const n = weights.length;
  const out = new Array<number>(n).fill(0);
  if (n === 0 || total <= 0) return out;
  let sum = 0;
  for (const w of weights) sum += w > 0 ? w : 0;
  const w = sum > 0 ? weights.map((x) => (x > 0 ? x : 0)) : weights.map(() => 1);
  if (sum <= 0) sum = n;
  const fractions: Array<[number, number]> = [];
  let given = 0;
  for (let i = 0; i < n; i++) {
    const exact = (total * (w[i] ?? 0)) / sum;
    const whole = Math.floor(exact);
    out[i] = whole;
    given += whole;
    fractions.push([exact - whole, i]);
  }
  fractions.sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; k < total - given; k++) {
    const idx = fractions[k % n]?.[1] ?? 0;
    out[idx] = (out[idx] ?? 0) + 1;
  }
  return out;
}

/** How one child behaves relative to its siblings on a given day (all multiplicative, > 0). */
export interface ChildShape {
  /** share of clicks */
  weight: number;
  /** relative click-through rate: a lower value gets more impressions per click */
  ctr: number;
  /** relative cost per click */
  cpc: number;
  /** relative conversion rate */
  cvr: number;
  /** relative order value */
  aov: number;
}

function weighted(values: readonly number[], factor: (i: number) => number): number[] {
  return values.map((v, i) => v * factor(i));
}

/** Split a parent's metrics across children so that every metric sums exactly to the parent. */
export function allocate(parent: Bundle, shapes: readonly ChildShape[]): Bundle[] {
  const n = shapes.length;
  const base = shapes.map((s) => s.weight);
  const clicks = split(parent.clicks, base);
  const anyClicks = clicks.some((c) => c > 0);
  const cost = split(parent.cost, anyClicks ? weighted(clicks, (i) => shapes[i]?.cpc ?? 1) : base);
  const extraImpr = split(parent.impressions - parent.clicks, weighted(base, (i) => 1 / (shapes[i]?.ctr ?? 1)));
  const impressions = clicks.map((c, i) => c + (extraImpr[i] ?? 0));
  const extraElig = split(parent.eligible - parent.impressions, impressions.some((x) => x > 0) ? impressions : base);
  const convWeights = anyClicks ? weighted(clicks, (i) => shapes[i]?.cvr ?? 1) : weighted(base, (i) => shapes[i]?.cvr ?? 1);
  const conv = split(parent.conv, convWeights);
  const value = split(parent.value, conv.some((c) => c > 0) ? weighted(conv, (i) => shapes[i]?.aov ?? 1) : convWeights);
  const extraConv = split(parent.allConv - parent.conv, convWeights);
  const extraValue = split(parent.allValue - parent.value, value.some((v) => v > 0) ? value : convWeights);
  const out: Bundle[] = [];
  for (let i = 0; i < n; i++) {
    out.push({
      cost: cost[i] ?? 0,
      clicks: clicks[i] ?? 0,
      impressions: impressions[i] ?? 0,
      eligible: (impressions[i] ?? 0) + (extraElig[i] ?? 0),
      conv: conv[i] ?? 0,
      value: value[i] ?? 0,
      allConv: (conv[i] ?? 0) + (extraConv[i] ?? 0),
      allValue: (value[i] ?? 0) + (extraValue[i] ?? 0),
    });
  }
  return out;
}
