import { rowValue, type ConversionReport, type ConversionRow } from '@parallels/contract/analytics';
import { formatValue, monthColumnLabel, type ReportColumn } from '../../../components/report-table/report-columns';
import { formatNumber, MISSING, type AppLocale } from '../../../lib/locale';

/**
 * spec/reports.md "Conversion reports", table layout: the dimension, 'Total Sessions', 'Avg Conv. Rate' (the
 * first three fixed), then one column per month, newest first ('Mar-2024'); each month cell shows Sessions, the
 * Conv. Rate (2 decimals, %) and 'Purchases: n', coloured by the colour rule. The two headers show the averages
 * across the loaded data.
 */
export function conversionColumns(report: Pick<ConversionReport, 'months' | 'dimensionKey' | 'averages'>, label: string, locale: AppLocale): ReportColumn<ConversionRow>[] {
  const rate = (v: number | null | undefined) => formatValue(v, 'rate', { locale, currency: 'USD' });
  const avg = report.averages;
  return [
    {
      id: 'dimension',
      header: label,
      kind: 'first',
      width: 200,
      value: (r) => rowValue(r, report.dimensionKey),
      detail: (r) => (r.note ? <span title={r.note}>{r.note}</span> : null),
    },
    {
      id: 'totalSessions',
      header: 'Total Sessions',
      kind: 'metric',
      format: 'whole',
      width: 130,
      headerDetail: `Avg: ${avg.totalSessions === null ? MISSING : formatNumber(Math.round(avg.totalSessions), locale, { decimals: 0 })}`,
      value: (r) => r['Total Sessions'],
    },
    {
      id: 'avgConvRate',
      header: 'Avg Conv. Rate',
      kind: 'metric',
      format: 'rate',
      // wide enough for 'Total Purchases: 12,34,567' under the rate on one line (metric columns go to 200 px)
      width: 180,
      headerDetail: `Avg: ${rate(avg.convRate)}`,
      value: (r) => r['Avg Conv. Rate'],
      detail: (r) => (r['Total Purchases'] != null ? <span>Total Purchases: {formatNumber(r['Total Purchases'], locale)}</span> : null),
    },
    ...report.months.map(
      (month): ReportColumn<ConversionRow> => ({
        id: `m-${month}`,
        header: monthColumnLabel(month),
        kind: 'month',
        format: 'whole',
        width: 130,
        value: (r) => r.MonthlyData.find((m) => m.Month === month)?.Sessions,
        detail: (r) => {
          const m = r.MonthlyData.find((x) => x.Month === month);
          if (!m) return null;
          return (
            <>
              <span className="block">{rate(m['Conv. Rate'])}</span>
              {m.Purchases != null && <span className="block">Purchases: {formatNumber(m.Purchases, locale)}</span>}
            </>
          );
        },
        tone: (r) => r.MonthlyData.find((m) => m.Month === month)?.tone ?? null,
      }),
    ),
  ];
}
