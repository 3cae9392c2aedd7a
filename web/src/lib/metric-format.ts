import { formatCurrency, formatMetricValue, formatNumber, formatPercent, formatRatio, MISSING, type AppLocale } from './locale';

/**
 * How a metric reads, one decimal rule per kind: an amount in the brand's currency (2 decimals, whole units from
 * 1000 on), a ratio such as ROAS (2 decimals, '3.25x'), a count (whole from 1000 on, up to 2 decimals below:
 * Google counts fractional conversions), or a rate in percent (always 2 decimals, '2.00%').
 */
export type { MetricKind } from '@parallels/contract/summary';
import type { MetricKind } from '@parallels/contract/summary';

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

/** A change in percent, signed, a rate so always 2 decimals: '+45.68%', '−3.10%', '0.00%'; '-' when unknown. */
export function formatChange(change: number | null | undefined, locale: AppLocale): string {
  if (change === null || change === undefined || Number.isNaN(change)) return MISSING;
  const sign = change > 0 ? '+' : change < 0 ? '−' : '';
  return `${sign}${formatNumber(Math.abs(change), locale, { decimals: 2 })}%`;
}
