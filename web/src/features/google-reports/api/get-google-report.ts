import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { googleReportResponseSchema, type GoogleColumnFilter, type GoogleReport } from '@parallels/contract/google-reports';
import { fetchReport, reportKey } from '../../../lib/report-request';

/** spec/reports.md section 9: Google Ads reports refresh every 15 minutes. */
export const GOOGLE_REPORTS_REFRESH_MS = 15 * 60 * 1000;

export interface GoogleReportFilters {
  costFilter?: GoogleColumnFilter;
  convValuePerCostFilter?: GoogleColumnFilter;
}

export interface GoogleReportParams {
  brandId: string;
  report: GoogleReport;
  range: { from: string; to: string };
  userId: string | undefined;
  filters: GoogleReportFilters;
}

/** POST /api/google/{report}/{brandId} with userId, startDate, endDate and the column filters (applied on the server). */
export function getGoogleReport({ brandId, report, range, userId, filters }: GoogleReportParams, signal?: AbortSignal) {
  const body = { ...(userId ? { userId } : {}), startDate: range.from, endDate: range.to, ...filters };
  return fetchReport(`/api/google/${report}/${encodeURIComponent(brandId)}`, body, googleReportResponseSchema, signal);
}

export function useGoogleReport(params: GoogleReportParams) {
  const { brandId, report, range, filters } = params;
  return useQuery({
    queryKey: reportKey(brandId, 'google', report, range.from, range.to, filters),
    queryFn: ({ signal }) => getGoogleReport(params, signal),
    refetchInterval: GOOGLE_REPORTS_REFRESH_MS,
    // a new filter keeps the old rows on screen until the new answer arrives
    placeholderData: keepPreviousData,
    retry: false,
  });
}
