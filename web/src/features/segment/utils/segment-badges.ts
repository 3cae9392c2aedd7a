import { BEST_PERFORMING } from '@parallels/contract/segment';

/** spec section 4, "Product status badges". */
export const PRODUCT_STATUS_CLASSES: Record<string, string> = {
  UNSPECIFIED: 'bg-slate-100 text-slate-700',
  UNKNOWN: 'bg-yellow-100 text-yellow-900',
  NOT_ELIGIBLE: 'bg-red-100 text-red-800',
  ELIGIBLE_LIMITED: 'bg-orange-100 text-orange-900',
  ELIGIBLE: 'bg-green-100 text-green-800',
};
export const productStatusClass = (status: string) => PRODUCT_STATUS_CLASSES[status] ?? PRODUCT_STATUS_CLASSES.UNSPECIFIED!;

/** spec section 4, "Search term status": ADDED green, NONE yellow, others grey. */
export function searchTermStatusClass(status: string | null): string {
  if (status === 'ADDED') return 'bg-green-100 text-green-800';
  if (status === 'NONE') return 'bg-yellow-100 text-yellow-900';
  return 'bg-slate-100 text-slate-700';
}

/** 'Best Performing Keyword' is green; other labels are red. */
export const performanceClass = (label: string | null) => (label === BEST_PERFORMING ? 'text-green-700' : 'text-red-700');
