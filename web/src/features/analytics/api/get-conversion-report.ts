import { useCallback, useState } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  CONVERSION_DEFAULT_PAGE_SIZE,
  conversionReportSchema,
  type ConversionColumnFilter,
  type ConversionPageSize,
  type ConversionReportCall,
  type ConversionSort,
  type ConversionSortOrder,
  type PerformanceCategory,
} from '@parallels/contract/analytics';
import { fetchReport, reportKey } from '../../../lib/report-request';

export interface ConversionRange {
  from: string;
  to: string;
}

/** The list a tab pages through: the column filters, one category (or every row), a header sort (or the server's order), a page size. */
export interface ConversionListParams {
  category: PerformanceCategory | null;
  sort: ConversionTableSort | null;
  pageSize: ConversionPageSize;
  /** the table's column filters */
  filters: ConversionColumnFilter[];
}

/** A header sort: the column id and its direction. */
export interface ConversionTableSort {
  sortBy: ConversionSort;
  sortOrder: ConversionSortOrder;
}

/** The server's order without a header click: Total Sessions, biggest first. */
export const CONVERSION_DEFAULT_SORT: ConversionTableSort = { sortBy: 'totalSessions', sortOrder: 'desc' };

/** A header click: a new column sorts ascending, the same column flips its direction. */
export function nextConversionSort(current: ConversionTableSort | null, by: ConversionSort): ConversionTableSort {
  const now = current ?? CONVERSION_DEFAULT_SORT;
  if (now.sortBy !== by) return { sortBy: by, sortOrder: 'asc' };
  return { sortBy: by, sortOrder: now.sortOrder === 'asc' ? 'desc' : 'asc' };
}

/** What to send beside the dates: a page of the list, or (page null) every row of it (the Excel export). */
function listBody(list: Partial<ConversionListParams>, page: number | null) {
  return {
    ...(list.category ? { category: list.category } : {}),
    ...(list.sort ? list.sort : {}),
    ...(list.filters && list.filters.length > 0 ? { filters: list.filters } : {}),
    ...(page === null ? {} : { page, pageSize: list.pageSize ?? CONVERSION_DEFAULT_PAGE_SIZE }),
  };
}

/**
 * POST /api/analytics/{name}ConversionReport/{brandId} (spec/reports.md section 7) with startDate and endDate;
 * a page, a category and a sort when given (decision 014, "Paged on the server"), every row without them.
 */
export function getConversionReport(brandId: string, call: ConversionReportCall, range: ConversionRange, list: Partial<ConversionListParams> = {}, page: number | null = null, signal?: AbortSignal) {
  const body = { startDate: range.from, endDate: range.to, ...listBody(list, page) };
  return fetchReport(`/api/analytics/${call}/${encodeURIComponent(brandId)}`, body, conversionReportSchema, signal);
}

/**
 * A tab's rows, a page at a time: page 1 of the list as the tab opens, the next page when the table reaches just
 * past the rows loaded (a next page, the full-screen scroll); a page further on ("Last page", or the page before
 * it from there) is asked alone and shown alone, not through the pages between. Another category, sort, filter or
 * page size starts the list over. Nothing is sent until both dates are set; a tab's data is not kept once the user
 * leaves it.
 */
export function useConversionPages(brandId: string, call: ConversionReportCall, range: ConversionRange | null, list: ConversionListParams) {
  const key = reportKey(brandId, 'conversion', call, range?.from, range?.to, list.category, list.sort?.sortBy, list.sort?.sortOrder, list.pageSize, list.filters);
  const query = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => getConversionReport(brandId, call, range!, list, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: ({ data }) => (data.pageSize !== 'all' && data.page * data.pageSize < data.matchingRows ? data.page + 1 : undefined),
    enabled: range !== null,
    gcTime: 0,
    // another category or sort keeps the rows on screen until its first page arrives
    placeholderData: keepPreviousData,
    // a 409 (still preparing) or 4xx is an answer, not a flaky network
    retry: false,
  });
  // a page jumped to, for this list only (another list starts over from page 1)
  const listId = JSON.stringify(key);
  const [jump, setJump] = useState<{ listId: string; page: number } | null>(null);
  const jumpPage = jump?.listId === listId ? jump.page : null;
  const jumped = useQuery({
    queryKey: [...key, 'page', jumpPage],
    queryFn: ({ signal }) => getConversionReport(brandId, call, range!, list, jumpPage, signal),
    enabled: range !== null && jumpPage !== null,
    gcTime: 0,
    retry: false,
  });
  const pages = query.data?.pages ?? [];
  const loaded = pages.flatMap((p) => p.data.data);
  const { hasNextPage, isFetching, fetchNextPage } = query;
  const loadedCount = loaded.length;
  const pageSize = list.pageSize;
  /** the table needs the list's rows from `first` (0-based): in or just past the pages loaded in order, or a page alone */
  const needRows = useCallback(
    ({ first }: { first: number }) => {
      if (pageSize === 'all') return;
      if (first > loadedCount) {
        const page = Math.floor(first / pageSize) + 1;
        setJump((j) => (j?.listId === listId && j.page === page ? j : { listId, page }));
        return;
      }
      setJump(null);
      if (first === loadedCount && hasNextPage && !isFetching) void fetchNextPage();
    },
    [pageSize, loadedCount, hasNextPage, isFetching, fetchNextPage, listId, setJump],
  );
  const alone = jumpPage === null ? null : (jumped.data?.data ?? null);
  const newest = pages[pages.length - 1]?.data ?? null;
  return {
    /** the newest page's answer: months, counts, averages, status */
    report: alone ?? newest,
    /** the rows to show: those loaded in order from the list's start, or the page jumped to */
    rows: jumpPage === null ? loaded : (alone?.data ?? []),
    /** the list's index of rows[0] */
    rowsFrom: jumpPage === null || alone === null || alone.pageSize === 'all' ? 0 : (alone.page - 1) * alone.pageSize,
    reconnectMessage: pages[0]?.reconnectMessage ?? null,
    needRows,
    fetching: query.isFetching || jumped.isFetching,
    /** the Refresh button: the pages loaded and the page jumped to */
    refetch: () => {
      void query.refetch();
      if (jumpPage !== null) void jumped.refetch();
    },
    query,
  };
}
