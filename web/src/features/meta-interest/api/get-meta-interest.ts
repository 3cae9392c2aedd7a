import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { metaInterestResponseSchema, type MetaInterestResponse } from '@parallels/contract/meta-interest';
import { ApiError } from '../../../lib/api-client';
import { fetchReport, isMetricsNotReady, reportKey, type ReportResult } from '../../../lib/report-request';

/** spec/reports.md section 9: Meta interest refreshes every 3 hours (10,800,000 ms). */
export const META_INTEREST_REFRESH_MS = 10_800_000;

/** spec/reports.md section 8: an answer without its data field. */
export class InvalidInterestAnswer extends Error {
  constructor() {
    super('Invalid data structure received from API');
  }
}

/** POST /api/meta/interest/{brandId}: the answer is checked for its data field first (the spec's own message). */
export async function getMetaInterest(brandId: string, range: { from: string; to: string }, signal?: AbortSignal): Promise<ReportResult<MetaInterestResponse>> {
  const raw = await fetchReport(`/api/meta/interest/${encodeURIComponent(brandId)}`, { startDate: range.from, endDate: range.to }, z.unknown(), signal);
  if (typeof raw.data !== 'object' || raw.data === null || !('data' in raw.data)) throw new InvalidInterestAnswer();
  const parsed = metaInterestResponseSchema.safeParse(raw.data);
  if (!parsed.success) throw new Error('An unexpected error occurred');
  return { data: parsed.data, reconnectMessage: raw.reconnectMessage };
}

export function useMetaInterest(brandId: string, range: { from: string; to: string }) {
  return useQuery({
    queryKey: reportKey(brandId, 'meta-interest', range.from, range.to),
    queryFn: ({ signal }) => getMetaInterest(brandId, range, signal),
    enabled: Boolean(range.from && range.to),
    refetchInterval: META_INTEREST_REFRESH_MS,
    retry: false,
  });
}

/** spec/reports.md section 8: 'API Error: {message}', the structure message, or 'An unexpected error occurred'. */
export function interestErrorText(error: unknown): string {
  if (error instanceof ApiError) return `API Error: ${error.message}`;
  if (error instanceof InvalidInterestAnswer) return error.message;
  return 'An unexpected error occurred';
}

export { isMetricsNotReady };
