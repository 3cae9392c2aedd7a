import { useMemo, useState, type ReactNode } from 'react';
import { ReportState } from '../../../components/report-table/report-state';
import type { PageSize } from '../../../components/report-table/pagination';
import { ReportTable } from '../../../components/report-table/report-table';
import { onTablistKeyDown } from '../../../lib/tablist-keys';
import { useSegmentMetrics } from '../api/get-segment-metrics';
import { brandColumns, categoryColumns, productColumns, productTypeColumns, type Drill } from './segment-columns';

const TABS = [
  { id: 'products', label: 'Products' },
  { id: 'categories', label: 'Categories' },
  { id: 'brands', label: 'Brands' },
  { id: 'types', label: 'Product types' },
] as const;
type Tab = (typeof TABS)[number]['id'];

/** spec section 9: segment tables show 100 rows a page. */
const PAGE: { pageSizes: PageSize[]; defaultPageSize: PageSize } = { pageSizes: [100], defaultPageSize: 100 };

export interface InsightsProps {
  brandId: string;
  range: { from: string; to: string };
  currency: string;
  preparing: ReactNode;
}

/**
 * 'Google Ads Product Insights' (spec/reports.md "Segment dashboard"): tabs Products, Categories, Brands,
 * Product types; clicking a brand, type, category or status shows the Products tab filtered, under a chip
 * whose close button clears the filter. Each tab mounts its own table: switching tab starts at page 1 with
 * every row collapsed.
 */
export function ProductInsights(props: InsightsProps) {
  const [tab, setTab] = useState<Tab>('products');
  const [drill, setDrill] = useState<Drill | null>(null);
  const onDrill = (d: Drill) => {
    setDrill(d);
    setTab('products');
  };
  return (
    <section aria-labelledby="product-insights" className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="product-insights" className="text-lg font-semibold text-slate-900">
        Google Ads Product Insights
      </h2>
      <div
        role="tablist"
        aria-label="Product insights"
        onKeyDown={(e) => onTablistKeyDown(e, TABS.map((t) => t.id), tab, setTab)}
        className="flex gap-1 overflow-x-auto border-b border-slate-200">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            className={`-mb-px shrink-0 border-b-2 px-4 py-2 text-sm font-medium ${tab === t.id ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={TABS.find((t) => t.id === tab)!.label} className="min-w-0">
        {tab === 'products' && <ProductsTab {...props} drill={drill} onDrill={onDrill} onClear={() => setDrill(null)} />}
        {tab === 'categories' && <CategoriesTab {...props} onDrill={onDrill} />}
        {tab === 'brands' && <BrandsTab {...props} onDrill={onDrill} />}
        {tab === 'types' && <TypesTab {...props} onDrill={onDrill} />}
      </div>
    </section>
  );
}

function ProductsTab({ brandId, range, currency, preparing, drill, onDrill, onClear }: InsightsProps & { drill: Drill | null; onDrill: (d: Drill) => void; onClear: () => void }) {
  const query = useSegmentMetrics('productMetrics', brandId, range, drill?.filters ?? {});
  const columns = useMemo(() => productColumns(onDrill), [onDrill]);
  return (
    <div className="flex flex-col gap-3">
      {drill && (
        <div className="flex">
          <span className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800">
            <span>{drill.label}</span>
            <button type="button" aria-label={`Clear filter ${drill.label}`} onClick={onClear} className="text-brand-700 hover:text-brand-900">
              ×
            </button>
          </span>
        </div>
      )}
      <ReportState query={query} loadingLabel="Loading products" preparing={preparing}>
        {(data) => <ReportTable key={JSON.stringify(drill?.filters ?? {})} title="Products" columns={columns} rows={data.productsData} getRowId={(r) => `${r.customerId}:${r.itemId}`} currency={currency} emptyText="No data available" {...PAGE} />}
      </ReportState>
    </div>
  );
}

function CategoriesTab({ brandId, range, currency, preparing, onDrill }: InsightsProps & { onDrill: (d: Drill) => void }) {
  const query = useSegmentMetrics('categoryMetrics', brandId, range, {});
  const columns = useMemo(() => categoryColumns(onDrill), [onDrill]);
  return (
    <ReportState query={query} loadingLabel="Loading categories" preparing={preparing}>
      {(data) => (
        <ReportTable title="Categories" columns={columns} rows={data.categoriesData} subRows={(r) => (r.subcategories.length > 0 ? r.subcategories : undefined)} getRowId={(r) => r.path} currency={currency} emptyText="No data available" {...PAGE} />
      )}
    </ReportState>
  );
}

function BrandsTab({ brandId, range, currency, preparing, onDrill }: InsightsProps & { onDrill: (d: Drill) => void }) {
  const query = useSegmentMetrics('brandMetrics', brandId, range, {});
  const columns = useMemo(() => brandColumns(onDrill), [onDrill]);
  return (
    <ReportState query={query} loadingLabel="Loading brands" preparing={preparing}>
      {(data) => <ReportTable title="Brands" columns={columns} rows={data.brandsData} getRowId={(r) => r.brand ?? ''} currency={currency} emptyText="No data available" {...PAGE} />}
    </ReportState>
  );
}

function TypesTab({ brandId, range, currency, preparing, onDrill }: InsightsProps & { onDrill: (d: Drill) => void }) {
  const query = useSegmentMetrics('typeMetrics', brandId, range, {});
  const columns = useMemo(() => productTypeColumns(onDrill), [onDrill]);
  return (
    <ReportState query={query} loadingLabel="Loading product types" preparing={preparing}>
      {(data) => <ReportTable title="Product types" columns={columns} rows={data.productTypesData} getRowId={(r) => r.productType ?? ''} currency={currency} emptyText="No data available" {...PAGE} />}
    </ReportState>
  );
}
