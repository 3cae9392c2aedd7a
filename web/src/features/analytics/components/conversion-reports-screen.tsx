import { useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  CONVERSION_DEFAULT_PAGE_SIZE,
  CONVERSION_REPORTS,
  PERFORMANCE_CATEGORIES,
  type ConversionPageSize,
  type ConversionReport,
  type ConversionReportCall,
  type ConversionRow,
  type ConversionSort,
  type PerformanceCategory,
} from '@parallels/contract/analytics';
import { exportXlsx } from '../../../components/report-table/export-xlsx';
import { ReportTable } from '../../../components/report-table/report-table';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useLocale } from '../../../lib/locale';
import { isMetricsNotReady } from '../../../lib/report-request';
import { CONVERSION_DEFAULT_SORT, getConversionReport, nextConversionSort, useConversionPages, type ConversionRange, type ConversionTableSort } from '../api/get-conversion-report';
import { conversionExport } from '../utils/conversion-export';
import type { ColumnFilter } from '../../../components/report-table/report-filters';
import { conversionColumns } from './conversion-columns';

export const GA4_TOKEN_MESSAGE = 'We need access to your Google Analytics account to show you amazing insights about your website performance.';

export interface ConversionReportsScreenProps {
  brandId: string;
  /** null until both dates are chosen */
  range: ConversionRange | null;
  /** whether the brand has a GA4 property (undefined while the brand loads) */
  ga4Connected: boolean | undefined;
  /** the connect-account flow for Google Analytics (the route owns the dialog) */
  connectFlow: ReactNode;
  /** starts Google's consent for Analytics (googleAnalyticsSetup) */
  onReconnect: () => void;
  /** the Preparing screen (409) */
  preparing: ReactNode;
}

/**
 * spec/reports.md "Conversion reports": the left sidebar of the 15 dimensions (Age first), and the four states:
 * token error prompt, no GA4 account, no date range, the report table.
 */
export function ConversionReportsScreen({ brandId, range, ga4Connected, connectFlow, onReconnect, preparing }: ConversionReportsScreenProps) {
  const [call, setCall] = useState<ConversionReportCall>('ageConversionReport');
  const onKeyDown = (e: KeyboardEvent) => {
    const index = CONVERSION_REPORTS.findIndex((r) => r.call === call);
    const step = e.key === 'ArrowDown' || e.key === 'ArrowRight' ? 1 : e.key === 'ArrowUp' || e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = CONVERSION_REPORTS[(index + step + CONVERSION_REPORTS.length) % CONVERSION_REPORTS.length]!;
    setCall(next.call);
    document.getElementById(`conversion-tab-${next.call}`)?.focus();
  };
  const current = CONVERSION_REPORTS.find((r) => r.call === call)!;

  if (ga4Connected === false) return <>{connectFlow}</>;
  return (
    <div className="flex min-w-0 flex-col gap-4 md:flex-row">
      <aside aria-label="Conversion dimensions" className="min-w-0 md:w-48 md:shrink-0">
        <div role="tablist" aria-label="Dimensions" aria-orientation="vertical" onKeyDown={onKeyDown} className="flex gap-1 overflow-x-auto pb-1 md:flex-col md:overflow-visible">
          {CONVERSION_REPORTS.map((r) => {
            const active = r.call === call;
            return (
              <button
                key={r.call}
                id={`conversion-tab-${r.call}`}
                type="button"
                role="tab"
                aria-selected={active}
                aria-controls="conversion-panel"
                tabIndex={active ? 0 : -1}
                onClick={() => setCall(r.call)}
                className={`shrink-0 whitespace-nowrap rounded-lg px-3 py-2 text-left text-sm font-medium ${active ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'}`}
              >
                {r.label}
              </button>
            );
          })}
        </div>
      </aside>
      <div id="conversion-panel" role="tabpanel" aria-labelledby={`conversion-tab-${call}`} className="min-w-0 flex-1">
        {range === null ? (
          <Card className="p-8 text-center text-sm text-slate-600">Choose a date range to see your conversion reports.</Card>
        ) : (
          // keyed by tab: switching tab clears the loaded data and the category filter
          <ConversionTab key={call} brandId={brandId} call={call} label={current.label} range={range} onReconnect={onReconnect} preparing={preparing} />
        )}
      </div>
    </div>
  );
}

