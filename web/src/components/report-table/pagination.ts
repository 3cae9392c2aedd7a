/** Page sizes the spec offers (50, 100, 200, All); 'all' shows every row. */
export type PageSize = number | 'all';

export interface PageInfo {
  page: number;
  pageCount: number;
  first: number;
  last: number;
  total: number;
}

/** Page navigation is clamped to 1..last page (an empty table has one empty page). */
export function clampPage(page: number, total: number, size: PageSize): number {
  const pageCount = size === 'all' ? 1 : Math.max(1, Math.ceil(total / size));
  return Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
}

export function pageInfo(page: number, total: number, size: PageSize): PageInfo {
  const pageCount = size === 'all' ? 1 : Math.max(1, Math.ceil(total / size));
  const p = clampPage(page, total, size);
  if (total === 0) return { page: 1, pageCount: 1, first: 0, last: 0, total };
  const perPage = size === 'all' ? total : size;
  return { page: p, pageCount, first: (p - 1) * perPage + 1, last: Math.min(p * perPage, total), total };
}

/** 'Showing x-y of n rows' and 'Page p of N' (spec/reports.md section 2, conversion reports). */
export function paginationTexts(info: PageInfo): { showing: string; page: string } {
  return { showing: `Showing ${info.first}-${info.last} of ${info.total} rows`, page: `Page ${info.page} of ${info.pageCount}` };
}
