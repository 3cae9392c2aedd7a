import type { PerformanceReport } from '@parallels/contract/marketing-insights';
import { ReportTable } from '../../../components/report-table/report-table';
import { performanceRows, totalRow, type PerformanceRow } from '../utils/performance-rows';
import { PERFORMANCE_COLUMNS, PERFORMANCE_QUICK_VIEWS } from './performance-columns';

export interface PerformanceTableProps {
  report: PerformanceReport;
  currency: string;
  rangeLabel: string;
}

/** Months expanding into days, the range's total above them (with the compare range's when compare is on). */
export function PerformanceTable({ report, currency, rangeLabel }: PerformanceTableProps) {
  const rows = performanceRows(report);
  return (
    <ReportTable<PerformanceRow>
      title="Cross-platform performance"
      columns={PERFORMANCE_COLUMNS}
      rows={rows}
      subRows={(r) => r.days}
      getRowId={(r) => r.id}
      currency={currency}
      summaryRow={totalRow(report)}
      quickViews={PERFORMANCE_QUICK_VIEWS}
      exportAs={{ fileName: `Marketing_Insights_${report.range.from}_${report.range.to}.xlsx`, sheetName: 'Performance' }}
      toolbar={<span>{rangeLabel} · amounts in {currency}</span>}
      emptyText="No data available"
    />
  );
}