function ConversionTab({ brandId, call, label, range, onReconnect, preparing }: { brandId: string; call: ConversionReportCall; label: string; range: ConversionRange; onReconnect: () => void; preparing: ReactNode }) {
  // the category, the header sort and the pages apply on the server (decision 014, "Paged on the server")
  const [category, setCategory] = useState<PerformanceCategory | ''>('');
  const [sort, setSort] = useState<ConversionTableSort | null>(null);
  const [pageSize, setPageSize] = useState<ConversionPageSize>(CONVERSION_DEFAULT_PAGE_SIZE);
  const [filters, setFilters] = useState<ColumnFilter[]>([]);
  const list = { category: category || null, sort, pageSize, filters };
  const pages = useConversionPages(brandId, call, range, list);
  const { query } = pages;

  if (query.isPending) return <Spinner label={`Loading the ${label} report`} />;
  if (query.isError && isMetricsNotReady(query.error)) return <>{preparing}</>;
  // spec section 8: a failed conversion fetch is only logged; loading ends and the table is empty
  if (query.isError) console.error('Conversion report failed', query.error);
  return (
    <div className="flex flex-col gap-3">
      {pages.reconnectMessage && (
        <Card role="region" aria-label="Connect Google Analytics" className="flex flex-wrap items-center justify-between gap-3 border-amber-300 bg-amber-50 p-4">
          <div>
            <p className="font-semibold text-amber-900">Connect Google Analytics</p>
            <p className="text-sm text-amber-900/80">{GA4_TOKEN_MESSAGE}</p>
          </div>
          <Button onClick={onReconnect}>Connect Google Analytics</Button>
        </Card>
      )}
      <ConversionTable
        report={query.isError ? null : pages.report}
        rows={query.isError ? [] : pages.rows}
        rowsFrom={query.isError ? 0 : pages.rowsFrom}
        label={label}
        category={category}
        onCategory={setCategory}
        sort={sort}
        onSort={setSort}
        pageSize={pageSize}
        onPageSize={setPageSize}
        onFilters={setFilters}
        fetching={pages.fetching}
        onNeedRows={pages.needRows}
        onRefresh={pages.refetch}
        exportRows={() => getConversionReport(brandId, call, range, list)}
      />
    </div>
  );
}

/** the table's columns before any data: the dimension and the two totals, no months */
const NO_REPORT = { months: [], averages: { totalSessions: null, convRate: null, monthlySessions: null, monthlyConvRate: null } };

interface ConversionTableProps {
  /** the newest page's answer (months, counts, averages); null before any */
  report: ConversionReport | null;
  /** the rows loaded, in the list's order, from the list's row `rowsFrom` (0-based) */
  rows: ConversionRow[];
  rowsFrom: number;
  label: string;
  category: PerformanceCategory | '';
  onCategory: (c: PerformanceCategory | '') => void;
  sort: ConversionTableSort | null;
  onSort: (s: ConversionTableSort) => void;
  pageSize: ConversionPageSize;
  onPageSize: (s: ConversionPageSize) => void;
  /** the filter popover's column filters, applied on the server */
  onFilters: (f: ColumnFilter[]) => void;
  fetching: boolean;
  /** the table needs the list's rows from `first` (0-based) */
  onNeedRows: (rows: { first: number; last: number }) => void;
  onRefresh: () => void;
  /** every row of the list (the category, the sort) for the Excel export: a download, so one call for all */
  exportRows: () => Promise<{ data: ConversionReport }>;
}

function ConversionTable({ report, rows, rowsFrom, label, category, onCategory, sort, onSort, pageSize, onPageSize, onFilters, fetching, onNeedRows, onRefresh, exportRows }: ConversionTableProps) {
  const [locale] = useLocale();
  const [exporting, setExporting] = useState(false);
  const columns = useMemo(
    () => conversionColumns(report ?? { ...NO_REPORT, dimensionKey: label }, label, locale),
    [report, label, locale],
  );
  const months = report?.months;
  const remoteSort = useMemo(() => {
    const now = sort ?? CONVERSION_DEFAULT_SORT;
    return {
      by: now.sortBy,
      desc: now.sortOrder === 'desc',
      sortable: ['dimension', 'totalSessions', 'avgConvRate', ...(months ?? []).map((m) => `m-${m}`)],
      onSort: (id: string) => onSort(nextConversionSort(sort, id as ConversionSort)),
    };
  }, [sort, onSort, months]);
  const matching = report?.matchingRows ?? 0;
  const doExport = async () => {
    setExporting(true);
    try {
      const all = (await exportRows()).data;
      await exportXlsx(conversionExport(all, label, all.data));
    } catch (e) {
      console.error('Conversion export failed', e);
    } finally {
      setExporting(false);
    }
  };

  return (
    <ReportTable
      title={`${label} conversion report`}
      columns={columns}
      rows={rows}
      getRowId={(r) => `${String(r[report?.dimensionKey ?? label])}`}
      currency="USD"
      stickyColumns={3}
      defaultPageSize={pageSize}
      remote={{
        totalRows: matching,
        rowsFrom,
        onNeedRows,
        loading: fetching,
        sort: remoteSort,
        onPageSize: (s) => onPageSize(s as ConversionPageSize),
        onFilters,
        // another category or range: page 1
        resetKey: `${category}|${months?.join() ?? ''}`,
        filtered: category !== '',
        unfilteredRows: report?.totalRows,
      }}
      emptyText="No data to display"
      noMatchText={category ? 'Oops! No data available for this category' : undefined}
      toolbar={
        <>
          <label className="flex items-center gap-1">
            <span>Category</span>
            <select className="rounded border border-slate-300 px-1 py-0.5" value={category} onChange={(e) => onCategory(e.target.value as PerformanceCategory | '')}>
              <option value="">All categories</option>
              {PERFORMANCE_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {report ? `${c} (${report.categoryCounts[c]})` : c}
                </option>
              ))}
            </select>
          </label>
          <Button variant="secondary" onClick={onRefresh} busy={fetching} aria-label={`Refresh the ${label} report`}>
            Refresh
          </Button>
          <Button variant="secondary" onClick={() => void doExport()} disabled={matching === 0 || exporting} aria-label={`Export the ${label} report to Excel`}>
            {exporting ? 'Exporting...' : 'Export to Excel'}
          </Button>
          {report?.notice && <p className="w-full text-xs text-slate-500">{report.notice}</p>}
        </>
      }
    />
  );
}
