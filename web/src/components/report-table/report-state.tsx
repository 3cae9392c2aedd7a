import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api-client';
import { isMetricsNotReady } from '../../lib/report-request';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Spinner } from '../ui/spinner';

/** The part of a React Query result a report screen's state depends on. */
export interface ReportQueryState<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: { data: T; reconnectMessage: string | null } | undefined;
  refetch: () => unknown;
}

export interface ReportStateProps<T> {
  query: ReportQueryState<T>;
  /** what 'Loading ...' says to screen readers */
  loadingLabel: string;
  /** the Preparing screen (409 'No metrics data available yet...'); the route passes it in */
  preparing: ReactNode;
  /** the data has nothing to show: the screen's empty text (spec/reports.md section 8) */
  isEmpty?: (data: T) => boolean;
  emptyText?: string;
  /** a reconnect button beside the token message (the route knows the provider) */
  reconnect?: ReactNode;
  /** the screen's own sentence for the reconnect prompt (spec section 8); the server's message otherwise */
  reconnectText?: string;
  children: (data: T) => ReactNode;
}

/** spec/reports.md section 8: a server message, or 'Something went wrong'. */
export function reportErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : 'Something went wrong';
}

/**
 * Every report's states in one place: loading, Preparing (409), the last synced figures under a reconnect
 * prompt (403 TOKEN_EXPIRED, see lib/report-request), 'Error: {message}' with a retry, empty, then the data.
 */
export function ReportState<T>({ query, loadingLabel, preparing, isEmpty, emptyText = 'No data available', reconnect, reconnectText, children }: ReportStateProps<T>) {
  if (query.isPending) return <Spinner label={loadingLabel} />;
  if (query.isError && isMetricsNotReady(query.error)) return <>{preparing}</>;
  if (query.isError || !query.data) {
    return (
      <Card role="alert" className="flex flex-wrap items-center justify-between gap-3 border-rose-200 p-4">
        <p className="text-sm text-rose-800">Error: {reportErrorMessage(query.error)}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </Card>
    );
  }
  const { data, reconnectMessage } = query.data;
  return (
    <>
      {reconnectMessage && (
        <div role="status" className="mb-3 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
          <span>{reconnectText ?? reconnectMessage} Showing the figures synced so far.</span>
          {reconnect}
        </div>
      )}
      {isEmpty?.(data) ? <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600">{emptyText}</p> : children(data)}
    </>
  );
}
