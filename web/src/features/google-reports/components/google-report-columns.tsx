import type { GoogleMonth, GoogleReportRow } from '@parallels/contract/google-reports';
import { formatValue, monthColumnLabel, performanceTone, type ReportColumn } from '../../../components/report-table/report-columns';
import type { GoogleReportTab } from '../utils/google-report-tabs';

const metric = (id: keyof GoogleReportRow, header: string, format: ReportColumn<GoogleReportRow>['format']): ReportColumn<GoogleReportRow> => ({
  id: String(id),
  header,
  kind: 'metric',
  format,
  width: 130,
  value: (r) => r[id] as number | null,
});

const detail = (id: string, header: string): ReportColumn<GoogleReportRow> => ({ id, header, kind: 'dimension', value: (r) => r.details[id] ?? null, width: 150 });

const monthOf = (r: GoogleReportRow, month: string): GoogleMonth | undefined => r.MonthlyData.find((m) => m.Month === month);

/** The averages the colour rule compares a row's months against: over all of the row's monthly entries. */
function monthAverages(r: GoogleReportRow): { cost: number; perCost: number } {
  const known = r.MonthlyData.filter((m) => m.Cost !== null && m['Conv. Value/ Cost'] !== null);
  const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
  return { cost: mean(known.map((m) => m.Cost!)), perCost: mean(known.map((m) => m['Conv. Value/ Cost']!)) };
}

/**
 * spec/reports.md section 3, "Report row": the primary label, where the row sits, the totals (Total Cost,
 * Conv. Value / Cost, Total Conv. Value, ...) and one column per month, newest first, each showing Cost with
 * Conv. Value/ Cost under it and coloured by the rule on that pair.
 */
export function googleReportColumns(tab: GoogleReportTab, months: string[]): ReportColumn<GoogleReportRow>[] {
  const place =
    tab.id === 'searchTerm' || tab.id === 'keyword'
      ? [detail('campaignName', 'Campaign'), detail('adGroupName', 'Ad Group'), detail('matchType', 'Match Type')]
      : tab.id === 'product'
        ? [detail('itemId', 'Item ID'), detail('brand', 'Brand')]
        : [];
  return [
    { id: 'label', header: tab.column, kind: 'first', value: (r) => r.label, width: 220 },
    ...place,
    metric('Total Cost', 'Total Cost', 'currency'),
    metric('Conv. Value / Cost', 'Conv. Value / Cost', 'ratio'),
    metric('Total Conv. Value', 'Total Conv. Value', 'currency'),
    metric('Total Conversions', 'Total Conversions', 'count'),
    metric('Total Clicks', 'Total Clicks', 'count'),
    metric('Conversion Rate', 'Conversion Rate', 'rate'),
    metric('CTR', 'CTR', 'rate'),
    metric('Avg. CPC', 'Avg. CPC', 'currency'),
    ...months.map(
      (month): ReportColumn<GoogleReportRow> => ({
        id: `month-${month}`,
        header: monthColumnLabel(month),
        kind: 'month',
        format: 'currency',
        value: (r) => monthOf(r, month)?.Cost ?? null,
        detail: (r, ctx) => {
          const m = monthOf(r, month);
          return m ? `Conv. Value/ Cost: ${formatValue(m['Conv. Value/ Cost'], 'ratio', ctx)}` : null;
        },
        tone: (r) => {
          const m = monthOf(r, month);
          const avg = monthAverages(r);
          return m ? performanceTone(m.Cost, m['Conv. Value/ Cost'], avg.cost, avg.perCost) : null;
        },
      }),
    ),
  ];
}
