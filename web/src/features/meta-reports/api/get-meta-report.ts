import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { metaReportResponseSchemas, type MetaReportBreakdown, type MetaReportResponse } from '@parallels/contract/meta-reports';
import { fetchReport, reportKey } from '../../../lib/report-request';

/** spec/reports.md section 9: Meta reports refresh every 3 hours. */
export const META_REPORT_REFRESH_MS = 3 * 60 * 60 * 1000;

export function getMetaReport(brandId: string, tab: MetaReportBreakdown, range: { from: string; to: string }, signal?: AbortSignal) {
  return fetchReport<MetaReportResponse>(
    `/api/meta/report/${tab}/${encodeURIComponent(brandId)}`,
    { startDate: range.from, endDate: range.to },
    metaReportResponseSchemas[tab] as unknown as z.ZodType<MetaReportResponse>,
    signal,
  );
}

/** POST /api/meta/report/{tab}/{brandId}; nothing is asked while either date is missing. */
export function useMetaReport(brandId: string, tab: MetaReportBreakdown, range: { from: string; to: string }) {
  return useQuery({
    queryKey: reportKey(brandId, 'meta-report', tab, range.from, range.to),
    queryFn: ({ signal }) => getMetaReport(brandId, tab, range, signal),
    enabled: Boolean(range.from && range.to),
    refetchInterval: META_REPORT_REFRESH_MS,
    retry: false,
  });
}
