/**
 * Largest-remainder apportionment: split an integer total across weights so the parts sum exactly to the
 * total. Every split in the GA4 emulator goes through here, which is why a one-dimension report's rows add
 * up to the no-dimension totals for additive metrics.
 */
export function apportion(total: number, weights: ArrayLike<number>): number[] {
  const n = weights.length;
  const out = new Array<number>(n).fill(0);
  if (n === 0 || total <= 0) return out;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += Math.max(0, weights[i] ?? 0);
  if (sum <= 0) {
    // no signal at all: spread evenly (still exact)
    const even = new Array<number>(n).fill(1);
    return apportion(total, even);
  }
  const remainders: number[] = new Array<number>(n);
  let assigned = 0;
  for (let i = 0; i < n; i++) {
    const exact = (total * Math.max(0, weights[i] ?? 0)) / sum;
    const whole = Math.floor(exact);
    out[i] = whole;
    assigned += whole;
    remainders[i] = exact - whole;
  }
  let left = total - assigned;
  if (left > 0) {
    // biggest remainders first, ties to the lower index; a numeric sort of packed keys avoids a comparator
    const order = new Float64Array(n);
    for (let i = 0; i < n; i++) order[i] = Math.floor((remainders[i] ?? 0) * 1048576) * 65536 + (65535 - i);
    order.sort();
    for (let k = n - 1; left > 0; k = k === 0 ? n - 1 : k - 1, left--) {
      const idx = 65535 - ((order[k] ?? 0) % 65536);
      out[idx] = (out[idx] ?? 0) + 1;
    }
  }
  return out;
}

/** A cheap deterministic hash in [0, 1) for per-page jitter where creating an Rng per call would be wasteful. */
export function unitHash(a: number, b: number, c: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x165667b1, 0xc2b2ae35) ^ Math.imul(c + 0x27d4eb2f, 0x9e3779b1);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  h = Math.imul(h, 0x297a2d39);
  h ^= h >>> 15;
  return (h >>> 0) / 4294967296;
}

export function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

/** A weighted chooser with the cumulative weights computed once: u in [0, 1) -> index (inverse CDF). */
export function makePicker(weights: readonly number[]): (u: number) => number {
  const cumulative = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => {
    sum += w;
    cumulative[i] = sum;
  });
  const last = weights.length - 1;
  return (u) => {
    const target = u * sum;
    for (let i = 0; i < last; i++) if (target < (cumulative[i] ?? 0)) return i;
    return last;
  };
}

/** Weighted choice by a uniform u in [0, 1): the inverse CDF of a discrete distribution. */
export function pickIndex(weights: readonly number[], u: number): number {
  let sum = 0;
  for (const w of weights) sum += w;
  let target = u * sum;
  for (let i = 0; i < weights.length; i++) {
    target -= weights[i] ?? 0;
    if (target < 0) return i;
  }
  return weights.length - 1;
}
