import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  googleReportResponseSchema,
  rowsOf,
  type GoogleColumnFilter,
  type GooglePerformanceCategory,
  type GoogleReport,
  type GoogleReportAccount,
  type GoogleReportSort,
  type GoogleSortOrder,
} from '@parallels/contract/google-reports';
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

/** A card's header sort (on the server): the field and its direction. */
export interface GoogleCardSort {
  sortBy: GoogleReportSort;
  sortOrder: GoogleSortOrder;
}

/** The server's order without a header click: Total Cost, highest first. */
export const GOOGLE_DEFAULT_SORT: GoogleCardSort = { sortBy: 'Total Cost', sortOrder: 'desc' };

/** A header click: a new column sorts ascending, the same column flips its direction. */
export function nextGoogleSort(current: GoogleCardSort, by: GoogleReportSort): GoogleCardSort {
  if (current.sortBy !== by) return { sortBy: by, sortOrder: 'asc' };
  return { sortBy: by, sortOrder: current.sortOrder === 'asc' ? 'desc' : 'asc' };
}

export interface GoogleReportPage {
  accountId?: string;
  category?: GooglePerformanceCategory;
  sortBy?: GoogleReportSort;
  sortOrder?: GoogleSortOrder;
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
 * One card's rows, page after page: without a chip or a header sort the first page is the one the tab loaded
 * (`first`); a chip or a sort asks the server for those rows in that order. More rows come 30 at a time.
 * `loadedAt` (the tab answer's time) starts over when the tab refetches (refresh, the 15-minute reload).
 */
export function useGoogleAccountRows(params: GoogleReportParams, first: GoogleReportAccount, category: GooglePerformanceCategory | null, loadedAt: number, sort: GoogleCardSort = GOOGLE_DEFAULT_SORT) {
  const { brandId, report, range, filters } = params;
  const sorted = sort.sortBy !== GOOGLE_DEFAULT_SORT.sortBy || sort.sortOrder !== GOOGLE_DEFAULT_SORT.sortOrder;
  const query = useInfiniteQuery({
    queryKey: reportKey(brandId, 'google', report, range.from, range.to, filters, 'account', first.accountId, category, sort.sortBy, sort.sortOrder, loadedAt),
    queryFn: async ({ pageParam, signal }) => {
      const page = { accountId: first.accountId, ...(category ? { category } : {}), ...(sorted ? sort : {}), limit: pageParam === 0 ? GOOGLE_CARD_ROWS : GOOGLE_MORE_ROWS, offset: pageParam };
      const answer = await getGoogleReport(params, page, signal);
      const account = answer.data.data.find((a) => a.accountId === first.accountId);
      if (!account) throw new Error('The account is no longer connected');
      return account;
    },
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const loaded = last.offset + rowsOf(last, report).length;
      return loaded < last.matchingRows ? loaded : undefined;
    },
    ...(category === null && !sorted ? { initialData: { pages: [first], pageParams: [0] } } : {}),
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
