import { SUMMARY_METRICS, SUMMARY_METRIC_INFO, SUMMARY_SOURCE_LABELS, SUMMARY_SOURCES, type MetricKind, type SummarySource } from '@parallels/contract/summary';

export interface OverviewMetric {
  key: string;
  label: string;
  kind: MetricKind;
  lowerIsBetter?: boolean;
}

/** The overview's sources in the order the cards list them, with each metric's label and how it reads. */
export const OVERVIEW_SOURCES: ReadonlyArray<{ source: SummarySource; label: string; metrics: OverviewMetric[] }> = SUMMARY_SOURCES.map((source) => ({
  source,
  // A merchant's first question is sales: the store leads, with the blended ROAS over all ad spend.
  label: SUMMARY_SOURCE_LABELS[source],
  metrics: SUMMARY_METRICS[source].map((key) => ({ key, ...SUMMARY_METRIC_INFO[key] })),
}));

export const PERIOD_TITLES = { yesterday: 'Yesterday', last7Days: 'Last 7 Days', last30Days: 'Last 30 Days' } as const;

/**
 * Which connect dialog a source's card opens (the dashboard's ?openModal values map to the same). A store is
 * connected from the brand's setup (Shopify installs the app), so it has none here.
 */
export const CONNECT_PLATFORM: Partial<Record<SummarySource, 'meta' | 'google_ads' | 'ga4'>> = { 'facebook-ads': 'meta', 'google-ads': 'google_ads', analytics: 'ga4' };
