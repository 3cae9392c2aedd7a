import { conversionExportFileName, rowValue, type ConversionReport, type ConversionRow, type PerformanceTone } from '@parallels/contract/analytics';
import { monthColumnLabel, type ReportColumn } from '../../../components/report-table/report-columns';

/** One line of the export: a dimension value's Sessions or its Conv. Rate. */
export interface ExportLine {
  value: string;
  metric: 'Sessions' | 'Conv. Rate';
  row: ConversionRow;
}

export const CONVERSION_SHEET_NAME = 'Conversion Data';

/**
 * spec/reports.md section 9, "Conversion Excel export": the dimension, Metric (Sessions, Conv. Rate), the
 * secondary columns (Total Sessions, Avg Conv. Rate), then the months newest first; numbers rounded to 2
 * decimals by the workbook writer; each month cell filled by that month's colour-rule tone (decision 014).
 */
export function conversionExport(report: ConversionReport, label: string, rows: ConversionRow[]): { fileName: string; sheetName: string; columns: ReportColumn<ExportLine>[]; rows: ExportLine[] } {
  const monthOf = (line: ExportLine, month: string) => line.row.MonthlyData.find((m) => m.Month === month);
  const columns: ReportColumn<ExportLine>[] = [
    { id: 'dimension', header: label, kind: 'first', value: (l) => l.value },
    { id: 'metric', header: 'Metric', kind: 'dimension', value: (l) => l.metric },
    { id: 'totalSessions', header: 'Total Sessions', kind: 'metric', format: 'count', value: (l) => l.row['Total Sessions'] },
    { id: 'avgConvRate', header: 'Avg Conv. Rate', kind: 'metric', format: 'count', value: (l) => l.row['Avg Conv. Rate'] },
    ...report.months.map(
      (month): ReportColumn<ExportLine> => ({
        id: `m-${month}`,
        header: monthColumnLabel(month),
        kind: 'month',
        format: 'count',
        value: (l) => {
          const m = monthOf(l, month);
          return l.metric === 'Sessions' ? m?.Sessions : m?.['Conv. Rate'];
        },
        tone: (l): PerformanceTone | null => monthOf(l, month)?.tone ?? null,
      }),
    ),
  ];
  const lines = rows.flatMap((row): ExportLine[] => {
    const value = rowValue(row, report.dimensionKey);
    return [
      { value, metric: 'Sessions', row },
      { value, metric: 'Conv. Rate', row },
    ];
  });
  return { fileName: conversionExportFileName(label), sheetName: CONVERSION_SHEET_NAME, columns, rows: lines };
}
