import type { ReactNode } from 'react';
import { formatCurrency, formatNumber, MISSING, type AppLocale } from '../../lib/locale';

/**
 * What a report screen declares: its columns. Everything else (sorting, paging, resizing, pinning, the column
 * manager, filters, full screen, export, formats) is the table's. spec/reports.md sections 4, 5 and 9.
 */

/** first: the row's label (Month, Search Term, ...); dimension: other text; metric: a figure; month: one month's figure. */
export type ColumnKind = 'first' | 'dimension' | 'metric' | 'month';

/**
 * currency: the brand currency, 2 decimals; ratio: ROAS / ROI, 2 decimals; rate: 2 decimals and '%';
 * whole: rounded to a whole number (sessions, spend where the spec says); count: grouped, up to 2 decimals;
 * multiple: 2 decimals and 'x' (the interest table's Roas).
 */
export type ValueFormat = 'text' | 'currency' | 'ratio' | 'rate' | 'whole' | 'count' | 'multiple';

export type CellValue = number | string | null | undefined;

/** spec/reports.md section 9, "Performance colour rule". */
export type Tone = 'positive' | 'neutral-up' | 'neutral-down' | 'negative';

export interface ReportColumn<Row> {
  id: string;
  header: string;
  kind: ColumnKind;
  format?: ValueFormat;
  /** a header over consecutive columns of the same group ('Meta', 'Google Ads', ...) */
  group?: string;
  value: (row: Row) => CellValue;
  /** the cell's own content (a badge, a drill-down button, the campaign labels); `value` still sorts, filters and exports */
  render?: (row: Row, ctx: FormatContext) => ReactNode;
  /** extra content under the value (a comparison, 'Purchases: n', ...) */
  detail?: (row: Row, ctx: FormatContext) => ReactNode;
  /** the colour rule's tone for this cell, shown on screen and in the export */
  tone?: (row: Row) => Tone | null;
  /** starting width in px (clamped to the kind's limits) */
  width?: number;
  /** hidden until the column manager shows it */
  hidden?: boolean;
  /** a line under the header (the conversion table's averages across the loaded data) */
  headerDetail?: string;
}

export interface FormatContext {
  locale: AppLocale;
  currency: string;
}

/** spec/reports.md section 5, "Column resize limits"; anything else never goes under 80 px. */
export const WIDTH_LIMITS: Record<ColumnKind, { min: number; max: number; initial: number }> = {
  first: { min: 100, max: 300, initial: 160 },
  dimension: { min: 100, max: 300, initial: 140 },
  metric: { min: 100, max: 200, initial: 150 },
  month: { min: 100, max: 150, initial: 120 },
};
export const DEFAULT_MIN_WIDTH = 80;

export function clampWidth(kind: ColumnKind, width: number): number {
  const { min, max } = WIDTH_LIMITS[kind];
  return Math.min(max, Math.max(min, DEFAULT_MIN_WIDTH, width));
}

export function formatValue(value: CellValue, format: ValueFormat, ctx: FormatContext): string {
  if (value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value))) return MISSING;
  if (typeof value === 'string') return value;
  switch (format) {
    case 'currency':
      return formatCurrency(value, ctx.currency, ctx.locale, { decimals: 2 });
    case 'ratio':
      return formatNumber(value, ctx.locale, { decimals: 2 });
    case 'rate':
      return `${formatNumber(value, ctx.locale, { decimals: 2 })}%`;
    case 'multiple':
      return `${formatNumber(value, ctx.locale, { decimals: 2 })}x`;
    case 'whole':
      return formatNumber(Math.round(value), ctx.locale, { decimals: 0 });
    case 'count':
    case 'text':
      return formatNumber(value, ctx.locale);
  }
}

/** The Excel number format for a column (numbers stay numbers in the export). */
export function excelNumberFormat(format: ValueFormat): string | undefined {
  switch (format) {
    case 'currency':
    case 'ratio':
      return '#,##0.00';
    case 'rate':
      return '0.00"%"';
    case 'multiple':
      return '0.00"x"';
    case 'whole':
      return '#,##0';
    default:
      return undefined;
  }
}

/**
 * Compare a month's pair of metrics to their averages over all monthly entries: both at or above average is
 * positive; first above, second below neutral-up; first below, second above neutral-down; both below negative.
 */
export function performanceTone(first: number | null | undefined, second: number | null | undefined, firstAverage: number, secondAverage: number): Tone | null {
  if (first == null || second == null) return null;
  const a = first >= firstAverage;
  const b = second >= secondAverage;
  return a && b ? 'positive' : a ? 'neutral-up' : b ? 'neutral-down' : 'negative';
}

export const TONE_CLASSES: Record<Tone, string> = {
  positive: 'bg-emerald-50 text-emerald-900',
  'neutral-up': 'bg-sky-50 text-sky-900',
  'neutral-down': 'bg-amber-50 text-amber-900',
  negative: 'bg-rose-50 text-rose-900',
};

/** The export's fills (ARGB): green, blue, yellow, red, as the conversion export colours them. */
export const TONE_FILLS: Record<Tone, string> = {
  positive: 'FFD1FAE5',
  'neutral-up': 'FFDBEAFE',
  'neutral-down': 'FFFEF3C7',
  negative: 'FFFEE2E2',
};

/** Month columns read newest first: 'YYYYMM' or 'YYYY-MM' keys sorted descending. */
export function newestFirst(months: Iterable<string>): string[] {
  return [...new Set(months)].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'MMM yyyy' (the performance table's months). */
export function monthLabel(year: number, month: number): string {
  return `${MONTH_NAMES[month - 1]} ${year}`;
}

/** 'Mar-2024' (the conversion and report tables' month columns), from 'YYYYMM'. */
export function monthColumnLabel(yyyymm: string): string {
  return `${MONTH_NAMES[Number(yyyymm.slice(4, 6)) - 1]}-${yyyymm.slice(0, 4)}`;
}

/** dd/MM/yyyy from 'yyyy-MM-dd'. */
export function dayLabel(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}
