import type { MonthlyPerformance, PerformanceFigures, PerformanceReport } from '@parallels/contract/marketing-insights';
import { dayLabel, monthLabel } from '../../../components/report-table/report-columns';

/** One line of the performance table: the range's total, a month, or a day of a month. */
export interface PerformanceRow {
  id: string;
  label: string;
  level: 'total' | 'month' | 'day';
  figures: PerformanceFigures;
  /** the compare range's figures for the same line (the total, or the month at the same position) */
  compare: PerformanceFigures | null;
  days?: PerformanceRow[];
}

function pick(m: PerformanceFigures): PerformanceFigures {
  return {
    totalSales: m.totalSales,
    refundAmount: m.refundAmount,
    totalSpend: m.totalSpend,
    metaSpend: m.metaSpend,
    metaRevenue: m.metaRevenue,
    metaROAS: m.metaROAS,
    googleSpend: m.googleSpend,
    googleRevenue: m.googleRevenue,
    googleROAS: m.googleROAS,
    adSales: m.adSales,
    roi: m.roi,
    grossROI: m.grossROI,
  };
}

/**
 * Months (newest first) expanding into their days (newest first too). With compare on, the n-th month of
 * the range stands beside the n-th month of the compare range: ranges of equal length line up month by month.
 */
export function performanceRows(report: PerformanceReport): PerformanceRow[] {
  const compareMonths: MonthlyPerformance[] = report.compare?.data ?? [];
  return report.data.map((m, i) => ({
    id: `${m.year}-${String(m.month).padStart(2, '0')}`,
    label: monthLabel(m.year, m.month),
    level: 'month',
    figures: pick(m),
    compare: compareMonths[i] ? pick(compareMonths[i]) : null,
    days: [...m.dailyMetrics].reverse().map((d) => ({ id: d._id, label: dayLabel(d.date), level: 'day' as const, figures: pick(d), compare: null })),
  }));
}

/** The range's total line, with the compare range's total beside it when compare is on. */
export function totalRow(report: PerformanceReport): PerformanceRow {
  const current = {} as Record<keyof PerformanceFigures, number | null>;
  const previous = {} as Record<keyof PerformanceFigures, number | null>;
  for (const [key, m] of Object.entries(report.totals)) {
    current[key as keyof PerformanceFigures] = m.current;
    previous[key as keyof PerformanceFigures] = m.previous;
  }
  return { id: 'total', label: 'Total', level: 'total', figures: current, compare: report.compare ? previous : null };
}
