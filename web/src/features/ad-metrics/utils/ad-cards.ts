import type { FbAdAccountRow, GoogleAdSummary } from '@parallels/contract/ad-metrics';
import { addAdTotals, adRatios, ZERO_AD_TOTALS, type AdTotals } from '@parallels/contract/metrics';
import type { MetricKind } from '../../../lib/metric-format';

export interface CardMetric {
  label: string;
  kind: MetricKind;
  value: number | null;
  /** a cost per click, impression or purchase: a rise is bad news */
  lowerIsBetter?: boolean;
}

/** A Facebook row's sums, or null when its figures are missing (not synced for the range). */
export function facebookTotals(row: FbAdAccountRow): AdTotals | null {
  if (row.spend === null || row.clicks === null || row.impressions === null) return null;
  return { spend: row.spend, revenue: row.Revenue.value ?? 0, purchases: row.purchases.value ?? 0, clicks: row.clicks, impressions: row.impressions };
}

export function googleTotals(summary: GoogleAdSummary): AdTotals | null {
  const m = summary.adMetrics;
  if (!m) return null;
  return { spend: m.totalSpend, revenue: m.totalConversionsValue, purchases: m.totalConversions, clicks: m.totalClicks, impressions: m.totalImpressions };
}

/** Facebook and Google summed, then divided (spec core.md section 9); null when any account's figures are missing. */
export function blendedTotals(facebook: FbAdAccountRow[], google: GoogleAdSummary[], currency?: string): AdTotals | null {
  // an account in another currency is never added (issue 15): it keeps its own card, in its own currency
  const same = (c: string | undefined) => !currency || !c || c === currency;
  const all = [...facebook.filter((r) => same(r.currency)).map(facebookTotals), ...google.filter((r) => same(r.currency)).map(googleTotals)];
  if (all.length === 0 || all.some((t) => t === null)) return null;
  return (all as AdTotals[]).reduce(addAdTotals, ZERO_AD_TOTALS);
}

/** spec core.md section 2: the Blended card's 8 metrics. */
export function blendedMetrics(t: AdTotals | null): CardMetric[] {
  const r = t ? adRatios(t) : null;
  return [
    { label: 'Amount Spent', kind: 'money', value: t?.spend ?? null },
    { label: 'Revenue', kind: 'money', value: t?.revenue ?? null },
    { label: 'ROAS (Ads only)', kind: 'ratio', value: r?.roas ?? null },
    { label: 'Ads Purchases', kind: 'count', value: t?.purchases ?? null },
    { label: 'CPC', kind: 'money', value: r?.cpc ?? null, lowerIsBetter: true },
    { label: 'CPM', kind: 'money', value: r?.cpm ?? null, lowerIsBetter: true },
    { label: 'CTR', kind: 'percent', value: r?.ctr ?? null },
    { label: 'CPP', kind: 'money', value: r?.cpp ?? null, lowerIsBetter: true },
  ];
}

/** A Facebook account card: the same 8 metrics as the blended card, from the account's row. */
export function facebookMetrics(row: FbAdAccountRow | undefined): CardMetric[] {
  return blendedMetrics(row ? facebookTotals(row) : null);
}

/** spec core.md section 2: the Google Ads card's 8 metrics. */
export function googleMetrics(summary: GoogleAdSummary | undefined): CardMetric[] {
  const m = summary?.adMetrics ?? null;
  return [
    { label: 'Total Cost', kind: 'money', value: m?.totalSpend ?? null },
    { label: 'Conversion Value', kind: 'money', value: m?.totalConversionsValue ?? null },
    { label: 'ROAS', kind: 'ratio', value: m?.roas ?? null },
    { label: 'Conversions', kind: 'count', value: m?.totalConversions ?? null },
    { label: 'CPC', kind: 'money', value: m?.totalCPC ?? null, lowerIsBetter: true },
    { label: 'CPM', kind: 'money', value: m?.totalCPM ?? null, lowerIsBetter: true },
    { label: 'CTR', kind: 'percent', value: m?.totalCTR ?? null },
    { label: 'Cost Per Conversion', kind: 'money', value: m?.totalCostPerConversion ?? null, lowerIsBetter: true },
  ];
}
