import { compareMetric } from '@parallels/contract/metrics';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { MetricChange } from '../../../components/ui/metric-change';
import type { AppLocale } from '../../../lib/locale';
import { formatMetric } from '../../../lib/metric-format';
import type { CardMetric } from '../utils/ad-cards';

export interface AdMetricCardProps {
  title: string;
  metrics: CardMetric[];
  /** the same metrics over the compare range, in compare mode */
  compare?: CardMetric[];
  compareLabel?: string;
  currency: string;
  locale: AppLocale;
  /** why figures are missing, or a reconnect notice */
  note?: string | null;
  tone?: 'brand' | 'plain';
}

/** A titled card of eight metric tiles; in compare mode each tile shows the comparison value and change. */
export function AdMetricCard({ title, metrics, compare, compareLabel, currency, locale, note, tone = 'plain' }: AdMetricCardProps) {
  const id = `card-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Card className={`p-5 ${tone === 'brand' ? 'border-brand-200 bg-brand-50/40' : ''}`} role="region" aria-labelledby={id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="font-semibold">
          {title}
        </h3>
        {note && <Badge tone="warning">{note}</Badge>}
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {metrics.map((m, i) => {
          const other = compare?.[i];
          const change = other ? compareMetric(m.value, other.value) : null;
          return (
            <div key={m.label} className="rounded-lg border border-slate-100 bg-white px-3 py-2">
              <dt className="text-xs text-slate-500">{m.label}</dt>
              <dd className="mt-0.5 text-lg font-semibold tabular-nums">{formatMetric(m.value, m.kind, locale, currency)}</dd>
              {other && change && (
                <dd className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-500">
                  <span>vs {formatMetric(other.value, other.kind, locale, currency)}</span>
                  <MetricChange change={change.change} trend={change.trend} locale={locale} versus={compareLabel ?? 'the compare range'} lowerIsBetter={m.lowerIsBetter} />
                </dd>
              )}
            </div>
          );
        })}
      </dl>
    </Card>
  );
}
