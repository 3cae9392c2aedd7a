import { formatChange } from '../../lib/metric-format';
import type { AppLocale } from '../../lib/locale';

/**
 * A metric's change against the comparison period: arrow, signed percent, and what it is compared with. The arrow
 * says which way the figure went; the colour says whether that is good news: green for a rise, red for a fall,
 * the other way round for a figure where less is better (returns, cost per click).
 */
export function MetricChange({ change, trend, locale, versus, lowerIsBetter = false }: { change: number | null; trend: 'up' | 'down' | null; locale: AppLocale; versus: string; lowerIsBetter?: boolean }) {
  if (trend === null || change === null) {
    return (
      <span className="text-xs text-slate-500" title={`No comparison with ${versus} yet`}>
        -
      </span>
    );
  }
  const text = formatChange(change, locale);
  const good = (trend === 'up') !== lowerIsBetter;
  const tone = change === 0 ? 'text-slate-500' : good ? 'text-emerald-700' : 'text-rose-700';
  return (
    <span className={`inline-flex items-center gap-0.5 text-xs font-medium ${tone}`} aria-label={`${trend === 'up' ? 'Up' : 'Down'} ${text} vs ${versus}`} title={`vs ${versus}`}>
      <span aria-hidden>{trend === 'up' ? '▲' : '▼'}</span>
      {text}
    </span>
  );
}
