import { useQuery } from '@tanstack/react-query';
import {
  dailyFunnelReportSchema,
  dayFunnelReportSchema,
  monthFunnelReportSchema,
  type FunnelFigures,
} from '@parallels/contract/analytics';
import type { SourceStatus } from '@parallels/contract/report-dates';
import { fetchReport, reportKey, type ReportResult } from '../../../lib/report-request';

export type FunnelView = 'daily' | 'dayWise' | 'monthly';

/** One row of any view: its label (a day, a weekday or a month) and the figures. */
export interface FunnelTableRow extends FunnelFigures {
  id: string;
  /** 'yyyy-MM-dd', 'Monday' or 'yyyy-MM' */
  period: string;
}

export interface FunnelTable {
  rows: FunnelTableRow[];
  totals: FunnelFigures;
  status: SourceStatus;
}

/** spec/reports.md section 9: funnel reports refresh every 15 minutes. */
export const FUNNEL_REFRESH_MS = 15 * 60 * 1000;

/** The view's own call (spec section 7), its answer flattened to the table's rows. */
export async function getFunnelReport(brandId: string, view: FunnelView, range: { from: string; to: string }, signal?: AbortSignal): Promise<ReportResult<FunnelTable>> {
  const id = encodeURIComponent(brandId);
  const dateRanges = [{ startDate: range.from, endDate: range.to }];
  if (view === 'dayWise') {
    const r = await fetchReport(`/api/analytics/dayAtcReport/${id}`, { startDate: range.from, endDate: range.to }, dayFunnelReportSchema, signal);
    return { reconnectMessage: r.reconnectMessage, data: { rows: r.data.data.map(({ Day, ...f }) => ({ id: Day, period: Day, ...f })), totals: r.data.totals, status: r.data.status } };
  }
  if (view === 'monthly') {
    const r = await fetchReport(`/api/analytics/monthAtcReport/${id}`, { dateRanges }, monthFunnelReportSchema, signal);
    const first = r.data.ranges[0]!;
    return { reconnectMessage: r.reconnectMessage, data: { rows: first.rows.map(({ Month, ...f }) => ({ id: Month, period: Month, ...f })), totals: first.totals, status: r.data.status } };
  }
  const r = await fetchReport(`/api/analytics/atcreport/${id}`, { dateRanges }, dailyFunnelReportSchema, signal);
  const first = r.data.ranges[0]!;
  return { reconnectMessage: r.reconnectMessage, data: { rows: first.rows.map(({ Date: day, ...f }) => ({ id: day, period: day, ...f })), totals: first.totals, status: r.data.status } };
}

export function useFunnelReport(brandId: string, view: FunnelView, range: { from: string; to: string }, enabled = true) {
  return useQuery({
    enabled,
    queryKey: reportKey(brandId, 'funnel', view, range.from, range.to),
    queryFn: ({ signal }) => getFunnelReport(brandId, view, range, signal),
    refetchInterval: FUNNEL_REFRESH_MS,
    retry: false,
  });
}
