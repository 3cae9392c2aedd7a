import type { SummarySource } from '@parallels/contract/summary';
import type { MetricKind } from '../../../lib/metric-format';

export interface OverviewMetric {
  key: string;
  label: string;
  kind: MetricKind;
}

/** The overview's sources in the order the cards list them, with each metric's label and how it reads. */
export const OVERVIEW_SOURCES: ReadonlyArray<{ source: SummarySource; label: string; metrics: OverviewMetric[] }> = [
  // A merchant's first question is sales: the store leads, with the blended ROAS over all ad spend.
  {
    source: 'shopify',
    label: 'Store',
    metrics: [
      { key: 'totalSales', label: 'Total Sales', kind: 'money' },
      { key: 'orders', label: 'Orders', kind: 'count' },
      { key: 'averageOrderValue', label: 'Average Order Value', kind: 'money' },
      { key: 'returns', label: 'Returns', kind: 'money' },
      { key: 'blendedRoas', label: 'Blended ROAS', kind: 'ratio' },
    ],
  },
  {
    source: 'facebook-ads',
    label: 'Facebook',
    metrics: [
      { key: 'metaspend', label: 'Meta Spend', kind: 'money' },
      { key: 'metaroas', label: 'Meta ROAS', kind: 'ratio' },
    ],
  },
  {
    source: 'google-ads',
    label: 'Google Ads',
    metrics: [
      { key: 'spend', label: 'Google Spend', kind: 'money' },
      { key: 'roas', label: 'Google ROAS', kind: 'ratio' },
    ],
  },
  {
    source: 'analytics',
    label: 'Google Analytics',
    metrics: [
      { key: 'sessions', label: 'Sessions', kind: 'count' },
      { key: 'addToCarts', label: 'Add to Carts', kind: 'count' },
      { key: 'checkouts', label: 'Checkouts', kind: 'count' },
      { key: 'purchases', label: 'Purchases', kind: 'count' },
      { key: 'addToCartRate', label: 'Add to Cart Rate', kind: 'percent' },
      { key: 'checkoutRate', label: 'Checkout Rate', kind: 'percent' },
      { key: 'purchaseRate', label: 'Purchase Rate', kind: 'percent' },
    ],
  },
];

export const PERIOD_TITLES = { yesterday: 'Yesterday', last7Days: 'Last 7 Days', last30Days: 'Last 30 Days' } as const;

/**
 * Which connect dialog a source's card opens (the dashboard's ?openModal values map to the same). A store is
 * connected from the brand's setup (Shopify installs the app), so it has none here.
 */
export const CONNECT_PLATFORM: Partial<Record<SummarySource, 'meta' | 'google_ads' | 'ga4'>> = { 'facebook-ads': 'meta', 'google-ads': 'google_ads', analytics: 'ga4' };
