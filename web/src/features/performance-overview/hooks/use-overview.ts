import type { SummaryResponse, SummarySource } from '@parallels/contract/summary';
import { reportErrorMessage } from '../../../components/report-table/report-state';
import { isMetricsNotReady } from '../../../lib/report-request';
import { useSummary } from '../api/get-summary';
import { OVERVIEW_SOURCES } from '../utils/overview-metrics';

export interface OverviewRange {
  from: string;
  to: string;
  compareFrom?: string;
  compareTo?: string;
}

export type SourceState =
  | { kind: 'loading' }
  | { kind: 'ready'; summary: SummaryResponse; reconnectMessage: string | null }
  | { kind: 'not_connected'; summary: SummaryResponse }
  | { kind: 'not_ready' }
  | { kind: 'failed'; message: string };

export interface OverviewSource {
  source: SummarySource;
  label: string;
  state: SourceState;
}

/**
 * The four sources' summaries for the dashboard, each reduced to what the screen does with it: figures,
 * not connected (a connect card), not ready yet (the Preparing screen), or failed ('No data found').
 */
export function useOverview(brandId: string | undefined, range: OverviewRange) {
  const body = { startDate: range.from, endDate: range.to, ...(range.compareFrom && range.compareTo ? { compareStartDate: range.compareFrom, compareEndDate: range.compareTo } : {}) };
  const queries = {
    shopify: useSummary(brandId, 'shopify', body),
    'facebook-ads': useSummary(brandId, 'facebook-ads', body),
    'google-ads': useSummary(brandId, 'google-ads', body),
    analytics: useSummary(brandId, 'analytics', body),
  };
  const sources: OverviewSource[] = OVERVIEW_SOURCES.map(({ source, label }) => {
    const q = queries[source];
    let state: SourceState;
    if (q.isPending) state = { kind: 'loading' };
    else if (q.isError) state = isMetricsNotReady(q.error) ? { kind: 'not_ready' } : { kind: 'failed', message: reportErrorMessage(q.error) };
    else if (q.data.data.status.state === 'not_connected') state = { kind: 'not_connected', summary: q.data.data };
    else state = { kind: 'ready', summary: q.data.data, reconnectMessage: q.data.reconnectMessage };
    return { source, label, state };
  });
  const settled = sources.every((s) => s.state.kind !== 'loading');
  return {
    sources,
    loading: !settled,
    /** every connected source answered 'No metrics data available yet': the Preparing screen */
    preparing: settled && sources.some((s) => s.state.kind === 'not_ready') && sources.every((s) => s.state.kind === 'not_ready' || s.state.kind === 'not_connected'),
    refetch: () => Promise.all(Object.values(queries).map((q) => q.refetch())),
    fetching: Object.values(queries).some((q) => q.isFetching),
  };
}
