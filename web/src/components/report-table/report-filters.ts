import type { CellValue } from './report-columns';

// spec/reports.md section 5, "Interest filter" (the most complete of the spec's filters): '=' compares as
// case-insensitive text, the others compare numbers; every active filter must match.

export const FILTER_OPERATORS = ['>', '>=', '<', '<=', '='] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export interface ColumnFilter {
  columnId: string;
  operator: FilterOperator;
  value: string;
}

export function matchesFilter(cell: CellValue, filter: ColumnFilter): boolean {
  if (filter.operator === '=') {
    if (cell === null || cell === undefined) return false;
    const asNumber = Number(filter.value);
    if (typeof cell === 'number' && filter.value.trim() !== '' && !Number.isNaN(asNumber)) return cell === asNumber;
    return String(cell).toLowerCase() === filter.value.trim().toLowerCase();
  }
  if (typeof cell !== 'number' || Number.isNaN(cell)) return false; // a missing figure matches no comparison
  const target = Number(filter.value);
  switch (filter.operator) {
    case '>':
      return cell > target;
    case '>=':
      return cell >= target;
    case '<':
      return cell < target;
    case '<=':
      return cell <= target;
  }
}

/** The filter's value is valid: required, and a number unless the column holds text and the operator is '='. */
export function filterValueError(value: string, operator: FilterOperator, numericColumn: boolean): string | null {
  if (value.trim() === '') return 'Enter a value';
  if ((numericColumn || operator !== '=') && Number.isNaN(Number(value))) return 'Please enter a valid value';
  return null;
}
