// The product's metric formulas, in one place for the server (reports) and the web app (blended cards).
// Ratios are always derived from summed facts, never averaged (ARCHITECTURE principle 2).

/** a / b, or 0 when b is 0 (spec core.md section 9: "CPP = spend / purchases (0 if no purchases)"). */
export function ratio(numerator: number, denominator: number): number {
  return denominator === 0 ? 0 : numerator / denominator;
}

/** Summed ad delivery of any set of accounts, days or platforms. */
export interface AdTotals {
  spend: number;
  revenue: number;
  purchases: number;
  clicks: number;
  impressions: number;
}

export const ZERO_AD_TOTALS: AdTotals = { spend: 0, revenue: 0, purchases: 0, clicks: 0, impressions: 0 };

export function addAdTotals(a: AdTotals, b: AdTotals): AdTotals {
  return {
    spend: a.spend + b.spend,
    revenue: a.revenue + b.revenue,
    purchases: a.purchases + b.purchases,
    clicks: a.clicks + b.clicks,
    impressions: a.impressions + b.impressions,
  };
}

export interface AdRatios {
  roas: number;
  /** percent */
  ctr: number;
  cpc: number;
  cpm: number;
  cpp: number;
}

/** spec core.md section 9, the blended formulas (Facebook and Google summed first). */
export function adRatios(t: AdTotals): AdRatios {
  return {
    roas: ratio(t.revenue, t.spend),
    ctr: ratio(t.clicks, t.impressions) * 100,
    cpc: ratio(t.spend, t.clicks),
    cpm: ratio(t.spend * 1000, t.impressions),
    cpp: ratio(t.spend, t.purchases),
  };
}

export interface FunnelTotals {
  sessions: number;
  addToCarts: number;
  checkouts: number;
  purchases: number;
}

/** Funnel rates, each a percent of sessions (spec/reports.md "Funnel row"). */
export function funnelRates(t: FunnelTotals): { addToCartRate: number; checkoutRate: number; purchaseRate: number } {
  return {
    addToCartRate: ratio(t.addToCarts, t.sessions) * 100,
    checkoutRate: ratio(t.checkouts, t.sessions) * 100,
    purchaseRate: ratio(t.purchases, t.sessions) * 100,
  };
}

/**
 * Percent change from previous to current, rounded to 2 decimals. Unknown (null) when either side is
 * missing, or when the previous value is 0 and the current is not (no finite percentage exists).
 */
export function percentChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null) return null;
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / Math.abs(previous)) * 10_000) / 100;
}

export type Trend = 'up' | 'down';

export function trendOf(current: number | null, previous: number | null): Trend | null {
  if (current === null || previous === null) return null;
  return current >= previous ? 'up' : 'down';
}

export interface MetricComparison {
  current: number | null;
  previous: number | null;
  change: number | null;
  trend: Trend | null;
}

export function compareMetric(current: number | null, previous: number | null): MetricComparison {
  return { current, previous, change: percentChange(current, previous), trend: trendOf(current, previous) };
}
