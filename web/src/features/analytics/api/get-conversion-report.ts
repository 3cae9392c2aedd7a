import { useQuery } from '@tanstack/react-query';
import { conversionReportSchema, type ConversionReportCall } from '@parallels/contract/analytics';
import { fetchReport, reportKey } from '../../../lib/report-request';

export interface ConversionRange {
  from: string;
  to: string;
}

export function getConversionReport(brandId: string, call: ConversionReportCall, range: ConversionRange, signal?: AbortSignal) {
  return fetchReport(`/api/analytics/${call}/${encodeURIComponent(brandId)}`, { startDate: range.from, endDate: range.to }, conversionReportSchema, signal);
}

/**
 * POST /api/analytics/{name}ConversionReport/{brandId} (spec/reports.md section 7). Nothing is sent until both
 * dates are set; a tab's data is not kept once the user leaves it (switching tab clears the loaded data).
 */
export function useConversionReport(brandId: string, call: ConversionReportCall, range: ConversionRange | null) {
  return useQuery({
    queryKey: reportKey(brandId, 'conversion', call, range?.from, range?.to),
    queryFn: ({ signal }) => getConversionReport(brandId, call, range!, signal),
    enabled: range !== null,
    gcTime: 0,
    // a 409 (still preparing) or 4xx is an answer, not a flaky network
    retry: false,
  });
}
