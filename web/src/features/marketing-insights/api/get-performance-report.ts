import { useQuery } from '@tanstack/react-query';
import { performanceReportSchema } from '@parallels/contract/marketing-insights';
import { currencyResponseSchema } from '@parallels/contract/brands';
import { apiRequest } from '../../../lib/api-client';
import { fetchReport, reportKey } from '../../../lib/report-request';

export interface ReportRange {
  from: string;
  to: string;
  compareFrom?: string;
  compareTo?: string;
}

/** GET /api/report/{brandId}?startDate&endDate[&compareStartDate&compareEndDate] (spec/reports.md section 7). */
export function usePerformanceReport(brandId: string, range: ReportRange) {
  const query = new URLSearchParams({ startDate: range.from, endDate: range.to });
  if (range.compareFrom && range.compareTo) {
    query.set('compareStartDate', range.compareFrom);
    query.set('compareEndDate', range.compareTo);
  }
  return useQuery({
    queryKey: reportKey(brandId, 'performance', query.toString()),
    queryFn: ({ signal }) => fetchReport(`/api/report/${encodeURIComponent(brandId)}?${query.toString()}`, undefined, performanceReportSchema, signal),
    // a 409 (still preparing) or 4xx is an answer, not a flaky network
    retry: false,
  });
}

/** GET /api/brands/currency/{brandId}: the performance table's currency (spec: default USD). */
export function useBrandCurrency(brandId: string) {
  return useQuery({
    queryKey: ['brand-currency', brandId],
    queryFn: ({ signal }) => apiRequest(`/api/brands/currency/${encodeURIComponent(brandId)}`, { schema: currencyResponseSchema, signal }),
    staleTime: 60 * 60 * 1000,
  });
}
