import type { PerformanceFigures } from '@parallels/contract/marketing-insights';
import { percentChange } from '@parallels/contract/metrics';
import { formatValue, type ReportColumn, type ValueFormat } from '../../../components/report-table/report-columns';
import { formatChange } from '../../../lib/metric-format';
import type { PerformanceRow } from '../utils/performance-rows';

const figure = (id: keyof PerformanceFigures, header: string, group: string, format: ValueFormat): ReportColumn<PerformanceRow> => ({
  id,
  header,
  group,
  kind: 'metric',
  format,
  // crore-sized amounts in bold (the total row) need the room
  width: format === 'currency' ? 190 : 110,
  value: (r) => r.figures[id],
  // compare on: the compare range's figure and the change beside every figure
  detail: (r, ctx) =>
    r.compare ? (
      <span>
        vs {formatValue(r.compare[id], format, ctx)} ({formatChange(percentChange(r.figures[id], r.compare[id]), ctx.locale)})
      </span>
    ) : null,
});

/**
 * spec/reports.md "Cross-platform performance table": Store platform (Total Sales, Total Returns, ROAS),
 * Meta + Google (Spend, Sales, ROI), Meta (Spend, Sales, ROAS), Google Ads (Spend, Sales, ROAS). The store's
 * ROAS is ROI = total sales / total spend; the Meta + Google ROI is Gross ROI = ad sales / total spend.
 */
export const PERFORMANCE_COLUMNS: ReportColumn<PerformanceRow>[] = [
  { id: 'period', header: 'Month', kind: 'first', value: (r) => r.label, width: 150 },
  figure('totalSales', 'Total Sales', 'Store platform', 'currency'),
  figure('refundAmount', 'Total Returns', 'Store platform', 'currency'),
  figure('roi', 'ROAS', 'Store platform', 'ratio'),
  figure('totalSpend', 'Spend', 'Meta + Google', 'currency'),
  figure('adSales', 'Sales', 'Meta + Google', 'currency'),
  figure('grossROI', 'ROI', 'Meta + Google', 'ratio'),
  figure('metaSpend', 'Spend', 'Meta', 'currency'),
  figure('metaRevenue', 'Sales', 'Meta', 'currency'),
  figure('metaROAS', 'ROAS', 'Meta', 'ratio'),
  figure('googleSpend', 'Spend', 'Google Ads', 'currency'),
  figure('googleRevenue', 'Sales', 'Google Ads', 'currency'),
  figure('googleROAS', 'ROAS', 'Google Ads', 'ratio'),
];

export const PERFORMANCE_QUICK_VIEWS = [
  { name: 'Spend View', columns: ['totalSpend', 'metaSpend', 'googleSpend'] },
  { name: 'Returns View', columns: ['roi', 'grossROI', 'metaROAS', 'googleROAS'] },
];
