import { formatCurrency, formatMetricValue, formatNumber, formatPercent, formatRatio, MISSING, type AppLocale } from './locale';

/** How a metric reads: an amount in the brand's currency, a ratio (ROAS), a count, or a percent. */
export type MetricKind = 'money' | 'ratio' | 'count' | 'percent';

export function formatMetric(value: number | null | undefined, kind: MetricKind, locale: AppLocale, currency: string): string {
  switch (kind) {
    case 'money':
      return formatCurrency(value, currency, locale, { metric: true });
    case 'ratio':
      return formatRatio(value, locale);
    case 'percent':
      return formatPercent(value, locale);
    case 'count':
      return formatMetricValue(value, locale);
  }
}

/** A change in percent, signed: '+45.68%', '-3.1%', '0%'; '-' when unknown. */
export function formatChange(change: number | null | undefined, locale: AppLocale): string {
  if (change === null || change === undefined || Number.isNaN(change)) return MISSING;
  const sign = change > 0 ? '+' : change < 0 ? '−' : '';
  return `${sign}${formatNumber(Math.abs(change), locale, { decimals: undefined })}%`;
}
