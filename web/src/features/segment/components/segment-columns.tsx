import type { SegmentBrand, SegmentCategory, SegmentFilters, SegmentMetrics, SegmentProduct, SegmentProductType } from '@parallels/contract/segment';
import type { ReportColumn } from '../../../components/report-table/report-columns';
import { productStatusClass } from '../utils/segment-badges';

/** A drill-down: the Products tab's filter and the chip's text. */
export interface Drill {
  filters: SegmentFilters;
  label: string;
}

const metric = <T,>(get: (r: T) => SegmentMetrics, key: keyof SegmentMetrics, header: string, format: ReportColumn<T>['format']): ReportColumn<T> => ({
  id: key,
  header,
  kind: 'metric',
  format,
  width: 120,
  value: (r) => get(r)[key],
});

/** spec section 3: products, totalCost, ROAS, conversions, ConversionValue, ConversionRate, totalClicks, ctr, AvgCPC. */
function metricColumns<T>(get: (r: T) => SegmentMetrics, withProducts: boolean): ReportColumn<T>[] {
  return [
    ...(withProducts ? [metric(get, 'products', 'Products', 'count')] : []),
    metric(get, 'totalCost', 'Total Cost', 'currency'),
    metric(get, 'ROAS', 'ROAS', 'ratio'),
    metric(get, 'conversions', 'Conversions', 'count'),
    metric(get, 'ConversionValue', 'Conversion Value', 'currency'),
    metric(get, 'ConversionRate', 'Conversion Rate', 'rate'),
    metric(get, 'totalClicks', 'Clicks', 'count'),
    metric(get, 'ctr', 'CTR', 'rate'),
    metric(get, 'AvgCPC', 'Avg. CPC', 'currency'),
  ];
}

function DrillButton({ text, drill, onDrill }: { text: string; drill: Drill; onDrill: (d: Drill) => void }) {
  return (
    <button type="button" onClick={() => onDrill(drill)} title={`Show the products of ${text}`} className="max-w-full truncate text-left font-medium text-brand-700 underline-offset-2 hover:underline">
      {text}
    </button>
  );
}

const levelsOf = (path: string | null) => (path ? path.split(' > ') : []);

export function productColumns(onDrill: (d: Drill) => void): ReportColumn<SegmentProduct>[] {
  return [
    { id: 'title', header: 'Product', kind: 'first', value: (r) => r.title, width: 220 },
    { id: 'itemId', header: 'Item ID', kind: 'dimension', value: (r) => r.itemId, width: 130 },
    {
      id: 'brand',
      header: 'Brand',
      kind: 'dimension',
      value: (r) => r.brand,
      render: (r) => (r.brand ? <DrillButton text={r.brand} drill={{ filters: { brands: r.brand }, label: `Brand: ${r.brand}` }} onDrill={onDrill} /> : '-'),
    },
    {
      id: 'productType',
      header: 'Product Type',
      kind: 'dimension',
      value: (r) => r.productType,
      render: (r) => (r.productType ? <DrillButton text={r.productType} drill={{ filters: { productType: r.productType }, label: `Product type: ${r.productType}` }} onDrill={onDrill} /> : '-'),
    },
    {
      id: 'category',
      header: 'Category',
      kind: 'dimension',
      width: 200,
      value: (r) => r.category,
      render: (r) => {
        const levels = levelsOf(r.category);
        const name = levels[levels.length - 1];
        return name ? <DrillButton text={r.category!} drill={{ filters: { categoryName: name, categoryLevel: levels.length }, label: `Category: ${name}` }} onDrill={onDrill} /> : '-';
      },
    },
    {
      id: 'status',
      header: 'Status',
      kind: 'dimension',
      value: (r) => r.status,
      render: (r) => (
        <button
          type="button"
          onClick={() => onDrill({ filters: { status: r.status as SegmentFilters['status'] }, label: `Status: ${r.status}` })}
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${productStatusClass(r.status)}`}
        >
          {r.status}
        </button>
      ),
    },
    {
      id: 'issues',
      header: 'Issues',
      kind: 'dimension',
      width: 200,
      value: (r) => (r.issues.length === 0 ? 'No issues' : r.issues.map((i) => i.description).join('; ')),
      render: (r) => (r.issues.length === 0 ? <span className="text-slate-500">No issues</span> : <span title={r.issues.map((i) => i.description).join('\n')}>{r.issues.map((i) => i.description).join('; ')}</span>),
    },
    ...metricColumns<SegmentProduct>((r) => r.metrics, false),
  ];
}

export function categoryColumns(onDrill: (d: Drill) => void): ReportColumn<SegmentCategory>[] {
  return [
    {
      id: 'name',
      header: 'Category',
      kind: 'first',
      width: 260,
      value: (r) => r.name,
      render: (r) => <DrillButton text={r.name} drill={{ filters: { categoryName: r.name, categoryLevel: r.level }, label: `Category: ${r.name}` }} onDrill={onDrill} />,
    },
    { id: 'level', header: 'Level', kind: 'dimension', format: 'count', width: 100, value: (r) => r.level },
    ...metricColumns<SegmentCategory>((r) => r.metrics, true),
  ];
}

export function brandColumns(onDrill: (d: Drill) => void): ReportColumn<SegmentBrand>[] {
  return [
    {
      id: 'brand',
      header: 'Brand',
      kind: 'first',
      value: (r) => r.brand ?? 'No brand',
      render: (r) => (r.brand ? <DrillButton text={r.brand} drill={{ filters: { brands: r.brand }, label: `Brand: ${r.brand}` }} onDrill={onDrill} /> : <span className="text-slate-500">No brand</span>),
    },
    ...metricColumns<SegmentBrand>((r) => r.metrics, true),
  ];
}

export function productTypeColumns(onDrill: (d: Drill) => void): ReportColumn<SegmentProductType>[] {
  return [
    {
      id: 'productType',
      header: 'Product Type',
      kind: 'first',
      width: 220,
      value: (r) => r.productType ?? 'No product type',
      render: (r) =>
        r.productType ? (
          <DrillButton text={r.productType} drill={{ filters: { productType: r.productType }, label: `Product type: ${r.productType}` }} onDrill={onDrill} />
        ) : (
          <span className="text-slate-500">No product type</span>
        ),
    },
    ...metricColumns<SegmentProductType>((r) => r.metrics, true),
  ];
}
