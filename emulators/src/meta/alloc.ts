// Integer allocation helpers. Every additive metric is an integer (cents, counts) split with the
// largest-remainder method, so parts always sum back exactly to the whole: breakdown rows add up to the
// unbroken totals, campaigns add up to the account, and the account adds up to the world's merchant day.

/** split `total` (an integer >= 0) in proportion to `weights`; ties go to the lower index */
export function allocate(total: number, weights: readonly number[]): number[] {
  const n = weights.length;
  const out = new Array<number>(n).fill(0);
  if (n === 0 || total <= 0) return out;
  let sum = 0;
  for (const w of weights) sum += w > 0 ? w : 0;
  if (sum <= 0) {
    out[0] = total;
    return out;
  }
  const rema: Array<{ i: number; r: number }> = [];
  let given = 0;
  for (let i = 0; i < n; i++) {
    const w = weights[i] ?? 0;
    const exact = w > 0 ? (total * w) / sum : 0;
    const base = Math.floor(exact);
    out[i] = base;
    given += base;
    rema.push({ i, r: exact - base });
  }
  rema.sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; k < total - given; k++) {
    const slot = rema[k % n];
    if (slot) out[slot.i] = (out[slot.i] ?? 0) + 1;
  }
  return out;
}

/**
 * Reach of a union of audiences, a deterministic sub-additive estimate: the largest audience plus a
 * share of the others (the rest overlaps). Always max(parts) <= result <= sum(parts).
 */
export function unionEstimate(parts: readonly number[], overlapKept: number): number {
  let max = 0;
  let sum = 0;
  for (const p of parts) {
    sum += p;
    if (p > max) max = p;
  }
  return max + (sum - max) * overlapKept;
}

/** share of the extra days' reach that is new people: 1 for one day, falling as the range grows */
export function acrossDaysKept(days: number): number {
  return days <= 1 ? 1 : 0.15 + 0.85 / Math.sqrt(days);
}

/** adsets of one account overlap little on a given day */
export const WITHIN_DAY_KEPT = 0.88;
