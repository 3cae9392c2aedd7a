import { useQuery } from '@tanstack/react-query';
import { fbAdMetricsResponseSchema, googleAdMetricsResponseSchema } from '@parallels/contract/ad-metrics';
import { fetchReport, reportKey } from '../../../lib/report-request';

/** spec core.md section 9: the AdMetrics dashboard refreshes itself every 3 hours. */
export const AD_METRICS_REFRESH_MS = 3 * 60 * 60 * 1000;

export interface DayRange {
  from: string;
  to: string;
}

/** POST /api/metrics/fbAd/{brandId}: one row per Facebook ad account. */
export function useFacebookAdMetrics(brandId: string, range: DayRange | null, userId: string | undefined) {
  return useQuery({
    queryKey: reportKey(brandId, 'fbAd', range),
    queryFn: ({ signal }) => fetchReport(`/api/metrics/fbAd/${encodeURIComponent(brandId)}`, { startDate: range!.from, endDate: range!.to, userId }, fbAdMetricsResponseSchema, signal),
    enabled: range !== null,
    refetchInterval: AD_METRICS_REFRESH_MS,
  });
}

/** POST /api/metrics/googleAdAndCampaign/{brandId}: one summary per Google Ads account. */
export function useGoogleAdMetrics(brandId: string, range: DayRange | null) {
  return useQuery({
    queryKey: reportKey(brandId, 'googleAdAndCampaign', range),
    queryFn: ({ signal }) => fetchReport(`/api/metrics/googleAdAndCampaign/${encodeURIComponent(brandId)}`, { startDate: range!.from, endDate: range!.to }, googleAdMetricsResponseSchema, signal),
    enabled: range !== null,
    refetchInterval: AD_METRICS_REFRESH_MS,
  });
}
