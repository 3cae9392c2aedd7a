import type { BlendedInterest, InterestMetric } from '@parallels/contract/meta-interest';
import type { ReportColumn } from '../../../components/report-table/report-columns';

// spec/reports.md "Meta interest" and section 9: Interest (200px minimum), Spend, Revenue (brand currency, 2
// decimals), Roas (2 decimals and 'x'); the blended table adds the accounts: up to 2 names, then '+N more'. The
// spec's 100px and 120px minimums are widened where a lakh-sized amount or two account names would be cut off.

/** 'A, B' or 'A, B +3 more'; '-' when there are none. */
export function accountsLabel(accounts: string[]): string {
  if (accounts.length === 0) return '-';
  const shown = accounts.slice(0, 2).join(', ');
  return accounts.length > 2 ? `${shown} +${accounts.length - 2} more` : shown;
}

export const INTEREST_COLUMNS: ReportColumn<InterestMetric>[] = [
  { id: 'Interest', header: 'Interest', kind: 'first', format: 'text', width: 200, value: (r) => r.Interest },
  { id: 'Spend', header: 'Spend', kind: 'metric', format: 'currency', width: 150, value: (r) => r.Spend },
  { id: 'Revenue', header: 'Revenue', kind: 'metric', format: 'currency', width: 150, value: (r) => r.Revenue },
  { id: 'Roas', header: 'Roas', kind: 'metric', format: 'multiple', width: 100, value: (r) => r.Roas },
];

export const BLENDED_INTEREST_COLUMNS: ReportColumn<BlendedInterest>[] = [
  ...(INTEREST_COLUMNS as ReportColumn<BlendedInterest>[]),
  { id: 'accounts', header: 'Accounts', kind: 'dimension', format: 'text', width: 260, value: (r) => accountsLabel(r.accounts) },
];
