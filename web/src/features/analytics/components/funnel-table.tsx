import type { FunnelFigures } from '@parallels/contract/analytics';
import { dayLabel, monthLabel, type ReportColumn } from '../../../components/report-table/report-columns';
import { ReportTable } from '../../../components/report-table/report-table';
import type { FunnelTable as FunnelData, FunnelTableRow, FunnelView } from '../api/get-funnel-report';

export const FUNNEL_VIEWS: Array<{ id: FunnelView; label: string; first: string }> = [
  { id: 'daily', label: 'Daily', first: 'Date' },
  { id: 'dayWise', label: 'Day wise', first: 'Day' },
  { id: 'monthly', label: 'Monthly Metrics', first: 'Month' },
];

const figure = (id: keyof FunnelFigures, format: 'whole' | 'rate'): ReportColumn<FunnelTableRow> => ({
  id,
  header: id,
  kind: 'metric',
  format,
  width: format === 'rate' ? 150 : 120,
  value: (r) => r[id],
});

/** spec/reports.md "Funnel row": the period, then each count beside its rate. */
export function funnelColumns(view: FunnelView): ReportColumn<FunnelTableRow>[] {
  const first = FUNNEL_VIEWS.find((v) => v.id === view)!.first;
  return [
    {
      id: 'period',
      header: first,
      kind: 'first',
      width: 140,
      value: (r) => (r.id === 'total' ? 'Total' : view === 'daily' ? dayLabel(r.period) : view === 'monthly' ? monthLabel(Number(r.period.slice(0, 4)), Number(r.period.slice(5, 7))) : r.period),
    },
    figure('Sessions', 'whole'),
    figure('Add To Cart', 'whole'),
    figure('Add To Cart Rate', 'rate'),
    figure('Checkouts', 'whole'),
    figure('Checkout Rate', 'rate'),
    figure('Purchases', 'whole'),
    figure('Purchase Rate', 'rate'),
  ];
}

/** spec section 9 "Funnel and conversion column defaults": the two quick views. */
export const FUNNEL_QUICK_VIEWS = [
  { name: 'Counts View', columns: ['Sessions', 'Add To Cart', 'Checkouts', 'Purchases'] },
  { name: 'Rates View', columns: ['Add To Cart Rate', 'Checkout Rate', 'Purchase Rate'] },
];

/** The funnel table: 90vh high, at least 800 px wide, pages of 50, 100, 200 or All (spec section 9). */
export function FunnelTable({ view, data }: { view: FunnelView; data: FunnelData }) {
  const label = FUNNEL_VIEWS.find((v) => v.id === view)!.label;
  return (
    <div className="min-w-0 [&_table]:min-w-[800px]">
      <ReportTable<FunnelTableRow>
        key={view}
        title={`${label} funnel`}
        columns={funnelColumns(view)}
        rows={data.rows}
        getRowId={(r) => r.id}
        currency="USD"
        maxHeight="90vh"
        quickViews={FUNNEL_QUICK_VIEWS}
        summaryRow={{ id: 'total', period: 'Total', ...data.totals }}
        emptyText="No data available"
      />
    </div>
  );
}
