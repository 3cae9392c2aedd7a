import type { GoogleReport } from '@parallels/contract/google-reports';

export interface GoogleReportTab {
  id: GoogleReport;
  /** the tab's name (spec: Search Term, Keyword, Age, Gender, Product) */
  label: string;
  /** the primary label column's header */
  column: string;
  /** the noun of the empty texts ('No search term data available ...') */
  noun: string;
}

export const GOOGLE_REPORT_TABS: GoogleReportTab[] = [
  { id: 'searchTerm', label: 'Search Term', column: 'Search Term', noun: 'search term' },
  { id: 'keyword', label: 'Keyword', column: 'Keyword', noun: 'keyword' },
  { id: 'age', label: 'Age', column: 'Age Range', noun: 'age' },
  { id: 'gender', label: 'Gender', column: 'Gender', noun: 'gender' },
  { id: 'product', label: 'Product', column: 'Product', noun: 'product' },
];

/** spec section 8, empty messages: per account and at the top. */
export const accountEmptyText = (tab: GoogleReportTab) => `No ${tab.noun} data available for this account`;
export const reportEmptyText = (tab: GoogleReportTab) => `No ${tab.noun} data available`;

/** The tabs whose name contains the search, case-insensitively. */
export function searchTabs(query: string): GoogleReportTab[] {
  const q = query.trim().toLowerCase();
  return q === '' ? GOOGLE_REPORT_TABS : GOOGLE_REPORT_TABS.filter((t) => t.label.toLowerCase().includes(q));
}

/** 'Please enter a valid value' unless the text is a finite number. */
export function parseFilterValue(text: string): number | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}
