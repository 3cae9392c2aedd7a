import { lazy, Suspense } from 'react';
import type { PeriodDays } from '@parallels/contract/summary';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { MetricChange } from '../../../components/ui/metric-change';
import { formatDay } from '../../../lib/date-range';
import type { AppLocale } from '../../../lib/locale';
import { formatMetric } from '../../../lib/metric-format';
import type { OverviewSource } from '../hooks/use-overview';
import { OVERVIEW_SOURCES } from '../utils/overview-metrics';

// The charting library is large: the trend lines load after the figures, never holding the dashboard back.
const TrendSparkline = lazy(() => import('./trend-sparkline').then((m) => ({ default: m.TrendSparkline })));

type PeriodKey = 'yesterday' | 'last7Days' | 'last30Days' | 'custom';

export function daysLabel(from: string, to: string): string {
  return from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`;
}

/** One performance overview card: every connected source's metrics for a period, each with its change. */
export function OverviewCard({ title, period, sources, locale, requestedTo }: { title: string; period: PeriodKey; sources: OverviewSource[]; locale: AppLocale; requestedTo?: string }) {
  // every answer names the same days; one with figures is preferred
  const answered = [...sources.filter((s) => s.state.kind === 'ready'), ...sources].map((s) => (s.state.kind === 'ready' || s.state.kind === 'not_connected' ? s.state.summary : undefined)).find(Boolean);
  const days = answered?.periods[period] as PeriodDays | undefined;
  const versus = days ? daysLabel(days.previousFrom, days.previousTo) : 'the previous period';
  // Today is not over and has not synced: a period of today alone is partial, not 'syncing'; a range running
  // into it shows its whole days (through yesterday) and says today is left out.
  const todayOnly = Boolean(days && answered && days.from >= answered.today);
  const todayLeftOut = Boolean(days && requestedTo && requestedTo > days.to && !todayOnly);
  const id = `overview-${period}`;
  // sources with figures, and those whose history is still loading (shown as syncing, never as zeros)
  const shown = sources.filter((s) => s.state.kind === 'ready' || s.state.kind === 'not_ready');
  return (
    <Card className="p-5" role="region" aria-labelledby={id}>
      <h3 id={id} className="text-base font-semibold">
        {title}
      </h3>
      {days && (
        <p className="mt-0.5 text-xs text-slate-500">
          {daysLabel(days.from, days.to)} · vs {versus}
          {todayLeftOut && ' · today is left out until it has synced'}
        </p>
      )}
      {todayOnly && shown.length > 0 && (
        <p className="mt-3 flex items-center gap-2 text-sm text-slate-600">
          <Badge tone="neutral">Partial day</Badge>
          Today is not over: its figures sync after the day ends.
        </p>
      )}
      {shown.length === 0 && <p className="mt-4 text-sm text-slate-500">No data found</p>}
      {shown.map((s) => {
        const summary = s.state.kind === 'ready' ? s.state.summary : null;
        const metrics = summary?.periodData?.[period];
        const definition = OVERVIEW_SOURCES.find((d) => d.source === s.source)!;
        const incomplete = !metrics || definition.metrics.some((m) => metrics[m.key]?.current === null);
        return (
          <section key={s.source} className="mt-4" aria-label={`${s.label}, ${title}`}>
            <h4 className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
              {s.label}
              {incomplete && !todayOnly && <Badge tone="warning">{summary?.status.state === 'failing' ? 'Sync failing' : 'Syncing'}</Badge>}
            </h4>
            <dl className="mt-2 grid grid-cols-1 gap-y-1.5">
              {definition.metrics.map((m) => {
                const value = metrics?.[m.key];
                const points = (summary?.series ?? []).filter((d) => days && d.date >= days.from && d.date <= days.to).map((d) => ({ date: d.date, value: d.values[m.key] ?? null }));
                return (
                  <div key={m.key} className="flex items-baseline justify-between gap-3">
                    <dt className="text-sm text-slate-600">{m.label}</dt>
                    <dd className="flex items-center gap-2">
                      <span className="text-slate-400">
                        <Suspense fallback={null}>
                        <TrendSparkline
                          points={points}
                          label={m.label}
                          format={(p) => `${formatMetric(p.value, m.kind, locale, summary?.currency ?? 'INR')} on ${formatDay(p.date, { year: false })}`}
                        />
                        </Suspense>
                      </span>
                      <span className="text-sm font-semibold tabular-nums" data-metric={`${period}.${m.key}`}>
                        {formatMetric(value?.current, m.kind, locale, summary?.currency ?? 'INR')}
                      </span>
                      <MetricChange change={value?.change ?? null} trend={value?.trend ?? null} locale={locale} versus={versus} lowerIsBetter={m.lowerIsBetter} />
                    </dd>
                  </div>
                );
              })}
            </dl>
          </section>
        );
      })}
    </Card>
  );
}
