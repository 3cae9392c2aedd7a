import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  brandMetricsResponseSchema,
  categoryMetricsResponseSchema,
  productMetricsResponseSchema,
  searchTermMetricsResponseSchema,
  typeMetricsResponseSchema,
  type SearchTermMetricsRequest,
  type SegmentFilters,
} from '@parallels/contract/segment';
import { fetchReport, reportKey } from '../../../lib/report-request';

/** spec/reports.md section 9: the segment cache and the search-term refresh are 5 minutes; the Products tab always refetches. */
export const SEGMENT_CACHE_MS = 5 * 60 * 1000;

const SCHEMAS = {
  productMetrics: productMetricsResponseSchema,
  categoryMetrics: categoryMetricsResponseSchema,
  brandMetrics: brandMetricsResponseSchema,
  typeMetrics: typeMetricsResponseSchema,
};
export type SegmentReport = keyof typeof SCHEMAS;

type Range = { from: string; to: string };

/** POST /api/segment/{productMetrics|categoryMetrics|brandMetrics|typeMetrics}/{brandId} with the drill-down filters. */
export function getSegmentMetrics<R extends SegmentReport>(report: R, brandId: string, range: Range, filters: SegmentFilters, signal?: AbortSignal) {
  return fetchReport(`/api/segment/${report}/${encodeURIComponent(brandId)}`, { startDate: range.from, endDate: range.to, ...filters }, SCHEMAS[report] as unknown as z.ZodType<z.infer<(typeof SCHEMAS)[R]>>, signal);
}

export function useSegmentMetrics<R extends SegmentReport>(report: R, brandId: string, range: Range, filters: SegmentFilters) {
  const products = report === 'productMetrics';
  return useQuery({
    queryKey: reportKey(brandId, 'segment', report, range.from, range.to, filters),
    queryFn: ({ signal }) => getSegmentMetrics(report, brandId, range, filters, signal),
    staleTime: products ? 0 : SEGMENT_CACHE_MS,
    refetchOnMount: products ? 'always' : true,
    retry: false,
  });
}

/** POST /api/segment/searchTermMetrics/{brandId}: one page, with the filters' choices. Refreshes every 5 minutes. */
export function useSearchTermMetrics(brandId: string, range: Range, params: Omit<SearchTermMetricsRequest, 'startDate' | 'endDate'>) {
  return useQuery({
    queryKey: reportKey(brandId, 'segment', 'searchTermMetrics', range.from, range.to, params),
    queryFn: ({ signal }) =>
      fetchReport(`/api/segment/searchTermMetrics/${encodeURIComponent(brandId)}`, { startDate: range.from, endDate: range.to, ...params }, searchTermMetricsResponseSchema, signal),
    staleTime: SEGMENT_CACHE_MS,
    refetchInterval: SEGMENT_CACHE_MS,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
