import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { googleReportResponseSchema, rowsOf, type GoogleColumnFilter, type GooglePerformanceCategory, type GoogleReport, type GoogleReportAccount } from '@parallels/contract/google-reports';
import { fetchReport, reportKey } from '../../../lib/report-request';

/** spec/reports.md section 9: Google Ads reports refresh every 15 minutes. */
export const GOOGLE_REPORTS_REFRESH_MS = 15 * 60 * 1000;
/** spec section 9: a card shows 8 rows; full screen loads 30 more near the bottom (decision 015, paged on the server). */
export const GOOGLE_CARD_ROWS = 8;
export const GOOGLE_MORE_ROWS = 30;

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

export interface GoogleReportPage {
  accountId?: string;
  category?: GooglePerformanceCategory;
  limit: number;
  offset: number;
}

/** POST /api/google/{report}/{brandId} with userId, startDate, endDate, the column filters and the chip (applied on the server) and a page. */
export function getGoogleReport({ brandId, report, range, userId, filters }: GoogleReportParams, page: GoogleReportPage, signal?: AbortSignal) {
  const body = { ...(userId ? { userId } : {}), startDate: range.from, endDate: range.to, ...filters, ...page };
  return fetchReport(`/api/google/${report}/${encodeURIComponent(brandId)}`, body, googleReportResponseSchema, signal);
}

/** Every account's first 8 rows (the cards as they open). */
export function useGoogleReport(params: GoogleReportParams) {
  const { brandId, report, range, filters } = params;
  return useQuery({
    queryKey: reportKey(brandId, 'google', report, range.from, range.to, filters),
    queryFn: ({ signal }) => getGoogleReport(params, { limit: GOOGLE_CARD_ROWS, offset: 0 }, signal),
    refetchInterval: GOOGLE_REPORTS_REFRESH_MS,
    // a new filter keeps the old rows on screen until the new answer arrives
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * One card's rows, page after page: without a chip the first page is the one the tab loaded (`first`); a chip
 * asks the server for that category's rows. More rows come 30 at a time. `loadedAt` (the tab answer's time)
 * starts over when the tab refetches (refresh, the 15-minute reload).
 */
export function useGoogleAccountRows(params: GoogleReportParams, first: GoogleReportAccount, category: GooglePerformanceCategory | null, loadedAt: number) {
  const { brandId, report, range, filters } = params;
  const query = useInfiniteQuery({
    queryKey: reportKey(brandId, 'google', report, range.from, range.to, filters, 'account', first.accountId, category, loadedAt),
    queryFn: async ({ pageParam, signal }) => {
      const answer = await getGoogleReport(params, { accountId: first.accountId, ...(category ? { category } : {}), limit: pageParam === 0 ? GOOGLE_CARD_ROWS : GOOGLE_MORE_ROWS, offset: pageParam }, signal);
      const account = answer.data.data.find((a) => a.accountId === first.accountId);
      if (!account) throw new Error('The account is no longer connected');
      return account;
    },
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const loaded = last.offset + rowsOf(last, report).length;
      return loaded < last.matchingRows ? loaded : undefined;
    },
    ...(category === null ? { initialData: { pages: [first], pageParams: [0] } } : {}),
    staleTime: Infinity,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const pages = query.data?.pages ?? [];
  return {
    /** the newest page's account entry: counts and totals */
    account: pages[pages.length - 1] ?? first,
    rows: pages.flatMap((p) => rowsOf(p, report)),
    query,
  };
}
