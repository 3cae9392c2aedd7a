import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api-client';
import { isMetricsNotReady, isPlanLimit } from '../../lib/report-request';
import { openPricingDialog } from '../../lib/pricing-dialog';
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

// The parts below are every report's state markup, used by ReportState for one-query screens and directly by
// screens that combine several queries (the dashboard's sources, AdMetrics' platforms).

export function ReportLoading({ label }: { label: string }) {
  return (
    <div className="mt-8 flex justify-center">
      <Spinner label={label} />
    </div>
  );
}

/** 'Error: {message}' with a retry; `source` names which part failed when a screen has several. */
export function ReportError({ error, source, onRetry }: { error: unknown; source?: string; onRetry: () => unknown }) {
  return (
    <Card role="alert" className="flex flex-wrap items-center justify-between gap-3 border-rose-200 p-4">
      <p className="text-sm text-rose-800">
        Error: {source ? `${source}: ` : ''}
        {reportErrorMessage(error)}
      </p>
      <Button variant="secondary" onClick={() => void onRetry()}>
        Retry
      </Button>
    </Card>
  );
}

/** The last synced figures stay on screen under the token message (403 TOKEN_EXPIRED with `stale`). */
export function ReconnectNotice({ message, source, action }: { message: string; source?: string; action?: ReactNode }) {
  return (
    <div role="status" className="mb-3 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
      <span>
        {source ? `${source}: ` : ''}
        {message} Showing the figures synced so far.
      </span>
      {action}
    </div>
  );
}

/** 402 PLAN_LIMIT: the brand's plan does not include this report; the plans are one click away. */
export function PlanLimitNotice({ error }: { error: unknown }) {
  return (
    <Card role="status" className="flex flex-wrap items-center justify-between gap-3 border-brand-100 bg-brand-50 p-4">
      <p className="text-sm text-slate-800">{reportErrorMessage(error)}</p>
      <Button onClick={openPricingDialog}>See plans</Button>
    </Card>
  );
}

/** Ad accounts in another currency than the brand's: never added to its figures, so the screen says so. */
export function OtherCurrencyNotice({ accounts }: { accounts: ReadonlyArray<{ accountId: string; accountName: string; currency: string }> | undefined }) {
  if (!accounts || accounts.length === 0) return null;
  const names = accounts.map((a) => `${a.accountName} (${a.currency})`).join(', ');
  return (
    <p role="note" className="mb-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-2 text-sm text-slate-700">
      Not added to these figures, since they report in another currency: {names}. No exchange rate is assumed; Ad Metrics shows each account in its own currency.
    </p>
  );
}

export function ReportEmpty({ text }: { text: string }) {
  return <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600">{text}</p>;
}

/**
 * Every report's states in one place: loading, Preparing (409), the plan to upgrade to (402 PLAN_LIMIT), the
 * last synced data under a reconnect prompt (403 TOKEN_EXPIRED, see lib/report-request), 'Error: {message}'
 * with a retry, empty, then the data.
 */
export function ReportState<T>({ query, loadingLabel, preparing, isEmpty, emptyText = 'No data available', reconnect, reconnectText, children }: ReportStateProps<T>) {
  if (query.isPending) return <ReportLoading label={loadingLabel} />;
  if (query.isError && isMetricsNotReady(query.error)) return <>{preparing}</>;
  if (query.isError && isPlanLimit(query.error)) return <PlanLimitNotice error={query.error} />;
  if (query.isError || !query.data) return <ReportError error={query.error} onRetry={query.refetch} />;
  const { data, reconnectMessage } = query.data;
  return (
    <>
      {reconnectMessage && <ReconnectNotice message={reconnectText ?? reconnectMessage} action={reconnect} />}
      {isEmpty?.(data) ? <ReportEmpty text={emptyText} /> : children(data)}
    </>
  );
}
