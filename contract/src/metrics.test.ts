import { describe, expect, it } from 'vitest';
import { adRatios, addAdTotals, compareMetric, funnelRates, percentChange, ZERO_AD_TOTALS } from './metrics.js';

describe('blended ad formulas (spec core.md section 9)', () => {
  it('derives every ratio from the sums', () => {
    const t = { spend: 500, revenue: 1500, purchases: 4, clicks: 250, impressions: 20_000 };
    expect(adRatios(t)).toEqual({ roas: 3, ctr: 1.25, cpc: 2, cpm: 25, cpp: 125 });
  });

  it('Facebook and Google are summed before dividing, never averaged', () => {
    const fb = { spend: 100, revenue: 400, purchases: 1, clicks: 10, impressions: 1000 };
    const google = { spend: 300, revenue: 300, purchases: 3, clicks: 90, impressions: 9000 };
    const blended = adRatios(addAdTotals(fb, google));
    expect(blended.roas).toBe(700 / 400); // not (4 + 1) / 2
    expect(blended.cpp).toBe(100);
  });

  it('a zero denominator gives 0 (CPP is 0 without purchases)', () => {
    expect(adRatios(ZERO_AD_TOTALS)).toEqual({ roas: 0, ctr: 0, cpc: 0, cpm: 0, cpp: 0 });
  });

  it('funnel rates are percents of sessions', () => {
    expect(funnelRates({ sessions: 200, addToCarts: 30, checkouts: 10, purchases: 4 })).toEqual({ addToCartRate: 15, checkoutRate: 5, purchaseRate: 2 });
  });
});

describe('change and trend', () => {
  it('percent change to 2 decimals, trend up when not lower', () => {
    expect(compareMetric(160.25, 110)).toEqual({ current: 160.25, previous: 110, change: 45.68, trend: 'up' });
    expect(compareMetric(90, 120)).toEqual({ current: 90, previous: 120, change: -25, trend: 'down' });
    expect(compareMetric(5, 5)).toEqual({ current: 5, previous: 5, change: 0, trend: 'up' });
  });

  it('unknown when a side is missing, or when growing from zero', () => {
    expect(compareMetric(null, 5)).toEqual({ current: null, previous: 5, change: null, trend: null });
    expect(percentChange(10, 0)).toBeNull();
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(-5, -10)).toBe(50);
  });
});
