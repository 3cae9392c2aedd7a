import { useQuery } from '@tanstack/react-query';
import { summaryResponseSchema, type SummaryBody, type SummarySource } from '@parallels/contract/summary';
import { fetchReport, reportKey } from '../../../lib/report-request';

/** POST /api/summary/{source}/{brandId} (spec core.md section 7), with the chosen range as the 'custom' period. */
export function useSummary(brandId: string | undefined, source: SummarySource, body: NonNullable<SummaryBody>) {
  return useQuery({
    queryKey: reportKey(brandId ?? '', 'summary', source, body),
    queryFn: ({ signal }) => fetchReport(`/api/summary/${source}/${encodeURIComponent(brandId!)}`, body, summaryResponseSchema, signal),
    enabled: Boolean(brandId),
  });
}
